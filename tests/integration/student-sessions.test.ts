// A confirmed seat's sessions (issue 38 item 3) on PGlite and PostgreSQL (TEST_DB=pg): none before the seat
// is confirmed (pending, or approved with money owed); once confirmed, each session in Cairo time on the
// student's page with the live run's joining link, and the same sessions as an iCalendar file, parsed here
// with ical.js: a weekly 8 pm class is 8 pm in Cairo before and after summer time starts. The joining link
// is in no public page's data. A run whose days are only in words gets no invented list.
import ICAL from "ical.js";
import { beforeEach, describe, expect, it } from "vitest";
import { seedDefaults } from "@db/seed/demo.ts";
import { enrollmentPagePath } from "~/domain/enrollments/enrollment-link.server.ts";
import { recordPayment } from "~/domain/payments/ledger.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { loader as calendarLoader } from "~/routes/site/enrollment-calendar.ts";
import { loader as pageLoader } from "~/routes/site/enrollment.tsx";
import { loader as courseLoader } from "~/routes/site/course.tsx";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeRun } from "../setup/factories.ts";
import { and, eq } from "drizzle-orm";
import { emailOutbox } from "@db/schema/index.ts";
import { enrollmentRef, RUN_REMINDER_KIND } from "~/domain/enrollments/email-refs.ts";
import { updateRun } from "~/features/courses/course-runs-admin.server.ts";
import { approvedRequest } from "../setup/requests.ts";
import { callLoader } from "../setup/route-call.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";

const JOIN = "https://meet.example.com/nile-data-analysis-7731";
const database = setUpTestDatabase();
let admin: Actor;
let courseId: string;
let runId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  await resetRateLimits();
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true, price: 1500 })).id;
  // Thursday 22 April 2027, 20:00 in Cairo (UTC+2); summer time starts on Friday 30 April.
  runId = (await makeRun(courseId, { startsAt: new Date("2027-04-22T18:00:00Z"), sessionMinutes: 90, repeatFrequency: "weekly", repeatCount: 3, mode: "live_online", joinUrl: JOIN })).id;
});

const page = (reference: string, lang: "en" | "ar" = "en") => callLoader(pageLoader, { url: enrollmentPagePath(lang, reference), params: { lang, reference } });
const calendar = (reference: string) => callLoader(calendarLoader, { url: enrollmentPagePath("en", reference).replace("?", "/calendar.ics?"), params: { lang: "en", reference } });

describe("a confirmed seat's sessions", () => {
  it("are shown and downloadable only once the seat is paid in full, at 8 pm Cairo time on both sides of summer time", async () => {
    const { reference, id } = await approvedRequest(admin, { courseId, runId });
    // Approved, money owed: no sessions, no joining link, no calendar.
    const held = await page(reference);
    expect(held.data!.enrollment.sessions).toBeNull();
    expect(JSON.stringify(held.data)).not.toContain(JOIN);
    expect((await calendar(reference)).status).toBe(404);

    await recordPayment(admin, id, { amountPiastres: 150000, method: "instapay", reference: "IPN-1" });
    const confirmed = await page(reference);
    expect(confirmed.data!.enrollment.sessions).toEqual({
      list: [
        { number: 1, startsAt: "2027-04-22T18:00:00.000Z", endsAt: "2027-04-22T19:30:00.000Z" },
        { number: 2, startsAt: "2027-04-29T18:00:00.000Z", endsAt: "2027-04-29T19:30:00.000Z" },
        { number: 3, startsAt: "2027-05-06T17:00:00.000Z", endsAt: "2027-05-06T18:30:00.000Z" },
      ],
      joinUrl: JOIN,
    });

    const res = await calendar(reference);
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.response!.headers.get("Cache-Control")).toBe("private, no-store");
    const vcalendar = new ICAL.Component(ICAL.parse(await res.response!.text()));
    const events = vcalendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(3);
    const cairo = (d: Date) => new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Cairo", weekday: "long", hour: "2-digit", minute: "2-digit", hour12: false }).format(d);
    expect(events.map((e) => cairo(e.startDate.toJSDate()))).toEqual(["Thursday 20:00", "Thursday 20:00", "Thursday 20:00"]);
    expect(events.map((e) => e.endDate.toJSDate().getTime() - e.startDate.toJSDate().getTime())).toEqual([90, 90, 90].map((m) => m * 60_000));
    expect(new Set(events.map((e) => e.uid)).size).toBe(3);
    expect(events[0]!.summary).toBe("Data Analysis — session 1");
    expect(events[0]!.description).toContain(JOIN);
  });

  it("keep the joining link out of the public pages, and out of a wrong link's answer", async () => {
    const { reference, id } = await approvedRequest(admin, { courseId, runId });
    await recordPayment(admin, id, { amountPiastres: 150000, method: "instapay", reference: "IPN-2" });
    const course = await callLoader(courseLoader, { url: "/en/courses/data-analysis", params: { lang: "en", slug: "data-analysis" } });
    expect(course.status).toBe(200);
    expect(JSON.stringify(course.data)).toContain("2027-04-22");
    expect(JSON.stringify(course.data)).not.toContain(JOIN);
    const wrong = await callLoader(calendarLoader, { url: `/en/enrollment/${reference}/calendar.ics?t=${"A".repeat(22)}`, params: { lang: "en", reference } });
    expect(wrong.status).toBe(404);
  });

  it("make up no list for a run over weeks whose days are only in words: the joining link, no calendar", async () => {
    const free = (await makeCourse({ title: "Speaking Club", slug: "speaking-club", isPublished: true, price: 0 })).id;
    const words = (await makeRun(free, { startsAt: new Date("2027-03-01T18:00:00Z"), endsAt: new Date("2027-04-30T18:00:00Z"), schedule: "Mondays and Wednesdays, 8 pm", mode: "live_online", joinUrl: JOIN })).id;
    const { reference } = await approvedRequest(admin, { courseId: free, runId: words });
    expect((await page(reference)).data!.enrollment.sessions).toEqual({ list: [], joinUrl: JOIN });
    expect((await calendar(reference)).status).toBe(404);
  });

  it("put the joining link in the run reminder only once the seat is confirmed, and again when staff change it", async () => {
    const { id } = await approvedRequest(admin, { courseId, runId });
    const pendingFor = async (enrollmentId: string) =>
      (await database.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, RUN_REMINDER_KIND), eq(emailOutbox.ref, enrollmentRef(enrollmentId))))).filter(
        (m) => m.status === "pending",
      );
    const [held] = await pendingFor(id);
    expect(held!.textBody).not.toContain(JOIN);
    expect(held!.htmlBody).not.toContain(JOIN);
    await recordPayment(admin, id, { amountPiastres: 150000, method: "instapay", reference: "IPN-2" });
    const [paid] = await pendingFor(id);
    expect(paid!.textBody).toContain(JOIN);
    expect(paid!.htmlBody).toContain(JOIN);
    // Staff give the run a new link: the waiting reminder is written again with it.
    const NEW = "https://meet.example.com/nile-data-analysis-9902";
    await updateRun(admin, runId, { startsAt: "2027-04-22T20:00", mode: "live_online", sessionMinutes: 90, repeatFrequency: "weekly", repeatCount: 3, joinUrl: NEW });
    const moved = await pendingFor(id);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.textBody).toContain(NEW);
    expect(moved[0]!.textBody).not.toContain(JOIN);
    // A seat still held gets its reminder, without the link.
    const other = await approvedRequest(admin, { courseId, runId });
    const [theirs] = await pendingFor(other.id);
    expect(theirs!.textBody).not.toContain(NEW);
    expect((await page(other.reference)).data!.enrollment.sessions).toBeNull();
  });

  it("no longer show the joining link once the run is over (the sessions stay)", async () => {
    const free = (await makeCourse({ title: "Intro", slug: "intro", isPublished: true, price: 0 })).id;
    const past = (await makeRun(free, { startsAt: new Date(Date.now() - 30 * 24 * 3600_000), sessionMinutes: 60, repeatFrequency: "weekly", repeatCount: 2, mode: "live_online", joinUrl: JOIN })).id;
    const row = await makeEnrollment({ courseId: free, courseName: "Intro", runId: past, status: "approved" });
    const sessions = (await page(row.enrollmentId)).data!.enrollment.sessions!;
    expect(sessions.list).toHaveLength(2);
    expect(sessions.joinUrl).toBeNull();
  });
});
