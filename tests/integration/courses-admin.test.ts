// Admin courses (SPEC §2 Admin Courses and the course form, §4, §5 Course, §6, §8; D2, D8, D18, D21, D22)
// against a real database (PGlite, or PostgreSQL with TEST_DB=pg) and real files in a temp directory:
// the domain functions, and the /admin/courses loader and action with crafted requests.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { asc, count, eq } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "@db/schema/index.ts";
import {
  auditLog,
  categories,
  courseDocuments,
  courses,
  enrollments,
  instructors,
  subcategories,
} from "@db/schema/index.ts";
import {
  createCourse,
  deleteCourse,
  getCourseForEdit,
  getVisibleCourse,
  listAdminCourses,
  setCoursePublished,
  setCoursesPublished,
  updateCourse,
} from "~/features/courses/courses-admin.server.ts";
import { COURSE_ERRORS, type CourseValues } from "~/features/courses/courses.schema.ts";
import { documentFileResponse } from "~/features/uploads/upload-routes.server.ts";
import { getPublishedCourse } from "~/features/catalog/catalog.server.ts";
import { adminPage } from "~/lib/admin-pages.ts";
import { setDatabase, type Db } from "~/lib/db.server.ts";
import type { AppError } from "~/lib/errors.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { createLocalStorage, setStorage, type Storage } from "~/lib/storage.server.ts";
import { action as coursesAction, loader as coursesLoader } from "~/routes/admin/courses.tsx";
import { ANONYMOUS, createAdmin, createManager } from "../setup/actors.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { expectCode } from "../setup/expect.ts";
import { makeCourse, makeEnrollment } from "../setup/factories.ts";
import { tAr, tEn } from "../setup/i18n.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

let database: TestDatabase;
let storage: Storage;
let uploadsDir: string;
let admin: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "courses-admin-uploads-"));
  storage = createLocalStorage(uploadsDir);
  setStorage(storage);
});
afterAll(async () => {
  setStorage(undefined);
  fs.rmSync(uploadsDir, { recursive: true, force: true });
  await database?.destroy();
});
beforeEach(async () => {
  await resetDatabase(database.db);
  admin = await createAdmin({ ip: "203.0.113.7" });
});

/** A manager holding exactly `permissions`. */
const manager = (email: string, permissions: Permission[]) => createManager(admin, email, permissions);

/** Everything but publish: the SPEC's manager who cannot publish. */
const NO_PUBLISH: Permission[] = ["courses:view", "courses:create", "courses:edit", "courses:delete"];

async function seedCatalog() {
  const [cat] = await database.db.insert(categories).values({ name: "Languages", nameAr: "اللغات", slug: "languages" }).returning();
  const [other] = await database.db.insert(categories).values({ name: "Business", slug: "business" }).returning();
  const [sub] = await database.db.insert(subcategories).values({ name: "English", slug: "english-sub", categoryId: cat!.id }).returning();
  const [otherSub] = await database.db.insert(subcategories).values({ name: "Marketing", slug: "marketing", categoryId: other!.id }).returning();
  const [teacher] = await database.db.insert(instructors).values({ name: "Mona Adel" }).returning();
  return { cat: cat!, other: other!, sub: sub!, otherSub: otherSub!, teacher: teacher! };
}

const base = (over: Partial<CourseValues> = {}): CourseValues => ({
  title: "English for Business",
  slug: "english-for-business",
  language: "en",
  ...over,
});

async function courseCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(courses);
  return Number(row!.n);
}

async function courseRow(id: string) {
  const [row] = await database.db.select().from(courses).where(eq(courses.id, id));
  return row;
}

async function auditRows(entityId?: string) {
  const rows = await database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
  return rows.filter((r) => r.entity === "course" && (!entityId || r.entityId === entityId));
}

const hex = () => crypto.randomBytes(16).toString("hex");

/** A PDF as the document upload stores it: a generated key under documents/. */
async function storedPdf(name = "notes.pdf"): Promise<{ key: string; fileName: string; fileType: string; size: number }> {
  const key = `documents/${hex()}.pdf`;
  const data = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  await storage.put(key, data, { contentType: "application/pdf", visibility: "private", originalName: name });
  return { key, fileName: name, fileType: "PDF", size: 1 };
}

/** A thumbnail as the image upload stores it (800 and its 400-wide variant); returns the public URL. */
async function storedThumbnail(): Promise<{ url: string; key: string; variantKey: string }> {
  const key = `images/${new Date().getUTCFullYear()}/${hex()}.webp`;
  const variantKey = key.replace(/\.webp$/, "-400.webp");
  const data = Buffer.from("RIFF0000WEBPVP8 fake");
  await storage.put(key, data, { contentType: "image/webp", visibility: "public" });
  await storage.put(variantKey, data, { contentType: "image/webp", visibility: "public" });
  return { url: storage.publicUrl(key), key, variantKey };
}

/** The /admin/courses loader as the router runs it (behind the i18next middleware). */
const load = (actor: Actor | null, search = "") => callLoader(coursesLoader, { url: `/admin/courses${search}`, actor });
/** The page data the loader answers `actor`. */
const page = async (actor: Actor, search = "") => (await load(actor, search)).data!;

async function exists(key: string, visibility: "public" | "private"): Promise<boolean> {
  const file = await storage.get(key, visibility);
  if (!file) return false;
  file.body.destroy();
  return true;
}

describe("course rules (SPEC §5) with their messages in English and Arabic", () => {
  const spec: [string, string][] = [
    [COURSE_ERRORS.titleRequired, "Title is required"],
    [COURSE_ERRORS.titleTooLong, "Title too long"],
    [COURSE_ERRORS.slugRequired, "Slug is required"],
    [COURSE_ERRORS.slugTooLong, "Slug too long"],
    [COURSE_ERRORS.slugFormat, "Slug must contain only lowercase letters, numbers, and hyphens"],
    [COURSE_ERRORS.summaryTooLong, "Summary too long"],
    [COURSE_ERRORS.descriptionTooLong, "Description too long"],
    [COURSE_ERRORS.languageRequired, "Language is required"],
    [COURSE_ERRORS.hoursMin, "Hours must be at least 1"],
    [COURSE_ERRORS.priceNonNegative, "Price must be non-negative"],
    [COURSE_ERRORS.saveFailed, "Failed to save course"],
    [COURSE_ERRORS.deleteFailed, "Failed to delete course."],
    [COURSE_ERRORS.statusFailed, "Failed to update course status. Please try again."],
  ];
  it.each(spec)("%s reads the SPEC wording in English and has Arabic", (key, english) => {
    expect(tEn(key)).toBe(english);
    expect(tAr(key)).toMatch(/[\u0600-\u06FF]/);
    expect(tAr(key)).not.toBe(english);
  });

  it("keeps the SPEC labels and confirmation", () => {
    expect(tEn("coursesAdmin.delete.confirm")).toBe("Are you sure you want to delete this course? This action cannot be undone.");
    expect(tEn("coursesAdmin.empty")).toBe("No courses found");
    expect(tEn("coursesAdmin.createFirst")).toBe("Create Your First Course");
    expect(tEn("coursesAdmin.table.noCategory")).toBe("No Category");
    expect(tEn("coursesAdmin.form.noInstructor")).toBe("No Instructor Assigned");
    expect(tEn("coursesAdmin.form.priceVisible")).toBe("Show Price Publicly");
    expect(tEn("coursesAdmin.status.updating")).toBe("Updating...");
    expect(tEn("coursesAdmin.table.enrolled", { count: 3 })).toBe("3 enrolled");
    expect(tEn("coursesAdmin.table.free")).toBe("Free");
  });

  const cases: [string, Partial<CourseValues>, string, string][] = [
    ["title missing", { title: "" }, "title", COURSE_ERRORS.titleRequired],
    ["title blank", { title: "   " }, "title", COURSE_ERRORS.titleRequired],
    ["title over 200", { title: "x".repeat(201) }, "title", COURSE_ERRORS.titleTooLong],
    ["slug missing", { slug: "" }, "slug", COURSE_ERRORS.slugRequired],
    ["slug over 100", { slug: "a".repeat(101) }, "slug", COURSE_ERRORS.slugTooLong],
    ["slug with capitals", { slug: "English-Course" }, "slug", COURSE_ERRORS.slugFormat],
    ["slug with spaces", { slug: "english course" }, "slug", COURSE_ERRORS.slugFormat],
    ["slug in Arabic", { slug: "دورة" }, "slug", COURSE_ERRORS.slugFormat],
    ["summary over 500", { summary: "s".repeat(501) }, "summary", COURSE_ERRORS.summaryTooLong],
    ["description over 5000", { description: "d".repeat(5001) }, "description", COURSE_ERRORS.descriptionTooLong],
    ["language other than ar/en", { language: "fr" as "en" }, "language", COURSE_ERRORS.languageRequired],
    ["language missing", { language: undefined as unknown as "en" }, "language", COURSE_ERRORS.languageRequired],
    ["hours 0", { hours: 0 }, "hours", COURSE_ERRORS.hoursMin],
    ["hours negative", { hours: -3 }, "hours", COURSE_ERRORS.hoursMin],
    ["hours not whole", { hours: 1.5 }, "hours", COURSE_ERRORS.hoursInteger],
    ["price negative", { price: -0.01 }, "price", COURSE_ERRORS.priceNonNegative],
    ["price with three decimals (step 0.01)", { price: 10.005 }, "price", COURSE_ERRORS.priceStep],
    ["level unknown", { level: "expert" as "beginner" }, "level", COURSE_ERRORS.levelInvalid],
    ["curriculum module over 200", { curriculum: ["m".repeat(201)] }, "curriculum", COURSE_ERRORS.curriculumItemTooLong],
    ["instructor not an id", { instructorId: "nobody" }, "instructorId", COURSE_ERRORS.instructorInvalid],
  ];
  it.each(cases)("refuses %s with its message and writes nothing", async (_name, over, field, key) => {
    const err = await expectCode(createCourse(admin, base(over)), "bad_request", key);
    expect(err.status).toBe(400);
    expect(err.fields?.[field]).toBe(key);
    expect(await courseCount()).toBe(0);
    expect(await auditRows()).toEqual([]);
  });

  it("accepts the limits exactly and applies the defaults (price_visible true, is_published false, optional links)", async () => {
    const saved = await createCourse(admin, {
      title: "t".repeat(200),
      slug: "a".repeat(100),
      summary: "s".repeat(500),
      description: "d".repeat(5000),
      language: "ar",
      hours: 1,
      price: 0,
    });
    const row = await courseRow(saved.id);
    expect(row).toMatchObject({
      priceVisible: true,
      isPublished: false,
      instructorId: null,
      categoryId: null,
      subcategoryId: null,
      hours: 1,
      language: "ar",
      level: null,
      curriculum: [],
    });
    expect(Number(row!.price)).toBe(0);
    const priced = await createCourse(admin, base({ slug: "priced", price: 1499.99, hours: undefined, summary: "  " }));
    const pricedRow = await courseRow(priced.id);
    expect(Number(pricedRow!.price)).toBe(1499.99);
    expect(pricedRow!.hours).toBeNull();
    expect(pricedRow!.summary).toBeNull();
  });

  it("links an instructor, a category and one of its subcategories; refuses a subcategory of another category", async () => {
    const { cat, sub, otherSub, teacher } = await seedCatalog();
    const ok = await createCourse(admin, base({ instructorId: teacher.id, categoryId: cat.id, subcategoryId: sub.id }));
    expect(await courseRow(ok.id)).toMatchObject({ instructorId: teacher.id, categoryId: cat.id, subcategoryId: sub.id });

    const err = await expectCode(
      createCourse(admin, base({ slug: "other", categoryId: cat.id, subcategoryId: otherSub.id })),
      "bad_request",
      COURSE_ERRORS.subcategoryMismatch,
    );
    expect(err.fields).toEqual({ subcategoryId: COURSE_ERRORS.subcategoryMismatch });
    await expectCode(createCourse(admin, base({ slug: "no-cat", subcategoryId: sub.id })), "bad_request", COURSE_ERRORS.subcategoryMismatch);
    await expectCode(
      createCourse(admin, base({ slug: "gone", instructorId: crypto.randomUUID() })),
      "bad_request",
      COURSE_ERRORS.instructorInvalid,
    );
    await expectCode(
      createCourse(admin, base({ slug: "gone-cat", categoryId: crypto.randomUUID() })),
      "bad_request",
      COURSE_ERRORS.categoryInvalid,
    );
    expect(await courseCount()).toBe(1);
  });

  it("refuses a slug already used, with a translated message on the slug field (409)", async () => {
    await createCourse(admin, base());
    const err = await expectCode(createCourse(admin, base({ title: "Another" })), "conflict", COURSE_ERRORS.slugTaken);
    expect(err.status).toBe(409);
    expect(err.fields).toEqual({ slug: COURSE_ERRORS.slugTaken });
    const second = await createCourse(admin, base({ slug: "second" }));
    await expectCode(updateCourse(admin, second.id, base()), "conflict", COURSE_ERRORS.slugTaken);
    expect((await courseRow(second.id))!.slug).toBe("second");
  });

  it("stores level and curriculum (D21): one module per line, blank lines dropped", async () => {
    const saved = await createCourse(admin, base({ level: "intermediate", curriculum: ["  Grammar ", "", "Listening", "  "] }));
    expect(await courseRow(saved.id)).toMatchObject({ level: "intermediate", curriculum: ["Grammar", "Listening"] });
  });
});

describe("publish rules (SPEC §6, D18)", () => {
  it("lists only published courses (and its own drafts) to a manager without courses:publish, whatever the status asked", async () => {
    await createCourse(admin, base({ slug: "live", isPublished: true }));
    await createCourse(admin, base({ slug: "draft" }));
    const writer = await manager("writer@example.com", NO_PUBLISH);
    for (const status of ["all", "draft", "published"] as const) {
      const list = await listAdminCourses(writer, { status });
      expect(list.rows.map((r) => r.slug)).toEqual(["live"]);
      expect(list.query.status).toBe("all");
      expect(list.canSeeDrafts).toBe(false);
    }
    const all = await listAdminCourses(admin, { status: "all" });
    expect(all.rows.map((r) => r.slug).sort()).toEqual(["draft", "live"]);
    expect((await listAdminCourses(admin, { status: "draft" })).rows.map((r) => r.slug)).toEqual(["draft"]);
  });

  it("forces a draft when a manager without courses:publish creates a course asking to publish it", async () => {
    const writer = await manager("writer@example.com", NO_PUBLISH);
    const saved = await createCourse(writer, base({ isPublished: true }));
    expect(saved.isPublished).toBe(false);
    expect((await courseRow(saved.id))!.isPublished).toBe(false);
    const [audit] = await auditRows(saved.id);
    expect(audit).toMatchObject({ action: "create", actorEmail: "writer@example.com" });
    expect(audit!.data).toMatchObject({ isPublished: false, publishIgnored: true });
  });

  it("keeps the status as it was when a manager without courses:publish edits a course (a draft is not found)", async () => {
    const writer = await manager("writer@example.com", NO_PUBLISH);
    const live = await createCourse(admin, base({ slug: "live", isPublished: true }));
    const draft = await createCourse(admin, base({ slug: "draft" }));
    await updateCourse(writer, live.id, base({ slug: "live", title: "Renamed", isPublished: false }));
    await expectCode(updateCourse(writer, draft.id, base({ slug: "draft", isPublished: true })), "not_found", COURSE_ERRORS.notFound);
    expect(await courseRow(live.id)).toMatchObject({ title: "Renamed", isPublished: true });
    expect((await courseRow(draft.id))!.isPublished).toBe(false);
    // The edit is recorded as what it was: no "publishing ignored" for a box the form never showed (issue 36 item 14).
    const [edit] = (await auditRows(live.id)).filter((r) => r.action === "update");
    expect(edit!.data).toMatchObject({ changed: ["title"] });
    expect(edit!.data).not.toHaveProperty("publishIgnored");
  });

  it("refuses the toggle (403; a draft: 404) and bulk publish (403) without courses:publish, and changes nothing", async () => {
    const writer = await manager("writer@example.com", NO_PUBLISH);
    const draft = await createCourse(admin, base());
    const live = await createCourse(admin, base({ slug: "live", isPublished: true }));
    await expectCode(setCoursePublished(writer, draft.id, true), "not_found", COURSE_ERRORS.notFound);
    await expectCode(setCoursePublished(writer, live.id, false), "forbidden", "admin.errors.forbidden");
    await expectCode(setCoursesPublished(writer, [draft.id], true), "forbidden", "admin.errors.forbidden");
    await expectCode(setCoursesPublished(writer, [live.id], false), "forbidden", "admin.errors.forbidden");
    expect((await courseRow(draft.id))!.isPublished).toBe(false);
    expect((await courseRow(live.id))!.isPublished).toBe(true);
  });

  it("toggles and bulk-publishes with courses:publish, one audit line per changed course", async () => {
    const publisher = await manager("publisher@example.com", ["courses:view", "courses:publish"]);
    const a = await createCourse(admin, base({ slug: "a" }));
    const b = await createCourse(admin, base({ slug: "b" }));
    const c = await createCourse(admin, base({ slug: "c", isPublished: true }));
    expect(await setCoursePublished(publisher, a.id, true)).toMatchObject({ isPublished: true });
    expect((await courseRow(a.id))!.isPublished).toBe(true);
    const bulk = await setCoursesPublished(publisher, [a.id, b.id, c.id], true);
    expect(bulk).toEqual({ changed: 1, requested: 3 });
    const off = await setCoursesPublished(publisher, [a.id, b.id], false);
    expect(off.changed).toBe(2);
    expect((await courseRow(a.id))!.isPublished).toBe(false);
    expect((await courseRow(c.id))!.isPublished).toBe(true);
    const actions = (await auditRows()).filter((r) => r.actorEmail === "publisher@example.com").map((r) => `${r.action}:${r.entityId}`);
    expect([...actions].sort()).toEqual([`publish:${a.id}`, `publish:${b.id}`, `unpublish:${a.id}`, `unpublish:${b.id}`].sort());
    await expectCode(setCoursePublished(publisher, crypto.randomUUID(), true), "not_found", COURSE_ERRORS.notFound);
    await expectCode(setCoursesPublished(publisher, [], true), "bad_request", COURSE_ERRORS.selectionInvalid);
    await expectCode(setCoursesPublished(publisher, ["not-an-id"], true), "bad_request", COURSE_ERRORS.selectionInvalid);
  });

  it("needs the flag of each write", async () => {
    const viewer = await manager("viewer@example.com", ["courses:view"]);
    const course = await createCourse(admin, base());
    await expectCode(createCourse(viewer, base({ slug: "x" })), "forbidden", "admin.errors.forbidden");
    await expectCode(updateCourse(viewer, course.id, base()), "forbidden", "admin.errors.forbidden");
    await expectCode(deleteCourse(viewer, course.id), "forbidden", "admin.errors.forbidden");
    await expectCode(getCourseForEdit(viewer, course.id), "forbidden", "admin.errors.forbidden");
    const nobody = await manager("nobody@example.com", []);
    await expectCode(listAdminCourses(nobody), "forbidden", "admin.errors.forbidden");
  });
});

// Issue 14, item 4: a manager without courses:publish opened and overwrote a draft by its id. A draft
// does not exist for such a manager: every read and write by id is "not found" (404), as for an unknown
// id, and nothing changes; with courses:publish the same calls work.
describe("drafts are invisible without courses:publish, by id too (issue 14)", () => {
  /** A draft with everything the attack wiped (price, category, thumbnail) plus documents; and a published course. */
  async function seedDraft() {
    const { cat, sub, teacher } = await seedCatalog();
    const thumb = await storedThumbnail();
    const draft = await createCourse(
      admin,
      base({
        title: "Secret Draft",
        slug: "secret-draft",
        price: 750,
        categoryId: cat.id,
        subcategoryId: sub.id,
        instructorId: teacher.id,
        thumbnailUrl: thumb.url,
        documents: [await storedPdf("plan.pdf")],
      }),
    );
    const live = await createCourse(admin, base({ title: "Live", slug: "live", isPublished: true, documents: [await storedPdf("live.pdf")] }));
    const docOf = async (courseId: string) =>
      (await database.db.select().from(courseDocuments).where(eq(courseDocuments.courseId, courseId)))[0]!;
    return { draft, live, thumb, draftDoc: await docOf(draft.id), liveDoc: await docOf(live.id) };
  }

  /** Every row the calls could touch, and the number of audit lines. */
  async function snapshot() {
    return {
      courses: await database.db.select().from(courses).orderBy(asc(courses.slug)),
      documents: await database.db.select().from(courseDocuments).orderBy(asc(courseDocuments.storageKey)),
      audit: (await database.db.select().from(auditLog)).length,
    };
  }

  it("answers not_found (404) to every read and write of a draft by id, and changes nothing", async () => {
    const { draft, live, thumb, draftDoc, liveDoc } = await seedDraft();
    const writer = await manager("writer@example.com", NO_PUBLISH);
    const before = await snapshot();
    const notFound = (p: Promise<unknown>) => expectCode(p, "not_found", COURSE_ERRORS.notFound);

    await notFound(getVisibleCourse(writer, draft.id));
    await notFound(getCourseForEdit(writer, draft.id));
    // The overwrite of the report: price, category and thumbnail gone, a document attached.
    await notFound(updateCourse(writer, draft.id, base({ title: "Secret Draft", slug: "secret-draft", thumbnailUrl: "", documents: [await storedPdf("x.pdf")] })));
    await notFound(setCoursePublished(writer, draft.id, true));
    await notFound(setCoursePublished(writer, draft.id, false));
    await notFound(deleteCourse(writer, draft.id));
    // The same answer as for an id that does not exist.
    await notFound(getCourseForEdit(writer, crypto.randomUUID()));
    await notFound(setCoursePublished(writer, crypto.randomUUID(), true));
    // Bulk publishing is refused to it whatever the ids (403 for all alike).
    await expectCode(setCoursesPublished(writer, [draft.id], true), "forbidden", "admin.errors.forbidden");
    // Not listed, whatever the filter.
    for (const status of ["all", "draft", "published"] as const) {
      expect((await listAdminCourses(writer, { status })).rows.map((r) => r.id)).toEqual([live.id]);
    }
    // The draft's document is unknown to it (404, not 403); the published course's document opens.
    const hidden = await documentFileResponse(draftDoc.id, { type: "staff", actor: writer }, tEn);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).toBe(tEn("uploads.errors.documentNotFound"));
    const shown = await documentFileResponse(liveDoc.id, { type: "staff", actor: writer }, tEn);
    expect(shown.status).toBe(200);
    await shown.arrayBuffer();

    expect(await snapshot()).toEqual(before);
    expect(await exists(thumb.key, "public")).toBe(true);
    expect(await exists(draftDoc.storageKey, "private")).toBe(true);
    const row = await courseRow(draft.id);
    expect(Number(row!.price)).toBe(750);
    expect(row).toMatchObject({ thumbnailUrl: thumb.url, isPublished: false });
    expect(row!.categoryId).not.toBeNull();

    // A published course stays readable and editable by the same manager.
    expect((await getCourseForEdit(writer, live.id)).documents).toHaveLength(1);
    expect(await getVisibleCourse(writer, live.id)).toEqual({ id: live.id, title: "Live", isPublished: true });
  });

  // Issue 36 item 15 (ADR 030): the creator's own draft does not vanish from their list.
  it("lets the manager who created a draft list, read and edit it, but not publish it; other managers still get 404", async () => {
    const writer = await manager("writer@example.com", NO_PUBLISH);
    const other = await manager("other-writer@example.com", NO_PUBLISH);
    const own = await createCourse(writer, base({ slug: "own-draft", title: "Own Draft", isPublished: true }));
    expect(own.isPublished).toBe(false);
    expect((await listAdminCourses(writer, { status: "all" })).rows.map((r) => r.slug)).toEqual(["own-draft"]);
    expect(await getVisibleCourse(writer, own.id)).toEqual({ id: own.id, title: "Own Draft", isPublished: false });
    const edit = await getCourseForEdit(writer, own.id);
    await updateCourse(writer, own.id, { ...base({ slug: "own-draft", title: "Own Draft, edited", isPublished: true }), version: edit.version });
    expect((await courseRow(own.id))!).toMatchObject({ title: "Own Draft, edited", isPublished: false });
    // Publishing stays with courses:publish, even for the creator.
    await expectCode(setCoursePublished(writer, own.id, true), "forbidden", "admin.errors.forbidden");
    // Someone else's draft is still unknown to another manager, by list and by id.
    expect((await listAdminCourses(other, { status: "all" })).rows).toEqual([]);
    await expectCode(getCourseForEdit(other, own.id), "not_found", COURSE_ERRORS.notFound);
    await expectCode(updateCourse(other, own.id, base({ slug: "own-draft" })), "not_found", COURSE_ERRORS.notFound);
    expect((await courseRow(own.id))!.title).toBe("Own Draft, edited");
  });

  it("lets a manager with courses:publish (and an admin) read, edit, publish, open the documents of and delete a draft", async () => {
    const { draft, thumb, draftDoc } = await seedDraft();
    const publisher = await manager("publisher@example.com", [...NO_PUBLISH, "courses:publish"]);
    expect(await getVisibleCourse(publisher, draft.id)).toMatchObject({ id: draft.id, isPublished: false });
    const edit = await getCourseForEdit(publisher, draft.id);
    expect(edit).toMatchObject({ title: "Secret Draft", price: 750, thumbnailUrl: thumb.url });
    expect(edit.documents.map((d) => d.fileName)).toEqual(["plan.pdf"]);
    const opened = await documentFileResponse(draftDoc.id, { type: "staff", actor: publisher }, tEn);
    expect(opened.status).toBe(200);
    await opened.arrayBuffer();
    expect((await documentFileResponse(draftDoc.id, { type: "staff", actor: admin }, tEn)).status).toBe(200);

    const added = await storedPdf("added.pdf");
    await updateCourse(
      publisher,
      draft.id,
      base({
        title: "Renamed Draft",
        slug: "secret-draft",
        price: edit.price,
        categoryId: edit.categoryId,
        subcategoryId: edit.subcategoryId,
        instructorId: edit.instructorId,
        thumbnailUrl: edit.thumbnailUrl,
        documents: [...edit.documents, added],
      }),
    );
    expect(await courseRow(draft.id)).toMatchObject({ title: "Renamed Draft", isPublished: false });
    expect((await getCourseForEdit(publisher, draft.id)).documents.map((d) => d.fileName)).toEqual(["plan.pdf", "added.pdf"]);
    expect(await setCoursePublished(publisher, draft.id, true)).toMatchObject({ isPublished: true });
    expect(await setCoursePublished(publisher, draft.id, false)).toMatchObject({ isPublished: false });
    expect(await setCoursesPublished(publisher, [draft.id], true)).toEqual({ changed: 1, requested: 1 });
    await setCoursePublished(admin, draft.id, false);
    expect(await deleteCourse(publisher, draft.id)).toEqual({ id: draft.id, title: "Renamed Draft" });
    expect(await courseRow(draft.id)).toBeUndefined();
  });
});

describe("the admin list", () => {
  /** Inserts `n` courses straight into the table, each with a category and enrollments. */
  async function bulkInsert(n: number) {
    const { cat } = await seedCatalog();
    const rows = await database.db
      .insert(courses)
      .values(
        Array.from({ length: n }, (_, i) => ({
          title: `Course ${String(i).padStart(3, "0")}`,
          slug: `course-${i}`,
          language: i % 2 ? "ar" : "en",
          categoryId: i % 3 ? cat.id : null,
          price: i % 4 ? 100 + i : null,
          isPublished: i % 5 !== 0,
          createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
        })),
      )
      .returning({ id: courses.id });
    await database.db.insert(enrollments).values(
      rows.flatMap((r, i) =>
        Array.from({ length: i % 3 }, (_, j) => ({
          enrollmentId: `ENR-${i}-${j}`,
          courseId: r.id,
          courseName: `Course ${i}`,
          studentName: "Student",
          studentEmail: "s@example.com",
          studentPhone: "+201001234567",
          status: j ? ("approved" as const) : ("pending" as const),
        })),
      ),
    );
    return { cat };
  }

  it("shows category, price, every enrollment and status, newest first, 20 per page", async () => {
    const { cat } = await bulkInsert(45);
    const first = await listAdminCourses(admin, {});
    expect(first.total).toBe(45);
    expect(first.pageCount).toBe(3);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({ title: "Course 044", slug: "course-44", language: "en", categoryName: "Languages", categoryNameAr: "اللغات" });
    // course 44: 44 % 3 = 2 enrollments: one approved (enrolled), one pending (shown apart).
    expect(first.rows[0]).toMatchObject({ approvedCount: 1, pendingCount: 1 });
    // 44 % 4 = 0: no price; course 43 has one.
    expect(first.rows[0]!.price).toBeNull();
    expect(first.rows[1]).toMatchObject({ slug: "course-43", price: 143, language: "ar" });
    const last = await listAdminCourses(admin, { page: 99 });
    expect(last.page).toBe(3);
    expect(last.rows).toHaveLength(5);
    expect(last.rows.at(-1)).toMatchObject({ slug: "course-0", categoryName: null, price: null, isPublished: false });

    const byTitle = await listAdminCourses(admin, { sort: "title_asc" });
    expect(byTitle.rows[0]!.title).toBe("Course 000");
    const byPrice = await listAdminCourses(admin, { sort: "price_desc" });
    expect(byPrice.rows[0]!.price).toBe(143);
    const cheap = await listAdminCourses(admin, { sort: "price_asc" });
    expect(cheap.rows[0]!.price).toBeNull();

    const filtered = await listAdminCourses(admin, { categoryId: cat.id, language: "ar", status: "published" });
    expect(filtered.rows.every((r) => r.language === "ar" && r.categoryName === "Languages" && r.isPublished)).toBe(true);
    expect(filtered.total).toBeGreaterThan(0);
  });

  it("finds courses by words of their title, Arabic-aware, with the other filters and a draft for whoever sees drafts", async () => {
    const { cat } = await seedCatalog();
    await database.db.insert(courses).values([
      { title: "Digital Marketing Essentials", slug: "marketing", language: "en", categoryId: cat.id, isPublished: true },
      { title: "أساسيات التسويق الرقمي", slug: "marketing-ar", language: "ar", categoryId: cat.id, isPublished: true },
      { title: "إدارة المشروعات", slug: "projects-ar", language: "ar", isPublished: false },
      { title: "100% Excel_Basics", slug: "excel", language: "en", isPublished: true },
    ]);
    const slugs = async (q: string, more: object = {}, actor = admin) => (await listAdminCourses(actor, { q, ...more })).rows.map((r) => r.slug).sort();
    expect(await slugs("marketing")).toEqual(["marketing"]);
    expect(await slugs("  MARKETING  ")).toEqual(["marketing"]);
    // Hamza and taa marbuta folded as the public search folds them (D17).
    expect(await slugs("اساسيات")).toEqual(["marketing-ar"]);
    expect(await slugs("ادارة المشروعات")).toEqual(["projects-ar"]);
    // LIKE's wildcards are letters here.
    expect(await slugs("100%")).toEqual(["excel"]);
    expect(await slugs("e%b")).toEqual([]);
    expect(await slugs("%")).toEqual(["excel"]);
    // With the other filters; the query is echoed for the page.
    expect(await slugs("ا", { language: "ar", status: "published" })).toEqual(["marketing-ar"]);
    const list = await listAdminCourses(admin, { q: " marketing " });
    expect(list.query.q).toBe("marketing");
    expect(list.total).toBe(1);
    // A manager without courses:publish never finds a draft, by search either.
    const writer = await manager("search-writer@example.com", NO_PUBLISH);
    expect(await slugs("ادارة", {}, writer)).toEqual([]);
    expect(await slugs("marketing", {}, writer)).toEqual(["marketing"]);
  });

  it("counts enrolled students as the public course page does (approved only), with the pending requests apart", async () => {
    const course = await makeCourse({ title: "Counted", slug: "counted", isPublished: true });
    const other = await makeCourse({ title: "Other", slug: "other", isPublished: true });
    for (const status of ["approved", "approved", "approved", "pending", "pending", "rejected"] as const) {
      await makeEnrollment({ courseId: course.id, courseName: course.title, status });
    }
    await makeEnrollment({ courseId: other.id, courseName: other.title, status: "rejected" });
    const rows = new Map((await listAdminCourses(admin, {})).rows.map((r) => [r.slug, r]));
    expect(rows.get("counted")).toMatchObject({ approvedCount: 3, pendingCount: 2 });
    expect(rows.get("other")).toMatchObject({ approvedCount: 0, pendingCount: 0 });
    // The same number of students as the public page of the course shows.
    expect((await getPublishedCourse("counted"))!.approvedCount).toBe(3);
    // How the cell reads it, in both languages.
    expect(`${tEn("coursesAdmin.table.enrolled", { count: 3 })} · ${tEn("coursesAdmin.table.pending", { count: 2 })}`).toBe("3 enrolled · 2 pending");
    expect(`${tAr("coursesAdmin.table.enrolled", { count: 3 })} · ${tAr("coursesAdmin.table.pending", { count: 2 })}`).toBe(
      "3 مسجّلين · طلبان قيد المراجعة",
    );
  });

  /** Runs `fn` against the same database through a drizzle instance that counts its queries. */
  async function countQueries(fn: () => Promise<unknown>): Promise<number> {
    let n = 0;
    const logger = { logQuery: () => void n++ };
    const client = (database.db as unknown as { $client: unknown }).$client;
    const counting = (
      database.kind === "pglite"
        ? drizzlePglite(client as PGlite, { schema, casing: "snake_case", logger })
        : drizzlePg(client as pg.Pool, { schema, casing: "snake_case", logger })
    ) as unknown as Db;
    setDatabase({ ...database, db: counting });
    try {
      await fn();
    } finally {
      setDatabase(database);
    }
    return n;
  }

  it("runs a fixed number of queries whatever the number of rows (5 vs 50)", async () => {
    await bulkInsert(5);
    const few = await countQueries(() => listAdminCourses(admin, {}));
    const fewPage = await countQueries(() => load(admin));
    await resetDatabase(database.db);
    await bulkInsert(50);
    expect((await listAdminCourses(admin, {})).rows).toHaveLength(20);
    const many = await countQueries(() => listAdminCourses(admin, {}));
    const manyPage = await countQueries(() => load(admin));
    expect(few).toBe(2);
    expect(many).toBe(few);
    expect(manyPage).toBe(fewPage);
    expect(fewPage).toBeLessThanOrEqual(5);
  });
});

describe("files (D8, D22) and the legacy PDF", () => {
  it("removes a replaced or removed thumbnail (and its variant) from storage; keeps an unchanged one", async () => {
    const first = await storedThumbnail();
    const course = await createCourse(admin, base({ thumbnailUrl: first.url }));
    expect((await courseRow(course.id))!.thumbnailUrl).toBe(first.url);

    await updateCourse(admin, course.id, base({ thumbnailUrl: first.url, title: "Same picture" }));
    expect(await exists(first.key, "public")).toBe(true);

    const second = await storedThumbnail();
    await updateCourse(admin, course.id, base({ thumbnailUrl: second.url }));
    expect((await courseRow(course.id))!.thumbnailUrl).toBe(second.url);
    expect(await exists(first.key, "public")).toBe(false);
    expect(await exists(first.variantKey, "public")).toBe(false);
    expect(await exists(second.key, "public")).toBe(true);

    await updateCourse(admin, course.id, base({ thumbnailUrl: "" }));
    expect((await courseRow(course.id))!.thumbnailUrl).toBeNull();
    expect(await exists(second.key, "public")).toBe(false);
  });

  it("accepts only an image our upload stored as a new thumbnail", async () => {
    for (const url of ["https://evil.example/x.webp", "/media/demo/x.webp", "/media/../private/documents/a.pdf", "javascript:alert(1)"]) {
      await expectCode(createCourse(admin, base({ thumbnailUrl: url })), "bad_request", COURSE_ERRORS.thumbnailInvalid);
    }
    expect(await courseCount()).toBe(0);
  });

  it("keeps course_documents in step with the list: add, reorder, remove (file deleted), ids matched, keys never trusted", async () => {
    const a = await storedPdf("a.pdf");
    const b = await storedPdf("b.pdf");
    const course = await createCourse(admin, base({ documents: [a, b] }));
    let edit = await getCourseForEdit(admin, course.id);
    expect(edit.documents.map((d) => d.fileName)).toEqual(["a.pdf", "b.pdf"]);
    // The stored size replaces what the browser reported.
    expect(edit.documents[0]!.size).toBeGreaterThan(1);
    const [docA, docB] = edit.documents;

    // Reorder and add a third.
    const c = await storedPdf("c.pdf");
    await updateCourse(admin, course.id, base({ documents: [{ ...docB!, id: docB!.id }, { ...docA! }, c] }));
    edit = await getCourseForEdit(admin, course.id);
    expect(edit.documents.map((d) => d.fileName)).toEqual(["b.pdf", "a.pdf", "c.pdf"]);

    // An existing row's key sent back changed is ignored: the row is matched by id.
    await updateCourse(admin, course.id, base({ documents: edit.documents.map((d) => ({ ...d, key: c.key })) }));
    edit = await getCourseForEdit(admin, course.id);
    expect(edit.documents.map((d) => d.key)).toEqual([b.key, a.key, c.key]);

    // Remove a: its row goes and its file is deleted from storage.
    await updateCourse(admin, course.id, base({ documents: edit.documents.filter((d) => d.key !== a.key) }));
    edit = await getCourseForEdit(admin, course.id);
    expect(edit.documents.map((d) => d.fileName)).toEqual(["b.pdf", "c.pdf"]);
    expect(await exists(a.key, "private")).toBe(false);
    expect(await exists(b.key, "private")).toBe(true);

    // Crafted lists: an id of another course, a key already used by a row, a key not in storage, a path.
    const other = await createCourse(admin, base({ slug: "other", documents: [await storedPdf("o.pdf")] }));
    const otherDoc = (await getCourseForEdit(admin, other.id)).documents[0]!;
    const crafted: CourseValues["documents"][] = [
      [otherDoc],
      [{ key: otherDoc.key, fileName: "steal.pdf", size: 1 }],
      [{ key: `documents/${hex()}.pdf`, fileName: "ghost.pdf", size: 1 }],
      [{ key: "../../etc/passwd", fileName: "x.pdf", size: 1 }],
      [{ key: "private/documents/x.pdf", fileName: "x.pdf", size: 1 }],
    ];
    for (const documents of crafted) {
      await expectCode(updateCourse(admin, course.id, base({ documents })), "bad_request", COURSE_ERRORS.documentsInvalid);
    }
    expect((await getCourseForEdit(admin, course.id)).documents.map((d) => d.fileName)).toEqual(["b.pdf", "c.pdf"]);
    expect((await getCourseForEdit(admin, other.id)).documents).toHaveLength(1);
  });

  it("moves the legacy pdf_url into the documents on save and clears it", async () => {
    const course = await createCourse(admin, base({ documents: [await storedPdf("new.pdf")] }));
    await database.db
      .update(courses)
      .set({ pdfUrl: "https://files.example.com/course-media/doc-1700000000-abc-Course%20Outline.pdf" })
      .where(eq(courses.id, course.id));
    const before = await getCourseForEdit(admin, course.id);
    expect(before.pdfUrl).not.toBeNull();
    await updateCourse(admin, course.id, base({ documents: before.documents }));
    const after = await getCourseForEdit(admin, course.id);
    expect(after.pdfUrl).toBeNull();
    expect(after.documents.map((d) => [d.fileName, d.key])).toEqual([
      ["new.pdf", before.documents[0]!.key],
      ["doc-1700000000-abc-Course Outline.pdf", "https://files.example.com/course-media/doc-1700000000-abc-Course%20Outline.pdf"],
    ]);
    const [, update] = await auditRows(course.id);
    expect(update!.data).toMatchObject({ documents: { legacyMigrated: true } });
  });

  it("deletes a course (D22): documents and thumbnail removed from storage, enrollments kept with course_id null", async () => {
    const thumb = await storedThumbnail();
    const docs = [await storedPdf("a.pdf"), await storedPdf("b.pdf")];
    const course = await createCourse(admin, base({ thumbnailUrl: thumb.url, documents: docs }));
    await database.db.insert(enrollments).values({
      enrollmentId: "ENR-KEEP",
      courseId: course.id,
      courseName: "English for Business",
      studentName: "Sara",
      studentEmail: "sara@example.com",
      studentPhone: "+201001234567",
    });
    const deleted = await deleteCourse(admin, course.id);
    expect(deleted).toEqual({ id: course.id, title: "English for Business" });
    expect(await courseRow(course.id)).toBeUndefined();
    expect(await database.db.select().from(courseDocuments)).toEqual([]);
    for (const d of docs) expect(await exists(d.key, "private")).toBe(false);
    expect(await exists(thumb.key, "public")).toBe(false);
    const [kept] = await database.db.select().from(enrollments).where(eq(enrollments.enrollmentId, "ENR-KEEP"));
    expect(kept).toMatchObject({ courseId: null, courseName: "English for Business" });
    const audit = (await auditRows(course.id)).at(-1);
    expect(audit).toMatchObject({ action: "delete", actorEmail: "admin@example.com" });
    expect(audit!.data).toMatchObject({ documents: 2, enrollmentsKept: 1, ip: "203.0.113.7" });
    await expectCode(deleteCourse(admin, course.id), "not_found", COURSE_ERRORS.notFound);
  });
});

describe("audit (every write)", () => {
  it("records create, update, publish, unpublish and delete with the actor", async () => {
    const course = await createCourse(admin, base());
    await updateCourse(admin, course.id, base({ title: "New title", price: 250 }));
    await setCoursePublished(admin, course.id, true);
    await setCoursePublished(admin, course.id, true); // no change, no line
    await setCoursePublished(admin, course.id, false);
    await deleteCourse(admin, course.id);
    const rows = await auditRows(course.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "update", "publish", "unpublish", "delete"]);
    expect(rows.every((r) => r.actorId === admin.id && r.actorEmail === "admin@example.com")).toBe(true);
    expect(rows[1]!.data).toMatchObject({ changed: ["title", "price"] });
  });
});

describe("two staff editing one course (issue 35 item 6)", () => {
  it("refuses the older form's save with 409, who and when, and keeps the first save", async () => {
    const colleague = await manager("colleague@example.com", [...NO_PUBLISH, "courses:publish"]);
    const course = await createCourse(admin, base({ summary: "Old summary" }));
    // Both open the edit form at the same version.
    const { version } = await getCourseForEdit(admin, course.id);
    expect((await getCourseForEdit(colleague, course.id)).version).toBe(version);
    await updateCourse(colleague, course.id, { ...base({ summary: "A's new summary" }), version });
    const err = await expectCode(updateCourse(admin, course.id, { ...base({ hours: 40, price: 999 }), version }), "conflict", "admin.errors.editConflict");
    expect(err.status).toBe(409);
    expect(err.conflict).toMatchObject({ by: "colleague@example.com" });
    expect(Date.parse(err.conflict!.at)).toBeGreaterThan(Date.now() - 60_000);
    const row = await courseRow(course.id);
    expect(row).toMatchObject({ summary: "A's new summary" });
    expect(row?.price).not.toBe("999");
    // The audit has one update, the colleague's.
    expect((await auditRows(course.id)).filter((r) => r.action === "update").map((r) => r.actorEmail)).toEqual(["colleague@example.com"]);
    // With the current version the save goes through.
    const fresh = await getCourseForEdit(admin, course.id);
    await updateCourse(admin, course.id, { ...base({ summary: "A's new summary", hours: 40 }), version: fresh.version });
    expect((await courseRow(course.id))?.hours).toBe(40);
  });

  it("of two saves of one version at once, exactly one is written", async () => {
    const course = await createCourse(admin, base());
    const { version } = await getCourseForEdit(admin, course.id);
    const outcomes = await Promise.allSettled([
      updateCourse(admin, course.id, { ...base({ summary: "first" }), version }),
      updateCourse(admin, course.id, { ...base({ summary: "second" }), version }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as AppError).code).toBe("conflict");
  });
});

describe("/admin/courses loader and action", () => {
  const run = (actor: Actor | null, form: Record<string, string | string[]>) => callAction(coursesAction, { url: "/admin/courses", form, actor });

  const form = (over: Record<string, string> = {}) => ({
    intent: "create",
    title: "Arabic for Beginners",
    slug: "arabic-for-beginners",
    language: "ar",
    documents: "[]",
    thumbnailUrl: "",
    priceVisible: "on",
    ...over,
  });

  it("declares its permission for the authorization matrix", () => {
    expect(adminPage("/admin/courses").access).toBe("courses:view");
  });

  it("needs a session and courses:view", async () => {
    expect((await run(ANONYMOUS, form())).status).toBe(302);
    const other = await manager("other@example.com", ["users:view"]);
    expect((await run(other, form())).status).toBe(403);
    expect((await load(other)).status).toBe(403);
    expect(await courseCount()).toBe(0);
  });

  it("creates from the form: curriculum lines, checkboxes, and the SPEC messages on bad fields (400, nothing written)", async () => {
    const bad = await run(admin, form({ title: "", slug: "Not A Slug", hours: "0", price: "-5", summary: "x".repeat(501) }));
    expect(bad.status).toBe(400);
    expect(bad.data?.result?.error).toMatchObject({
      title: [COURSE_ERRORS.titleRequired],
      slug: [COURSE_ERRORS.slugFormat],
      hours: [COURSE_ERRORS.hoursMin],
      price: [COURSE_ERRORS.priceNonNegative],
      summary: [COURSE_ERRORS.summaryTooLong],
    });
    const noLanguage = await run(admin, form({ language: "" }));
    expect(noLanguage.status).toBe(400);
    expect(noLanguage.data?.result?.error).toMatchObject({ language: [COURSE_ERRORS.languageRequired] });
    const badDocs = await run(admin, form({ documents: "{not json" }));
    expect(badDocs.status).toBe(400);
    expect(badDocs.data?.result?.error).toMatchObject({ documents: [COURSE_ERRORS.documentsInvalid] });
    expect(await courseCount()).toBe(0);

    const ok = await run(admin, form({ curriculum: "Letters\r\n\r\nWords\nSentences", level: "beginner", hours: "12", price: "499.50", isPublished: "on" }));
    expect(ok).toMatchObject({ status: 200, data: { intent: "create", ok: true, published: true } });
    const row = await courseRow(ok.data!.courseId!);
    expect(row).toMatchObject({ curriculum: ["Letters", "Words", "Sentences"], level: "beginner", hours: 12, priceVisible: true, isPublished: true });
    expect(Number(row!.price)).toBe(499.5);

    // Unchecked "Show Price Publicly" sends nothing: the price is hidden.
    const hidden = await run(admin, form({ slug: "hidden-price", priceVisible: "" }));
    expect((await courseRow(hidden.data!.courseId!))!.priceVisible).toBe(false);

    const dup = await run(admin, form({ title: "Other" }));
    expect(dup.status).toBe(409);
    expect(dup.data).toMatchObject({ ok: false, messageKey: COURSE_ERRORS.slugTaken });
    expect(dup.data?.result?.error).toEqual({ slug: [COURSE_ERRORS.slugTaken] });
  });

  it("refuses crafted publish requests from a manager without courses:publish (create, edit, toggle, bulk)", async () => {
    const writer = await manager("writer@example.com", NO_PUBLISH);
    const created = await run(writer, form({ isPublished: "on" }));
    expect(created).toMatchObject({ status: 200, data: { ok: true, published: false } });
    const id = created.data!.courseId!;
    expect((await courseRow(id))!.isPublished).toBe(false);

    // The draft it created stays its own to edit (issue 36 item 15, ADR 030), and a draft: publishing is ignored.
    const edited = await run(writer, form({ intent: "update", courseId: id, isPublished: "on" }));
    expect(edited).toMatchObject({ status: 200, data: { ok: true, published: false } });
    expect((await courseRow(id))!.isPublished).toBe(false);

    const toggle = await run(writer, { intent: "togglePublish", courseId: id, published: "true" });
    expect(toggle).toMatchObject({ status: 403, data: { ok: false, messageKey: "admin.errors.forbidden" } });
    const bulk = await run(writer, { intent: "bulkPublish", ids: [id] });
    expect(bulk).toMatchObject({ status: 403, data: { ok: false, messageKey: "admin.errors.forbidden" } });
    expect((await courseRow(id))!.isPublished).toBe(false);

    // A published course edited by the same manager stays published.
    const live = await createCourse(admin, base({ slug: "live", isPublished: true }));
    const keep = await run(writer, form({ intent: "update", courseId: live.id, slug: "live" }));
    expect(keep).toMatchObject({ status: 200, data: { ok: true, published: true } });
    expect((await courseRow(live.id))!.isPublished).toBe(true);
    const unpublish = await run(writer, { intent: "togglePublish", courseId: live.id, published: "false" });
    expect(unpublish).toMatchObject({ status: 403, data: { ok: false, messageKey: "admin.errors.forbidden" } });

    // Its list shows the published courses and its own draft, whatever status the URL asks for.
    const data = await page(writer, "?status=draft");
    expect(data.list.query.status).toBe("all");
    expect(data.list.rows.map((r) => r.id).sort()).toEqual([live.id, id].sort());
  });

  it("toggles, bulk-publishes and deletes for an admin; rejects unknown intents and bad ids", async () => {
    const a = await createCourse(admin, base({ slug: "a" }));
    const b = await createCourse(admin, base({ slug: "b" }));
    expect(await run(admin, { intent: "togglePublish", courseId: a.id, published: "true" })).toMatchObject({
      status: 200,
      data: { ok: true, published: true },
    });
    expect(await run(admin, { intent: "bulkPublish", ids: [a.id, b.id] })).toMatchObject({ status: 200, data: { ok: true, changed: 1 } });
    expect(await run(admin, { intent: "bulkUnpublish", ids: [a.id, b.id] })).toMatchObject({ status: 200, data: { ok: true, changed: 2 } });
    expect((await run(admin, { intent: "bulkPublish", ids: ["x"] })).status).toBe(400);
    expect((await run(admin, { intent: "__probe__" })).status).toBe(400);
    expect((await run(admin, { intent: "delete", courseId: "nope" })).status).toBe(400);
    expect(await run(admin, { intent: "delete", courseId: crypto.randomUUID() })).toMatchObject({
      status: 404,
      data: { messageKey: COURSE_ERRORS.notFound },
    });
    expect(await run(admin, { intent: "delete", courseId: a.id })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await courseRow(a.id)).toBeUndefined();
  });

  it("opens the create form from ?action=create only with courses:create; the edit and delete dialogs from the URL", async () => {
    expect((await page(admin, "?action=create")).dialog).toEqual({ kind: "create" });
    expect((await page(admin, "?action=create")).fromDashboard).toBe(true);
    const viewer = await manager("viewer@example.com", ["courses:view"]);
    expect((await page(viewer, "?action=create")).dialog).toBeNull();
    const course = await createCourse(admin, base({ isPublished: true }));
    const edit = await page(admin, `?dialog=edit&course=${course.id}`);
    expect(edit.dialog).toMatchObject({ kind: "edit", course: { id: course.id, slug: "english-for-business" } });
    expect((await page(viewer, `?dialog=edit&course=${course.id}`)).dialog).toBeNull();
    expect((await page(admin, `?dialog=delete&course=${course.id}`)).dialog).toEqual({
      kind: "delete",
      course: { id: course.id, title: "English for Business" },
    });
  });

  it("answers 404 to a manager without courses:publish for a draft's edit dialog, update, delete and toggle; nothing changes (issue 14)", async () => {
    const { cat } = await seedCatalog();
    const thumb = await storedThumbnail();
    const draft = await createCourse(
      admin,
      base({ title: "Secret Draft", slug: "secret-draft", price: 750, categoryId: cat.id, thumbnailUrl: thumb.url, documents: [await storedPdf("plan.pdf")] }),
    );
    const writer = await manager("writer@example.com", NO_PUBLISH);
    const state = async () => ({
      course: await courseRow(draft.id),
      documents: await database.db.select().from(courseDocuments).orderBy(asc(courseDocuments.storageKey)),
      audit: (await database.db.select().from(auditLog)).length,
    });
    const before = await state();

    // The edit dialog is a 404 page, exactly as for an id that does not exist.
    expect((await load(writer, `?dialog=edit&course=${draft.id}`)).status).toBe(404);
    expect((await load(writer, `?dialog=edit&course=${crypto.randomUUID()}`)).status).toBe(404);
    // The delete dialog stays shut (as for an unknown id), and the page data never names the draft.
    const deletePage = await page(writer, `?dialog=delete&course=${draft.id}`);
    expect(deletePage.dialog).toBeNull();
    expect(JSON.stringify(deletePage)).not.toContain("Secret Draft");
    expect(JSON.stringify(deletePage)).not.toContain(draft.id);

    // The request of the report: an update that wiped the price, category, thumbnail (and documents).
    const notFound = { status: 404, data: { ok: false, messageKey: COURSE_ERRORS.notFound } };
    expect(await run(writer, form({ intent: "update", courseId: draft.id, title: "Secret Draft", slug: "secret-draft" }))).toMatchObject(notFound);
    expect(await run(writer, { intent: "delete", courseId: draft.id })).toMatchObject(notFound);
    expect(await run(writer, { intent: "togglePublish", courseId: draft.id, published: "true" })).toMatchObject(notFound);
    expect(await run(writer, { intent: "togglePublish", courseId: draft.id, published: "false" })).toMatchObject(notFound);
    expect(await state()).toEqual(before);
    expect(Number(before.course!.price)).toBe(750);
    expect(before.course).toMatchObject({ categoryId: cat.id, thumbnailUrl: thumb.url, isPublished: false });
    expect(before.documents).toHaveLength(1);

    // With courses:publish the same requests work.
    const publisher = await manager("publisher@example.com", [...NO_PUBLISH, "courses:publish"]);
    const edit = await page(publisher, `?dialog=edit&course=${draft.id}`);
    expect(edit.dialog).toMatchObject({ kind: "edit", course: { id: draft.id, title: "Secret Draft", price: 750 } });
    expect((await page(publisher, `?dialog=delete&course=${draft.id}`)).dialog).toEqual({
      kind: "delete",
      course: { id: draft.id, title: "Secret Draft" },
    });
    const saved = await run(
      publisher,
      form({ intent: "update", courseId: draft.id, title: "Renamed", slug: "secret-draft", price: "750", categoryId: cat.id, thumbnailUrl: thumb.url }),
    );
    expect(saved).toMatchObject({ status: 200, data: { ok: true, published: false } });
    expect(await courseRow(draft.id)).toMatchObject({ title: "Renamed", categoryId: cat.id, thumbnailUrl: thumb.url });
    expect(await run(publisher, { intent: "togglePublish", courseId: draft.id, published: "true" })).toMatchObject({
      status: 200,
      data: { ok: true, published: true },
    });
    await setCoursePublished(admin, draft.id, false);
    expect(await run(publisher, { intent: "delete", courseId: draft.id })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await courseRow(draft.id)).toBeUndefined();
  });
});
