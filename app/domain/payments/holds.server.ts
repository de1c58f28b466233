// A held seat with a deadline (issue 37 item 2, ADR 032). Approving a priced request holds its seat until
// now + Settings → Payments' hold (48 hours by default); the seat counts as taken (status `approved`).
// - The approval email names the amount and the deadline; a reminder waits in the outbox until halfway
//   (never before the decision's undo window has passed) and is withdrawn when the hold ends early.
// - Money received (any payment staff record, or one settled online) ends the hold: paid in full the
//   seat is confirmed; in part, staff have agreed to instalments and the seat stays with its balance.
// - Undo and reopen end the hold with the approval.
// - At the deadline an unpaid hold expires (hold-expiry.server.ts).
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { enrollments } from "@db/schema/index.ts";
import { remindersOff } from "~/domain/enrollments/reminder-choice.server.ts";
import { enrollmentRef } from "~/domain/enrollments/email-refs.ts";
import { enrollmentPageUrl } from "~/domain/enrollments/enrollment-link.server.ts";
import { renderHoldExpiredEmail, renderPaymentReminderEmail } from "~/emails/payment-hold.ts";
import { type Executor, type Tx } from "~/lib/db.server.ts";
import { emailT, loadMailContext } from "~/lib/email.server.ts";
import { env } from "~/lib/env.server.ts";
import { isLocale } from "~/lib/i18n.ts";
import { cancelPendingEmails, enqueueEmail } from "~/lib/outbox.server.ts";
import { storedHoldHours } from "~/lib/payment-settings.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";

/** The outbox kinds of the hold's emails. */
export const PAYMENT_REMINDER_KIND = "payment-reminder";
export const HOLD_EXPIRED_KIND = "hold-expired";

const HOUR_MS = 60 * 60 * 1000;

/** Settings → Payments: how long a seat is held, in hours. */
export async function holdHours(ex: Executor): Promise<number> {
  const { payments } = await readSiteSettings(ex, ["payments"]);
  return storedHoldHours(payments);
}

/** The columns of a request that an email to its student needs (HeldRow): selected the same way everywhere. */
export const STUDENT_MAIL_COLUMNS = {
  id: enrollments.id,
  enrollmentId: enrollments.enrollmentId,
  studentName: enrollments.studentName,
  studentEmail: enrollments.studentEmail,
  courseName: enrollments.courseName,
  locale: enrollments.locale,
};

export interface HeldRow {
  id: string;
  enrollmentId: string;
  studentName: string;
  studentEmail: string;
  courseName: string;
  locale: string;
}

/**
 * Queues one of the hold's emails (the reminder, the expiry notice) to the student, in their language,
 * about this request (its `ref`, so a later change can withdraw it).
 */
export async function queueHoldEmail(
  tx: Executor,
  kind: typeof PAYMENT_REMINDER_KIND | typeof HOLD_EXPIRED_KIND,
  row: HeldRow,
  money: { balancePiastres: number; deadline: Date },
  sendAfter?: Date,
): Promise<void> {
  const { input, replyTo } = await holdEmailInput(tx, row, money.balancePiastres, money.deadline);
  const email = kind === PAYMENT_REMINDER_KIND ? renderPaymentReminderEmail(input) : renderHoldExpiredEmail(input);
  await queueStudentEmail(tx, kind, row, email, replyTo, sendAfter);
}

/** Queues a rendered email to a request's student, under the request's ref (so a later change can withdraw it). */
export async function queueStudentEmail(
  tx: Executor,
  kind: string,
  row: Pick<HeldRow, "id" | "studentEmail">,
  email: { subject: string; text: string; html: string },
  replyTo: string | undefined,
  sendAfter?: Date,
): Promise<void> {
  await enqueueEmail(tx, {
    kind,
    to: row.studentEmail,
    ...(replyTo ? { replyTo } : {}),
    subject: email.subject,
    text: email.text,
    html: email.html,
    ref: enrollmentRef(row.id),
    ...(sendAfter ? { sendAfter } : {}),
  });
}

/**
 * What every email to a request's student starts from: their language, its translator, the brand, who and
 * what it is about, and the link to their page; with the address replies go to.
 */
export async function studentMailBase(tx: Executor, row: HeldRow) {
  const locale = isLocale(row.locale) ? row.locale : "en";
  const mail = await loadMailContext(tx);
  const base = {
    locale,
    t: emailT(locale),
    brand: mail.brandName(locale),
    studentName: row.studentName,
    courseName: row.courseName,
    enrollmentId: row.enrollmentId,
    pageUrl: enrollmentPageUrl(env().PUBLIC_URL, locale, row.enrollmentId),
  };
  return { base, replyTo: mail.providerEmail };
}

/** The hold emails' shared input for one request. */
async function holdEmailInput(tx: Executor, row: HeldRow, balancePiastres: number, deadline: Date) {
  const { base, replyTo } = await studentMailBase(tx, row);
  return { input: { ...base, balancePiastres, deadline }, replyTo };
}

/**
 * In the approval's transaction: each request charged just now (`charged`: id → piastres) holds its seat
 * until `now` + the hold; its reminder is queued for halfway. Returns the deadline (null: none charged).
 */
export async function startHolds(tx: Tx, charged: ReadonlyMap<string, number>, now: Date = new Date()): Promise<Date | null> {
  const ids = [...charged.keys()];
  if (ids.length === 0) return null;
  const hours = await holdHours(tx);
  const deadline = new Date(now.getTime() + hours * HOUR_MS);
  const rows = await tx
    .update(enrollments)
    .set({ holdExpiresAt: deadline })
    .where(and(inArray(enrollments.id, ids), eq(enrollments.status, "approved")))
    .returning(STUDENT_MAIL_COLUMNS);
  // Halfway, but never before the approval email itself may leave (its undo window and a minute).
  const halfway = now.getTime() + (hours * HOUR_MS) / 2;
  const afterDecision = now.getTime() + (env().DECISION_UNDO_SECONDS + 60) * 1000;
  const sendAfter = new Date(Math.max(halfway, afterDecision));
  // Not for a student who turned reminders off in the student area (issue 38 item 5).
  const off = await remindersOff(tx, rows.map((r) => r.studentEmail));
  for (const row of rows) {
    if (off.has(row.studentEmail.toLowerCase())) continue;
    await queueHoldEmail(tx, PAYMENT_REMINDER_KIND, row, { balancePiastres: charged.get(row.id) ?? 0, deadline }, sendAfter);
  }
  return deadline;
}

/**
 * Ends the holds of these requests (money received, or the approval taken back): no deadline, and their
 * reminders still waiting are withdrawn. In the caller's transaction, with the rows locked or changed.
 */
export async function endHolds(tx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(enrollments)
    .set({ holdExpiresAt: null })
    .where(and(inArray(enrollments.id, [...ids]), isNotNull(enrollments.holdExpiresAt), sql`${enrollments.status} <> 'expired'`));
  await cancelPendingEmails(tx, ids.map(enrollmentRef), [PAYMENT_REMINDER_KIND]);
}
