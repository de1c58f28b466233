// What the /admin/instructors action answers (types and message helpers only; safe in the browser).
import type { SubmissionResult } from "@conform-to/react";
import type { InstructorIntent } from "./instructors.schema.ts";

export interface InstructorsReply {
  intent: InstructorIntent | null;
  ok: boolean;
  /** Conform's reply for the create/edit form (field errors and the values typed). */
  result?: SubmissionResult<string[]>;
  /** Locale key of the refusal or failure (AppError). */
  messageKey?: string;
  /** The instructor an edit or delete was about (so a no-JS page can show that form again). */
  instructorId?: string;
  /** Name of the instructor added, changed or deleted. */
  name?: string;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The translated failure line of a reply, or null when there is none to show at form level. */
export function failureMessage(t: T, reply: InstructorsReply | undefined, fieldErrorKeys: readonly string[] = []): string | null {
  if (!reply || reply.ok || !reply.messageKey) return null;
  // A refusal already shown next to its field is not repeated above the form.
  if (fieldErrorKeys.includes(reply.messageKey)) return null;
  return t(reply.messageKey);
}
