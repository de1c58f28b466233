// The student's profile (issue 38 item 5) on PGlite and PostgreSQL (TEST_DB=pg), through its route as the
// browser posts it: only a signed-in student reaches it; it starts from the latest request; names are
// checked by script (Latin for English, Arabic for Arabic), the phone is read as the enrollment form reads
// it and kept in E.164; a new language moves the open requests and rewrites the waiting reminders in it;
// reminders off withdraws them and the senders queue none, on again brings them back; refusals change
// nothing; saving is audited without the values.
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, emailOutbox, enrollments, student } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { enrollmentRef, RUN_REMINDER_KIND } from "~/domain/enrollments/email-refs.ts";
import { setEnrollmentStatus } from "~/features/enrollments/enrollment-decisions.server.ts";
import { PAYMENT_REMINDER_KIND } from "~/domain/payments/holds.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { action as profileAction, loader as profileLoader } from "~/routes/site/my-profile.tsx";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeRun } from "../setup/factories.ts";
import { approvedRequest } from "../setup/requests.ts";
import { callAction, callLoader } from "../setup/route-call.ts";
import { studentCookie } from "../setup/students.ts";

const database = setUpTestDatabase();
let admin: Actor;
let courseId: string;
let runId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Excel", slug: "excel", isPublished: true, price: 1500 })).id;
  runId = (await makeRun(courseId, { price: 1200, capacity: 10, startsAt: new Date(Date.now() + 30 * 24 * 3600_000) })).id;
});

const VALID = { intent: "profile", nameEn: "Laila Mahmoud Hassan", nameAr: "ليلى محمود حسن", phone: "010 1234 5678", locale: "ar", reminders: "on" };
const view = (cookie?: string, lang: "en" | "ar" = "en") =>
  callLoader(profileLoader, { url: `/${lang}/my/profile`, params: { lang }, ...(cookie ? { headers: { Cookie: cookie } } : {}) });
const save = (form: Record<string, string | string[]>, cookie?: string) =>
  callAction(profileAction, { url: "/en/my/profile", form, params: { lang: "en" }, ...(cookie ? { headers: { Cookie: cookie } } : {}) });
const reminders = (kind: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
const rowOf = async (email: string) => (await database.db.select().from(student).where(eq(student.email, email)))[0]!;

describe("the student's profile", () => {
  it("is only for a signed-in student: the page offers anyone else the sign-in form, a post sends them to sign in, and nothing is saved", async () => {
    const page = await view();
    expect(page.status).toBe(200);
    expect(page.data!.profile).toBeNull();
    const post = await save(VALID);
    expect(post.status).toBe(303);
    expect(post.response!.headers.get("Location")).toBe("/en/my");
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "student.profile.update"))).toHaveLength(0);
  });

  it("starts from the latest request, saves names, phone (E.164), language and reminders; the open requests and their waiting reminders move to the language", async () => {
    const seat = await approvedRequest(admin, { courseId, runId, name: "ليلى محمود", locale: "en" });
    const cookie = await studentCookie(seat.email);
    const before = (await view(cookie)).data!.profile;
    expect(before).toMatchObject({ nameAr: "ليلى محمود", nameEn: "", phone: "+20 10 1234 5678", locale: "en", reminders: true, fromRequest: true });
    expect((await reminders(RUN_REMINDER_KIND)).map((m) => m.subject)).toEqual([expect.not.stringMatching(/[\u0600-\u06FF]/)]);

    const res = await save(VALID, cookie);
    expect(res.status).toBe(303);
    expect(res.response!.headers.get("Location")).toBe("/en/my/profile?saved=1");
    const row = await rowOf(seat.email);
    expect(row).toMatchObject({ nameEn: "Laila Mahmoud Hassan", nameAr: "ليلى محمود حسن", phone: "+201012345678", locale: "ar", reminders: true });
    expect((await database.db.select({ locale: enrollments.locale }).from(enrollments).where(eq(enrollments.id, seat.id)))[0]!.locale).toBe("ar");
    // The reminders waiting were written again in Arabic; the English ones withdrawn.
    const run = await reminders(RUN_REMINDER_KIND);
    expect(run.filter((m) => m.status === "pending").map((m) => m.subject)).toEqual([expect.stringMatching(/[\u0600-\u06FF]/)]);
    expect(run.filter((m) => m.status === "cancelled")).toHaveLength(1);
    const pay = await reminders(PAYMENT_REMINDER_KIND);
    expect(pay.filter((m) => m.status === "pending").map((m) => m.textBody)).toEqual([expect.stringContaining("بتوقيت القاهرة")]);
    const after = (await view(cookie)).data!;
    expect(after.saved).toBe(false);
    expect(after.profile).toMatchObject({ nameEn: "Laila Mahmoud Hassan", phone: "+20 10 1234 5678", locale: "ar", fromRequest: false });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "student.profile.update"));
    expect(entry!.data).toEqual({ changed: ["nameEn", "nameAr", "phone", "locale"], by: "student" });
    expect(JSON.stringify(entry)).not.toContain("Laila");
  });

  it("refuses a name in the wrong script, a bad phone, a language we do not have, repeated and huge fields, with the reason beside each field; nothing changes", async () => {
    const seat = await approvedRequest(admin, { courseId, runId });
    const cookie = await studentCookie(seat.email);
    const cases: [Record<string, string | string[]>, string, string][] = [
      [{ ...VALID, nameEn: "ليلى" }, "nameEn", "my.profile.errors.nameEn"],
      [{ ...VALID, nameAr: "Laila" }, "nameAr", "my.profile.errors.nameAr"],
      [{ ...VALID, nameEn: "Laila\nhttp://evil.example" }, "nameEn", "my.profile.errors.nameEn"],
      [{ ...VALID, nameEn: "L".repeat(5000) }, "nameEn", "my.profile.errors.tooLong"],
      [{ ...VALID, phone: "12" }, "phone", "my.profile.errors.phone"],
      [{ ...VALID, locale: "fr" }, "locale", "my.profile.errors.locale"],
      [{ ...VALID, nameEn: ["Laila", "Mona"] }, "nameEn", "my.profile.errors.nameEn"],
    ];
    for (const [form, field, key] of cases) {
      const res = await save(form, cookie);
      expect(res.status, field).toBe(400);
      expect(res.data!.result!.error![field], JSON.stringify(form).slice(0, 80)).toEqual([expect.stringMatching(/^my\.profile\.errors\./)]);
      if (!Array.isArray(form[field])) expect(res.data!.result!.error![field]).toEqual([key]);
    }
    expect(await rowOf(seat.email)).toMatchObject({ nameEn: null, nameAr: null, phone: null, locale: null, reminders: true });
  });

  it("reminders off withdraws the waiting ones and no sender queues more; on again brings back those still due", async () => {
    const seat = await approvedRequest(admin, { courseId, runId });
    const cookie = await studentCookie(seat.email);
    const pendingOf = async (kind: string) => (await reminders(kind)).filter((m) => m.status === "pending");
    expect(await pendingOf(RUN_REMINDER_KIND)).toHaveLength(1);
    expect(await pendingOf(PAYMENT_REMINDER_KIND)).toHaveLength(1);
    // The checkbox unticked: the browser sends no `reminders` field.
    const off = { intent: "profile", nameEn: "Mona Adel", locale: "en" };
    const saved = await save(off, cookie);
    expect(saved.status, JSON.stringify(saved.data?.result?.error)).toBe(303);
    expect((await rowOf(seat.email)).reminders).toBe(false);
    expect(await pendingOf(RUN_REMINDER_KIND)).toHaveLength(0);
    expect(await pendingOf(PAYMENT_REMINDER_KIND)).toHaveLength(0);
    // A second request of the same email approved meanwhile: no reminder is queued for it.
    const second = await makeEnrollment({ courseId, courseName: "Excel", runId, studentEmail: seat.email.toUpperCase() });
    await setEnrollmentStatus(admin, [second.id], "approved");
    expect(await pendingOf(RUN_REMINDER_KIND)).toHaveLength(0);
    expect(await pendingOf(PAYMENT_REMINDER_KIND)).toHaveLength(0);
    // On again: both approved requests get their run reminder, both held seats their payment reminder.
    expect((await save({ ...off, reminders: "on" }, cookie)).status).toBe(303);
    expect((await pendingOf(RUN_REMINDER_KIND)).map((m) => m.ref).sort()).toEqual([enrollmentRef(seat.id), enrollmentRef(second.id)].sort());
    expect((await pendingOf(PAYMENT_REMINDER_KIND)).map((m) => m.ref).sort()).toEqual([enrollmentRef(seat.id), enrollmentRef(second.id)].sort());
    const audits = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "student.profile.update"), eq(auditLog.entity, "student")));
    expect(audits.map((a) => (a.data as { changed: string[] }).changed)).toEqual([["nameEn", "locale", "reminders"], ["reminders"]]);
  });
});
