// Issue 19 point 2, the course page's data on PGlite and PostgreSQL (TEST_DB=pg): related courses are
// other published courses of the same category, newest first, at most three, in one query; 'What you will
// learn' and the instructor's bio come with the course, and the page's list falls back to the other language.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courses, instructors } from "@db/schema/index.ts";
import { getPublishedCourse, listRelatedCourses, RELATED_COURSES_LIMIT } from "~/features/catalog/catalog.server.ts";
import { courseOutcomes } from "~/features/catalog/course-outcomes.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse, makeEnrollment } from "../setup/factories.ts";

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
});

const BASE = Date.UTC(2025, 0, 1);
const HOUR = 60 * 60 * 1000;
let sequence = 0;

/** A published course; each one an hour newer than the previous, so "newest first" is predictable. */
function addCourse(values: Partial<typeof courses.$inferInsert> & { title: string }): Promise<{ id: string; slug: string }> {
  sequence += 1;
  return makeCourse({ slug: `cp-${sequence}`, isPublished: true, createdAt: new Date(BASE + sequence * HOUR), ...values });
}

const slugs = (cards: { slug: string }[]) => cards.map((c) => c.slug);

describe("listRelatedCourses", () => {
  it("lists up to three other published courses of the same category, newest first, as cards", async () => {
    const tech = (await makeCategory({ name: "Technology", slug: "technology", nameAr: "التكنولوجيا" })).id;
    const design = (await makeCategory({ name: "Design", slug: "design" })).id;
    const self = await addCourse({ title: "Self", categoryId: tech });
    const older = await addCourse({ title: "Older", categoryId: tech, price: 900, priceVisible: false, level: "advanced" });
    const a = await addCourse({ title: "A", categoryId: tech });
    const draft = await addCourse({ title: "Draft", categoryId: tech, isPublished: false });
    const b = await addCourse({ title: "B", categoryId: tech });
    const otherCategory = await addCourse({ title: "Other category", categoryId: design });
    const noCategory = await addCourse({ title: "No category" });
    const c = await addCourse({ title: "C", categoryId: tech });
    await makeEnrollment({ courseId: c.id, courseName: "C", status: "approved" });
    await makeEnrollment({ courseId: c.id, courseName: "C", status: "pending" });

    const related = await listRelatedCourses(self.slug);
    expect(RELATED_COURSES_LIMIT).toBe(3);
    // Newest first, three at most: 'Older' is the fourth; never the course itself, a draft or another category.
    expect(slugs(related)).toEqual([c.slug, b.slug, a.slug]);
    for (const excluded of [self, draft, otherCategory, noCategory, older]) expect(slugs(related)).not.toContain(excluded.slug);
    expect(related[0]).toMatchObject({ title: "C", categoryName: "Technology", categoryNameAr: "التكنولوجيا", approvedCount: 1 });

    // From another course of the category, the first one shows; an unpublished one leaves the list.
    expect(slugs(await listRelatedCourses(c.slug))).toEqual([b.slug, a.slug, older.slug]);
    await unpublish(b.id);
    expect(slugs(await listRelatedCourses(c.slug))).toEqual([a.slug, older.slug, self.slug]);
    // A hidden price never leaves the server.
    const hidden = (await listRelatedCourses(c.slug)).find((x) => x.slug === older.slug)!;
    expect(hidden).toMatchObject({ price: null, priceVisible: false, level: "advanced" });
  });

  it("is empty for a course alone in its category, one without a category, a draft and an unknown slug", async () => {
    const cat = (await makeCategory({ name: "Solo", slug: "solo" })).id;
    const alone = await addCourse({ title: "Alone", categoryId: cat });
    const uncategorised = await addCourse({ title: "Uncategorised" });
    await addCourse({ title: "Also uncategorised" });
    const draft = await addCourse({ title: "Draft", categoryId: cat, isPublished: false });
    expect(await listRelatedCourses(alone.slug)).toEqual([]);
    expect(await listRelatedCourses(uncategorised.slug)).toEqual([]);
    expect(await listRelatedCourses(draft.slug)).toEqual([]);
    expect(await listRelatedCourses("no-such-course")).toEqual([]);
  });
});

/** Unpublishes a course (as staff would), so it leaves the related lists. */
async function unpublish(id: string) {
  await database.db.update(courses).set({ isPublished: false }).where(eq(courses.id, id));
}

describe("getPublishedCourse: outcomes and instructor", () => {
  it("brings both outcome lists, the instructor's bios and About anchor; the page's list falls back to the other language", async () => {
    const [ins] = await database.db
      .insert(instructors)
      .values({ name: "Mona Adel", nameAr: "منى عادل", bioShort: "Ten years of React.", bioShortAr: null })
      .returning({ id: instructors.id });
    const both = await addCourse({
      title: "Both",
      instructorId: ins!.id,
      outcomes: ["Build a page", "  ", "Ship it"],
      outcomesAr: ["بناء صفحة"],
    });
    const englishOnly = await addCourse({ title: "English only", outcomes: ["Read a chart"] });
    const arabicOnly = await addCourse({ title: "Arabic only", outcomesAr: ["قراءة الرسوم البيانية", "تحليل البيانات"] });
    const none = await addCourse({ title: "None" });

    const d = (await getPublishedCourse(both.slug))!;
    // Blank items are dropped.
    expect(d.outcomes).toEqual(["Build a page", "Ship it"]);
    expect(d.outcomesAr).toEqual(["بناء صفحة"]);
    expect(d.instructor).toMatchObject({ name: "Mona Adel", bio: "Ten years of React.", bioAr: null, anchor: `instructor-${ins!.id}` });
    expect(courseOutcomes(d, "en")).toEqual({ items: ["Build a page", "Ship it"], lang: "en" });
    expect(courseOutcomes(d, "ar")).toEqual({ items: ["بناء صفحة"], lang: "ar" });

    const en = (await getPublishedCourse(englishOnly.slug))!;
    expect(courseOutcomes(en, "ar")).toEqual({ items: ["Read a chart"], lang: "en" });
    const ar = (await getPublishedCourse(arabicOnly.slug))!;
    expect(courseOutcomes(ar, "en")).toEqual({ items: ["قراءة الرسوم البيانية", "تحليل البيانات"], lang: "ar" });
    const empty = (await getPublishedCourse(none.slug))!;
    expect(empty.outcomes).toEqual([]);
    expect(empty.instructor).toBeNull();
    expect(courseOutcomes(empty, "en")).toBeNull();
    expect(courseOutcomes(empty, "ar")).toBeNull();
  });
});
