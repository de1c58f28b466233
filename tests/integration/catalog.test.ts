import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type courses, instructors, siteSettings } from "@db/schema/index.ts";
import { DEMO_COURSES } from "@db/seed/demo-data.ts";
import { seedDemo } from "@db/seed/demo.ts";
import {
  getAboutFigures,
  getNavCategories,
  getPublishedCourse,
  listPublicInstructors,
  listPublishedCourses,
} from "~/features/catalog/catalog.server.ts";
import { listSitemapCatalogues, listSitemapCourses } from "~/features/catalog/course-runs-page.server.ts";
import { loader as sitemapLoader } from "~/routes/api/sitemap.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse, makeEnrollment, makeSubcategory } from "../setup/factories.ts";

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
});

const BASE = Date.UTC(2025, 0, 1);
const HOUR = 60 * 60 * 1000;
let sequence = 0;

type CourseValues = typeof courses.$inferInsert;

/** A published course; each one is created an hour after the previous, so "newest first" is predictable. */
function addCourse(values: Partial<CourseValues> & { title: string }): Promise<{ id: string; slug: string }> {
  sequence += 1;
  return makeCourse({ slug: `course-${sequence}`, isPublished: true, createdAt: new Date(BASE + sequence * HOUR), ...values });
}

const addCategory = async (name: string, slug: string, nameAr: string | null = null) => (await makeCategory({ name, slug, nameAr })).id;

const addSubcategory = async (categoryId: string, values: { name: string; slug: string; isActive?: boolean; sortOrder?: number; nameAr?: string }) =>
  (await makeSubcategory(categoryId, values)).id;

const addEnrollment = (courseId: string, status: "pending" | "approved" | "rejected") => makeEnrollment({ courseId, courseName: "x", status });

const titles = (r: { courses: { title: string }[] }) => r.courses.map((c) => c.title);

describe("listPublishedCourses: Arabic-aware search (D17)", () => {
  it("finds a course titled أحمد … when searching احمد, and the other way round", async () => {
    await addCourse({ title: "أحمد شوقي: قراءة في الشعر", language: "ar" });
    await addCourse({ title: "احمد زويل والعلوم", language: "ar" });
    await addCourse({ title: "Python Basics" });

    const r = await listPublishedCourses({ q: "احمد" });
    expect(titles(r).sort()).toEqual(["أحمد شوقي: قراءة في الشعر", "احمد زويل والعلوم"].sort());
    expect(r.total).toBe(2);
    expect(r.filtered).toBe(true);

    expect((await listPublishedCourses({ q: "أحمد" })).total).toBe(2);
    expect((await listPublishedCourses({ q: "إحمد" })).total).toBe(2);
  });

  it("ignores tashkeel and tatweel on either side", async () => {
    await addCourse({ title: "سيرة محمد", language: "ar" });
    await addCourse({ title: "اللُّغَةُ العَرَبِيَّةُ للمبتدئين", language: "ar" });
    await addCourse({ title: "البرمجـــة للأطفال", language: "ar" });

    expect(titles(await listPublishedCourses({ q: "مُحَمَّد" }))).toEqual(["سيرة محمد"]);
    expect(titles(await listPublishedCourses({ q: "اللغة العربية" }))).toEqual(["اللُّغَةُ العَرَبِيَّةُ للمبتدئين"]);
    expect(titles(await listPublishedCourses({ q: "العربيه" }))).toEqual(["اللُّغَةُ العَرَبِيَّةُ للمبتدئين"]);
    expect(titles(await listPublishedCourses({ q: "برمجة للاطفال" }))).toEqual(["البرمجـــة للأطفال"]);
    expect(titles(await listPublishedCourses({ q: "بَرْمَجَة" }))).toEqual(["البرمجـــة للأطفال"]);
  });

  it("is case-insensitive for English and collapses spaces", async () => {
    await addCourse({ title: "Business English for Beginners" });
    await addCourse({ title: "Data Science" });

    expect(titles(await listPublishedCourses({ q: "BUSINESS english" }))).toEqual(["Business English for Beginners"]);
    expect(titles(await listPublishedCourses({ q: "  english   FOR " }))).toEqual(["Business English for Beginners"]);
    expect(titles(await listPublishedCourses({ q: "science" }))).toEqual(["Data Science"]);
  });

  it("treats % and _ (and backslash) in the search literally", async () => {
    await addCourse({ title: "100% Practical Excel" });
    await addCourse({ title: "1000 Practical Tips" });
    await addCourse({ title: "snake_case in Python" });
    await addCourse({ title: "snakeXcase patterns" });
    await addCourse({ title: "Paths like C:\\temp" });

    expect(titles(await listPublishedCourses({ q: "100%" }))).toEqual(["100% Practical Excel"]);
    expect(titles(await listPublishedCourses({ q: "%" }))).toEqual(["100% Practical Excel"]);
    expect(titles(await listPublishedCourses({ q: "e_c" }))).toEqual(["snake_case in Python"]);
    expect(titles(await listPublishedCourses({ q: "_" }))).toEqual(["snake_case in Python"]);
    expect(titles(await listPublishedCourses({ q: "c:\\t" }))).toEqual(["Paths like C:\\temp"]);
    expect((await listPublishedCourses({ q: "\\" })).total).toBe(1);
  });

  it("treats a search that folds to nothing as no search", async () => {
    await addCourse({ title: "A" });
    await addCourse({ title: "B" });
    const r = await listPublishedCourses({ q: "  ـ ً  " });
    expect(r.total).toBe(2);
    expect(r.filtered).toBe(false);
  });
});

describe("listPublishedCourses: filters", () => {
  it("narrows a search by ?category=", async () => {
    const languages = await addCategory("Languages", "languages", "اللغات");
    const business = await addCategory("Business", "business", "الأعمال");
    await addCourse({ title: "Business English", categoryId: languages });
    await addCourse({ title: "Business Strategy", categoryId: business });
    await addCourse({ title: "French A1", categoryId: languages });

    const all = await listPublishedCourses({ q: "business" });
    expect(all.total).toBe(2);

    const r = await listPublishedCourses({ q: "business", category: "languages" });
    expect(titles(r)).toEqual(["Business English"]);
    expect(r.filtered).toBe(true);
    expect(r.category).toMatchObject({ id: languages, slug: "languages", name: "Languages", nameAr: "اللغات" });
    expect(r.courses[0]).toMatchObject({ categoryName: "Languages", categoryNameAr: "اللغات" });

    const byCategory = await listPublishedCourses({ category: "languages" });
    expect(titles(byCategory)).toEqual(["French A1", "Business English"]);
  });

  it("filters by an active subcategory and reports it with its category", async () => {
    const tech = await addCategory("Technology", "technology");
    const web = await addSubcategory(tech, { name: "Web Development", slug: "web-development", nameAr: "تطوير الويب" });
    const data = await addSubcategory(tech, { name: "Data Science", slug: "data-science" });
    const old = await addSubcategory(tech, { name: "Old Stuff", slug: "old-stuff", isActive: false });
    await addCourse({ title: "React", categoryId: tech, subcategoryId: web });
    await addCourse({ title: "Pandas", categoryId: tech, subcategoryId: data });
    await addCourse({ title: "Flash", categoryId: tech, subcategoryId: old });

    const r = await listPublishedCourses({ subcategory: "web-development" });
    expect(titles(r)).toEqual(["React"]);
    expect(r.filtered).toBe(true);
    expect(r.subcategory).toEqual({ slug: "web-development", name: "Web Development", nameAr: "تطوير الويب" });
    expect(r.category?.slug).toBe("technology");
    expect(r.category?.subcategories.map((s) => s.slug)).toEqual(["data-science", "web-development"]);

    expect(titles(await listPublishedCourses({ category: "technology", subcategory: "data-science" }))).toEqual([
      "Pandas",
    ]);

    // An inactive subcategory is not public: an empty result, not its courses.
    const inactive = await listPublishedCourses({ subcategory: "old-stuff" });
    expect(inactive).toMatchObject({ courses: [], total: 0, subcategory: null, filtered: true });

    // The courses in it still show in the whole catalogue.
    expect((await listPublishedCourses({})).total).toBe(3);
  });

  it("gives an empty result marked unknownFilter, not an error, for an unknown category or subcategory slug", async () => {
    await addCategory("Languages", "languages");
    await addCourse({ title: "French A1" });

    const r = await listPublishedCourses({ category: "nope" });
    expect(r).toEqual({
      courses: [],
      total: 0,
      page: 1,
      pageCount: 1,
      filtered: true,
      category: null,
      subcategory: null,
      unknownFilter: true,
    });
    expect(await listPublishedCourses({ subcategory: "nope" })).toMatchObject({ courses: [], total: 0, category: null, unknownFilter: true });
    expect(await listPublishedCourses({ category: "languages", subcategory: "nope" })).toMatchObject({
      courses: [],
      total: 0,
      unknownFilter: true,
    });
    // A known category, even one without courses, is not unknown.
    expect((await listPublishedCourses({ category: "languages" })).unknownFilter).toBeUndefined();
  });

  it("filters by language without counting as 'filtered'", async () => {
    await addCourse({ title: "English A", language: "en" });
    await addCourse({ title: "عربي ب", language: "ar" });
    await addCourse({ title: "English C", language: "en" });

    const en = await listPublishedCourses({ language: "en" });
    expect(titles(en)).toEqual(["English C", "English A"]);
    expect(en.filtered).toBe(false);
    expect(en.courses.every((c) => c.language === "en")).toBe(true);
    const ar = await listPublishedCourses({ language: "ar" });
    expect(titles(ar)).toEqual(["عربي ب"]);
    expect(ar.courses[0]?.language).toBe("ar");
  });

  it("never shows drafts", async () => {
    await addCourse({ title: "Published Python" });
    const draft = await addCourse({ title: "Draft Python", isPublished: false });
    await addCourse({ title: "Arabic draft", isPublished: false, language: "ar" });

    expect(titles(await listPublishedCourses({}))).toEqual(["Published Python"]);
    expect(titles(await listPublishedCourses({ q: "python" }))).toEqual(["Published Python"]);
    expect((await listPublishedCourses({ language: "ar" })).total).toBe(0);
    expect(await getPublishedCourse(draft.slug)).toBeNull();
    expect((await listSitemapCourses()).map((e) => e.slug)).not.toContain(draft.slug);
    expect((await getAboutFigures()).availableCourses).toBe(1);
  });
});

describe("listPublishedCourses: pages", () => {
  it("shows the last 6 of 30 courses, newest first, on page 2 of 24", async () => {
    for (let i = 1; i <= 30; i++) await addCourse({ title: `Course ${String(i).padStart(2, "0")}` });
    await addCourse({ title: "Draft", isPublished: false });

    const p1 = await listPublishedCourses({});
    expect(p1).toMatchObject({ total: 30, page: 1, pageCount: 2, filtered: false, category: null, subcategory: null });
    expect(p1.courses).toHaveLength(24);
    expect(p1.courses[0]?.title).toBe("Course 30");
    expect(p1.courses[23]?.title).toBe("Course 07");

    const p2 = await listPublishedCourses({ page: 2 });
    expect(p2.page).toBe(2);
    expect(titles(p2)).toEqual(["Course 06", "Course 05", "Course 04", "Course 03", "Course 02", "Course 01"]);

    // Clamped to [1, pageCount].
    expect(titles(await listPublishedCourses({ page: 99 }))).toEqual(titles(p2));
    expect((await listPublishedCourses({ page: 99 })).page).toBe(2);
    expect((await listPublishedCourses({ page: 0 })).page).toBe(1);
    expect((await listPublishedCourses({ page: -3 })).page).toBe(1);
    expect((await listPublishedCourses({ page: Number.NaN })).page).toBe(1);

    const small = await listPublishedCourses({ page: 3, pageSize: 10 });
    expect(small).toMatchObject({ page: 3, pageCount: 3 });
    expect(small.courses[0]?.title).toBe("Course 10");
  });

  it("reports page 1 of 1 for an empty catalogue", async () => {
    expect(await listPublishedCourses({ page: 5 })).toEqual({
      courses: [],
      total: 0,
      page: 1,
      pageCount: 1,
      filtered: false,
      category: null,
      subcategory: null,
    });
  });
});

describe("course cards", () => {
  it("count only approved enrollments (D2) and map the card fields", async () => {
    const cat = await addCategory("Design", "design", "التصميم");
    const a = await addCourse({
      title: "Figma",
      summary: "Design in the browser",
      hours: 12,
      price: 450.5,
      thumbnailUrl: "/media/figma.webp",
      categoryId: cat,
    });
    const b = await addCourse({ title: "Canva", price: 300, priceVisible: false });
    const c = await addCourse({ title: "Blender" });
    for (const s of ["approved", "approved", "approved", "pending", "rejected"] as const) await addEnrollment(a.id, s);
    for (const s of ["pending", "rejected"] as const) await addEnrollment(b.id, s);
    await addEnrollment(c.id, "approved");

    const r = await listPublishedCourses({});
    const byTitle = new Map(r.courses.map((x) => [x.title, x]));
    expect(byTitle.get("Figma")).toEqual({
      id: a.id,
      slug: a.slug,
      title: "Figma",
      summary: "Design in the browser",
      language: "en",
      level: null,
      hours: 12,
      price: 450.5,
      priceVisible: true,
      thumbnailUrl: "/media/figma.webp",
      approvedCount: 3,
      categoryName: "Design",
      categoryNameAr: "التصميم",
      // Issue 20: no upcoming run, so no start date on the card.
      nextStartAt: null,
      nextStartLabel: null,
      // No runs at all, so not "every run full" either (issue 36 item 1).
      waitingListOnly: false,
    });
    expect(byTitle.get("Canva")).toMatchObject({ approvedCount: 0, summary: "", price: null, priceVisible: false });
    expect(byTitle.get("Blender")).toMatchObject({ approvedCount: 1, price: null, categoryName: null, hours: null });
  });
});

describe("getPublishedCourse", () => {
  it("returns the details of a published course", async () => {
    const cat = await addCategory("Technology", "technology", "التكنولوجيا");
    const sub = await addSubcategory(cat, { name: "Web", slug: "web", nameAr: "الويب" });
    const [ins] = await database.db
      .insert(instructors)
      .values({ name: "Mona Adel", nameAr: "منى عادل", title: "Engineer", photoUrl: "/media/mona.webp", email: "m@example.com" })
      .returning({ id: instructors.id });
    const course = await addCourse({
      title: "React from Zero",
      description: "Long text",
      level: "beginner",
      curriculum: ["JSX", "Hooks", "Routing"],
      categoryId: cat,
      subcategoryId: sub,
      instructorId: ins!.id,
      price: 0,
      hours: 20,
    });
    await addEnrollment(course.id, "approved");

    const d = await getPublishedCourse(course.slug);
    expect(d).toMatchObject({
      id: course.id,
      slug: course.slug,
      title: "React from Zero",
      summary: "",
      description: "Long text",
      level: "beginner",
      curriculum: ["JSX", "Hooks", "Routing"],
      price: 0,
      hours: 20,
      approvedCount: 1,
      categoryName: "Technology",
      instructor: { name: "Mona Adel", nameAr: "منى عادل", title: "Engineer", titleAr: null, photoUrl: "/media/mona.webp" },
      category: { slug: "technology", name: "Technology", nameAr: "التكنولوجيا" },
      subcategory: { slug: "web", name: "Web", nameAr: "الويب" },
    });
    expect(d?.createdAt).toBeInstanceOf(Date);
    expect(d?.updatedAt).toBeInstanceOf(Date);
    expect(d?.instructor).not.toHaveProperty("email");
  });

  it("leaves out a missing instructor and category and an inactive subcategory", async () => {
    const cat = await addCategory("Technology", "technology");
    const sub = await addSubcategory(cat, { name: "Old", slug: "old", isActive: false });
    const course = await addCourse({ title: "Flash", subcategoryId: sub });
    expect(await getPublishedCourse(course.slug)).toMatchObject({
      instructor: null,
      category: null,
      subcategory: null,
      level: null,
      curriculum: [],
      description: null,
    });
  });

  it("returns null for a draft or an unknown slug", async () => {
    const draft = await addCourse({ title: "Draft", isPublished: false });
    expect(await getPublishedCourse(draft.slug)).toBeNull();
    expect(await getPublishedCourse("no-such-course")).toBeNull();
    expect(await getPublishedCourse("")).toBeNull();
  });
});

describe("getNavCategories", () => {
  it("lists categories by name with only active subcategories by sort order, then name", async () => {
    const tech = await addCategory("Technology", "technology", "التكنولوجيا");
    const business = await addCategory("Business", "business");
    await addCategory("Design", "design");
    await addSubcategory(tech, { name: "Zeta", slug: "zeta", sortOrder: 0 });
    await addSubcategory(tech, { name: "Beta", slug: "beta", sortOrder: 2 });
    await addSubcategory(tech, { name: "Alpha", slug: "alpha", sortOrder: 2, nameAr: "ألفا" });
    await addSubcategory(tech, { name: "Hidden", slug: "hidden", sortOrder: 1, isActive: false });
    await addSubcategory(business, { name: "Inactive", slug: "inactive", isActive: false });

    const nav = await getNavCategories();
    expect(nav).toEqual([
      { id: business, slug: "business", name: "Business", nameAr: null, subcategories: [] },
      { id: expect.any(String), slug: "design", name: "Design", nameAr: null, subcategories: [] },
      {
        id: tech,
        slug: "technology",
        name: "Technology",
        nameAr: "التكنولوجيا",
        subcategories: [
          { slug: "zeta", name: "Zeta", nameAr: null, sortOrder: 0 },
          { slug: "alpha", name: "Alpha", nameAr: "ألفا", sortOrder: 2 },
          { slug: "beta", name: "Beta", nameAr: null, sortOrder: 2 },
        ],
      },
    ]);
  });

  it("is empty without categories", async () => {
    expect(await getNavCategories()).toEqual([]);
  });
});

describe("instructors, About figures and sitemap", () => {
  it("lists instructors by name with their public fields", async () => {
    await database.db.insert(instructors).values([
      { name: "Youssef", title: "Designer", linkedin: "https://www.linkedin.com/in/y" },
      { name: "Amira", nameAr: "أميرة", bioShort: "Bio", bioShortAr: "نبذة" },
    ]);
    const list = await listPublicInstructors();
    expect(list.map((i) => i.name)).toEqual(["Amira", "Youssef"]);
    expect(list[0]).toEqual({
      id: expect.any(String),
      name: "Amira",
      nameAr: "أميرة",
      title: null,
      titleAr: null,
      bioShort: "Bio",
      bioShortAr: "نبذة",
      photoUrl: null,
      email: null,
      facebook: null,
      instagram: null,
      linkedin: null,
    });
  });

  it("reads the About figures from settings and counts published courses", async () => {
    expect(await getAboutFigures()).toEqual({ yearsOfExperience: 0, partners: 0, students: 0, availableCourses: 0 });
    await database.db.insert(siteSettings).values({ key: "about", value: { yearsOfExperience: 8, partners: 35, students: 15000 } });
    await addCourse({ title: "One" });
    await addCourse({ title: "Two" });
    await addCourse({ title: "Draft", isPublished: false });
    expect(await getAboutFigures()).toEqual({ yearsOfExperience: 8, partners: 35, students: 15000, availableCourses: 2 });

    await database.db.update(siteSettings).set({ value: { partners: "12", students: "lots" } }).where(eq(siteSettings.key, "about"));
    expect(await getAboutFigures()).toMatchObject({ yearsOfExperience: 0, partners: 12, students: 0 });
  });

  it("lists published courses for the sitemap", async () => {
    const a = await addCourse({ title: "A" });
    const b = await addCourse({ title: "B" });
    await addCourse({ title: "C", isPublished: false });
    const entries = await listSitemapCourses();
    expect(entries.map((e) => e.slug)).toEqual([b.slug, a.slug]);
    expect(entries[0]?.lastmod).toBeInstanceOf(Date);
  });

  it("lists the categories and subcategories that have a published course for the sitemap, in both languages (issue 36 item 9)", async () => {
    const tech = await addCategory("Technology", "technology");
    const empty = await addCategory("Empty", "empty");
    const drafts = await addCategory("Drafts only", "drafts-only");
    const web = await addSubcategory(tech, { name: "Web", slug: "web" });
    await addSubcategory(empty, { name: "Nothing", slug: "nothing" });
    await addCourse({ title: "React", categoryId: tech, subcategoryId: web });
    await addCourse({ title: "Hidden", categoryId: drafts, isPublished: false });
    expect(await listSitemapCatalogues()).toEqual({ categories: ["technology"], subcategories: ["web"] });
    const xml = await ((await sitemapLoader()) as Response).text();
    for (const lang of ["en", "ar"]) {
      expect(xml).toContain(`/${lang}/courses?category=technology</loc>`);
      expect(xml).toContain(`/${lang}/courses?subcategory=web</loc>`);
    }
    expect(xml).not.toMatch(/category=(empty|drafts-only)|subcategory=nothing/);
  });
});

describe("against the demo seed", () => {
  it("lists the published demo courses and finds Arabic titles by a plain search", async () => {
    const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-test-"));
    try {
      await seedDemo(database.db, { uploadsDir });
    } finally {
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
    const published = DEMO_COURSES.filter((c) => c.isPublished);
    const all = await listPublishedCourses({ pageSize: 100 });
    expect(all.total).toBe(published.length);
    expect(all.courses.map((c) => c.slug).sort()).toEqual(published.map((c) => c.slug).sort());

    const ar = await listPublishedCourses({ language: "ar", pageSize: 100 });
    expect(ar.total).toBe(published.filter((c) => c.language === "ar").length);
    expect(ar.total).toBeGreaterThan(0);

    // Every published Arabic title is found by its own words typed without hamza, tashkeel or ta marbuta.
    for (const course of published.filter((c) => c.language === "ar")) {
      const plain = course.title
        .replace(/[\u064B-\u065F\u0670\u0640]/g, "")
        .replace(/[أإآ]/g, "ا")
        .replace(/ة/g, "ه");
      const found = await listPublishedCourses({ q: plain, language: "ar" });
      expect(found.courses.map((c) => c.slug), course.title).toContain(course.slug);
    }

    const nav = await getNavCategories();
    expect(nav.length).toBeGreaterThanOrEqual(4);
    expect((await getAboutFigures()).availableCourses).toBe(published.length);
  });
});
