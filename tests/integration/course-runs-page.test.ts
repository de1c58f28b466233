// Issue 20 points 2 and 7, the course page's start dates on a real database (PGlite; TEST_DB=pg for
// PostgreSQL): the loader lists the course's upcoming open runs only (never past, closed, cancelled or
// another course's), soonest first; the page, rendered as the route renders it with the root's data, shows
// the date, Cairo time, schedule (page language, else the other), mode and place, a differing price,
// "N seats left" only from the Settings threshold (default 5, 0 never), "Full — waiting list", and "Choose
// this date" links to the enroll page with the run; the JSON-LD has the runs; a course without runs shows
// "Contact us for the next start date" only when Settings says so; the sitemap's lastmod follows runs.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseRuns, courses, siteSettings } from "@db/schema/index.ts";
import { DEFAULT_SITE_SETTINGS } from "@db/seed/demo-data.ts";
import { deleteRun } from "~/features/courses/course-runs-admin.server.ts";
import { getSiteSettingsForm } from "~/features/settings/settings-admin.server.ts";
import { getPublicSettings } from "~/features/settings/settings.server.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { action as settingsAction } from "~/routes/admin/settings.tsx";
import { loader as sitemapLoader } from "~/routes/api/sitemap.ts";
import CourseRoute, { loader as courseLoader } from "~/routes/site/course.tsx";
import { createAdmin, createManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeInstructor, makeRun } from "../setup/factories.ts";
import { ARABIC, i18n } from "../setup/i18n.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

const DAY = 24 * 60 * 60 * 1000;
let admin: Actor;

const database = setUpTestDatabase();

interface Fixture {
  course: { id: string; slug: string };
  other: { id: string; slug: string };
  bare: { id: string; slug: string };
  /** Upcoming open runs of `course`, soonest first. */
  soon: string;
  full: string;
  onSite: string;
  hidden: string[];
}
let f: Fixture;

beforeEach(async () => {
  await resetDatabase(database.db);
  for (const [key, value] of Object.entries(DEFAULT_SITE_SETTINGS)) await database.db.insert(siteSettings).values({ key, value });
  admin = await createAdmin({ ip: "198.51.100.20" });
  const teacher = await makeInstructor({ name: "Mona Adel", nameAr: "منى عادل" });
  const course = await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true, price: 2800, priceVisible: true });
  const other = await makeCourse({ title: "Other", slug: "other", isPublished: true });
  const bare = await makeCourse({ title: "No Dates", slug: "no-dates", isPublished: true });
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  // Upcoming and open: 10 seats with 7 approved (3 left), then a full one, then an on-site one with its
  // own price and instructor and only an English schedule.
  const soon = await makeRun(course.id, {
    startsAt: at(12),
    endsAt: at(54),
    capacity: 10,
    schedule: "Tuesdays, 7 – 11 pm",
    scheduleAr: "أيام الثلاثاء، من 7 إلى 11 مساءً",
    sessionMinutes: 240,
    repeatFrequency: "weekly",
    repeatCount: 7,
  });
  const full = await makeRun(course.id, { startsAt: at(30), capacity: 2, schedule: "Sundays", scheduleAr: "أيام الأحد" });
  const onSite = await makeRun(course.id, {
    startsAt: at(45),
    mode: "on_site",
    location: "Nasr City, Cairo",
    locationAr: "مدينة نصر، القاهرة",
    price: 2500,
    instructorId: teacher.id,
    schedule: "Six days in a row",
  });
  for (let i = 0; i < 7; i++) await makeEnrollment({ courseId: course.id, courseName: "Data Analysis", runId: soon.id, status: "approved" });
  // Pending, rejected and waiting requests take no seat.
  await makeEnrollment({ courseId: course.id, courseName: "Data Analysis", runId: soon.id, status: "pending" });
  await makeEnrollment({ courseId: course.id, courseName: "Data Analysis", runId: soon.id, status: "rejected" });
  for (let i = 0; i < 2; i++) await makeEnrollment({ courseId: course.id, courseName: "Data Analysis", runId: full.id, status: "approved" });
  await makeEnrollment({ courseId: course.id, courseName: "Data Analysis", runId: full.id, status: "waiting" });
  // Never listed: past, closed, cancelled, and another course's.
  const past = await makeRun(course.id, { startsAt: at(-3), schedule: "PAST-RUN" });
  const closed = await makeRun(course.id, { startsAt: at(20), status: "closed", schedule: "CLOSED-RUN" });
  const cancelled = await makeRun(course.id, { startsAt: at(25), status: "cancelled", schedule: "CANCELLED-RUN" });
  const others = await makeRun(other.id, { startsAt: at(15), schedule: "OTHER-COURSE-RUN" });
  f = { course, other, bare, soon: soon.id, full: full.id, onSite: onSite.id, hidden: [past.id, closed.id, cancelled.id, others.id] };
});

async function load(slug: string, lang: Locale) {
  const res = await callLoader(courseLoader, { url: `/${lang}/courses/${slug}`, params: { lang, slug } });
  expect(res.status).toBe(200);
  return res.data!;
}

/** The course page as the route renders it (with the root's data), as HTML and as text. */
async function page(slug: string, lang: Locale): Promise<{ html: string; text: string; data: Awaited<ReturnType<typeof load>> }> {
  const data = await load(slug, lang);
  const settings = await getPublicSettings();
  await i18n.changeLanguage(lang);
  const root = { locale: lang, settings, brand: "Nile Academy", origin: "https://academy.example", categories: [] };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      children: [{ id: "routes/site/course", path: ":lang/courses/:slug", Component: CourseRoute as never }],
    },
  ]);
  const html = renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(Stub, {
        initialEntries: [`/${lang}/courses/${slug}`],
        hydrationData: { loaderData: { root, "routes/site/course": data } },
      }),
    ),
  );
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
  return { html, text, data };
}

function jsonLd(html: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, unknown>;
}

const formWith = async (over: Record<string, string>) => {
  const values = await getSiteSettingsForm(admin);
  const form: Record<string, string> = { intent: "save" };
  for (const [k, v] of Object.entries(values)) if (typeof v !== "boolean") form[k] = String(v);
  // A ticked box posts "on"; an unticked one posts nothing.
  if (values.twoFactorRequired) form.twoFactorRequired = "on";
  if (values.contactWhenNoRuns) form.contactWhenNoRuns = "on";
  return { ...form, ...over };
};
const save = async (over: Record<string, string>, drop: string[] = []) => {
  const form = await formWith(over);
  for (const key of drop) delete form[key];
  return callAction(settingsAction, { url: "/admin/settings", form, actor: admin });
};

describe("the course page's upcoming start dates", () => {
  it("lists the course's upcoming open runs only, soonest first, with their seats", async () => {
    const { runs, runSettings } = await load(f.course.slug, "en");
    expect(runs.map((r) => r.id)).toEqual([f.soon, f.full, f.onSite]);
    for (const id of f.hidden) expect(runs.map((r) => r.id)).not.toContain(id);
    expect(runs[0]).toMatchObject({ capacity: 10, approved: 7, seatsLeft: 3, full: false });
    expect(runs[1]).toMatchObject({ capacity: 2, approved: 2, seatsLeft: 0, full: true });
    expect(runs[2]).toMatchObject({ capacity: null, seatsLeft: null, full: false, price: 2500 });
    expect(runSettings).toEqual({ seatsLeftFrom: 5, contactWhenNoRuns: false });
    expect((await load(f.other.slug, "en")).runs).toHaveLength(1);
    expect((await load(f.bare.slug, "en")).runs).toEqual([]);
  });

  it("shows each run's date, Cairo time, schedule, mode, place, own price and instructor, seats left and full (en)", async () => {
    const { html, text, data } = await page(f.course.slug, "en");
    const [soon, full, onSite] = data.runs;
    expect(text).toContain("Upcoming start dates");
    for (const run of data.runs) {
      expect(text).toContain(formatRunMoment(run.startsAt, "en", "date"));
      expect(text).toContain(`${formatRunMoment(run.startsAt, "en", "time")} (Cairo time)`);
    }
    expect(text).toContain("Tuesdays, 7 – 11 pm");
    expect(text).toContain("Live online");
    expect(text).toContain("On-site · Nasr City, Cairo");
    expect(text).toContain("With \u2068Mona Adel\u2069");
    // The on-site run's price differs from the course's 2,800; the others say nothing about price.
    expect(text.match(/Price for this date/g)).toHaveLength(1);
    expect(text).toMatch(/Price for this date: \u2068EGP\s2,500\u2069/);
    expect(text).toContain("3 seats left");
    expect(text).toContain("Full — waiting list");
    expect(text).toContain(`Next start: ${formatRunMoment(soon!.startsAt, "en", "short")}`);
    // Hidden runs never appear.
    for (const marker of ["PAST-RUN", "CLOSED-RUN", "CANCELLED-RUN", "OTHER-COURSE-RUN"]) expect(html).not.toContain(marker);
    // "Choose this date" without JavaScript: the enroll page with the run, in the page's language.
    expect(html).toContain(`href="/en/courses/data-analysis/enroll?run=${soon!.id}"`);
    expect(html).toContain(`href="/en/courses/data-analysis/enroll?run=${onSite!.id}"`);
    expect(html).toContain(`href="/en/courses/data-analysis/enroll?run=${full!.id}"`);
    expect(text.match(/Choose this date/g)).toHaveLength(2);
    expect(text).toContain("Join the waiting list");
    // The schedule is isolated for its own direction.
    expect(html).toMatch(/<p dir="auto"[^>]*>Tuesdays, 7 – 11 pm<\/p>/);
  });

  it("speaks Arabic on the Arabic page, with the English schedule as the fallback, isolated (ar)", async () => {
    const { html, text, data } = await page(f.course.slug, "ar");
    expect(text).toContain("مواعيد البدء القادمة");
    expect(text).toContain("أيام الثلاثاء، من 7 إلى 11 مساءً");
    // Only an English schedule: shown as it is, in its own direction.
    expect(html).toMatch(/<p dir="auto"[^>]*>Six days in a row<\/p>/);
    expect(text).toContain("حضوري · مدينة نصر، القاهرة");
    expect(text).toContain("مع \u2068منى عادل\u2069");
    expect(text).toContain("بقيت 3 مقاعد");
    expect(text).toContain("مكتمل — قائمة الانتظار");
    expect(text).toContain("بتوقيت القاهرة");
    expect(text).toContain(formatRunMoment(data.runs[0]!.startsAt, "ar", "date"));
    // Western digits (D26).
    expect(text).not.toMatch(/[\u0660-\u0669]/);
    expect(html).toContain(`href="/ar/courses/data-analysis/enroll?run=${data.runs[0]!.id}"`);
  });

  it("puts every upcoming run in the JSON-LD as a CourseInstance with its start in Cairo time", async () => {
    const { html, data } = await page(f.course.slug, "en");
    const ld = jsonLd(html);
    const instances = ld.hasCourseInstance as Record<string, unknown>[];
    expect(instances).toHaveLength(3);
    expect(instances.map((i) => i.courseMode)).toEqual(["Online", "Online", "Onsite"]);
    for (const [i, run] of data.runs.entries()) {
      // To the minute, as staff enter it.
      expect(new Date(instances[i]!.startDate as string).getTime()).toBe(Math.floor(new Date(run.startsAt).getTime() / 60_000) * 60_000);
      expect(instances[i]!.startDate).toMatch(/\+0[23]:00$/);
    }
    expect(instances[0]!.courseSchedule).toMatchObject({ duration: "PT4H", repeatFrequency: "Weekly", repeatCount: 7 });
    expect(instances[1]!.offers).toMatchObject({ price: 2800, availability: "https://schema.org/SoldOut" });
    expect(instances[2]).toMatchObject({ location: { "@type": "Place", name: "Nasr City, Cairo" }, instructor: { name: "Mona Adel" }, offers: { price: 2500 } });
  });

  it("never sends a run's price when the course hides its price", async () => {
    await database.db.update(courses).set({ priceVisible: false }).where(eq(courses.id, f.course.id));
    const { html, text, data } = await page(f.course.slug, "en");
    expect(data.runs.map((r) => r.price)).toEqual([null, null, null]);
    expect(text).not.toContain("Price for this date");
    expect(html).not.toContain("2500");
    expect(html).not.toContain("2,500");
  });
});

describe("the seats-left threshold (Settings)", () => {
  it("shows '3 seats left' from the default 5, hides it at 2, never at 0, and reads Arabic-Indic digits", async () => {
    expect((await page(f.course.slug, "en")).text).toContain("3 seats left");

    expect(await save({ seatsLeftFrom: "2" })).toMatchObject({ status: 200, data: { ok: true } });
    let text = (await page(f.course.slug, "en")).text;
    expect(text).not.toMatch(/seats? left/);
    // A full run says so whatever the threshold.
    expect(text).toContain("Full — waiting list");

    expect(await save({ seatsLeftFrom: "٣" })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await page(f.course.slug, "en")).text).toContain("3 seats left");

    expect(await save({ seatsLeftFrom: "0" })).toMatchObject({ status: 200, data: { ok: true } });
    text = (await page(f.course.slug, "en")).text;
    expect(text).not.toMatch(/seats? left/);
    expect((await page(f.course.slug, "ar")).text).not.toContain("مقاعد");
    expect((await getSiteSettingsForm(admin)).seatsLeftFrom).toBe(0);
  });

  it("keeps the cards' threshold and the About figures while saving it (same settings row)", async () => {
    await save({ seatsLeftFrom: "7", enrolledCountFrom: "25", students: "5000" });
    expect(await getSiteSettingsForm(admin)).toMatchObject({ seatsLeftFrom: 7, enrolledCountFrom: 25, students: 5000, contactWhenNoRuns: false });
  });

  it.each([["-1"], ["2.5"], ["many"], ["10001"]])("refuses %s with a translated 400, changing nothing", async (value) => {
    const before = await getSiteSettingsForm(admin);
    const res = await save({ seatsLeftFrom: value });
    expect(res.status).toBe(400);
    const key = (res.data as { result?: { error?: Record<string, string[]> } }).result?.error?.seatsLeftFrom?.[0];
    expect(key).toMatch(/^settings\.errors\.seatsLeftFrom(Invalid|TooLarge)$/);
    expect(i18n.getFixedT("en")(key!)).toMatch(/number/);
    expect(i18n.getFixedT("ar")(key!)).toMatch(ARABIC);
    expect(await getSiteSettingsForm(admin)).toEqual(before);
  });
});

describe("'Contact us for the next start date' (Settings)", () => {
  it("is off by default: a course without runs keeps today's page", async () => {
    const { text, html } = await page(f.bare.slug, "en");
    expect(text).not.toContain("Contact us for the next start date");
    expect(text).not.toContain("Upcoming start dates");
    expect(text).not.toContain("Next start");
    // One instance without dates, as before runs.
    expect(jsonLd(html).hasCourseInstance).toMatchObject({ "@type": "CourseInstance", courseMode: "Online" });
  });

  it("when on, a course without runs links to the contact page in the page's language; a course with runs does not", async () => {
    expect(await save({ contactWhenNoRuns: "on" })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await load(f.bare.slug, "en")).runSettings.contactWhenNoRuns).toBe(true);
    const en = await page(f.bare.slug, "en");
    expect(en.text).toContain("Contact us for the next start date");
    expect(en.html).toMatch(/<a[^>]*href="\/en\/contact"[^>]*>Contact us for the next start date<\/a>/);
    const ar = await page(f.bare.slug, "ar");
    expect(ar.html).toMatch(/<a[^>]*href="\/ar\/contact"[^>]*>تواصل معنا لمعرفة موعد البدء القادم<\/a>/);
    expect((await page(f.course.slug, "en")).text).not.toContain("Contact us for the next start date");

    // Unticked (the box posts nothing): off again.
    expect(await save({}, ["contactWhenNoRuns"])).toMatchObject({ status: 200, data: { ok: true } });
    expect((await page(f.bare.slug, "en")).text).not.toContain("Contact us for the next start date");
  });

  it("a manager without settings:edit cannot change either setting (403)", async () => {
    const manager = await createManager(admin, "courses@example.com", ["courses:edit", "courses:view"], { ip: "198.51.100.21" });
    const res = await callAction(settingsAction, { url: "/admin/settings", form: await formWith({ seatsLeftFrom: "1", contactWhenNoRuns: "on" }), actor: manager });
    expect(res.status).toBe(403);
    expect(await getSiteSettingsForm(admin)).toMatchObject({ seatsLeftFrom: 5, contactWhenNoRuns: false });
  });
});

describe("sitemap lastmod", () => {
  async function lastmod(slug: string): Promise<string> {
    const res = (await sitemapLoader()) as Response;
    const xml = await res.text();
    const m = new RegExp(`<loc>[^<]*/en/courses/${slug}</loc><lastmod>([^<]+)</lastmod>`).exec(xml);
    expect(m, slug).not.toBeNull();
    return m![1]!;
  }

  it("follows the latest change among the course and its runs", async () => {
    const courseChanged = new Date("2026-01-01T10:00:00Z");
    await database.db.update(courses).set({ updatedAt: courseChanged }).where(eq(courses.id, f.bare.id));
    await database.db.update(courses).set({ updatedAt: courseChanged }).where(eq(courses.id, f.course.id));
    await database.db.update(courseRuns).set({ updatedAt: new Date("2025-12-01T00:00:00Z") }).where(eq(courseRuns.courseId, f.course.id));
    expect(await lastmod(f.bare.slug)).toBe(courseChanged.toISOString());
    expect(await lastmod(f.course.slug)).toBe(courseChanged.toISOString());
    // A run changed later (even a past or cancelled one): the course's page changed.
    const runChanged = new Date("2026-02-03T04:05:06Z");
    await database.db.update(courseRuns).set({ updatedAt: runChanged }).where(eq(courseRuns.id, f.hidden[2]!));
    expect(await lastmod(f.course.slug)).toBe(runChanged.toISOString());
    expect(await lastmod(f.bare.slug)).toBe(courseChanged.toISOString());
  });

  it("moves forward when staff delete a run (the page lost a date; nothing of the run is left to date it)", async () => {
    const old = new Date("2026-01-01T10:00:00Z");
    await database.db.update(courses).set({ updatedAt: old }).where(eq(courses.id, f.course.id));
    await database.db.update(courseRuns).set({ updatedAt: old }).where(eq(courseRuns.courseId, f.course.id));
    expect(await lastmod(f.course.slug)).toBe(old.toISOString());
    const before = Date.now();
    await deleteRun(admin, f.hidden[2]!);
    expect(new Date(await lastmod(f.course.slug)).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
