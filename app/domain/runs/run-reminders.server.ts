// Reminders before a run starts (issue 20 point 4). When a request for a run is approved, its reminder
// waits in the outbox until two days before the start (`sendAfter`), in the student's language; the
// outbox sends each row once across instances (a row is claimed by one worker). What the reminder says
// is written when it is queued, so every change that alters it queues it again:
// - a decision undone or reopened withdraws it (cancelRunReminders);
// - a run's new date, status or joining link withdraws its reminders and queues them again for the new
//   date, or none when the run is no longer open (rescheduleRunReminders);
// - a seat paid in full is queued again: a live run's reminder carries the joining link to confirmed
//   students only (issue 38 item 3).
// A run that has already started gets no reminder. A reminder never leaves before the approval email: it
// waits at least the decision's undo window and a minute more.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { courseRuns, courses, enrollmentLedger, enrollments } from "@db/schema/index.ts";
import { remindersWanted } from "~/domain/enrollments/reminder-choice.server.ts";
import { renderRunReminderEmail } from "~/emails/run-reminder.ts";
import { RUN_REMINDER_LEAD_MS } from "./run-rules.ts";
import type { Executor } from "~/lib/db.server.ts";
import { emailT, loadMailContext } from "~/lib/email.server.ts";
import { enrollmentRef, RUN_REMINDER_KIND } from "~/domain/enrollments/email-refs.ts";
import { env } from "~/lib/env.server.ts";
import { isLocale } from "~/lib/i18n.ts";
import { cancelPendingEmails, enqueueEmail } from "~/lib/outbox.server.ts";

/** Withdraws the reminders still waiting for these requests. */
export async function cancelRunReminders(tx: Executor, enrollmentIds: readonly string[]): Promise<number> {
  if (enrollmentIds.length === 0) return 0;
  const withdrawn = await cancelPendingEmails(tx, enrollmentIds.map(enrollmentRef), [RUN_REMINDER_KIND]);
  return withdrawn.length;
}

/**
 * Queues the reminder of each of these requests that is approved for an open run not yet started (any
 * reminder of theirs still waiting is withdrawn first, so a request never has two). Returns how many
 * were queued. Call it in the transaction that approved them.
 */
export async function scheduleRunReminders(tx: Executor, enrollmentIds: readonly string[], now: Date = new Date()): Promise<number> {
  const ids = [...new Set(enrollmentIds)];
  if (ids.length === 0) return 0;
  await cancelRunReminders(tx, ids);
  const rows = await tx
    .select({
      id: enrollments.id,
      enrollmentId: enrollments.enrollmentId,
      studentName: enrollments.studentName,
      studentEmail: enrollments.studentEmail,
      locale: enrollments.locale,
      courseName: enrollments.courseName,
      courseTitle: courses.title,
      run: {
        startsAt: courseRuns.startsAt,
        schedule: courseRuns.schedule,
        scheduleAr: courseRuns.scheduleAr,
        mode: courseRuns.mode,
        location: courseRuns.location,
        locationAr: courseRuns.locationAr,
      },
      joinUrl: courseRuns.joinUrl,
      // Confirmed: nothing left to pay (charges and adjustments less payments, plus refunds).
      balance: sql<number>`(select coalesce(sum(case when ${enrollmentLedger.kind} in ('charge', 'adjustment', 'refund') then ${enrollmentLedger.amountPiastres} when ${enrollmentLedger.kind} = 'payment' then -${enrollmentLedger.amountPiastres} else 0 end), 0)::int from ${enrollmentLedger} where ${enrollmentLedger.enrollmentId} = ${enrollments.id})`,
    })
    .from(enrollments)
    .innerJoin(courseRuns, eq(courseRuns.id, enrollments.runId))
    .leftJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(
      and(
        inArray(enrollments.id, ids),
        eq(enrollments.status, "approved"),
        eq(courseRuns.status, "open"),
        gt(courseRuns.startsAt, now),
        // Not for a student who turned reminders off in the student area (issue 38 item 5).
        remindersWanted(),
      ),
    );
  if (rows.length === 0) return 0;
  const mail = await loadMailContext(tx);
  const afterDecisionMs = (env().DECISION_UNDO_SECONDS + 60) * 1000;
  for (const row of rows) {
    const locale = isLocale(row.locale) ? row.locale : "en";
    const email = renderRunReminderEmail({
      locale,
      t: emailT(locale),
      brand: mail.brandName(locale),
      studentName: row.studentName,
      courseName: row.courseTitle ?? row.courseName,
      enrollmentId: row.enrollmentId,
      run: row.run,
      // The live run's joining link, to confirmed students only (issue 38 item 3): a held, unpaid seat's
      // reminder is queued again with it once paid in full (writeLedgerPayment).
      joinUrl: row.run.mode === "live_online" && row.joinUrl && Number(row.balance) <= 0 ? row.joinUrl : null,
    });
    await enqueueEmail(tx, {
      kind: RUN_REMINDER_KIND,
      to: row.studentEmail,
      ...(mail.providerEmail ? { replyTo: mail.providerEmail } : {}),
      ...email,
      ref: enrollmentRef(row.id),
      delayMs: afterDecisionMs,
      sendAfter: new Date(row.run.startsAt.getTime() - RUN_REMINDER_LEAD_MS),
    });
  }
  return rows.length;
}

/**
 * After a run's start or status changed: its approved requests' waiting reminders are withdrawn and
 * queued again for the new date (none when the run is closed, cancelled or already started).
 */
export async function rescheduleRunReminders(tx: Executor, runId: string, now: Date = new Date()): Promise<number> {
  const approved = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.runId, runId), eq(enrollments.status, "approved")));
  const ids = approved.map((r) => r.id);
  await cancelRunReminders(tx, ids);
  return scheduleRunReminders(tx, ids, now);
}
