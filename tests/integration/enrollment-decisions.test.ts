// Safe enrollment decisions (issue 17 point 3) against a real database (PGlite, or PostgreSQL with
// TEST_DB=pg) and a real SMTP server: a decision's email waits in the outbox for the undo window and the
// worker sends nothing before it; Undo within the window sets the request back to pending, withdraws the
// email and is audited, and after the email left it is refused and changes nothing; later a decided
// request moves back to pending (audited, no email); a request whose course was deleted cannot be
// approved but can be rejected (its email links to no course page); two staff deciding at once — one
// wins; every refusal without the edit flag is a 403 that changes nothing.
import "../setup/site-with-mail-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { count, eq, inArray } from "drizzle-orm";
import { auditLog, emailOutbox, enrollments } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { deleteCourse } from "~/features/courses/courses-admin.server.ts";
import { enrollmentRef, reopenEnrollment, setEnrollmentStatus, undoDecision } from "~/features/enrollments/enrollment-decisions.server.ts";
import { successMessage } from "~/features/enrollments/enrollments-admin.schema.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import { createOutboxWorker, smtpTransport, type MailTransport, type OutboxWorker } from "~/lib/outbox.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { action as pageAction, loader as pageLoader } from "~/routes/admin/enrollments.tsx";
import { ANONYMOUS, caught, createAdmin, createManager } from "../setup/actors.ts";
import { createTestClock, type TestClock } from "../setup/clock.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment } from "../setup/factories.ts";
import { tAr, tEn } from "../setup/i18n.ts";
import { drainOutbox } from "../setup/outbox.ts";
import { callAction, callLoader } from "../setup/route-call.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";


const IP = "203.0.113.17";
const FROM = '"Nile Academy" <no-reply@academy.test>';
const silent = { info() {}, warn() {}, error() {} };
/** The default undo window (DECISION_UNDO_SECONDS unset). */
const WINDOW_MS = 30_000;

let admin: Actor;
let courseId: string;
let smtp: TestSmtpServer;
let transport: ReturnType<typeof smtpTransport>;
let clock: TestClock;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin({ ip: IP });
  courseId = (await makeCourse({ title: "Data Analysis with Excel", slug: "data-analysis-excel", isPublished: true })).id;
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url);
  clock = createTestClock();
});
afterEach(async () => {
  transport.close();
  await smtp.stop();
});

/** The outbox worker on the test clock (its "now" moves only when the test advances it). */
function worker(extra: { transport?: MailTransport; batchSize?: number } = {}): OutboxWorker {
  return createOutboxWorker({ db: database.db, transport, from: FROM, logger: silent, clock, ...extra });
}

/** A pending request for the course, from `email`. */
async function request(email: string, over: Partial<typeof enrollments.$inferInsert> = {}): Promise<string> {
  const row = await makeEnrollment({
    courseId,
    courseName: "Data Analysis with Excel",
    studentName: email.split("@")[0]!,
    studentEmail: email,
    ...over,
  });
  return row.id;
}

const statusOf = async (id: string) =>
  (await database.db.select({ s: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]?.s;

async function emailsAbout(id: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.ref, enrollmentRef(id)));
}

async function countOf(table: typeof auditLog | typeof emailOutbox): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** What changes when something is refused: the requests, the outbox and the audit log. */
async function snapshot(ids: string[]) {
  return {
    requests: await database.db.select().from(enrollments).where(inArray(enrollments.id, ids)).orderBy(enrollments.id),
    outbox: await database.db.select().from(emailOutbox).orderBy(emailOutbox.id),
    audit: await countOf(auditLog),
  };
}

const post = (actor: Actor | null, form: Record<string, string | string[]>) =>
  callAction(pageAction, { url: "/admin/enrollments", form, actor });

describe("the undo window", () => {
  it("holds a decision's email in the outbox: the worker sends nothing before the window ends, then sends it once", async () => {
    const id = await request("mona@example.com");
    const decided = await setEnrollmentStatus(admin, [id], "approved");
    expect(decided.undoSeconds).toBe(30);

    const [mail] = await emailsAbout(id);
    expect(mail).toMatchObject({ kind: "enrollment-approved", toAddress: "mona@example.com", status: "pending", attempts: 0 });
    const heldMs = mail!.nextAttemptAt.getTime() - mail!.createdAt.getTime();
    expect(heldMs).toBeGreaterThanOrEqual(WINDOW_MS - 1000);
    expect(heldMs).toBeLessThanOrEqual(WINDOW_MS + 1000);

    const w = worker();
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    clock.advance(WINDOW_MS - 2_000);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.messages).toHaveLength(0);
    expect((await emailsAbout(id))[0]!.status).toBe("pending");

    clock.advance(3_000);
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    await smtp.waitFor(1);
    expect(smtp.messages[0]!.to).toEqual(["mona@example.com"]);
    clock.advance(60 * 60_000);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect((await emailsAbout(id))[0]!.status).toBe("sent");
  });

  it("undo within the window sets the request back to pending, withdraws its email and is audited; the email never leaves", async () => {
    const id = await request("karim@example.com");
    const approved = await post(admin, { intent: "approve", id });
    expect(approved.status).toBe(200);
    expect(approved.data).toMatchObject({ ok: true, ids: [id], undoSeconds: 30 });
    expect(successMessage(tEn, approved.data!)).toBe("Enrollment status updated to approved. The student will be emailed in 30 seconds.");
    expect(successMessage(tAr, approved.data!)).toBe("تم تحديث حالة طلب التسجيل إلى مقبول. سيُبلَّغ الطالب بالبريد الإلكتروني بعد 30 ثانية.");
    // Without a mail server the line says that nothing leaves, not "emailed in 30 seconds" (issue 36 item 16).
    const offline = { ...approved.data!, mailOff: true };
    expect(successMessage(tEn, offline)).toBe(
      "Enrollment status updated to approved. No email is sent: no mail server is set up, so the student's email is only recorded in the email log.",
    );
    expect(successMessage(tAr, offline)).toContain("لن يُرسل بريد");
    expect(successMessage(tAr, offline)).not.toContain("30");

    const w = worker();
    clock.advance(10_000);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    const auditBefore = await countOf(auditLog);

    const undone = await post(admin, { intent: "undo", ids: [id], status: "approved" });
    expect(undone.status).toBe(200);
    expect(undone.data).toMatchObject({ intent: "undo", ok: true, changed: 1, status: "approved" });
    expect(successMessage(tEn, undone.data!)).toBe("Decision undone: the enrollment is pending again and no email was sent.");
    expect(successMessage(tAr, undone.data!)).toBe("تم التراجع عن القرار: أصبح طلب التسجيل قيد المراجعة مجددًا، ولم يُرسَل أي بريد إلكتروني.");
    expect(await statusOf(id)).toBe("pending");
    expect((await emailsAbout(id)).map((m) => m.status)).toEqual(["cancelled"]);

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);
    expect(await countOf(auditLog)).toBe(auditBefore + 1);
    expect(audit.map((a) => a.action)).toEqual(["approve", "status.change"]);
    expect(audit[1]).toMatchObject({ actorEmail: "admin@example.com", entity: "enrollment" });
    expect(audit[1]!.data).toMatchObject({ from: "approved", to: "pending", undo: true, emailCancelled: true, ip: IP });

    // Long after the window, the withdrawn email is still never sent.
    clock.advance(24 * 60 * 60_000);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    await drainOutbox(w, database.db, clock);
    expect(smtp.messages).toHaveLength(0);

    // The request is pending again: it can be decided anew, and that email goes out.
    await setEnrollmentStatus(admin, [id], "rejected");
    await drainOutbox(w, database.db, clock);
    await smtp.waitFor(1);
    expect(smtp.messages.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^About your enrollment request for Data Analysis with Excel/),
    ]);
  });

  it("undoes a bulk rejection: every row pending again, every email withdrawn", async () => {
    const ids = [await request("a1@example.com"), await request("a2@example.com"), await request("a3@example.com")];
    const rejected = await post(admin, { intent: "bulkReject", ids });
    expect(rejected.data).toMatchObject({ ok: true, changed: 3, ids: expect.arrayContaining(ids) });
    expect(successMessage(tEn, rejected.data!)).toBe("3 enrollments updated to rejected. Each student will be emailed in 30 seconds.");
    const undone = await post(admin, { intent: "undo", ids, status: "rejected" });
    expect(undone.data).toMatchObject({ ok: true, changed: 3 });
    expect(successMessage(tEn, undone.data!)).toBe("Decision undone: 3 enrollments are pending again and no email was sent.");
    for (const id of ids) {
      expect(await statusOf(id)).toBe("pending");
      expect((await emailsAbout(id)).map((m) => m.status)).toEqual(["cancelled"]);
    }
    await drainOutbox(worker(), database.db, clock);
    expect(smtp.messages).toHaveLength(0);
  });

  it("refuses undo once the email has left, with a translated 409, and changes nothing", async () => {
    const id = await request("sara@example.com");
    await post(admin, { intent: "reject", id });
    clock.advance(WINDOW_MS + 1_000);
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    await smtp.waitFor(1);
    const before = await snapshot([id]);

    const refused = await post(admin, { intent: "undo", ids: [id], status: "rejected" });
    expect(refused.status).toBe(409);
    expect(failureMessage(tEn, refused.data)).toBe(
      "Too late to undo: the email to the student has already been sent. You can still move the request back to pending (no further email is sent).",
    );
    expect(failureMessage(tAr, refused.data)).toBe(
      "فات وقت التراجع: أُرسل البريد الإلكتروني إلى الطالب بالفعل. لا يزال بإمكانك إعادة الطلب إلى المراجعة (دون إرسال بريد آخر).",
    );
    expect(await snapshot([id])).toEqual(before);
    expect(await statusOf(id)).toBe("rejected");
  });

  it("refuses undo while a worker is sending the email (claimed, not yet sent): the email leaves once and the decision stands", async () => {
    const id = await request("omar@example.com");
    await setEnrollmentStatus(admin, [id], "approved");
    clock.advance(WINDOW_MS + 1_000);
    // A transport that holds the message until the test lets it go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const sending = new Promise<void>((resolve) => (claimed = resolve));
    const slow: MailTransport = {
      async send(msg) {
        claimed();
        await held;
        await transport.send(msg);
      },
    };
    const run = worker({ transport: slow }).runOnce();
    await sending;
    expect((await emailsAbout(id))[0]!.status).toBe("sending");
    const before = await snapshot([id]);
    await caught(undoDecision(admin, [id], "approved")).then((err) => {
      expect(err.status).toBe(409);
      expect(err.messageKey).toBe("adminEnrollments.errors.undoTooLate");
    });
    expect(await snapshot([id])).toEqual(before);
    release();
    expect(await run).toMatchObject({ sent: 1 });
    await smtp.waitFor(1);
    expect(smtp.messages).toHaveLength(1);
    expect(await statusOf(id)).toBe("approved");
  });

  it("undoes a bulk decision all or nothing: when one of its emails has left, none is withdrawn", async () => {
    const ids = [await request("b1@example.com"), await request("b2@example.com")];
    await setEnrollmentStatus(admin, ids, "approved");
    clock.advance(WINDOW_MS + 1_000);
    expect(await worker({ batchSize: 1 }).runOnce()).toMatchObject({ sent: 1 });
    const before = await snapshot(ids);
    const refused = await post(admin, { intent: "undo", ids, status: "approved" });
    expect(refused.status).toBe(409);
    expect(failureMessage(tEn, refused.data)).toBe(
      "Too late to undo: at least one of the emails has already been sent, so nothing was changed. You can still move each request back to pending.",
    );
    expect(await snapshot(ids)).toEqual(before);
    // The other email was not withdrawn: it leaves too.
    await drainOutbox(worker(), database.db, clock);
    await smtp.waitFor(2);
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(["b1@example.com", "b2@example.com"]);
  });

  it("refuses an undo of a request someone changed meanwhile (409) and one that does not exist (404)", async () => {
    const id = await request("lina@example.com");
    await setEnrollmentStatus(admin, [id], "approved");
    // Another staff member moved it back to pending (its email withdrawn with it), then rejected it.
    const other = await createManager(admin, "other@example.com", ["enrollments:view", "enrollments:edit"], { ip: IP });
    await reopenEnrollment(other, id, "approved");
    await setEnrollmentStatus(other, [id], "rejected");
    const before = await snapshot([id]);
    const refused = await post(admin, { intent: "undo", ids: [id], status: "approved" });
    expect(refused.status).toBe(409);
    expect(failureMessage(tEn, refused.data)).toBe(
      "Someone else changed this enrollment in the meantime. Reload the page to see its current status.",
    );
    expect(failureMessage(tAr, refused.data)).toBe("غيّر شخص آخر طلب التسجيل هذا في هذه الأثناء. أعد تحميل الصفحة لترى حالته الحالية.");
    expect(await snapshot([id])).toEqual(before);
    expect((await post(admin, { intent: "undo", ids: [crypto.randomUUID()], status: "approved" })).status).toBe(404);
    // Bad input: 400, nothing changes.
    for (const form of <Record<string, string | string[]>[]>[
      { intent: "undo", ids: [id], status: "pending" },
      { intent: "undo", ids: ["not-an-id"], status: "rejected" },
      { intent: "undo", status: "rejected" },
    ]) {
      const bad = await post(admin, form);
      expect(bad.status, JSON.stringify(form)).toBe(400);
      expect(failureMessage(tEn, bad.data)).toMatch(/^(The request could not be processed|Select at least one enrollment)/);
    }
    expect(await snapshot([id])).toEqual(before);
  });
});

describe("moving a decided request back to pending", () => {
  it("after the window: audited, no email sent; asked twice it says the request is already pending", async () => {
    const id = await request("hana@example.com");
    await setEnrollmentStatus(admin, [id], "approved");
    const w = worker();
    await drainOutbox(w, database.db, clock);
    await smtp.waitFor(1);
    const outboxBefore = await countOf(emailOutbox);

    const moved = await post(admin, { intent: "reopen", id, from: "approved" });
    expect(moved.status).toBe(200);
    expect(successMessage(tEn, moved.data!)).toBe("The enrollment is pending again. No email was sent to the student.");
    expect(successMessage(tAr, moved.data!)).toBe("أصبح طلب التسجيل قيد المراجعة مجددًا، ولم يُرسَل أي بريد إلكتروني إلى الطالب.");
    expect(await statusOf(id)).toBe("pending");
    expect(await countOf(emailOutbox)).toBe(outboxBefore);
    const [line] = await database.db.select().from(auditLog).where(eq(auditLog.action, "status.change"));
    expect(line).toMatchObject({ entity: "enrollment", entityId: id, actorEmail: "admin@example.com" });
    expect(line!.data).toEqual({
      enrollmentId: expect.stringMatching(/^ENR-/),
      from: "approved",
      to: "pending",
      emailCancelled: false,
      ip: IP,
    });
    await drainOutbox(w, database.db, clock);
    expect(smtp.messages).toHaveLength(1);

    const again = await post(admin, { intent: "reopen", id, from: "approved" });
    expect(again.status).toBe(409);
    expect(failureMessage(tEn, again.data)).toBe("Failed to update enrollment status: This enrollment is already pending.");
    expect(failureMessage(tAr, again.data)).toBe("تعذّر تحديث حالة طلب التسجيل: طلب التسجيل هذا قيد المراجعة بالفعل.");
  });

  it("within the window it withdraws the waiting email too; a stale view (rejected, not approved) is refused", async () => {
    const id = await request("nour@example.com");
    await setEnrollmentStatus(admin, [id], "rejected");
    const stale = await post(admin, { intent: "reopen", id, from: "approved" });
    expect(stale.status).toBe(409);
    expect(await statusOf(id)).toBe("rejected");
    expect(await reopenEnrollment(admin, id, "rejected")).toEqual({ emailCancelled: true });
    expect((await emailsAbout(id)).map((m) => m.status)).toEqual(["cancelled"]);
    await drainOutbox(worker(), database.db, clock);
    expect(smtp.messages).toHaveLength(0);
  });
});

describe("permissions", () => {
  it("refuses undo and moving back to pending without enrollments edit (403, translated) and changes nothing", async () => {
    const id = await request("rana@example.com");
    await setEnrollmentStatus(admin, [id], "approved");
    const viewer = await createManager(admin, "viewer@example.com", ["enrollments:view"], { ip: IP });
    const nobody = await createManager(admin, "nobody@example.com", ["courses:view"], { ip: IP });
    // (The manager role is one matrix row: each actor keeps the flags it was made with.)
    const before = await snapshot([id]);

    for (const form of <Record<string, string | string[]>[]>[
      { intent: "undo", ids: [id], status: "approved" },
      { intent: "reopen", id, from: "approved" },
    ]) {
      const refused = await post(viewer, form);
      expect(refused.status, String(form.intent)).toBe(403);
      expect(refused.data!.messageKey).toBe("admin.errors.forbidden");
      expect(failureMessage(tAr, refused.data)).not.toMatch(/admin\.errors/);
    }
    for (const call of [undoDecision(viewer, [id], "approved"), reopenEnrollment(viewer, id, "approved")]) {
      const err = await caught(call);
      expect([err.status, err.messageKey]).toEqual([403, "admin.errors.forbidden"]);
    }
    // Without even the page's view flag, and signed out.
    expect((await post(nobody, { intent: "undo", ids: [id], status: "approved" })).status).toBe(403);
    const anonymous = await post(ANONYMOUS, { intent: "reopen", id, from: "approved" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).not.toBe(200);
    expect(await snapshot([id])).toEqual(before);
  });
});

describe("a request whose course was deleted", () => {
  it("says so, cannot be approved (single: 409; bulk: skipped), and can be rejected with an email that links to no course", async () => {
    const orphan = await request("yara@example.com", { studentName: "Yara Adel" });
    const other = await request("ali@example.com");
    await deleteCourse(admin, courseId);
    const [row] = await database.db.select().from(enrollments).where(eq(enrollments.id, orphan));
    expect(row).toMatchObject({ courseId: null, courseName: "Data Analysis with Excel", status: "pending" });
    // The list and the details carry the cleared course (the page shows "Course deleted").
    const page = (await callLoader(pageLoader, { url: `/admin/enrollments?dialog=details&enrollment=${orphan}`, actor: admin })).data!;
    expect(page.details).toMatchObject({ id: orphan, courseId: null });
    expect(tEn("adminEnrollments.table.courseDeleted")).toBe("Course deleted");
    expect(tAr("adminEnrollments.table.courseDeleted")).toBe("حُذفت الدورة");

    const before = await snapshot([orphan]);
    const refused = await post(admin, { intent: "approve", id: orphan });
    expect(refused.status).toBe(409);
    expect(failureMessage(tEn, refused.data)).toBe(
      "Failed to update enrollment status: The course of this enrollment has been deleted, so it cannot be approved. You can still reject it.",
    );
    expect(failureMessage(tAr, refused.data)).toBe(
      "تعذّر تحديث حالة طلب التسجيل: حُذفت دورة طلب التسجيل هذا، لذا لا يمكن قبوله. ولا يزال بإمكانك رفضه.",
    );
    expect(await snapshot([orphan])).toEqual(before);
    // Both requests of the deleted course, ticked together.
    const bulkOnly = await post(admin, { intent: "bulkApprove", ids: [orphan, other] });
    expect(bulkOnly.status).toBe(409);
    expect(failureMessage(tEn, bulkOnly.data)).toBe(
      "Failed to update enrollment status: The courses of the selected enrollments have been deleted, so they cannot be approved. You can still reject them.",
    );
    expect(await snapshot([orphan])).toEqual(before);

    // The other request moves to a course that exists: a bulk approval takes it and skips the orphan.
    const newCourse = (await makeCourse({ title: "Power BI", slug: "power-bi", isPublished: true })).id;
    await database.db.update(enrollments).set({ courseId: newCourse, courseName: "Power BI" }).where(eq(enrollments.id, other));
    const bulk = await post(admin, { intent: "bulkApprove", ids: [orphan, other] });
    expect(bulk.status).toBe(200);
    expect(bulk.data).toMatchObject({ changed: 1, requested: 2, noCourse: 1, ids: [other] });
    expect(successMessage(tEn, bulk.data!)).toBe(
      "1 enrollment updated to approved. 1 was skipped because its course has been deleted. The student will be emailed in 30 seconds.",
    );
    expect(await statusOf(orphan)).toBe("pending");

    const rejected = await post(admin, { intent: "reject", id: orphan });
    expect(rejected.status).toBe(200);
    await drainOutbox(worker(), database.db, clock);
    await smtp.waitFor(2);
    const mail = smtp.messages.find((m) => m.to.includes("yara@example.com"))!;
    expect(mail.subject).toMatch(/^About your enrollment request for Data Analysis with Excel \(ENR-/);
    expect(mail.text).toContain("Data Analysis with Excel");
    // No link to a course page: only to the student's own page of the request (issue 37).
    expect(mail.html).not.toMatch(/href="[^"]*\/courses\//i);
    expect([...(mail.html ?? "").matchAll(/href="([^"]*)"/gi)].map((m) => m[1])).toEqual([expect.stringMatching(/\/en\/enrollment\/ENR-[A-Z0-9-]+\?t=/)]);
    expect([...(mail.text ?? "").matchAll(/https?:\/\/\S+/g)].map((m) => m[0])).toEqual([expect.stringMatching(/\/en\/enrollment\/ENR-[A-Z0-9-]+\?t=/)]);
  });
});

describe("two staff deciding at once", () => {
  it("one approval or rejection wins, the other is told the request is no longer pending, by whom and when", async () => {
    const id = await request("dina@example.com");
    const [a, b] = await Promise.all([post(admin, { intent: "approve", id }), post(admin, { intent: "reject", id })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(failureMessage(tEn, loser.data)).toMatch(
      new RegExp(`^Failed to update enrollment status: This enrollment is no longer pending: \u2068${admin.email}\u2069 decided it at .+\\.$`),
    );
    expect(await emailsAbout(id)).toHaveLength(1);
  });

  it("one undo wins; an undo racing a move back to pending — one wins, the other is refused, one audit line", async () => {
    const id = await request("samir@example.com");
    await setEnrollmentStatus(admin, [id], "approved");
    const results = await Promise.all([
      post(admin, { intent: "undo", ids: [id], status: "approved" }),
      post(admin, { intent: "undo", ids: [id], status: "approved" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await statusOf(id)).toBe("pending");

    await setEnrollmentStatus(admin, [id], "rejected");
    const auditBefore = await countOf(auditLog);
    const race = await Promise.all([
      post(admin, { intent: "undo", ids: [id], status: "rejected" }),
      post(admin, { intent: "reopen", id, from: "rejected" }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await statusOf(id)).toBe("pending");
    expect(await countOf(auditLog)).toBe(auditBefore + 1);
    const statuses = (await emailsAbout(id)).map((m) => m.status);
    expect(statuses.sort()).toEqual(["cancelled", "cancelled"]);
    const [waiting] = await database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "pending"));
    expect(Number(waiting?.n)).toBe(0);
  });
});
