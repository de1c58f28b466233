// Staff manage a course's runs and write to a run's students (issue 20 points 1 and 4), through the real
// /admin/courses loader and action on a real database (PGlite, or PostgreSQL with TEST_DB=pg) and a
// real SMTP server:
// - add, edit, close, cancel, delete with courses:edit; a manager without it is refused (403) and nothing
//   changes; courses:view alone reads the sheet;
// - bad input is a 400 with a message in English and Arabic, nothing written; Arabic-Indic digits count;
// - a Cairo wall time is stored as the right UTC moment in winter (+2) and in summer time (+3);
// - a run with requests cannot be deleted (cancel instead); seats cannot drop below the approved;
// - a new start re-queues the approved students' reminders;
// - the message goes once to each approved student in their language (else the other), never to
//   pending, waiting or rejected requests, after a bilingual preview; each change has its audit line.
import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog, courseRuns, emailOutbox } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { RUN_MESSAGE_KIND } from "~/features/courses/course-runs-admin.server.ts";
import { RUN_ERRORS } from "~/features/courses/course-runs.schema.ts";
import { hasEasternDigits } from "~/lib/digits.ts";
import { enrollmentRef, RUN_REMINDER_KIND } from "~/domain/enrollments/email-refs.ts";
import { createOutboxWorker, smtpTransport } from "~/lib/outbox.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { scheduleRunReminders } from "~/domain/runs/run-reminders.server.ts";
import { action as coursesAction, loader as coursesLoader } from "~/routes/admin/courses.tsx";
import { createAdmin, createManager } from "../setup/actors.ts";
import { createTestClock } from "../setup/clock.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeInstructor, makeRun } from "../setup/factories.ts";
import { expectTranslated, tEn } from "../setup/i18n.ts";
import { drainOutbox } from "../setup/outbox.ts";
import { callAction, callLoader } from "../setup/route-call.ts";
import { currentVersion } from "~/lib/content-version.server.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";

const DAY = 24 * 60 * 60 * 1000;

let admin: Actor;
let courseId: string;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin({ ip: "203.0.113.9" });
  courseId = (await makeCourse({ title: "Data Analysis with Excel", slug: "data-analysis-excel", isPublished: true, price: 1500 })).id;
});

const post = (actor: Actor | null, form: Record<string, string>) => callAction(coursesAction, { url: "/admin/courses", form, actor });
const callLoaderFor = (actor: Actor, url: string) => callLoader(coursesLoader, { url, actor });

const manager = (email: string, permissions: Permission[]) => createManager(admin, email, permissions);

/** The fields of the run form as a browser posts them. */
const runForm = (over: Record<string, string> = {}) => ({
  intent: "createRun",
  courseId,
  startsAt: "2027-01-12T19:00",
  endsAt: "",
  schedule: "Sun and Wed, 7–9 pm",
  scheduleAr: "الأحد والأربعاء، 7–9 مساءً",
  mode: "live_online",
  location: "",
  locationAr: "",
  capacity: "20",
  price: "",
  status: "open",
  instructorId: "",
  sessionMinutes: "120",
  repeatFrequency: "weekly",
  repeatCount: "8",
  ...over,
});

async function runs() {
  return database.db.select().from(courseRuns).orderBy(asc(courseRuns.startsAt));
}

async function runAudit(runId?: string) {
  const rows = await database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
  return rows.filter((r) => r.entity === "course_run" && (!runId || r.entityId === runId));
}

describe("runs: add, edit, close, cancel, delete", () => {
  it("adds a run from Cairo wall times (winter +2, summer +3), edits, closes, cancels and deletes it, each audited", async () => {
    const winter = await post(admin, runForm());
    expect(winter.status).toBe(200);
    expect(winter.data).toMatchObject({ ok: true, intent: "createRun" });
    const summer = await post(admin, runForm({ startsAt: "2027-07-12T19:00", endsAt: "2027-09-01T21:00", capacity: "" }));
    expect(summer.status).toBe(200);

    const [w, s] = await runs();
    // 19:00 in Cairo: 17:00 UTC in January, 16:00 UTC in July (summer time).
    expect(w!.startsAt.toISOString()).toBe("2027-01-12T17:00:00.000Z");
    expect(s!.startsAt.toISOString()).toBe("2027-07-12T16:00:00.000Z");
    expect(s!.endsAt?.toISOString()).toBe("2027-09-01T18:00:00.000Z");
    expect(w).toMatchObject({ capacity: 20, mode: "live_online", status: "open", sessionMinutes: 120, repeatFrequency: "weekly", repeatCount: 8 });
    expect(s!.capacity).toBeNull();
    expect(w!.scheduleAr).toBe("الأحد والأربعاء، 7–9 مساءً");

    // The sheet lists them in Cairo time order with their counts.
    const sheet = await callLoaderFor(admin, `/admin/courses?dialog=runs&course=${courseId}`);
    expect(sheet.status).toBe(200);
    const dialog = sheet.data!.dialog;
    expect(dialog?.kind).toBe("runs");
    if (dialog?.kind !== "runs") throw new Error("no runs sheet");
    expect(dialog.runs.map((r) => r.id)).toEqual([w!.id, s!.id]);
    expect(dialog.runs[0]).toMatchObject({ pending: 0, approved: 0, waiting: 0, seatsLeft: 20 });
    expect(sheet.data!.list.rows.find((r) => r.id === courseId)?.runCount).toBe(2);

    // Edit: seats typed with Arabic-Indic digits, an on-site place and a price of its own.
    const edited = await post(admin, {
      ...runForm({ intent: "updateRun", capacity: "٢٥", mode: "on_site", location: "Cairo, Dokki", price: "1200.50" }),
      runId: w!.id,
    });
    expect(edited.status).toBe(200);
    const [afterEdit] = await database.db.select().from(courseRuns).where(eq(courseRuns.id, w!.id));
    expect(afterEdit).toMatchObject({ capacity: 25, mode: "on_site", location: "Cairo, Dokki", price: 1200.5 });

    expect((await post(admin, { intent: "setRunStatus", runId: w!.id, status: "closed" })).status).toBe(200);
    expect((await post(admin, { intent: "setRunStatus", runId: w!.id, status: "cancelled" })).data).toMatchObject({ ok: true, runStatus: "cancelled" });
    const [cancelled] = await database.db.select().from(courseRuns).where(eq(courseRuns.id, w!.id));
    expect(cancelled!.status).toBe("cancelled");

    const deleted = await post(admin, { intent: "deleteRun", runId: s!.id });
    expect(deleted.status).toBe(200);
    expect((await runs()).map((r) => r.id)).toEqual([w!.id]);

    const audit = await runAudit();
    expect(audit.map((a) => [a.action, a.entityId])).toEqual([
      ["create", w!.id],
      ["create", s!.id],
      ["update", w!.id],
      ["status.change", w!.id],
      ["status.change", w!.id],
      ["delete", s!.id],
    ]);
    expect(audit[0]!.actorEmail).toBe(admin.email);
    expect(audit[2]!.data).toMatchObject({ changed: expect.arrayContaining(["capacity", "mode", "location", "price"]) });
  });

  it("a manager without courses:edit is refused (403) and nothing changes; courses:view reads the sheet", async () => {
    const run = await makeRun(courseId, { capacity: 10 });
    const viewer = await manager("viewer@example.com", ["courses:view", "enrollments:view"]);
    const forms: Record<string, string>[] = [
      runForm(),
      { ...runForm({ intent: "updateRun", capacity: "99" }), runId: run.id },
      { intent: "setRunStatus", runId: run.id, status: "cancelled" },
      { intent: "deleteRun", runId: run.id },
    ];
    for (const form of forms) {
      const res = await post(viewer, form);
      expect(res.status).toBe(403);
    }
    const all = await runs();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ capacity: 10, status: "open" });
    expect(await runAudit()).toHaveLength(0);

    const sheet = await callLoaderFor(viewer, `/admin/courses?dialog=runs&course=${courseId}&runView=edit&run=${run.id}`);
    expect(sheet.status).toBe(200);
    // The list, read-only: the edit view is not opened for them.
    expect(sheet.data!.dialog).toMatchObject({ kind: "runs", view: null });

    // Nobody signed in: sent to the sign-in page, nothing written.
    expect((await post(null, runForm())).status).toBe(302);
    expect(await runs()).toHaveLength(1);
    // A draft's runs do not exist for a manager who may not see drafts.
    const draft = await makeCourse({ isPublished: false });
    const editor = await manager("editor@example.com", ["courses:view", "courses:edit"]);
    expect((await post(editor, runForm({ courseId: draft.id }))).status).toBe(404);
    expect((await callLoaderFor(editor, `/admin/courses?dialog=runs&course=${draft.id}`)).status).toBe(404);
    expect((await post(editor, runForm())).status).toBe(200);
  });

  it("bad input is a translated 400 and writes nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [runForm({ startsAt: "" }), "startsAt", RUN_ERRORS.startRequired],
      [runForm({ startsAt: "2027-02-30T10:00" }), "startsAt", RUN_ERRORS.startInvalid],
      [runForm({ startsAt: "tomorrow" }), "startsAt", RUN_ERRORS.startInvalid],
      [runForm({ endsAt: "2027-01-12T18:59" }), "endsAt", RUN_ERRORS.endBeforeStart],
      [runForm({ mode: "on_site" }), "location", RUN_ERRORS.locationRequired],
      [runForm({ mode: "by_pigeon" }), "mode", RUN_ERRORS.modeInvalid],
      [runForm({ capacity: "0" }), "capacity", RUN_ERRORS.capacityRange],
      [runForm({ capacity: "10001" }), "capacity", RUN_ERRORS.capacityRange],
      [runForm({ capacity: "2.5" }), "capacity", RUN_ERRORS.capacityInvalid],
      [runForm({ capacity: "lots" }), "capacity", RUN_ERRORS.capacityInvalid],
      [runForm({ price: "-1" }), "price", RUN_ERRORS.priceNonNegative],
      [runForm({ price: "1.234" }), "price", RUN_ERRORS.priceStep],
      [runForm({ schedule: "x".repeat(201) }), "schedule", RUN_ERRORS.scheduleTooLong],
      [runForm({ status: "archived" }), "status", RUN_ERRORS.statusInvalid],
      [runForm({ instructorId: "not-a-uuid" }), "instructorId", RUN_ERRORS.instructorInvalid],
      [runForm({ instructorId: crypto.randomUUID() }), "instructorId", RUN_ERRORS.instructorInvalid],
      [runForm({ sessionMinutes: "1441" }), "sessionMinutes", RUN_ERRORS.sessionMinutesInvalid],
      [runForm({ repeatFrequency: "hourly" }), "repeatFrequency", RUN_ERRORS.repeatFrequencyInvalid],
      [runForm({ repeatCount: "0" }), "repeatCount", RUN_ERRORS.repeatCountInvalid],
    ];
    for (const [form, field, key] of cases) {
      const res = await post(admin, form);
      expect(res.status, `${field}: ${JSON.stringify(form[field])}`).toBe(400);
      expect(res.data?.messageKey).toBe(key);
      expect(res.data?.result?.error?.[field]).toContain(key);
      expectTranslated(key);
    }
    // Unknown run, malformed run id.
    expect((await post(admin, { intent: "deleteRun", runId: crypto.randomUUID() })).status).toBe(404);
    expect((await post(admin, { intent: "deleteRun", runId: "1; drop table course_runs" })).status).toBe(400);
    expect(await runs()).toHaveLength(0);
    expect(await runAudit()).toHaveLength(0);

    // An instructor of the list is accepted.
    const teacher = await makeInstructor({ name: "Mona Adel" });
    expect((await post(admin, runForm({ instructorId: teacher.id }))).status).toBe(200);
  });

  it("a run with requests is not deleted (cancel instead), and seats cannot drop below the approved", async () => {
    const run = await makeRun(courseId, { capacity: 5 });
    await makeEnrollment({ courseId, runId: run.id, status: "approved" });
    await makeEnrollment({ courseId, runId: run.id, status: "approved" });
    await makeEnrollment({ courseId, runId: run.id, status: "waiting" });

    const refused = await post(admin, { intent: "deleteRun", runId: run.id });
    expect(refused.status).toBe(409);
    expect(refused.data?.messageKey).toBe(RUN_ERRORS.hasRequests);
    expectTranslated(RUN_ERRORS.hasRequests);
    expect(tEn(RUN_ERRORS.hasRequests)).toMatch(/cancel/i);
    expect(await runs()).toHaveLength(1);

    const fewer = await post(admin, { ...runForm({ intent: "updateRun", capacity: "1", startsAt: "2030-01-01T10:00" }), runId: run.id });
    expect(fewer.status).toBe(409);
    expect(fewer.data?.result?.error?.capacity).toContain(RUN_ERRORS.capacityBelowApproved);
    const [kept] = await runs();
    expect(kept!.capacity).toBe(5);
    expect(await runAudit()).toHaveLength(0);

    const sheet = await callLoaderFor(admin, `/admin/courses?dialog=runs&course=${courseId}`);
    const dialog = sheet.data!.dialog;
    if (dialog?.kind !== "runs") throw new Error("no runs sheet");
    expect(dialog.runs[0]).toMatchObject({ approved: 2, waiting: 1, pending: 0, seatsLeft: 3, requests: 3 });

    expect((await post(admin, { ...runForm({ intent: "updateRun", capacity: "2" }), runId: run.id })).status).toBe(200);
    expect((await post(admin, { intent: "setRunStatus", runId: run.id, status: "cancelled" })).status).toBe(200);
  });

  it("a new start re-queues the approved students' reminders for the new date; cancelling withdraws them", async () => {
    const run = await makeRun(courseId, { startsAt: new Date(Date.now() + 20 * DAY) });
    const approved = await makeEnrollment({ courseId, runId: run.id, status: "approved", courseName: "Data Analysis with Excel" });
    await database.db.transaction((tx) => scheduleRunReminders(tx, [approved.id]));
    const reminders = () =>
      database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.ref, enrollmentRef(approved.id)), eq(emailOutbox.kind, RUN_REMINDER_KIND)))
        .orderBy(asc(emailOutbox.createdAt));
    expect((await reminders()).map((r) => r.status)).toEqual(["pending"]);

    expect((await post(admin, { ...runForm({ intent: "updateRun", startsAt: "2030-03-10T10:00" }), runId: run.id })).status).toBe(200);
    const after = await reminders();
    expect(after.map((r) => r.status)).toEqual(["cancelled", "pending"]);
    // Two days before 2030-03-10 10:00 Cairo (08:00 UTC).
    expect(after[1]!.nextAttemptAt.toISOString()).toBe("2030-03-08T08:00:00.000Z");

    expect((await post(admin, { intent: "setRunStatus", runId: run.id, status: "cancelled" })).status).toBe(200);
    expect((await reminders()).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
  });
});

describe("two staff editing one run (issue 35 item 6)", () => {
  const CONFLICT = "admin.errors.editConflict";
  /** The run's version as the sheet shows it to this staff member. */
  async function sheetVersion(actor: Actor, runId: string): Promise<string> {
    const sheet = await callLoaderFor(actor, `/admin/courses?dialog=runs&course=${courseId}`);
    const dialog = sheet.data!.dialog;
    if (dialog?.kind !== "runs") throw new Error("no runs sheet");
    return dialog.runs.find((r) => r.id === runId)!.version;
  }

  it("refuses the older form's save with 409, who and when; the first save stays; at the new version it goes through", async () => {
    const colleague = await manager("colleague@example.com", ["courses:view", "courses:edit"]);
    const run = await makeRun(courseId, { capacity: 20 });
    const version = await sheetVersion(admin, run.id);
    expect(version).toMatch(/^\d+$/);
    expect(await sheetVersion(colleague, run.id)).toBe(version);

    const first = await post(colleague, { ...runForm({ intent: "updateRun", capacity: "30", schedule: "Mondays" }), runId: run.id, version });
    expect(first.data).toMatchObject({ ok: true });
    const older = await post(admin, { ...runForm({ intent: "updateRun", capacity: "12", price: "900" }), runId: run.id, version });
    expect(older.status).toBe(409);
    expect(older.data).toMatchObject({ ok: false, messageKey: CONFLICT, conflict: { by: "colleague@example.com" } });
    expectTranslated(older.data!.messageKey ?? undefined);
    // What was typed comes back with the refusal, for the form to keep.
    expect(older.data!.result?.initialValue).toMatchObject({ capacity: "12", price: "900" });
    const [kept] = await database.db.select().from(courseRuns).where(eq(courseRuns.id, run.id));
    expect(kept).toMatchObject({ capacity: 30, schedule: "Mondays", price: null });
    expect((await runAudit(run.id)).map((a) => [a.action, a.actorEmail])).toEqual([["update", "colleague@example.com"]]);

    const again = await post(admin, { ...runForm({ intent: "updateRun", capacity: "12" }), runId: run.id, version: await sheetVersion(admin, run.id) });
    expect(again.data).toMatchObject({ ok: true });
  });

  it("of two saves of one version sent at once, exactly one is written", async () => {
    const run = await makeRun(courseId, { capacity: 20 });
    const version = await sheetVersion(admin, run.id);
    const answers = await Promise.all(
      ["21", "22", "23", "24"].map((capacity) => post(admin, { ...runForm({ intent: "updateRun", capacity }), runId: run.id, version })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    const [row] = await database.db.select().from(courseRuns).where(eq(courseRuns.id, run.id));
    expect(row!.capacity).toBe(21 + winner);
    expect(await runAudit(run.id)).toHaveLength(1);
  });
});

describe("any input", () => {
  it("a run form or a message of any values answers below 500, and a refusal writes nothing", async () => {
    const run = await makeRun(courseId, { capacity: 3 });
    await makeEnrollment({ courseId, runId: run.id, status: "approved" });
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("", " ", "٣", "١٢٫٥", "2027-03-27T00:30", "2027-10-29T23:30", "9999-12-31T23:59", "0001-01-01T00:00", "1e9", "-0", "NaN", "Infinity", "on_site", "weekly", "closed"),
      fc.string({ minLength: 190, maxLength: 260 }),
    );
    const fields = ["startsAt", "endsAt", "schedule", "scheduleAr", "mode", "location", "locationAr", "capacity", "price", "status", "instructorId", "sessionMinutes", "repeatFrequency", "repeatCount", "subject", "body", "subjectAr", "bodyAr"];
    const intents = fc.constantFrom("createRun", "updateRun", "setRunStatus", "deleteRun", "previewRunMessage");
    await fc.assert(
      fc.asyncProperty(intents, fc.dictionary(fc.constantFrom(...fields), text), async (intent, values) => {
        const before = JSON.stringify(await runs());
        const res = await post(admin, { ...runForm(), ...values, intent, courseId, runId: run.id });
        expect(res.status, JSON.stringify({ intent, values })).toBeLessThan(500);
        if (res.status !== 200) expect(JSON.stringify(await runs())).toBe(before);
        if (res.status === 200 && intent === "deleteRun") throw new Error("a run with a request was deleted");
      }),
      { numRuns: 60 },
    );
  });
});

describe("message a run's students", () => {
  let smtp: TestSmtpServer;
  let transport: ReturnType<typeof smtpTransport>;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    transport = smtpTransport(smtp.url);
  });
  afterEach(async () => {
    transport.close();
    await smtp.stop();
  });

  const message = {
    subject: "Room change for Sunday",
    body: "Hello all,\nSunday's session moves to <room 4> & starts on time.",
    subjectAr: "تغيير القاعة يوم الأحد",
    bodyAr: "مرحبًا بالجميع،\nتنتقل جلسة الأحد إلى القاعة 4.",
  };

  async function sendAll() {
    const clock = createTestClock();
    const worker = createOutboxWorker({ db: database.db, transport, from: '"Nile Academy" <no-reply@academy.test>', logger: { info() {}, warn() {}, error() {} }, clock });
    await drainOutbox(worker, database.db, clock);
  }

  it("previews both languages, then sends once to each approved student in their language, none to the others; audited", async () => {
    const run = await makeRun(courseId, { startsAt: new Date("2027-01-12T17:00:00Z"), capacity: 10 });
    const en = await makeEnrollment({ courseId, runId: run.id, status: "approved", locale: "en", studentName: "Mona Adel", studentEmail: "mona@example.com" });
    const ar = await makeEnrollment({ courseId, runId: run.id, status: "approved", locale: "ar", studentName: "سارة حسن", studentEmail: "sara@example.com" });
    await makeEnrollment({ courseId, runId: run.id, status: "pending", studentEmail: "pending@example.com" });
    await makeEnrollment({ courseId, runId: run.id, status: "waiting", studentEmail: "waiting@example.com" });
    await makeEnrollment({ courseId, runId: run.id, status: "rejected", studentEmail: "rejected@example.com" });
    // Another run's approved student.
    const other = await makeRun(courseId);
    await makeEnrollment({ courseId, runId: other.id, status: "approved", studentEmail: "other@example.com" });

    // A preview writes nothing: the public pages cached at the current content version stay (ADR 017).
    const versionBefore = await currentVersion();
    const preview = await post(admin, { intent: "previewRunMessage", runId: run.id, ...message });
    expect(preview.status).toBe(200);
    expect(await currentVersion()).toBe(versionBefore);
    expect(preview.data).toMatchObject({ ok: true, recipients: 2 });
    const [pEn, pAr] = preview.data!.preview!;
    expect(pEn).toMatchObject({ locale: "en", subject: message.subject });
    expect(pEn!.text).toContain("Mona Adel");
    expect(pEn!.text).toContain("<room 4> & starts on time.");
    expect(pEn!.text).toContain("Tuesday, January 12, 2027 at 7:00 PM (Cairo time)");
    expect(pAr).toMatchObject({ locale: "ar", subject: message.subjectAr });
    expect(pAr!.text).toContain("بتوقيت القاهرة");
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, RUN_MESSAGE_KIND))).toHaveLength(0);

    const sent = await post(admin, { intent: "sendRunMessage", runId: run.id, ...message });
    expect(sent.status).toBe(200);
    expect(await currentVersion()).not.toBe(versionBefore);
    expect(sent.data).toMatchObject({ ok: true, sent: 2 });
    await sendAll();
    const mails = await smtp.waitFor(2);
    expect(mails).toHaveLength(2);
    const toEn = mails.find((m) => m.to.includes(en.studentEmail))!;
    const toAr = mails.find((m) => m.to.includes(ar.studentEmail))!;
    expect(toEn.subject).toBe(message.subject);
    expect(toEn.text).toContain("Sunday's session moves to <room 4> & starts on time.");
    // Plain text: the HTML part shows the typed markup as text.
    expect(toEn.html).toContain("&lt;room 4&gt; &amp; starts on time.");
    expect(toEn.html).not.toContain("<room 4>");
    expect(toAr.subject).toBe(message.subjectAr);
    expect(toAr.text).toContain("تنتقل جلسة الأحد إلى القاعة 4.");
    expect(toAr.text).toContain("سارة حسن");
    expect(toAr.text).toContain("12 يناير 2027");
    expect(hasEasternDigits(toAr.text!)).toBe(false);
    expect(toAr.html).toContain('dir="rtl"');

    const audit = (await runAudit(run.id)).filter((a) => a.action === "message");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).toMatchObject({ count: 2, byLocale: { en: 1, ar: 1 }, courseId });
  });

  it("a language left empty falls back to the other; bad messages are translated 400s; enrollments:edit is required", async () => {
    const run = await makeRun(courseId);
    await makeEnrollment({ courseId, runId: run.id, status: "approved", locale: "ar", studentEmail: "ar@example.com" });
    const onlyEn = { subject: message.subject, body: message.body, subjectAr: "", bodyAr: "" };

    const cases: [Record<string, string>, string, string][] = [
      [{ subject: "", body: "", subjectAr: "", bodyAr: "" }, "subject", RUN_ERRORS.messageEmpty],
      [{ ...onlyEn, subject: "" }, "subject", RUN_ERRORS.subjectMissing],
      [{ ...onlyEn, body: "  " }, "body", RUN_ERRORS.bodyMissing],
      [{ ...onlyEn, subject: "s".repeat(151) }, "subject", RUN_ERRORS.subjectTooLong],
      [{ ...onlyEn, body: "b".repeat(5001) }, "body", RUN_ERRORS.bodyTooLong],
      [{ ...onlyEn, subjectAr: "موضوع" }, "bodyAr", RUN_ERRORS.bodyMissing],
    ];
    for (const [fields, field, key] of cases) {
      const res = await post(admin, { intent: "sendRunMessage", runId: run.id, ...fields });
      expect(res.status, field).toBe(400);
      expect(res.data?.result?.error?.[field]).toContain(key);
      expectTranslated(key);
    }

    const noFlag = await manager("courses-only@example.com", ["courses:view", "courses:edit", "enrollments:view"]);
    expect((await post(noFlag, { intent: "sendRunMessage", runId: run.id, ...onlyEn })).status).toBe(403);
    expect((await post(noFlag, { intent: "previewRunMessage", runId: run.id, ...onlyEn })).status).toBe(403);
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, RUN_MESSAGE_KIND))).toHaveLength(0);

    // A run without approved students: nothing to send.
    const empty = await makeRun(courseId);
    const none = await post(admin, { intent: "sendRunMessage", runId: empty.id, ...onlyEn });
    expect(none.status).toBe(409);
    expectTranslated(none.data?.messageKey);

    const sender = await manager("sender@example.com", ["courses:view", "enrollments:view", "enrollments:edit"]);
    const ok = await post(sender, { intent: "sendRunMessage", runId: run.id, ...onlyEn });
    expect(ok.data).toMatchObject({ ok: true, sent: 1 });
    await sendAll();
    const [mail] = await smtp.waitFor(1);
    // The Arabic-speaking student gets the English text, the only one written.
    expect(mail!.subject).toBe(message.subject);
    expect(mail!.text).toContain("Sunday's session");
    expect((await runAudit(run.id)).map((a) => [a.action, a.actorEmail])).toEqual([["message", "sender@example.com"]]);
  });
});
