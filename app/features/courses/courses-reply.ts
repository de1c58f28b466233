// What the /admin/courses action answers (types and message helpers only; safe in the browser).
import type { SubmissionResult } from "@conform-to/react";
import type { CourseIntent } from "./courses.schema.ts";

export interface CoursesReply {
  intent: CourseIntent | null;
  ok: boolean;
  /** Conform's reply for the course form (field errors and the values sent). */
  result?: SubmissionResult<string[]>;
  /** Locale key of the refusal or failure (AppError). */
  messageKey?: string;
  /** The course the action was about. */
  courseId?: string;
  title?: string;
  /** The published state after a save or a toggle. */
  published?: boolean;
  /** Bulk: how many courses changed state. */
  changed?: number;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The translated failure line of a reply, or null when there is none to show at form level. */
export function failureMessage(t: T, reply: CoursesReply | undefined, fieldErrorKeys: readonly string[] = []): string | null {
  if (!reply || reply.ok || !reply.messageKey) return null;
  // A refusal already shown next to its field (e.g. the slug already taken) is not repeated.
  if (fieldErrorKeys.includes(reply.messageKey)) return null;
  return t(reply.messageKey);
}
