// A student's reminder emails (issue 38 item 5): "email reminders" in the student area's profile turns off
// the reminder before a run starts and the payment reminder of a held seat, for every request of that email.
// Off: the ones waiting are withdrawn and no new one is queued (the senders ask remindersOff). On again:
// the requests still approved get theirs back. A change of the profile's language rewrites the waiting
// reminders in it (their words are written when queued).
import { and, eq, inArray, sql } from "drizzle-orm";
import { emailOutbox, enrollments } from "@db/schema/index.ts";
import { remindersWanted } from "./reminder-choice.server.ts";
import { enrollmentRef, RUN_REMINDER_KIND } from "~/domain/enrollments/email-refs.ts";
import { cancelRunReminders, scheduleRunReminders } from "~/domain/runs/run-reminders.server.ts";
import { holdHours, PAYMENT_REMINDER_KIND, queueHoldEmail, STUDENT_MAIL_COLUMNS } from "~/domain/payments/holds.server.ts";
import { ledgerOf } from "~/domain/payments/ledger.server.ts";
import type { Executor } from "~/lib/db.server.ts";
import { cancelPendingEmails } from "~/lib/outbox.server.ts";

/** Withdraws the waiting run and payment reminders of these requests. */
export async function withdrawReminders(tx: Executor, ids: readonly string[]): Promise<void> {
  await cancelRunReminders(tx, ids);
  await cancelPendingEmails(tx, ids.map(enrollmentRef), [PAYMENT_REMINDER_KIND]);
}

/**
 * Queues again the reminders of these requests, as they would be now (after the student turned them on
 * or changed language): the run reminder of each approved request (scheduleRunReminders), and the payment
 * reminder of each seat still held, halfway to its deadline or soon when halfway has passed.
 */
export async function requeueReminders(tx: Executor, ids: readonly string[], now: Date = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await withdrawReminders(tx, ids);
  await scheduleRunReminders(tx, ids, now);
  const held = await tx
    .select({ ...STUDENT_MAIL_COLUMNS, holdExpiresAt: enrollments.holdExpiresAt })
    .from(enrollments)
    .where(and(inArray(enrollments.id, [...ids]), eq(enrollments.status, "approved"), sql`${enrollments.holdExpiresAt} > ${now.toISOString()}::timestamptz`, remindersWanted()));
  const halfHold = ((await holdHours(tx)) * 60 * 60 * 1000) / 2;
  for (const row of held) {
    const deadline = row.holdExpiresAt!;
    const sendAfter = new Date(Math.max(now.getTime() + 5 * 60 * 1000, deadline.getTime() - halfHold));
    if (sendAfter >= deadline) continue;
    const { balance } = await ledgerOf(tx, row.id);
    if (balance > 0) await queueHoldEmail(tx, PAYMENT_REMINDER_KIND, row, { balancePiastres: balance, deadline }, sendAfter);
  }
}

/** How many reminders wait for these requests (tests and the profile's notice). */
export async function waitingReminders(ex: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await ex
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.ref, ids.map(enrollmentRef)), eq(emailOutbox.status, "pending"), inArray(emailOutbox.kind, [RUN_REMINDER_KIND, PAYMENT_REMINDER_KIND])));
  return rows.length;
}
