// Reminders before a run starts (issue 20 point 4) on a real database (PGlite, or PostgreSQL with TEST_DB=pg)
// and a real SMTP server, with the workers' clock moved by the test instead of waiting two days:
// - an approved request's reminder waits until two days before the start, then leaves once, in the
//   student's language with the date in Cairo time (Western digits in Arabic too);
// - two app instances (two pools on PostgreSQL) polling at the same moment send it exactly once;
// - undo/reopen withdraws it; a new run date queues it again for the new date; a cancelled run has none;
//   a run that already started gets none; a run starting tomorrow gets it right after the decision's email.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { courseRuns, emailOutbox } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { hasEasternDigits } from "~/lib/digits.ts";
import { openDatabase, type Database, type Db } from "~/lib/db.server.ts";
import { enrollmentRef, RUN_REMINDER_KIND } from "~/domain/enrollments/email-refs.ts";
import { createOutboxWorker, smtpTransport } from "~/lib/outbox.server.ts";
import { cancelRunReminders, rescheduleRunReminders, scheduleRunReminders } from "~/domain/runs/run-reminders.server.ts";
import { createTestClock, type TestClock } from "../setup/clock.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeRun } from "../setup/factories.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";

const FROM = '"Nile Academy" <no-reply@academy.test>';
const silent = { info() {}, warn() {}, error() {} };
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let smtp: TestSmtpServer;
let transport: ReturnType<typeof smtpTransport>;
let clock: TestClock;
let courseId: string;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  courseId = (await makeCourse({ title: "Data Analysis with Excel", slug: "data-analysis-excel", isPublished: true })).id;
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url);
  clock = createTestClock();
});
afterEach(async () => {
  transport.close();
  await smtp.stop();
});

function worker(db: Db = database.db) {
  return createOutboxWorker({ db, transport, from: FROM, logger: silent, clock });
}

/** An approved request for a run, in the given language, with its reminder queued as an approval does. */
async function approvedFor(runId: string, locale: "en" | "ar", name = "Mona Adel") {
  const e = await makeEnrollment({ courseId, runId, locale, status: "approved", studentName: name, studentEmail: `${locale}-${name.length}@example.com`, courseName: "Data Analysis with Excel" });
  await database.db.transaction((tx) => scheduleRunReminders(tx, [e.id]));
  return e;
}

async function reminders(enrollmentId: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.ref, enrollmentRef(enrollmentId)), eq(emailOutbox.kind, RUN_REMINDER_KIND)));
}

/** Milliseconds from the database's now() to the row's next attempt. */
async function dueInMs(id: string): Promise<number> {
  const res = (await database.db.execute(
    sql`select extract(epoch from (next_attempt_at - now())) * 1000 as ms from email_outbox where id = ${id}`,
  )) as unknown as { rows: { ms: string | number }[] };
  return Number(res.rows[0]?.ms);
}

describe("run reminders", () => {
  it("waits until two days before the start, then leaves once, in the student's language and Cairo time", async () => {
    // 19:00 Cairo time (winter, +2), some weeks ahead.
    const startsAt = new Date("2027-01-12T17:00:00Z");
    const offsetToStart = startsAt.getTime() - Date.now();
    const run = await makeRun(courseId, { startsAt, schedule: "Sun and Wed, 7–9 pm", scheduleAr: "الأحد والأربعاء، 7–9 مساءً" });
    const ar = await approvedFor(run.id, "ar", "منى عادل");
    const en = await approvedFor(run.id, "en");
    const [arRow] = await reminders(ar.id);
    expect(arRow?.status).toBe("pending");
    // Due two days before the start (the database clock and this process agree within a few seconds).
    expect(Math.abs((await dueInMs(arRow!.id)) - (offsetToStart - 2 * DAY))).toBeLessThan(10_000);

    // An hour before it is due: nothing leaves, from either instance.
    clock.advance(offsetToStart - 2 * DAY - HOUR);
    expect((await worker().runOnce()).sent).toBe(0);
    expect(smtp.messages).toHaveLength(0);

    clock.advance(2 * HOUR);
    expect((await worker().runOnce()).sent).toBe(2);
    const mails = await smtp.waitFor(2);
    const arMail = mails.find((m) => m.to.includes(ar.studentEmail))!;
    const enMail = mails.find((m) => m.to.includes(en.studentEmail))!;
    expect(enMail.subject).toContain("Data Analysis with Excel");
    expect(enMail.text).toContain("Tuesday, January 12, 2027 at 7:00 PM");
    expect(enMail.text).toContain("Cairo time");
    expect(enMail.text).toContain("Sun and Wed, 7–9 pm");
    expect(arMail.text).toContain("بتوقيت القاهرة");
    expect(arMail.text).toContain("12 يناير 2027");
    expect(arMail.text).toContain("الأحد والأربعاء، 7–9 مساءً");
    expect(arMail.text).toContain("منى عادل");
    expect(hasEasternDigits(arMail.text ?? "")).toBe(false);

    clock.advance(DAY);
    expect((await worker().runOnce()).sent).toBe(0);
    expect(smtp.messages).toHaveLength(2);
  });

  it("two instances polling together send each reminder exactly once", async () => {
    const run = await makeRun(courseId, { startsAt: new Date(Date.now() + 5 * DAY) });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await approvedFor(run.id, i % 2 ? "ar" : "en", `Student ${"x".repeat(i + 1)}`)).id);
    let second: Database | undefined;
    if (database.url) second = await openDatabase({ url: database.url, poolMax: 4 });
    try {
      const w1 = worker(database.db);
      const w2 = worker(second?.db ?? database.db);
      clock.advance(3 * DAY + HOUR);
      let sent = 0;
      for (let round = 0; round < 20; round++) {
        const results = await Promise.all([w1.runOnce(), w2.runOnce(), w1.runOnce(), w2.runOnce()]);
        sent += results.reduce((n, r) => n + r.sent, 0);
        if (results.every((r) => r.sent + r.failed + r.retried === 0)) break;
      }
      expect(sent).toBe(12);
      await smtp.waitFor(12);
      expect(smtp.messages).toHaveLength(12);
      expect(new Set(smtp.messages.map((m) => m.to.join(","))).size).toBe(12);
    } finally {
      await second?.close();
    }
  });

  it("is withdrawn on undo, queued again for a new date, and dropped for a cancelled run", async () => {
    const run = await makeRun(courseId, { startsAt: new Date(Date.now() + 10 * DAY) });
    const a = await approvedFor(run.id, "en");
    const b = await approvedFor(run.id, "ar", "سارة");

    // Undo / reopen of a's decision.
    await database.db.transaction((tx) => cancelRunReminders(tx, [a.id]));
    expect((await reminders(a.id)).map((r) => r.status)).toEqual(["cancelled"]);

    // The run moves a week later: b's reminder is queued again for the new date, the old one withdrawn.
    const later = new Date(Date.now() + 17 * DAY);
    await database.db.update(courseRuns).set({ startsAt: later }).where(eq(courseRuns.id, run.id));
    await database.db.transaction((tx) => rescheduleRunReminders(tx, run.id));
    const bRows = await reminders(b.id);
    expect(bRows.map((r) => r.status).sort()).toEqual(["cancelled", "pending"]);
    const pending = bRows.find((r) => r.status === "pending")!;
    expect(Math.abs((await dueInMs(pending.id)) - 15 * DAY)).toBeLessThan(10_000);

    // Cancelled: nothing waits any more, and nothing leaves when the day comes.
    await database.db.update(courseRuns).set({ status: "cancelled" }).where(eq(courseRuns.id, run.id));
    await database.db.transaction((tx) => rescheduleRunReminders(tx, run.id));
    expect((await reminders(b.id)).filter((r) => r.status === "pending")).toHaveLength(0);
    clock.advance(20 * DAY);
    expect((await worker().runOnce()).sent).toBe(0);
  });

  it("none for a run already started or a request not approved; a run starting tomorrow gets it after the decision's email", async () => {
    const started = await makeRun(courseId, { startsAt: new Date(Date.now() - HOUR) });
    const late = await approvedFor(started.id, "en");
    expect(await reminders(late.id)).toHaveLength(0);

    const soon = await makeRun(courseId, { startsAt: new Date(Date.now() + DAY) });
    const pending = await makeEnrollment({ courseId, runId: soon.id, status: "pending" });
    const waiting = await makeEnrollment({ courseId, runId: soon.id, status: "waiting" });
    await database.db.transaction((tx) => scheduleRunReminders(tx, [pending.id, waiting.id]));
    expect(await reminders(pending.id)).toHaveLength(0);
    expect(await reminders(waiting.id)).toHaveLength(0);

    const tomorrow = await approvedFor(soon.id, "en");
    const [row] = await reminders(tomorrow.id);
    // Not before the decision's undo window (30 s) and a minute more: it never arrives before the approval.
    const due = await dueInMs(row!.id);
    expect(due).toBeGreaterThan(85_000);
    expect(due).toBeLessThan(95_000);

    // Queuing twice leaves one waiting reminder.
    await database.db.transaction((tx) => scheduleRunReminders(tx, [tomorrow.id]));
    expect((await reminders(tomorrow.id)).filter((r) => r.status === "pending")).toHaveLength(1);
  });
});
