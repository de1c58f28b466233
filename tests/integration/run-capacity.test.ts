// Staff decisions on requests for a course run (issue 20 point 3, staff side) against a real database
// (PGlite, or PostgreSQL with TEST_DB=pg) and a real SMTP server, through the page's action as the browser
// posts it:
// - a run's capacity is never exceeded: two approvals of the last seat at once (truly concurrent on
//   PostgreSQL, serialised on PGlite) — one succeeds, the other is a translated 409 "N of N seats taken";
//   many at once still fill exactly the seats; a bulk approval beyond the seats is refused entirely;
// - "Approve beyond capacity" is allowed and audited (overCapacity, seats before and after);
// - the waiting list is given seats oldest first ("the next"), or a chosen request; the student is told a
//   seat opened, in their language with the date in Cairo time; a full run refuses it without override;
// - rejecting a waiting request, moving an approved one back (reopen, undo) frees the seat, and the reply
//   names who is next on the waiting list; Undo of a "Give a seat" puts the request back on the list;
// - approvals queue the run reminder, undo and reopen withdraw it.
import "../setup/site-with-mail-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, count, eq, inArray } from "drizzle-orm";
import { auditLog, emailOutbox, enrollments } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { getDecisionRun } from "~/features/enrollments/enrollment-decisions.server.ts";
import { runFullMessage, runSuccessMessage, type RunDecisionReply } from "~/features/enrollments/run-decisions.schema.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { hasEasternDigits } from "~/lib/digits.ts";
import { enrollmentRef, RUN_REMINDER_KIND } from "~/domain/enrollments/email-refs.ts";
import { createOutboxWorker, smtpTransport } from "~/lib/outbox.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { action as pageAction } from "~/routes/admin/enrollments.tsx";
import { createAdmin, createManager } from "../setup/actors.ts";
import { createTestClock } from "../setup/clock.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeRun } from "../setup/factories.ts";
import { tAr, tEn } from "../setup/i18n.ts";
import { callAction } from "../setup/route-call.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";

const IP = "203.0.113.20";
const FROM = '"Nile Academy" <no-reply@academy.test>';
const silent = { info() {}, warn() {}, error() {} };
/** 19:00 in Cairo (winter, UTC+2). */
const STARTS_AT = new Date("2027-01-12T17:00:00Z");
const COURSE = "Data Analysis with Excel";

let admin: Actor;
let courseId: string;
let smtp: TestSmtpServer;
let transport: ReturnType<typeof smtpTransport>;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin({ ip: IP });
  courseId = (await makeCourse({ title: COURSE, slug: "data-analysis-excel", isPublished: true })).id;
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url);
});
afterEach(async () => {
  transport.close();
  await smtp.stop();
});

let serial = 0;
/** A request for `runId` (pending unless said), sent `minutesAgo` minutes ago. */
async function request(runId: string | null, over: Partial<typeof enrollments.$inferInsert> & { minutesAgo?: number } = {}) {
  const { minutesAgo = 60 - ++serial, ...rest } = over;
  const row = await makeEnrollment({
    courseId,
    courseName: COURSE,
    runId,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
    ...rest,
  });
  return row;
}

const post = (actor: Actor, form: Record<string, string | string[]>) =>
  callAction(pageAction, { url: "/admin/enrollments", form, actor }) as Promise<{ status: number; data: RunDecisionReply | undefined }>;

const statusOf = async (id: string) => (await database.db.select({ s: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]?.s;

async function approvedIn(runId: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(enrollments)
    .where(and(eq(enrollments.runId, runId), eq(enrollments.status, "approved")));
  return Number(row?.n ?? 0);
}

async function mailsAbout(id: string, kind?: string) {
  const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.ref, enrollmentRef(id)));
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

/** What a refusal must leave untouched: the requests, the outbox and the audit log. */
async function snapshot(ids: string[]) {
  return {
    requests: await database.db.select().from(enrollments).where(inArray(enrollments.id, ids)).orderBy(enrollments.id),
    outbox: await database.db.select().from(emailOutbox).orderBy(emailOutbox.id),
    audit: Number((await database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0),
  };
}

describe("seats under concurrent approvals", () => {
  it("two approvals of the last seat at once: one succeeds, the other is a clear 409 and changes nothing", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 2 });
    await request(run.id, { status: "approved" });
    const a = await request(run.id);
    const b = await request(run.id);

    // Both posts leave together; on PostgreSQL they run on two connections and meet at the run's lock.
    const replies = await Promise.all([post(admin, { intent: "approve", id: a.id }), post(admin, { intent: "approve", id: b.id })]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = replies.find((r) => r.status === 409)!.data!;
    expect(refused).toMatchObject({ ok: false, runFull: { runId: run.id, capacity: 2, taken: 2, asked: 1 } });
    expect(runFullMessage(tEn, refused)).toBe("This run is full: 2 of 2 seats taken.");
    expect(runFullMessage(tAr, refused)).toBe("هذه المجموعة مكتملة: المقاعد المحجوزة 2 من 2.");
    // Without the numbers (the row's own button): still a translated sentence, never a key.
    expect(failureMessage(tEn, refused)).toMatch(/^Failed to update enrollment status: This run is full: every seat is taken\./);
    expect(failureMessage(tAr, refused)).toContain("هذه المجموعة مكتملة");

    expect(await approvedIn(run.id)).toBe(2);
    const loser = refused.id ?? (replies[0]!.status === 409 ? a.id : b.id);
    expect(await statusOf(loser)).toBe("pending");
    expect(await mailsAbout(loser)).toHaveLength(0);
    expect((await getDecisionRun(admin, run.id))!).toMatchObject({ capacity: 2, approved: 2, seatsLeft: 0, full: true });
  });

  it("many approvals at once fill exactly the seats", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 3 });
    const rows = [];
    for (let i = 0; i < 8; i++) rows.push(await request(run.id));
    const replies = await Promise.all(rows.map((r) => post(admin, { intent: "approve", id: r.id })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await approvedIn(run.id)).toBe(3);
    // Every approval queued one decision email and one reminder; the refused ones none.
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.filter((m) => m.kind === "enrollment-approved")).toHaveLength(3);
    expect(mails.filter((m) => m.kind === RUN_REMINDER_KIND)).toHaveLength(3);
  });

  it("a bulk approval beyond the seats is refused entirely; within them it passes, across two runs", async () => {
    const small = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 2 });
    const big = await makeRun(courseId, { startsAt: new Date(STARTS_AT.getTime() + 7 * 86_400_000), capacity: 10 });
    await request(small.id, { status: "approved" });
    const picked = [await request(small.id), await request(small.id), await request(big.id), await request(null)];
    const ids = picked.map((r) => r.id);
    const before = await snapshot(ids);

    const refused = await post(admin, { intent: "bulkApprove", ids });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, runFull: { runId: small.id, capacity: 2, taken: 1, asked: 2 } });
    expect(runFullMessage(tEn, refused.data)).toBe("Not enough seats in this run: 1 seat of 2 is left for 2 requests.");
    expect(runFullMessage(tAr, refused.data)).toBe("لا تكفي المقاعد في هذه المجموعة: بقي مقعد واحد من 2 لـ 2 طلبات.");
    expect(await snapshot(ids)).toEqual(before);

    const ok = await post(admin, { intent: "bulkApprove", ids: ids.filter((id) => id !== picked[1]!.id) });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ ok: true, changed: 3, overCapacity: false });
    expect(await approvedIn(small.id)).toBe(2);
    expect(await approvedIn(big.id)).toBe(1);
    // A request without a run takes no seat and gets no reminder.
    expect(await mailsAbout(picked[3]!.id, RUN_REMINDER_KIND)).toHaveLength(0);
    expect(await mailsAbout(picked[2]!.id, RUN_REMINDER_KIND)).toHaveLength(1);
  });
});

describe("approve beyond capacity", () => {
  it("is allowed when ticked, and audited with the seats before and after", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 1 });
    await request(run.id, { status: "approved" });
    const late = await request(run.id);
    expect((await post(admin, { intent: "approve", id: late.id })).status).toBe(409);

    const over = await post(admin, { intent: "approve", id: late.id, override: "on" });
    expect(over.status).toBe(200);
    expect(over.data).toMatchObject({ ok: true, overCapacity: true, ids: [late.id] });
    expect(runSuccessMessage(tEn, over.data!)).toBe(
      "Enrollment status updated to approved. The student will be emailed in 30 seconds. The run now has more students than seats (recorded in the audit log).",
    );
    expect(await approvedIn(run.id)).toBe(2);
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, late.id), eq(auditLog.action, "approve")));
    expect(audit).toMatchObject({ actorEmail: "admin@example.com", entity: "enrollment" });
    expect(audit!.data).toMatchObject({ from: "pending", to: "approved", runId: run.id, capacity: 1, seatsBefore: 1, seatsAfter: 2, overCapacity: true, ip: IP });

    // A run with room is no "override": the audit says nothing of it.
    const roomy = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 5 });
    const fine = await request(roomy.id);
    const ok = await post(admin, { intent: "approve", id: fine.id, override: "on" });
    expect(ok.data).toMatchObject({ ok: true, overCapacity: false });
    const [plain] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, fine.id), eq(auditLog.action, "approve")));
    expect(plain!.data).not.toHaveProperty("overCapacity");
  });

  it("a bulk approval beyond capacity passes with the override, every row audited as such", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 1 });
    const ids = [(await request(run.id)).id, (await request(run.id)).id];
    expect((await post(admin, { intent: "bulkApprove", ids })).status).toBe(409);
    const over = await post(admin, { intent: "bulkApprove", ids, override: "on" });
    expect(over.data).toMatchObject({ ok: true, changed: 2, overCapacity: true });
    const audits = await database.db.select().from(auditLog).where(and(inArray(auditLog.entityId, ids), eq(auditLog.action, "approve")));
    expect(audits.map((a) => a.data)).toEqual([
      expect.objectContaining({ overCapacity: true, seatsBefore: 0, seatsAfter: 2, bulk: true }),
      expect.objectContaining({ overCapacity: true, seatsBefore: 0, seatsAfter: 2, bulk: true }),
    ]);
  });

  it("refuses bad input with a translated 400, and staff without enrollments:edit with a 403", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 1 });
    const r = await request(run.id, { status: "waiting" });
    const viewer = await createManager(admin, "viewer@example.com", ["enrollments:view"]);
    const before = await snapshot([r.id]);
    const bad: Record<string, string | string[]>[] = [
      { intent: "approve" },
      { intent: "approve", id: r.id, run: run.id },
      { intent: "approve", run: "not-a-run" },
      { intent: "approve", id: r.id, override: "perhaps" },
      { intent: "undo", ids: [r.id], status: "approved", from: "approved" },
    ];
    for (const form of bad) {
      const reply = await post(admin, form);
      expect(reply.status, JSON.stringify(form)).toBe(400);
      expect(failureMessage(tEn, reply.data)).not.toMatch(/adminEnrollments\./);
    }
    expect((await post(viewer, { intent: "approve", id: r.id, override: "on" })).status).toBe(403);
    expect((await post(viewer, { intent: "approve", run: run.id })).status).toBe(403);
    expect(await snapshot([r.id])).toEqual(before);
    // A run that does not exist: 404; a run nobody waits for: 409.
    expect((await post(admin, { intent: "approve", run: crypto.randomUUID() })).status).toBe(404);
    const empty = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 3 });
    const none = await post(admin, { intent: "approve", run: empty.id });
    expect(none.status).toBe(409);
    expect(failureMessage(tEn, none.data)).toBe("Failed to update enrollment status: Nobody is on this run's waiting list.");
  });
});

describe("the waiting list", () => {
  it("gives seats oldest first, tells the student a seat opened (en and ar, Cairo time), and refuses a full run", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 3 });
    await request(run.id, { status: "approved" });
    const second = await request(run.id, { status: "waiting", minutesAgo: 30, studentName: "منى عادل", locale: "ar", studentEmail: "mona@example.com" });
    const first = await request(run.id, { status: "waiting", minutesAgo: 90, studentName: "Karim Adel", studentEmail: "karim@example.com" });
    const third = await request(run.id, { status: "waiting", minutesAgo: 10, studentName: "Sara Nabil" });

    const one = await post(admin, { intent: "approve", run: run.id });
    expect(one.status).toBe(200);
    expect(one.data).toMatchObject({ ok: true, from: "waiting", ids: [first.id], id: first.id });
    expect(runSuccessMessage(tEn, one.data!)).toBe("Seat given: the request is approved. The student will be emailed in 30 seconds.");
    expect(runSuccessMessage(tAr, one.data!)).toBe("تم منح مقعد: قُبل الطلب. سيُبلَّغ الطالب بالبريد الإلكتروني بعد 30 ثانية.");
    const two = await post(admin, { intent: "approve", run: run.id });
    expect(two.data).toMatchObject({ ok: true, ids: [second.id] });
    expect(await statusOf(third.id)).toBe("waiting");

    // Full now: the next is refused with the numbers, until the override.
    const full = await post(admin, { intent: "approve", run: run.id });
    expect(full.status).toBe(409);
    expect(runFullMessage(tEn, full.data)).toBe("This run is full: 3 of 3 seats taken.");
    expect(await statusOf(third.id)).toBe("waiting");
    const chosen = await post(admin, { intent: "approve", id: third.id, override: "on" });
    expect(chosen.data).toMatchObject({ ok: true, from: "waiting", overCapacity: true });

    // The "seat opened" emails, delivered by the real worker once the undo window has passed.
    const clock = createTestClock();
    const worker = createOutboxWorker({ db: database.db, transport, from: FROM, logger: silent, clock });
    clock.advance(31_000);
    expect((await worker.runOnce()).sent).toBe(3);
    const mails = await smtp.waitFor(3);
    const en = mails.find((m) => m.to.includes("karim@example.com"))!;
    const ar = mails.find((m) => m.to.includes("mona@example.com"))!;
    expect(en.subject).toBe(`A seat opened: you are enrolled in ${COURSE} (${first.enrollmentId})`);
    expect(en.text).toContain(`A seat opened in ${COURSE}, and you are now enrolled in the group that starts on Tuesday, January 12, 2027 at 7:00 PM (Cairo time).`);
    expect(en.text).toContain(formatRunMoment(STARTS_AT, "en", "long"));
    expect(ar.subject).toBe(`توفّر مقعد: تم تسجيلك في دورة ${COURSE} (${second.enrollmentId})`);
    expect(ar.text).toContain("منى عادل");
    expect(ar.text).toContain(`${formatRunMoment(STARTS_AT, "ar", "long")} (بتوقيت القاهرة)`);
    expect(ar.text).toContain("12 يناير 2027");
    expect(hasEasternDigits(ar.text ?? "")).toBe(false);
  });

  it("a waiting request can be rejected (no seat taken), and undo puts it back on the waiting list", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 1 });
    const w = await request(run.id, { status: "waiting" });
    const rejected = await post(admin, { intent: "reject", id: w.id });
    expect(rejected.data).toMatchObject({ ok: true, status: "rejected", from: "waiting", ids: [w.id] });
    expect(await statusOf(w.id)).toBe("rejected");
    expect(await approvedIn(run.id)).toBe(0);
    const undone = await post(admin, { intent: "undo", ids: [w.id], status: "rejected", from: "waiting" });
    expect(undone.data).toMatchObject({ ok: true, changed: 1, from: "waiting" });
    expect(runSuccessMessage(tEn, undone.data!)).toBe("Decision undone: the request is back on the waiting list and no email was sent.");
    expect(await statusOf(w.id)).toBe("waiting");
    expect((await mailsAbout(w.id)).map((m) => m.status)).toEqual(["cancelled"]);
  });

  it("undo of a 'Give a seat' puts the request back on the waiting list and withdraws its email and reminder", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 2 });
    const w = await request(run.id, { status: "waiting" });
    const given = await post(admin, { intent: "approve", id: w.id });
    expect(given.data).toMatchObject({ ok: true, from: "waiting" });
    expect((await mailsAbout(w.id)).map((m) => [m.kind, m.status]).sort()).toEqual([
      ["enrollment-approved", "pending"],
      [RUN_REMINDER_KIND, "pending"],
    ]);
    const undone = await post(admin, { intent: "undo", ids: [w.id], status: "approved", from: "waiting" });
    expect(undone.status).toBe(200);
    expect(await statusOf(w.id)).toBe("waiting");
    expect((await mailsAbout(w.id)).map((m) => m.status)).toEqual(["cancelled", "cancelled"]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, w.id)).orderBy(auditLog.createdAt);
    expect(audit.map((a) => [a.action, (a.data as { from: string }).from, (a.data as { to: string }).to])).toEqual([
      ["approve", "waiting", "approved"],
      ["status.change", "approved", "waiting"],
    ]);
    // A request without a run cannot be "put back" on a waiting list.
    const plain = await request(null);
    await post(admin, { intent: "approve", id: plain.id });
    const refused = await post(admin, { intent: "undo", ids: [plain.id], status: "approved", from: "waiting" });
    expect(refused.status).toBe(409);
    expect(await statusOf(plain.id)).toBe("approved");
  });
});

describe("a seat freed", () => {
  it("by moving an approved request back to pending: the reply names the next on the waiting list", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 1 });
    const seated = await request(run.id, { status: "approved" });
    const next = await request(run.id, { status: "waiting", minutesAgo: 50, studentName: "Nour Hassan" });
    await request(run.id, { status: "waiting", minutesAgo: 20, studentName: "Omar Ali" });
    expect((await post(admin, { intent: "approve", id: next.id })).status).toBe(409);

    const reopened = await post(admin, { intent: "reopen", id: seated.id, from: "approved" });
    expect(reopened.status).toBe(200);
    expect(reopened.data!.freed).toEqual([{ runId: run.id, startsAt: STARTS_AT.toISOString(), seatsLeft: 1, next: { id: next.id, studentName: "Nour Hassan" } }]);
    expect(runSuccessMessage(tEn, reopened.data!)).toBe(
      "The enrollment is pending again. No email was sent to the student. 1 seat is free — next on the waiting list: \u2068Nour Hassan\u2069.",
    );
    expect(runSuccessMessage(tAr, reopened.data!)).toContain("أصبح مقعد واحد شاغرًا — التالي في قائمة الانتظار: \u2068Nour Hassan\u2069.");
    expect(await approvedIn(run.id)).toBe(0);
    // The seat is free: the next on the list gets it without any override.
    expect((await post(admin, { intent: "approve", run: run.id })).data).toMatchObject({ ok: true, ids: [next.id] });
    // Reopening a rejected request frees nothing and says nothing of seats.
    const no = await request(run.id, { status: "rejected" });
    const plain = await post(admin, { intent: "reopen", id: no.id, from: "rejected" });
    expect(plain.data!.freed).toEqual([]);
  });

  it("by rejecting a request that held a seat (moved back to pending, then rejected), and by undoing an approval; reminders withdrawn", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 1 });
    const a = await request(run.id);
    await request(run.id, { status: "waiting", studentName: "Laila Samir" });
    const approved = await post(admin, { intent: "approve", id: a.id });
    expect((await mailsAbout(a.id, RUN_REMINDER_KIND)).map((m) => m.status)).toEqual(["pending"]);

    const undone = await post(admin, { intent: "undo", ids: [a.id], status: "approved" });
    expect(undone.status).toBe(200);
    expect(approved.data!.ids).toEqual([a.id]);
    expect(undone.data!.freed).toMatchObject([{ seatsLeft: 1, next: { studentName: "Laila Samir" } }]);
    expect((await mailsAbout(a.id, RUN_REMINDER_KIND)).map((m) => m.status)).toEqual(["cancelled"]);
    expect(await approvedIn(run.id)).toBe(0);

    // Approved again, then (after the window) moved back and rejected: the seat stays free.
    await post(admin, { intent: "approve", id: a.id });
    expect(await approvedIn(run.id)).toBe(1);
    await post(admin, { intent: "reopen", id: a.id, from: "approved" });
    expect((await mailsAbout(a.id, RUN_REMINDER_KIND)).every((m) => m.status === "cancelled")).toBe(true);
    const rejected = await post(admin, { intent: "reject", id: a.id });
    expect(rejected.data).toMatchObject({ ok: true, status: "rejected", from: "pending" });
    expect(await approvedIn(run.id)).toBe(0);
    expect((await getDecisionRun(admin, run.id))!).toMatchObject({ approved: 0, waiting: 1, seatsLeft: 1, full: false });
  });
});

describe("the approval email of a request for a run", () => {
  it("names the run's start in the student's language and Cairo time (Western digits in Arabic)", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS_AT, capacity: 5 });
    const en = await request(run.id, { studentEmail: "en@example.com" });
    const ar = await request(run.id, { studentEmail: "ar@example.com", locale: "ar" });
    const plain = await request(null, { studentEmail: "plain@example.com" });
    await post(admin, { intent: "bulkApprove", ids: [en.id, ar.id, plain.id] });
    const [enMail] = await mailsAbout(en.id, "enrollment-approved");
    const [arMail] = await mailsAbout(ar.id, "enrollment-approved");
    const [plainMail] = await mailsAbout(plain.id, "enrollment-approved");
    expect(enMail!.textBody).toContain("Your group starts on Tuesday, January 12, 2027 at 7:00 PM (Cairo time).");
    expect(enMail!.textBody).toContain("Starts: Tuesday, January 12, 2027 at 7:00 PM (Cairo time)");
    expect(enMail!.htmlBody).toContain("Cairo time");
    expect(arMail!.textBody).toContain(`تبدأ مجموعتك يوم ${formatRunMoment(STARTS_AT, "ar", "long")} (بتوقيت القاهرة).`);
    expect(hasEasternDigits(arMail!.textBody)).toBe(false);
    // Without a run: the email as before.
    expect(plainMail!.textBody).not.toContain("Cairo time");
    expect(plainMail!.textBody).toContain("Our team will contact you soon with the schedule");
  });
});
