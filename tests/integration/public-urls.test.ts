// Issue 34 item 8, "made-up URLs fill the page cache", and paths without a language that rendered the home
// page, on PGlite and PostgreSQL (TEST_DB=pg). Every request goes as the server sends it: the page cache's
// look-up, then React Router's static handler over app/routes.ts with the real root middleware and route
// modules (tests/setup/app-request.ts). What is checked is what a visitor and the cache get:
// - a category or subcategory that names none is our 404, in the page's language, and never stored;
// - another spelling of a public URL (percent-escapes a slug never needs, upper case) answers 301 to the one
//   spelling, keeping the language and the other parameters, and is never stored nor answered from a copy;
// - the canonical URLs are stored, once each.
import { beforeEach, describe, expect, it } from "vitest";
import { contentChanged } from "~/lib/content-version.server.ts";
import { clearPublicCache, publicCacheSize, publicPageKey } from "~/lib/public-cache.server.ts";
import { instanceOf } from "~/middleware/i18next.server.ts";
import { requestPage } from "../setup/app-request.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse, makeSubcategory } from "../setup/factories.ts";

const database = setUpTestDatabase();

const SLUG = "python-programming-basics";
beforeEach(async () => {
  await resetDatabase(database.db);
  clearPublicCache();
  const tech = await makeCategory({ name: "Technology", nameAr: "التكنولوجيا", slug: "technology" });
  await makeCategory({ name: "Business", nameAr: "الأعمال", slug: "business" });
  const web = await makeSubcategory(tech.id, { name: "Web Development", nameAr: "تطوير الويب", slug: "web-development" });
  await makeCourse({ title: "Python Programming Basics", slug: SLUG, isPublished: true, categoryId: tech.id, subcategoryId: web.id });
  // Seeded behind the app's back: announced, so no layout kept from the last test serves.
  await contentChanged();
});

const LANGS = ["en", "ar"] as const;
const notFoundTitle = (lang: string) => instanceOf(lang).t("errors.notFoundTitle");

describe("catalogue filters that name no category", () => {
  it.each(LANGS)("an unknown category or subcategory is our 404 in the page's language, and nothing is stored (%s)", async (lang) => {
    for (const query of [
      "category=nope",
      "subcategory=nope",
      // A known category with a subcategory that does not exist.
      "category=technology&subcategory=nope",
      // Not even a slug: no category has that name either.
      "category=caf%C3%A9",
      "category=a%20b",
      "subcategory=a.b",
    ]) {
      for (let i = 0; i < 2; i++) {
        const answer = await requestPage(`/${lang}/courses?${query}`);
        expect(answer, query).toMatchObject({ status: 404, fromCache: false });
        expect(answer.body, query).toContain(notFoundTitle(lang));
        expect(answer.body, query).toContain(`lang="${lang}"`);
      }
    }
    expect(publicCacheSize()).toBe(0);
  });

  it.each(LANGS)("a known category or subcategory is a page, stored once (%s)", async (lang) => {
    const heading = lang === "en" ? "Courses in Technology" : "دورات التكنولوجيا";
    const first = await requestPage(`/${lang}/courses?category=technology`);
    expect(first).toMatchObject({ status: 200, fromCache: false });
    expect(first.body).toContain(heading);
    const again = await requestPage(`/${lang}/courses?category=technology`);
    expect(again).toMatchObject({ status: 200, fromCache: true });
    expect(again.body).toContain(heading);
    expect(publicCacheSize()).toBe(1);
    expect((await requestPage(`/${lang}/courses?subcategory=web-development`)).status).toBe(200);
    // A subcategory of another category than the one chosen (the form's select changed) still shows the category.
    expect((await requestPage(`/${lang}/courses?category=business&subcategory=web-development`)).status).toBe(200);
    // Without JavaScript the form sends its empty fields: the whole catalogue, not a 404.
    expect((await requestPage(`/${lang}/courses?q=&category=&subcategory=`)).status).toBe(200);
    expect(publicCacheSize()).toBe(3);
  });

  it("the language catalogues take no category: one given is rendered for its request, never stored", async () => {
    const answer = await requestPage("/en/english-courses?category=nope");
    expect(answer.status).toBe(200);
    expect(publicCacheSize()).toBe(0);
    expect(publicPageKey("GET", "/ar/arabic-courses?subcategory=web-development")).toBeNull();
    expect(publicPageKey("GET", "/ar/arabic-courses?page=2")).not.toBeNull();
  });

  it("pages without parameters key none of them: a category on another page is never a stored page", () => {
    for (const page of ["/en", "/ar/about", "/en/contact", `/en/courses/${SLUG}`, `/ar/courses/${SLUG}/enroll`]) {
      expect(publicPageKey("GET", page), page).not.toBeNull();
      expect(publicPageKey("GET", `${page}?category=technology`), page).toBeNull();
      expect(publicPageKey("GET", `${page}?page=2`), page).toBeNull();
    }
    // Names of Object's own members are no parameters either (they used to throw in the look-up).
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(publicPageKey("GET", `/en/courses?${name}=x`), name).toBeNull();
    }
  });
});

describe("another spelling of a public URL", () => {
  it.each(LANGS)("a percent-encoded course slug answers 301 to the canonical URL and is not stored (%s)", async (lang) => {
    for (const spelling of ["python%2Dprogramming-basics", "%70ython-programming-basics", "Python-Programming-Basics", `${SLUG}/`]) {
      const answer = await requestPage(`/${lang}/courses/${spelling}?utm_source=newsletter`);
      expect(answer, spelling).toMatchObject({ status: 301, location: `/${lang}/courses/${SLUG}?utm_source=newsletter`, fromCache: false });
    }
    expect(publicCacheSize()).toBe(0);
    // The canonical URL is the page, stored once; the other spellings still answer 301, never its copy.
    const page = await requestPage(`/${lang}/courses/${SLUG}`);
    expect(page).toMatchObject({ status: 200, fromCache: false });
    expect(page.body).toContain("Python Programming Basics");
    expect(await requestPage(`/${lang}/courses/${SLUG}`)).toMatchObject({ status: 200, fromCache: true });
    expect(publicCacheSize()).toBe(1);
    expect(await requestPage(`/${lang}/courses/python%2Dprogramming-basics`)).toMatchObject({ status: 301, fromCache: false });
    expect(publicCacheSize()).toBe(1);
  });

  it.each(LANGS)("the enrollment page of a course answers 301 the same way (%s)", async (lang) => {
    const answer = await requestPage(`/${lang}/courses/python%2Dprogramming-basics/enroll`);
    expect(answer).toMatchObject({ status: 301, location: `/${lang}/courses/${SLUG}/enroll` });
    expect(publicCacheSize()).toBe(0);
  });

  it.each(LANGS)("a filter spelled otherwise answers 301 keeping the other parameters, never a stored copy (%s)", async (lang) => {
    expect(await requestPage(`/${lang}/courses?category=technology`)).toMatchObject({ status: 200, fromCache: false });
    expect(publicCacheSize()).toBe(1);
    for (const [query, canonical] of [
      ["category=%74echnology", "category=technology"],
      ["category=Technology&sort=start", "category=technology&sort=start"],
      ["starts=soon&subcategory=Web%2DDevelopment", "starts=soon&subcategory=web-development"],
    ] as const) {
      const answer = await requestPage(`/${lang}/courses?${query}`);
      expect(answer, query).toMatchObject({ status: 301, location: `/${lang}/courses?${canonical}`, fromCache: false });
    }
    // Upper case in the path's own words too.
    expect(await requestPage(`/${lang}/Courses?category=technology`)).toMatchObject({
      status: 301,
      location: `/${lang}/courses?category=technology`,
    });
    expect(await requestPage(`/${lang}/ENGLISH-COURSES`)).toMatchObject({ status: 301, location: `/${lang}/english-courses` });
    expect(publicCacheSize()).toBe(1);
  });

  it("an unknown course is still our 404, not stored", async () => {
    for (const lang of LANGS) {
      const answer = await requestPage(`/${lang}/courses/no-such-course`);
      expect(answer.status).toBe(404);
      expect(answer.body).toContain(notFoundTitle(lang));
    }
    expect(publicCacheSize()).toBe(0);
  });
});

describe("paths without a language that fell through to the public pages", () => {
  it.each(["/og", "/files", "/uploads", "/api", "/media", "/assets", "/og/", "/files/courses", "/api/about", "/admin/about"])(
    "%s is our 404 in the visitor's language, not a public page",
    async (path) => {
      const en = await requestPage(path);
      expect(en.status).toBe(404);
      expect(en.body).toContain(notFoundTitle("en"));
      const ar = await requestPage(path, { "Accept-Language": "ar" });
      expect(ar.status).toBe(404);
      expect(ar.body).toContain(notFoundTitle("ar"));
      expect(publicCacheSize()).toBe(0);
    },
  );

  it("the language's own home pages still answer", async () => {
    for (const lang of LANGS) expect((await requestPage(`/${lang}`)).status).toBe(200);
  });
});
