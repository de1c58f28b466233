// Course cards' enrolled count (issue 19 point 3) on a real database (PGlite; TEST_DB=pg for PostgreSQL):
// the threshold an admin saves in Settings (through the settings action) changes what the catalogue's cards
// show. Cards are rendered as the page renders them, with the public settings the root loader sends:
// with the default 10, courses with 0 or 3 approved enrollments show no count and one with 12 shows
// "12 students enrolled"; with 3 the course with 3 shows its count too; with 0 no card shows a count; a
// zero count never shows. Bad values are refused with a translated 400 and nothing changes.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "@db/seed/demo-data.ts";
import { siteSettings } from "@db/schema/index.ts";
import { CourseCard } from "~/features/catalog/components/course-card.tsx";
import type { CourseCard as CourseCardData } from "~/features/catalog/catalog.server.ts";
import { getSiteSettingsForm } from "~/features/settings/settings-admin.server.ts";
import { getPublicSettings } from "~/features/settings/settings.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { PublicSettings } from "~/lib/site-layout.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { action as settingsAction } from "~/routes/admin/settings.tsx";
import { loader as coursesLoader } from "~/routes/site/courses.tsx";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment } from "../setup/factories.ts";
import { ARABIC, i18n } from "../setup/i18n.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  for (const [key, value] of Object.entries(DEFAULT_SITE_SETTINGS)) {
    await database.db.insert(siteSettings).values({ key, value });
  }
  admin = await createAdmin({ ip: "198.51.100.9" });
  let n = 0;
  for (const [title, approved] of [["Zero", 0], ["Three", 3], ["Twelve", 12]] as const) {
    const course = await makeCourse({ title, slug: title.toLowerCase(), isPublished: true, createdAt: new Date(Date.UTC(2025, 0, 1) + ++n * 60_000) });
    for (let i = 0; i < approved; i++) await makeEnrollment({ courseId: course.id, courseName: title, status: "approved" });
    // Pending and rejected requests are not "enrolled".
    await makeEnrollment({ courseId: course.id, courseName: title, status: "pending" });
    await makeEnrollment({ courseId: course.id, courseName: title, status: "rejected" });
  }
});

/** The current form's values with some changed, as the browser posts them. */
async function formWith(over: Record<string, string>): Promise<Record<string, string>> {
  const values = await getSiteSettingsForm(admin);
  const form: Record<string, string> = { intent: "save" };
  for (const [k, v] of Object.entries(values)) if (typeof v !== "boolean") form[k] = String(v);
  return { ...form, ...over };
}

const save = async (over: Record<string, string>) => callAction(settingsAction, { url: "/admin/settings", form: await formWith(over), actor: admin });

/** The catalogue's cards as a visitor sees them: the loader's courses drawn with the root's public settings. */
async function cardsText(lang: Locale): Promise<Map<string, string>> {
  const page = await callLoader(coursesLoader, { url: `/${lang}/courses`, params: { lang } });
  expect(page.status).toBe(200);
  const courses = page.data!.result.courses as CourseCardData[];
  const settings: PublicSettings = await getPublicSettings();
  await i18n.changeLanguage(lang);
  const out = new Map<string, string>();
  for (const course of courses) {
    const Stub = createRoutesStub([{ id: "root", path: "/", Component: () => createElement(CourseCard, { course, locale: lang }) }]);
    const html = renderToString(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(Stub, { initialEntries: ["/"], hydrationData: { loaderData: { root: { locale: lang, settings } } } }),
      ),
    );
    out.set(course.title, html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
  }
  return out;
}

describe("the enrolled count on course cards", () => {
  it("shows only from the default threshold of 10: 0 and 3 show nothing, 12 shows 12 (en, ar)", async () => {
    expect((await getPublicSettings()).cards).toEqual({ enrolledCountFrom: 10 });
    const en = await cardsText("en");
    expect(en.get("Twelve")).toContain("12 students enrolled");
    expect(en.get("Three")).not.toMatch(/enrolled/);
    expect(en.get("Zero")).not.toMatch(/enrolled|\b0 students/);
    const ar = await cardsText("ar");
    expect(ar.get("Twelve")).toContain(i18n.getFixedT("ar")("courseCard.students", { count: 12 }));
    expect(ar.get("Twelve")).toContain("12");
    expect(ar.get("Three")).not.toContain("مسجّل");
    expect(ar.get("Zero")).not.toContain("مسجّل");
  });

  it("follows the threshold saved in Settings: 3 shows the 3 too, 0 shows no count at all", async () => {
    expect(await save({ enrolledCountFrom: "3" })).toMatchObject({ status: 200, data: { ok: true } });
    let en = await cardsText("en");
    expect(en.get("Three")).toContain("3 students enrolled");
    expect(en.get("Twelve")).toContain("12 students enrolled");
    expect(en.get("Zero")).not.toMatch(/enrolled/);

    // Arabic-Indic digits typed on an Arabic keyboard are read as 0-9 (D26).
    expect(await save({ enrolledCountFrom: "١٣" })).toMatchObject({ status: 200, data: { ok: true } });
    en = await cardsText("en");
    expect(en.get("Twelve")).not.toMatch(/enrolled/);

    expect(await save({ enrolledCountFrom: "0" })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await getPublicSettings()).cards.enrolledCountFrom).toBe(0);
    for (const lang of ["en", "ar"] as const) {
      for (const text of (await cardsText(lang)).values()) expect(text).not.toMatch(/enrolled|مسجّل/);
    }
  });

  it("keeps the About figures while saving the threshold (same settings row)", async () => {
    await save({ enrolledCountFrom: "25", students: "5000" });
    const form = await getSiteSettingsForm(admin);
    expect(form).toMatchObject({ enrolledCountFrom: 25, students: 5000 });
  });

  it.each([["-1"], ["2.5"], ["many"], ["100001"]])("refuses %s with a translated 400, changing nothing", async (value) => {
    const before = await getPublicSettings();
    const res = await save({ enrolledCountFrom: value });
    expect(res.status).toBe(400);
    const key = (res.data as { result?: { error?: Record<string, string[]> } }).result?.error?.enrolledCountFrom?.[0];
    expect(key).toMatch(/^settings\.errors\.enrolledCountFrom(Invalid|TooLarge)$/);
    expect(i18n.getFixedT("en")(key!)).toMatch(/number/);
    expect(i18n.getFixedT("ar")(key!)).toMatch(ARABIC);
    expect(await getPublicSettings()).toEqual(before);
  });
});
