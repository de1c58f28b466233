// Issue 19 point 1: "The home page server-renders at least three course cards and the category tiles" —
// the home page's queries on PGlite and PostgreSQL (TEST_DB=pg): staff's featured order, the fallback to
// the newest, drafts never shown or counted; and the course form's home fields saved and read back.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courses } from "@db/schema/index.ts";
import { getHomeData, HOME_MAX_COURSES, listHomeCategories, listHomeCourses as listHomeCourseCards, listHomeInstructors } from "~/features/home/home.server.ts";
import { cardColumns, getAboutFigures, toCard } from "~/features/catalog/catalog.server.ts";
import { createCourse, getCourseForEdit, updateCourse } from "~/features/courses/courses-admin.server.ts";
import { db } from "~/lib/db.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse, makeEnrollment, makeInstructor } from "../setup/factories.ts";

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
});

const BASE = Date.UTC(2025, 0, 1);
let sequence = 0;

/** A course created an hour after the previous one, so "newest first" is predictable. */
function addCourse(values: Partial<typeof courses.$inferInsert> & { title: string }) {
  sequence += 1;
  return makeCourse({ slug: `home-${sequence}`, isPublished: true, createdAt: new Date(BASE + sequence * 3_600_000), ...values });
}

/** The home page's cards, read as the route reads them (the catalogue's card shape). */
const listHomeCourses = () => listHomeCourseCards({ columns: cardColumns, toCard });

const titles = (list: { title: string }[]) => list.map((c) => c.title);

describe("home page course cards", () => {
  it("shows the featured published courses in staff's order (0 first, unnumbered after, newest first), never a featured draft", async () => {
    await addCourse({ title: "Newest plain" });
    await addCourse({ title: "Featured unnumbered old", featured: true });
    await addCourse({ title: "Featured 2", featured: true, featuredOrder: 2 });
    await addCourse({ title: "Featured 0", featured: true, featuredOrder: 0 });
    await addCourse({ title: "Featured draft", featured: true, featuredOrder: 0, isPublished: false });
    await addCourse({ title: "Featured unnumbered new", featured: true });
    await addCourse({ title: "Plain newest of all" });

    expect(titles(await listHomeCourses())).toEqual(["Featured 0", "Featured 2", "Featured unnumbered new", "Featured unnumbered old"]);
  });

  it("fills up to three with the newest published when fewer are featured, and caps featured at six", async () => {
    await addCourse({ title: "Old" });
    await addCourse({ title: "Middle" });
    await addCourse({ title: "Only featured", featured: true, featuredOrder: 5 });
    await addCourse({ title: "Draft newest", isPublished: false });
    await addCourse({ title: "Newest" });
    expect(titles(await listHomeCourses())).toEqual(["Only featured", "Newest", "Middle"]);

    for (let i = 0; i < 8; i++) await addCourse({ title: `F${i}`, featured: true, featuredOrder: 10 + i });
    const shown = await listHomeCourses();
    expect(shown).toHaveLength(HOME_MAX_COURSES);
    expect(titles(shown)).toEqual(["Only featured", "F0", "F1", "F2", "F3", "F4"]);
  });

  it("without a featured course shows the six newest published, never a draft, as complete cards", async () => {
    const category = await makeCategory({ name: "Data", nameAr: "البيانات", slug: "data" });
    for (let i = 1; i <= 8; i++) await addCourse({ title: `Course ${i}`, categoryId: category.id, price: 100, hours: 5 });
    await addCourse({ title: "Draft", isPublished: false });
    const approved = await addCourse({ title: "Popular", categoryId: category.id });
    await makeEnrollment({ courseId: approved.id, courseName: "Popular", status: "approved" });
    await makeEnrollment({ courseId: approved.id, courseName: "Popular", status: "pending" });

    const shown = await listHomeCourses();
    expect(titles(shown)).toEqual(["Popular", "Course 8", "Course 7", "Course 6", "Course 5", "Course 4"]);
    expect(shown[0]).toMatchObject({ approvedCount: 1, categoryName: "Data", categoryNameAr: "البيانات" });
    expect(shown[1]).toMatchObject({ price: 100, hours: 5, priceVisible: true });
  });

  it("is empty without a published course", async () => {
    await addCourse({ title: "Draft", isPublished: false, featured: true });
    expect(await listHomeCourses()).toEqual([]);
  });
});

describe("home page category tiles", () => {
  it("count only published courses, leave out categories without one, most courses first", async () => {
    const a = await makeCategory({ name: "Languages", nameAr: "اللغات", slug: "languages" });
    const b = await makeCategory({ name: "Business", slug: "business" });
    await makeCategory({ name: "Empty", slug: "empty" });
    const d = await makeCategory({ name: "Drafts only", slug: "drafts-only" });
    await addCourse({ title: "L1", categoryId: a.id });
    await addCourse({ title: "L2", categoryId: a.id });
    await addCourse({ title: "L draft", categoryId: a.id, isPublished: false });
    await addCourse({ title: "B1", categoryId: b.id });
    await addCourse({ title: "D draft", categoryId: d.id, isPublished: false });
    await addCourse({ title: "No category" });

    expect(await listHomeCategories()).toEqual([
      { id: a.id, slug: "languages", name: "Languages", nameAr: "اللغات", courseCount: 2 },
      { id: b.id, slug: "business", name: "Business", nameAr: null, courseCount: 1 },
    ]);
  });
});

describe("home page instructors and figures", () => {
  it("lists instructors teaching a published course first, then by name; the figures count published courses", async () => {
    const zed = await makeInstructor({ name: "Zed Teacher", title: "Data analyst" });
    await makeInstructor({ name: "Amal Idle" });
    const draftOnly = await makeInstructor({ name: "Basma Draft" });
    await addCourse({ title: "Zed's course", instructorId: zed.id });
    await addCourse({ title: "Draft", instructorId: draftOnly.id, isPublished: false });

    expect((await listHomeInstructors()).map((i) => i.name)).toEqual(["Zed Teacher", "Amal Idle", "Basma Draft"]);
    const data = await getHomeData({ columns: cardColumns, toCard });
    expect((await getAboutFigures()).availableCourses).toBe(1);
    expect(titles(data.courses)).toEqual(["Zed's course"]);
  });
});

describe("course form home fields", () => {
  let admin: Actor;
  beforeEach(async () => {
    admin = await createAdmin({ ip: "203.0.113.9" });
  });

  it("saves featured, its order and both outcome lists, shows them again, and puts the course first on the home page", async () => {
    await addCourse({ title: "Already featured", featured: true, featuredOrder: 1 });
    await addCourse({ title: "Newer" });
    const saved = await createCourse(admin, {
      title: "Excel",
      slug: "excel",
      language: "en",
      isPublished: true,
      featured: true,
      featuredOrder: 0,
      outcomes: ["Pivot tables", "Charts"],
      outcomesAr: ["الجداول المحورية"],
    });
    expect(await getCourseForEdit(admin, saved.id)).toMatchObject({
      featured: true,
      featuredOrder: 0,
      outcomes: ["Pivot tables", "Charts"],
      outcomesAr: ["الجداول المحورية"],
    });
    expect(titles(await listHomeCourses())[0]).toBe("Excel");

    // An update without the home fields keeps them; the form's unchecked box clears them.
    await updateCourse(admin, saved.id, { title: "Excel 2", slug: "excel", language: "en" });
    expect(await getCourseForEdit(admin, saved.id)).toMatchObject({ title: "Excel 2", featured: true, featuredOrder: 0, outcomes: ["Pivot tables", "Charts"] });
    await updateCourse(admin, saved.id, { title: "Excel 2", slug: "excel", language: "en", featured: false, featuredOrder: null, outcomes: [], outcomesAr: [] });
    const [row] = await db().select().from(courses).where(eq(courses.id, saved.id));
    expect(row).toMatchObject({ featured: false, featuredOrder: null, outcomes: [], outcomesAr: [] });
    expect(titles(await listHomeCourses())[0]).toBe("Already featured");
  });

  it("refuses a negative order or 31 outcomes with the translated error and changes nothing", async () => {
    const course = await addCourse({ title: "Kept", featured: true, featuredOrder: 3 });
    await expect(updateCourse(admin, course.id, { title: "Kept", slug: "home-x", language: "en", featuredOrder: -1 })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(
      updateCourse(admin, course.id, { title: "Kept", slug: "home-x", language: "en", outcomes: Array.from({ length: 31 }, (_, i) => `o${i}`) }),
    ).rejects.toMatchObject({ code: "bad_request" });
    const [row] = await db().select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ featured: true, featuredOrder: 3, slug: course.slug });
  });
});
