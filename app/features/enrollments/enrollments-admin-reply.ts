// What the /admin/enrollments action answers (types and message helpers only; safe in the browser).
import type { EnrollmentIntent, EnrollmentStatus } from "./enrollments-admin.schema.ts";

export interface EnrollmentsReply {
  intent: EnrollmentIntent | null;
  ok: boolean;
  /** Locale key of the refusal or failure (AppError). */
  messageKey?: string;
  /** The status the enrollments moved to. */
  status?: Exclude<EnrollmentStatus, "pending">;
  /** How many enrollments changed, and how many were asked for. */
  changed?: number;
  requested?: number;
  /** The row a single approve/reject was about. */
  id?: string;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** SPEC §8: 'Failed to update enrollment status', followed by the reason when there is one. */
export function failureMessage(t: T, reply: EnrollmentsReply | undefined): string | null {
  if (!reply || reply.ok) return null;
  if (!reply.messageKey) return t("adminEnrollments.actions.failed");
  return t("adminEnrollments.actions.failedWithReason", { reason: t(reply.messageKey) });
}

/** SPEC §4: 'Enrollment status updated to {status}'; bulk replies say how many. */
export function successMessage(t: T, reply: EnrollmentsReply): string {
  const status = t(`adminEnrollments.statusInline.${reply.status ?? "approved"}`);
  if (reply.intent === "approve" || reply.intent === "reject") return t("adminEnrollments.actions.updated", { status });
  const done = t("adminEnrollments.bulk.done", { count: reply.changed ?? 0, status });
  const skipped = (reply.requested ?? 0) - (reply.changed ?? 0);
  return skipped > 0 ? `${done} ${t("adminEnrollments.bulk.skipped", { count: skipped })}` : done;
}
