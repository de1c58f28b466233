// Enrollment into a run (issue 20 point 3, the visitor's side), on a real database (PGlite, or PostgreSQL
// with TEST_DB=pg), through the real enroll route: the request stores the run chosen; a request for a
// full run joins its waiting list; a run that is not an open upcoming run of the course, or a repeated
// field, is a translated 400 that writes nothing; a course with runs requires a choice; a course without
// runs works as before; the emails (outbox rows) say the run's start in Cairo time in the student's
// language, with Western digits.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { courses, emailOutbox, enrollments } from "@db/schema/index.ts";
import { seedDefaults, seedDemoSettings } from "@db/seed/demo.ts";
import { ENROLLMENT_ERRORS } from "~/features/enrollments/enrollment.schema.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";
import { formatPrice } from "~/lib/format.ts";
import { action as enrollAction, loader as enrollLoader } from "~/routes/site/enroll.tsx";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { makeEnrollment, makeRun } from "../setup/factories.ts";
import { i18n } from "../setup/i18n.ts";
import { callAction, callLoader, contextFor } from "../setup/route-call.ts";

// Tuesday 16 July 2030, 19:00 in Cairo (summer time, UTC+3): 16:00 UTC.
const STARTS = new Date("2030-07-16T16:00:00Z");
const WHEN_EN = "Tuesday, July 16, 2030 at 7:00 PM (Cairo time)";
const WHEN_AR = "الثلاثاء، 16 يوليو 2030 في 7:00 م (بتوقيت القاهرة)";
const INBOX = "info@nileacademy.example"; // the seeded `contact.email` site setting

let database: TestDatabase;
let slug: string;
let courseId: string;
let otherCourseId: string;

beforeAll(async () => {
  vi.stubEnv("TRUST_PROXY", "");
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetRateLimits();
  await database?.destroy();
});
beforeEach(async () => {
  resetRateLimits();
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  // The demo's contact details: the provider inbox these tests mail (issue 33: the defaults have none).
  await seedDemoSettings(database.db);
  slug = `runs-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await database.db
    .insert(courses)
    .values({ title: "Python Basics", slug, language: "en", isPublished: true, price: 900 })
    .returning({ id: courses.id });
  courseId = row!.id;
  const [other] = await database.db
    .insert(courses)
    .values({ title: "Excel", slug: `${slug}-other`, language: "en", isPublished: true })
    .returning({ id: courses.id });
  otherCourseId = other!.id;
});

let seq = 0;
type Fields = Record<string, string | string[]>;
function form(patch: Fields = {}): Fields {
  seq += 1;
  return {
    courseId,
    studentName: "Sara Ahmed",
    studentEmail: `sara-${seq}@example.com`,
    countryCode: "+20",
    phoneNumber: `0100${String(1000000 + seq).slice(-7)}`,
    message: "",
    website: "",
    ...patch,
  };
}

async function post(fields: Fields, lang: "en" | "ar" = "en") {
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "", requestId: "", ip: `203.0.113.${seq % 200}` });
  return callAction(enrollAction, {
    url: `/${lang}/courses/${slug}/enroll`,
    form: fields,
    params: { slug, lang },
    context,
  });
}

async function counts() {
  const [e] = await database.db.select({ n: sql<number>`count(*)::int` }).from(enrollments);
  const [o] = await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
  return { enrollments: Number(e!.n), emails: Number(o!.n) };
}

async function stored(enrollmentId: string) {
  const [row] = await database.db
    .select({ runId: enrollments.runId, status: enrollments.status })
    .from(enrollments)
    .where(eq(enrollments.enrollmentId, enrollmentId));
  return row;
}

async function emailsTo(address: string) {
  return database.db
    .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address));
}

/** A message key as a reader sees it, in both languages (never the key itself). */
function inBothLanguages(key: string): [string, string] {
  const en = i18n.getFixedT("en")(key);
  const ar = i18n.getFixedT("ar")(key);
  expect(en).not.toBe(key);
  expect(ar).not.toBe(key);
  expect(ar).toMatch(/[\u0600-\u06ff]/);
  return [en, ar];
}

describe("a request for a run", () => {
  it("stores the run chosen as a pending request; the student's email gives its start in Cairo time (en)", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS, capacity: 10, schedule: "Tue and Thu, 7–9 pm", scheduleAr: "الثلاثاء والخميس، 7–9 مساءً" });
    const fields = form({ runId: run.id });
    const res = await post(fields);
    expect(res.status).toBe(200);
    expect(res.data?.success).toEqual({ enrollmentId: expect.stringMatching(/^ENR-/), waiting: false, pageHref: expect.stringMatching(/^\/en\/enrollment\/ENR-[A-Z0-9-]+\?t=[A-Za-z0-9_-]{22}$/) });
    expect(await stored(res.data!.success!.enrollmentId)).toEqual({ runId: run.id, status: "pending" });

    const [mail] = await emailsTo(fields.studentEmail as string);
    expect(mail!.kind).toBe("enrollment-confirmation");
    expect(mail!.text).toContain(`The group you chose starts on ${WHEN_EN}.`);
    expect(mail!.text).toContain("Tue and Thu, 7–9 pm");
    expect(mail!.text).toContain("Live online");
    expect(mail!.text).not.toContain("waiting list");
    expect(mail!.html).toContain("7:00 PM (Cairo time)");
    const [staff] = await emailsTo(INBOX);
    expect(staff!.text).toContain(WHEN_EN);
    expect(staff!.text).not.toContain("Waiting list");
  });

  it("in Arabic: the confirmation gives the date in Arabic, Cairo time, Western digits", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS, schedule: "Tue and Thu, 7–9 pm", scheduleAr: "الثلاثاء والخميس، 7–9 مساءً" });
    const fields = form({ runId: run.id, studentName: "سارة أحمد" });
    const res = await post(fields, "ar");
    expect(res.status).toBe(200);
    const [mail] = await emailsTo(fields.studentEmail as string);
    expect(mail!.text).toContain(`تبدأ المجموعة التي اخترتها يوم ${WHEN_AR}.`);
    expect(mail!.text).toContain("الثلاثاء والخميس، 7–9 مساءً");
    expect(mail!.text).toContain("أونلاين مباشر");
    expect(mail!.text + mail!.html + mail!.subject).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });

  it("for a full run joins its waiting list: the reply and both emails say so (en and ar)", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS, capacity: 2 });
    for (let i = 0; i < 2; i++) await makeEnrollment({ courseId, runId: run.id, status: "approved" });
    const before = await counts();

    const en = form({ runId: run.id });
    const resEn = await post(en);
    expect(resEn.status).toBe(200);
    expect(resEn.data?.success?.waiting).toBe(true);
    expect(await stored(resEn.data!.success!.enrollmentId)).toEqual({ runId: run.id, status: "waiting" });
    const [mailEn] = await emailsTo(en.studentEmail as string);
    expect(mailEn!.subject).toContain("waiting list");
    expect(mailEn!.text).toContain(`The group starting on ${WHEN_EN} is full, so your request is on its waiting list.`);
    const [staff] = await emailsTo(INBOX);
    expect(staff!.subject).toMatch(/^Waiting-list request: Python Basics/);
    expect(staff!.text).toContain("This run is full: the request is on its waiting list.");
    expect(staff!.text).toContain(WHEN_EN);

    const ar = form({ runId: run.id });
    const resAr = await post(ar, "ar");
    expect(resAr.data?.success?.waiting).toBe(true);
    const [mailAr] = await emailsTo(ar.studentEmail as string);
    expect(mailAr!.subject).toContain("قائمة الانتظار");
    expect(mailAr!.text).toContain(`المجموعة التي تبدأ يوم ${WHEN_AR} مكتملة العدد`);
    expect(mailAr!.text).not.toMatch(/[\u0660-\u0669]/);
    expect(await counts()).toEqual({ enrollments: before.enrollments + 2, emails: before.emails + 4 });
  });

  it("waiting and pending requests take no seat: a run with one seat left still takes pending requests", async () => {
    const run = await makeRun(courseId, { startsAt: STARTS, capacity: 2 });
    await makeEnrollment({ courseId, runId: run.id, status: "approved" });
    await makeEnrollment({ courseId, runId: run.id, status: "pending" });
    await makeEnrollment({ courseId, runId: run.id, status: "waiting" });
    const res = await post(form({ runId: run.id }));
    expect(res.data?.success?.waiting).toBe(false);
    expect(await stored(res.data!.success!.enrollmentId)).toEqual({ runId: run.id, status: "pending" });
  });
});

describe("a run that cannot be asked for is a translated 400 and nothing is written", () => {
  const cases: [string, () => Promise<Fields>][] = [
    ["a run of another course", async () => form({ runId: (await makeRun(otherCourseId, { startsAt: STARTS })).id })],
    ["a closed run", async () => form({ runId: (await makeRun(courseId, { startsAt: STARTS, status: "closed" })).id })],
    ["a cancelled run", async () => form({ runId: (await makeRun(courseId, { startsAt: STARTS, status: "cancelled" })).id })],
    ["a run that has started", async () => form({ runId: (await makeRun(courseId, { startsAt: new Date(Date.now() - 60_000) })).id })],
    ["an id of no run", async () => form({ runId: "7c9e6679-7425-40de-944b-e07fc1f90ae7" })],
  ];
  it.each(cases)("%s", async (_name, make) => {
    // The course has an open upcoming run, so only the run asked for is at fault.
    await makeRun(courseId, { startsAt: STARTS });
    const fields = await make();
    const before = await counts();
    for (const lang of ["en", "ar"] as const) {
      const res = await post(fields, lang);
      expect(res.status).toBe(400);
      expect(res.data?.messageKey).toBe(ENROLLMENT_ERRORS.runInvalid);
      expect(res.data?.result?.error?.runId).toEqual([ENROLLMENT_ERRORS.runInvalid]);
    }
    inBothLanguages(ENROLLMENT_ERRORS.runInvalid);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ["repeated runId fields", (a: string, b: string) => [a, b]],
    ["the same runId twice", (a: string) => [a, a]],
    ["a run id that is not an id", () => "1' or '1'='1"],
  ] as const)("%s", async (_name, value) => {
    const a = await makeRun(courseId, { startsAt: STARTS });
    const b = await makeRun(courseId, { startsAt: new Date(STARTS.getTime() + 7 * 86_400_000) });
    const before = await counts();
    const res = await post(form({ runId: value(a.id, b.id) as string | string[] }));
    expect(res.status).toBe(400);
    expect(res.data?.result?.error?.runId).toEqual([ENROLLMENT_ERRORS.runInvalid]);
    inBothLanguages(ENROLLMENT_ERRORS.runInvalid);
    expect(await counts()).toEqual(before);
  });

  it("a course with open upcoming runs requires a choice", async () => {
    await makeRun(courseId, { startsAt: STARTS });
    const before = await counts();
    const res = await post(form());
    expect(res.status).toBe(400);
    expect(res.data?.result?.error?.runId).toEqual([ENROLLMENT_ERRORS.runRequired]);
    const [en, ar] = inBothLanguages(ENROLLMENT_ERRORS.runRequired);
    expect(en).toBe("Please choose a start date.");
    expect(ar).toBe("يُرجى اختيار موعد البدء.");
    expect(await counts()).toEqual(before);
  });
});

describe("a course without upcoming runs", () => {
  it("takes requests as before: no run, pending, emails without a start date", async () => {
    // Past, closed and cancelled runs are not offered, so no choice is asked for.
    await makeRun(courseId, { startsAt: new Date(Date.now() - 86_400_000) });
    await makeRun(courseId, { startsAt: STARTS, status: "closed" });
    await makeRun(courseId, { startsAt: STARTS, status: "cancelled" });
    const fields = form();
    const res = await post(fields);
    expect(res.status).toBe(200);
    expect(res.data?.success?.waiting).toBe(false);
    expect(await stored(res.data!.success!.enrollmentId)).toEqual({ runId: null, status: "pending" });
    const [mail] = await emailsTo(fields.studentEmail as string);
    expect(mail!.subject).toBe(`We received your enrollment request for Python Basics (${res.data!.success!.enrollmentId})`);
    expect(mail!.text).not.toContain("Cairo time");
    const loaded = await callLoader(enrollLoader, { url: `/en/courses/${slug}/enroll`, params: { slug, lang: "en" } });
    expect(loaded.data?.runs).toEqual([]);
  });
});

describe("the enroll page offers the runs", () => {
  it("lists the open upcoming runs soonest first with their seats, and preselects ?run= only for one of them", async () => {
    const later = await makeRun(courseId, { startsAt: new Date(STARTS.getTime() + 14 * 86_400_000), capacity: 1 });
    const first = await makeRun(courseId, { startsAt: STARTS });
    await database.db.execute(sql`update course_runs set schedule = 'Sun and Wed' where id = ${first.id}`);
    await makeRun(courseId, { startsAt: STARTS, status: "closed" });
    const foreign = await makeRun(otherCourseId, { startsAt: STARTS });
    await makeEnrollment({ courseId, runId: later.id, status: "approved" });

    const plain = await callLoader(enrollLoader, { url: `/en/courses/${slug}/enroll`, params: { slug, lang: "en" } });
    expect(plain.data?.runs.map((r) => [r.id, r.full])).toEqual([
      [first.id, false],
      [later.id, true],
    ]);
    expect(plain.data?.runId).toBeUndefined();
    expect(plain.data?.runs[0]).toEqual({
      id: first.id,
      date: "Tue, July 16, 2030",
      time: "7:00 PM Cairo time",
      schedule: "Sun and Wed",
      mode: "Live online",
      location: "",
      // The course's price, as the run has none of its own (issue 37 item 1).
      price: formatPrice(900, "en"),
      full: false,
    });
    const chosen = await callLoader(enrollLoader, { url: `/ar/courses/${slug}/enroll?run=${later.id}`, params: { slug, lang: "ar" } });
    expect(chosen.data?.runId).toBe(later.id);
    // In the page's language, Western digits; a run's schedule in the other language when it has only that.
    expect(chosen.data?.runs[0]).toMatchObject({ date: "الثلاثاء، 16 يوليو 2030", time: "7:00 م بتوقيت القاهرة", schedule: "Sun and Wed", mode: "أونلاين مباشر" });
    for (const bad of [foreign.id, "not-a-uuid", ""]) {
      const res = await callLoader(enrollLoader, { url: `/en/courses/${slug}/enroll?run=${encodeURIComponent(bad)}`, params: { slug, lang: "en" } });
      expect(res.status).toBe(200);
      expect(res.data?.runId).toBeUndefined();
    }
  });
});
