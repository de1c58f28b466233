// A student takes back their own request (issue 38 item 2), from its page (the signed link) or the student
// area. Allowed while nothing was paid: a pending request, a place on the waiting list, or an approved seat
// (held or free) with no money received and no proof of payment waiting for staff. Once money moved, a
// refund is staff's to decide: the student is told to contact us. Withdrawing frees an approved seat (seats
// count `approved` only), voids what was due (an adjustment: the ledger is append-only), withdraws every
// email still waiting about the request (decision, reminders), tells the student in their language and is
// audited with no staff actor (`by: "student"`). The row is locked first, so a withdrawal racing a staff
// decision or a payment happens before or after it, never half-way.
import { and, eq } from "drizzle-orm";
import { enrollments, paymentProofs } from "@db/schema/index.ts";
import { enrollmentRef } from "~/domain/enrollments/email-refs.ts";
import { queueStudentEmail, STUDENT_MAIL_COLUMNS, studentMailBase } from "~/domain/payments/holds.server.ts";
import { LEDGER_REASONS, ledgerOf, voidDue } from "~/domain/payments/ledger.server.ts";
import { renderWithdrawnEmail } from "~/emails/student-withdrawn.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { contentChanged } from "~/lib/content-version.server.ts";
import { db, type Db } from "~/lib/db.server.ts";
import { wakeOutbox } from "~/lib/email.server.ts";
import { AppError } from "~/lib/errors.ts";
import { cancelPendingEmails } from "~/lib/outbox.server.ts";

export const WITHDRAWN_EMAIL_KIND = "enrollment-withdrawn";

/** The page's query parameter after a withdrawal: done, or why not (not-open, paid). */
export const WITHDRAW_RETURN_PARAM = "withdraw";

/** The statuses a student may withdraw from (approved only while nothing was paid). */
export const WITHDRAWABLE = ["pending", "waiting", "approved"] as const;

export const WITHDRAW_ERRORS = {
  /** Withdrawn, rejected or expired already: nothing to take back. */
  notOpen: "myEnrollmentWithdraw.errors.notOpen",
  /** Money was received or a proof waits: staff handle it (a refund). */
  paid: "myEnrollmentWithdraw.errors.paid",
} as const;

/** Whether a request in this state may be withdrawn by its student (the page offers the button). */
export function mayWithdraw(status: string, money: { paid: number; refunded?: number } | null, proofWaiting: boolean): boolean {
  if (!(WITHDRAWABLE as readonly string[]).includes(status)) return false;
  if (status !== "approved") return true;
  return !proofWaiting && (money === null || money.paid === 0);
}

/**
 * Withdraws request `reference` for its student (the caller checked the link's token or the session's
 * email). Answers the status it left; throws 404 for an unknown reference and 409 when it may not be
 * withdrawn (WITHDRAW_ERRORS). `database`: another connection pool (a second instance, in tests).
 */
export async function withdrawEnrollment(reference: string, database: Db = db()): Promise<{ from: string }> {
  const result = await database.transaction(async (tx) => {
    const [row] = await tx
      .select({
        ...STUDENT_MAIL_COLUMNS,
        status: enrollments.status,
        runId: enrollments.runId,
      })
      .from(enrollments)
      .where(eq(enrollments.enrollmentId, reference))
      .for("update");
    if (!row) throw new AppError("not_found", "errors.notFoundText");
    const ledger = await ledgerOf(tx, row.id);
    const [proof] = await tx
      .select({ id: paymentProofs.id })
      .from(paymentProofs)
      .where(and(eq(paymentProofs.enrollmentId, row.id), eq(paymentProofs.status, "pending")))
      .limit(1);
    if (!(WITHDRAWABLE as readonly string[]).includes(row.status)) throw new AppError("conflict", WITHDRAW_ERRORS.notOpen);
    if (!mayWithdraw(row.status, ledger, proof !== undefined)) throw new AppError("conflict", WITHDRAW_ERRORS.paid);
    await tx.update(enrollments).set({ status: "withdrawn", holdExpiresAt: null, updatedAt: new Date() }).where(eq(enrollments.id, row.id));
    if (row.status === "approved") await voidDue(tx, null, [row.id], LEDGER_REASONS.withdrawn);
    // Every email still waiting about it: a decision inside its undo window, the payment and run reminders.
    await cancelPendingEmails(tx, [enrollmentRef(row.id)]);
    const { base, replyTo } = await studentMailBase(tx, row);
    await queueStudentEmail(tx, WITHDRAWN_EMAIL_KIND, row, renderWithdrawnEmail(base), replyTo);
    await recordAudit(tx, null, {
      action: "enrollment.withdraw",
      entity: "enrollment",
      entityId: row.id,
      data: {
        enrollmentId: row.enrollmentId,
        from: row.status,
        to: "withdrawn",
        by: "student",
        ...(row.runId ? { runId: row.runId } : {}),
      },
    });
    return { from: row.status };
  });
  // A freed seat or a shorter waiting list changes the course page's seat counts.
  if (result.from !== "pending") await contentChanged();
  await wakeOutbox();
  return result;
}
