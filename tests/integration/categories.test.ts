// Categories and subcategories (SPEC §2 Admin Categories, §5, §8; D18, D22) against a real database
// (PGlite, or PostgreSQL with TEST_DB=pg): every SPEC §5 rule with its message in English and Arabic,
// the permission gate, in-use deletes refused with nothing changed, the unique slug, the audit trail,
// and the /admin/categories loader and action with crafted requests.
import { beforeEach, describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { auditLog, categories, courses, subcategories } from "@db/schema/index.ts";
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  listCategories,
  listCategoriesAdmin,
  listSubcategories,
  updateCategory,
  updateSubcategory,
} from "~/features/categories/categories.server.ts";
import { adminPage } from "~/lib/admin-pages.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import {
  action as categoriesAction,
  loader as categoriesLoader,
} from "~/routes/admin/categories.tsx";
import { ANONYMOUS, createAdmin, createManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { caught, expectCode } from "../setup/expect.ts";
import { makeCourse } from "../setup/factories.ts";
import { ARABIC, expectMessage, tAr, tEn } from "../setup/i18n.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  admin = await createAdmin({ ip: "203.0.113.9" });
});

/** A manager holding exactly `permissions`. */
const manager = (email: string, permissions: Permission[]) => createManager(admin, email, permissions);

/** A 400 on `field` with the message `english` (and its Arabic). */
async function expectFieldError(promise: Promise<unknown>, field: string, key: string, english: string) {
  const err = await caught(promise);
  expect(err.code).toBe("bad_request");
  expect(err.fields?.[field]).toBe(key);
  expectMessage(key, english);
}

async function counts() {
  const [c] = await database.db.select({ n: count() }).from(categories);
  const [s] = await database.db.select({ n: count() }).from(subcategories);
  const [a] = await database.db.select({ n: count() }).from(auditLog).where(sql`${auditLog.entity} in ('category', 'subcategory')`);
  return { categories: Number(c!.n), subcategories: Number(s!.n), audit: Number(a!.n) };
}

const insertCourse = async (values: { slug: string; categoryId?: string; subcategoryId?: string }) => (await makeCourse({ title: values.slug, ...values })).id;

const E = "categories.errors.";

describe("category rules (SPEC §5)", () => {
  it("requires a name, at most 100 characters ('Name is required', 'Name too long')", async () => {
    await expectFieldError(createCategory(admin, { name: "", slug: "a" }), "name", `${E}nameRequired`, "Name is required");
    await expectFieldError(createCategory(admin, { name: "   ", slug: "a" }), "name", `${E}nameRequired`, "Name is required");
    await expectFieldError(
      createCategory(admin, { name: undefined as unknown as string, slug: "a" }),
      "name",
      `${E}nameRequired`,
      "Name is required",
    );
    await expectFieldError(createCategory(admin, { name: "x".repeat(101), slug: "a" }), "name", `${E}nameTooLong`, "Name too long");
    const ok = await createCategory(admin, { name: `  ${"x".repeat(100)}  `, slug: "a" });
    expect(ok.name).toBe("x".repeat(100));
  });

  it("requires a slug of at most 50 lowercase letters, digits and hyphens", async () => {
    await expectFieldError(createCategory(admin, { name: "N", slug: "" }), "slug", `${E}slugRequired`, "Slug is required");
    await expectFieldError(createCategory(admin, { name: "N", slug: "a".repeat(51) }), "slug", `${E}slugTooLong`, "Slug too long");
    for (const bad of ["Web", "web dev", "web_dev", "ويب", "web/dev", "web.dev"]) {
      await expectFieldError(
        createCategory(admin, { name: "N", slug: bad }),
        "slug",
        `${E}slugInvalid`,
        "Slug must contain only lowercase letters, numbers, and hyphens",
      );
    }
    const ok = await createCategory(admin, { name: "N", slug: "a".repeat(50) });
    expect(ok.slug).toHaveLength(50);
    expect(await createCategory(admin, { name: "N2", slug: "web-101" })).toMatchObject({ slug: "web-101" });
  });

  it("keeps an optional Arabic name (null when empty; at most 100)", async () => {
    const withAr = await createCategory(admin, { name: "Languages", nameAr: " اللغات ", slug: "languages" });
    expect(withAr.nameAr).toBe("اللغات");
    const empty = await createCategory(admin, { name: "Tech", nameAr: "   ", slug: "tech" });
    expect(empty.nameAr).toBeNull();
    const absent = await createCategory(admin, { name: "Art", slug: "art" });
    expect(absent.nameAr).toBeNull();
    await expectFieldError(
      createCategory(admin, { name: "N", nameAr: "ع".repeat(101), slug: "n" }),
      "nameAr",
      `${E}nameArTooLong`,
      "Arabic name too long",
    );
  });

  it("refuses a slug already in use with a clear message (409), writing nothing", async () => {
    await createCategory(admin, { name: "Web", slug: "web" });
    const before = await counts();
    const err = await expectCode(createCategory(admin, { name: "Web again", slug: "web" }), "conflict", `${E}slugTaken`);
    expect(err.fields).toEqual({ slug: `${E}slugTaken` });
    expect(tEn(`${E}slugTaken`)).toBe("This slug is already in use. Choose another one.");
    const other = await createCategory(admin, { name: "Other", slug: "other" });
    await expectCode(updateCategory(admin, other.id, { name: "Other", slug: "web" }), "conflict", `${E}slugTaken`);
    expect((await counts()).categories).toBe(before.categories + 1);
    expect((await counts()).audit).toBe(before.audit + 1);
  });

  it("updates name, Arabic name and slug; the slug never changes unless sent", async () => {
    const c = await createCategory(admin, { name: "Web", nameAr: "الويب", slug: "web" });
    const renamed = await updateCategory(admin, c.id, { name: "Web Development", nameAr: "", slug: "web" });
    expect(renamed).toMatchObject({ id: c.id, name: "Web Development", nameAr: null, slug: "web" });
    await expectCode(updateCategory(admin, crypto.randomUUID(), { name: "X", slug: "x" }), "not_found", `${E}categoryNotFound`);
    await expectCode(updateCategory(admin, "not-a-uuid", { name: "X", slug: "x" }), "not_found", `${E}categoryNotFound`);
    await expectFieldError(updateCategory(admin, c.id, { name: "", slug: "web" }), "name", `${E}nameRequired`, "Name is required");
  });

  it("refuses to delete a category in use by courses: SPEC message, nothing changed", async () => {
    const c = await createCategory(admin, { name: "Used", slug: "used" });
    const courseId = await insertCourse({ slug: "course-a", categoryId: c.id });
    const before = await counts();
    const err = await expectCode(deleteCategory(admin, c.id), "conflict", `${E}deleteCategoryFailed`);
    expect(err.status).toBe(409);
    expectMessage(`${E}deleteCategoryFailed`, "Failed to delete category. It may be in use by courses.");
    expect(await counts()).toEqual(before);
    const [course] = await database.db.select({ categoryId: courses.categoryId }).from(courses).where(eq(courses.id, courseId));
    expect(course!.categoryId).toBe(c.id);
  });

  it("refuses to delete a category that still has subcategories", async () => {
    const c = await createCategory(admin, { name: "Parent", slug: "parent" });
    await createSubcategory(admin, { name: "Child", slug: "child", categoryId: c.id });
    const before = await counts();
    await expectCode(deleteCategory(admin, c.id), "conflict", `${E}deleteCategoryHasSubcategories`);
    expect(await counts()).toEqual(before);
  });

  it("deletes an unused category; an unknown one is not found", async () => {
    const c = await createCategory(admin, { name: "Gone", nameAr: "محذوف", slug: "gone" });
    // Both names: the page's message names it in the staff member's language.
    await expect(deleteCategory(admin, c.id)).resolves.toEqual({ id: c.id, name: "Gone", nameAr: "محذوف" });
    expect((await counts()).categories).toBe(0);
    await expectCode(deleteCategory(admin, c.id), "not_found", `${E}categoryNotFound`);
  });

  it("reports any other failure as 'Failed to save category' (500), writing nothing", async () => {
    await database.db.execute(sql`
      create function refuse_category() returns trigger language plpgsql as $$
      begin raise exception 'disk on fire'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_category before insert or update on categories for each row execute function refuse_category()`,
    );
    try {
      const err = await expectCode(createCategory(admin, { name: "X", slug: "x" }), "internal", `${E}saveCategoryFailed`);
      expect(err.status).toBe(500);
      expectMessage(`${E}saveCategoryFailed`, "Failed to save category");
      expect(await counts()).toEqual({ categories: 0, subcategories: 0, audit: 0 });
    } finally {
      await database.db.execute(sql`drop trigger refuse_category on categories`);
      await database.db.execute(sql`drop function refuse_category()`);
    }
  });
});

describe("subcategory rules (SPEC §5)", () => {
  let parentId: string;
  beforeEach(async () => {
    parentId = (await createCategory(admin, { name: "Parent", slug: "parent" })).id;
  });

  it("applies the category name rules", async () => {
    await expectFieldError(createSubcategory(admin, { name: "", slug: "s", categoryId: parentId }), "name", `${E}nameRequired`, "Name is required");
    await expectFieldError(
      createSubcategory(admin, { name: "x".repeat(101), slug: "s", categoryId: parentId }),
      "name",
      `${E}nameTooLong`,
      "Name too long",
    );
    await expectFieldError(
      createSubcategory(admin, { name: "S", nameAr: "ع".repeat(101), slug: "s", categoryId: parentId }),
      "nameAr",
      `${E}nameArTooLong`,
      "Arabic name too long",
    );
  });

  it("allows a slug of up to 100 characters with the same pattern", async () => {
    await expectFieldError(createSubcategory(admin, { name: "S", slug: "", categoryId: parentId }), "slug", `${E}slugRequired`, "Slug is required");
    await expectFieldError(
      createSubcategory(admin, { name: "S", slug: "a".repeat(101), categoryId: parentId }),
      "slug",
      `${E}slugTooLong`,
      "Slug too long",
    );
    await expectFieldError(
      createSubcategory(admin, { name: "S", slug: "Bad Slug", categoryId: parentId }),
      "slug",
      `${E}slugInvalid`,
      "Slug must contain only lowercase letters, numbers, and hyphens",
    );
    const long = await createSubcategory(admin, { name: "S", slug: "a".repeat(100), categoryId: parentId });
    expect(long.slug).toHaveLength(100);
  });

  it("requires a category ('Category is required'); an unknown one is refused on the field", async () => {
    for (const categoryId of ["", "   ", undefined, "not-a-uuid"]) {
      await expectFieldError(
        createSubcategory(admin, { name: "S", slug: "s", categoryId: categoryId as string }),
        "categoryId",
        `${E}categoryRequired`,
        "Category is required",
      );
    }
    const err = await caught(createSubcategory(admin, { name: "S", slug: "s", categoryId: crypto.randomUUID() }));
    expect(err.code).toBe("bad_request");
    expect(err.fields).toEqual({ categoryId: `${E}categoryMissing` });
    expect(tAr(`${E}categoryMissing`)).toMatch(ARABIC);
    expect((await counts()).subcategories).toBe(0);
  });

  it("takes an optional description of at most 500 characters (null when empty)", async () => {
    await expectFieldError(
      createSubcategory(admin, { name: "S", slug: "s", categoryId: parentId, description: "d".repeat(501) }),
      "description",
      `${E}descriptionTooLong`,
      "Description too long",
    );
    const full = await createSubcategory(admin, { name: "S", slug: "s", categoryId: parentId, description: "d".repeat(500) });
    expect(full.description).toHaveLength(500);
    const empty = await createSubcategory(admin, { name: "T", slug: "t", categoryId: parentId, description: "  " });
    expect(empty.description).toBeNull();
  });

  it("is active by default, with sort order 0 by default and never negative", async () => {
    const s = await createSubcategory(admin, { name: "S", slug: "s", categoryId: parentId });
    expect(s).toMatchObject({ isActive: true, sortOrder: 0, nameAr: null, description: null });
    const inactive = await createSubcategory(admin, { name: "I", slug: "i", categoryId: parentId, isActive: false, sortOrder: 3 });
    expect(inactive).toMatchObject({ isActive: false, sortOrder: 3 });
    await expectFieldError(
      createSubcategory(admin, { name: "N", slug: "n", categoryId: parentId, sortOrder: -1 }),
      "sortOrder",
      `${E}sortOrderNegative`,
      "Sort order must be non-negative",
    );
    await expectFieldError(
      createSubcategory(admin, { name: "N", slug: "n", categoryId: parentId, sortOrder: 1.5 }),
      "sortOrder",
      `${E}sortOrderInvalid`,
      "Sort order must be a whole number",
    );
    await expectCode(
      createSubcategory(admin, { name: "N", slug: "n", categoryId: parentId, sortOrder: 10_000_000 }),
      "bad_request",
      `${E}sortOrderTooLarge`,
    );
  });

  it("refuses a slug in use by another subcategory", async () => {
    await createSubcategory(admin, { name: "S", slug: "same", categoryId: parentId });
    const err = await expectCode(createSubcategory(admin, { name: "S2", slug: "same", categoryId: parentId }), "conflict", `${E}slugTaken`);
    expect(err.fields).toEqual({ slug: `${E}slugTaken` });
    expect((await counts()).subcategories).toBe(1);
  });

  it("lists subcategories by sort order then name, with the parent's name; categories with their counts", async () => {
    const other = await createCategory(admin, { name: "Another", nameAr: "آخر", slug: "another" });
    await createSubcategory(admin, { name: "Zeta", slug: "zeta", categoryId: parentId, sortOrder: 0 });
    await createSubcategory(admin, { name: "Alpha", slug: "alpha", categoryId: other.id, sortOrder: 1 });
    await createSubcategory(admin, { name: "Beta", slug: "beta", categoryId: parentId, sortOrder: 0 });
    const subs = await listSubcategories(admin);
    expect(subs.map((s) => [s.name, s.categoryName])).toEqual([
      ["Beta", "Parent"],
      ["Zeta", "Parent"],
      ["Alpha", "Another"],
    ]);
    expect(subs[2]!.categoryNameAr).toBe("آخر");
    const cats = await listCategories(admin);
    expect(cats.map((c) => [c.name, c.subcategoryCount])).toEqual([
      ["Another", 1],
      ["Parent", 2],
    ]);
    expect(cats[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("updates a subcategory; moving it to another category moves its courses' category too", async () => {
    const other = await createCategory(admin, { name: "Other", slug: "other" });
    const s = await createSubcategory(admin, { name: "S", slug: "s", categoryId: parentId });
    const courseId = await insertCourse({ slug: "c1", categoryId: parentId, subcategoryId: s.id });
    const moved = await updateSubcategory(admin, s.id, {
      name: "S renamed",
      nameAr: "فرعي",
      slug: "s",
      categoryId: other.id,
      description: "About",
      isActive: false,
      sortOrder: 4,
    });
    expect(moved).toMatchObject({ name: "S renamed", nameAr: "فرعي", slug: "s", categoryId: other.id, isActive: false, sortOrder: 4 });
    const [course] = await database.db.select({ categoryId: courses.categoryId }).from(courses).where(eq(courses.id, courseId));
    expect(course!.categoryId).toBe(other.id);
    await expectCode(
      updateSubcategory(admin, crypto.randomUUID(), { name: "X", slug: "x", categoryId: parentId }),
      "not_found",
      `${E}subcategoryNotFound`,
    );
  });

  it("refuses to delete a subcategory in use by courses: SPEC message, nothing changed", async () => {
    const s = await createSubcategory(admin, { name: "S", slug: "s", categoryId: parentId });
    await insertCourse({ slug: "c1", categoryId: parentId, subcategoryId: s.id });
    const before = await counts();
    await expectCode(deleteSubcategory(admin, s.id), "conflict", `${E}deleteSubcategoryFailed`);
    expectMessage(`${E}deleteSubcategoryFailed`, "Failed to delete subcategory. It may be in use by courses.");
    expect(await counts()).toEqual(before);
  });

  it("deletes an unused subcategory", async () => {
    const s = await createSubcategory(admin, { name: "S", slug: "s", categoryId: parentId });
    await expect(deleteSubcategory(admin, s.id)).resolves.toEqual({ id: s.id, name: "S", nameAr: null });
    expect((await counts()).subcategories).toBe(0);
    await expectCode(deleteSubcategory(admin, s.id), "not_found", `${E}subcategoryNotFound`);
  });

  it("reports any other failure as 'Failed to save subcategory'", async () => {
    await database.db.execute(sql`
      create function refuse_sub() returns trigger language plpgsql as $$
      begin raise exception 'disk on fire'; end $$`);
    await database.db.execute(sql`create trigger refuse_sub before insert on subcategories for each row execute function refuse_sub()`);
    try {
      await expectCode(createSubcategory(admin, { name: "S", slug: "s", categoryId: parentId }), "internal", `${E}saveSubcategoryFailed`);
      expectMessage(`${E}saveSubcategoryFailed`, "Failed to save subcategory");
      expect((await counts()).subcategories).toBe(0);
    } finally {
      await database.db.execute(sql`drop trigger refuse_sub on subcategories`);
      await database.db.execute(sql`drop function refuse_sub()`);
    }
  });
});

describe("permissions (D18: categories view / create / edit / delete)", () => {
  it("needs categories:view to list, and each flag for its write (subcategories use the same flags)", async () => {
    const c = await createCategory(admin, { name: "C", slug: "c" });
    const s = await createSubcategory(admin, { name: "S", slug: "s", categoryId: c.id });
    const outsider = await manager("outsider@example.com", ["courses:view"]);
    await expectCode(listCategoriesAdmin(outsider), "forbidden", "admin.errors.forbidden");
    await expectCode(listSubcategories(outsider), "forbidden", "admin.errors.forbidden");

    const viewer = await manager("viewer@example.com", ["categories:view"]);
    await expect(listCategoriesAdmin(viewer)).resolves.toMatchObject({ categories: [{ id: c.id }], subcategories: [{ id: s.id }] });
    const before = await counts();
    await expectCode(createCategory(viewer, { name: "N", slug: "n" }), "forbidden", "admin.errors.forbidden");
    await expectCode(updateCategory(viewer, c.id, { name: "N", slug: "c" }), "forbidden", "admin.errors.forbidden");
    await expectCode(deleteCategory(viewer, c.id), "forbidden", "admin.errors.forbidden");
    await expectCode(createSubcategory(viewer, { name: "N", slug: "n", categoryId: c.id }), "forbidden", "admin.errors.forbidden");
    await expectCode(updateSubcategory(viewer, s.id, { name: "N", slug: "s", categoryId: c.id }), "forbidden", "admin.errors.forbidden");
    await expectCode(deleteSubcategory(viewer, s.id), "forbidden", "admin.errors.forbidden");
    expect(await counts()).toEqual(before);

    // A manager holding exactly the flag gets through (the permission record is read per request).
    const editor = await manager("editor@example.com", ["categories:view", "categories:edit"]);
    await expect(updateCategory(editor, c.id, { name: "Renamed", slug: "c" })).resolves.toMatchObject({ name: "Renamed" });
    await expectCode(createCategory(editor, { name: "N", slug: "n" }), "forbidden", "admin.errors.forbidden");
  });
});

describe("audit trail", () => {
  it("records every write with actor, entity, id and the values", async () => {
    const c = await createCategory(admin, { name: "C", slug: "c" });
    await updateCategory(admin, c.id, { name: "C2", nameAr: "ج", slug: "c" });
    const s = await createSubcategory(admin, { name: "S", slug: "s", categoryId: c.id });
    await updateSubcategory(admin, s.id, { name: "S2", slug: "s", categoryId: c.id });
    await deleteSubcategory(admin, s.id);
    await deleteCategory(admin, c.id);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} in ('category', 'subcategory')`)
      .orderBy(auditLog.createdAt, auditLog.id);
    expect(rows.map((r) => [r.action, r.entity, r.entityId, r.actorId, r.actorEmail])).toEqual([
      ["create", "category", c.id, admin.id, "admin@example.com"],
      ["update", "category", c.id, admin.id, "admin@example.com"],
      ["create", "subcategory", s.id, admin.id, "admin@example.com"],
      ["update", "subcategory", s.id, admin.id, "admin@example.com"],
      ["delete", "subcategory", s.id, admin.id, "admin@example.com"],
      ["delete", "category", c.id, admin.id, "admin@example.com"],
    ]);
    expect(rows[1]!.data).toMatchObject({ before: { name: "C", nameAr: null }, after: { name: "C2", nameAr: "ج" }, ip: "203.0.113.9" });
    expect(rows[2]!.data).toMatchObject({ name: "S", slug: "s", categoryId: c.id, isActive: true, sortOrder: 0 });
  });

  it("writes no audit line for a refused write", async () => {
    const c = await createCategory(admin, { name: "C", slug: "c" });
    await insertCourse({ slug: "c1", categoryId: c.id });
    await deleteCategory(admin, c.id).catch(() => {});
    await createCategory(admin, { name: "", slug: "x" }).catch(() => {});
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "category"), eq(auditLog.action, "delete")));
    expect(rows).toEqual([]);
  });
});

describe("/admin/categories loader and action", () => {
  const run = (actor: Actor | null, form: Record<string, string>) => callAction(categoriesAction, { url: "/admin/categories", form, actor });
  const load = (actor: Actor | null, url = "http://localhost/admin/categories") => callLoader(categoriesLoader, { url, actor });
  const page = async (actor: Actor, url?: string) => (await load(actor, url)).data!;

  it("declares its permission for the authorization matrix", () => {
    expect(adminPage("/admin/categories").access).toBe("categories:view");
  });

  it("needs a session and categories:view", async () => {
    expect((await run(ANONYMOUS, { intent: "createCategory", name: "X", slug: "x" })).status).toBe(302);
    const outsider = await manager("outsider@example.com", ["courses:view"]);
    expect((await run(outsider, { intent: "createCategory", name: "X", slug: "x" })).status).toBe(403);
    expect((await load(outsider)).status).toBe(403);
    expect((await load(ANONYMOUS)).status).toBe(302);
    expect((await counts()).categories).toBe(0);
  });

  it("loads both lists on a document request, and defers them on a client navigation", async () => {
    await createCategory(admin, { name: "C", slug: "c" });
    const document = await page(admin, "http://localhost/admin/categories?lang=ar");
    expect(document.title).toBe(tAr("categories.metaTitle"));
    expect(document.lists).toMatchObject({ categories: [{ slug: "c", subcategoryCount: 0 }], subcategories: [] });
    const navigation = await page(admin, "http://localhost/admin/categories.data");
    expect(navigation.lists).toBeInstanceOf(Promise);
    await expect(navigation.lists).resolves.toMatchObject({ categories: [{ slug: "c" }] });
  });

  it("refuses each intent without its flag, writing nothing; an unknown intent is a 400", async () => {
    const c = await createCategory(admin, { name: "C", slug: "c" });
    const s = await createSubcategory(admin, { name: "S", slug: "s", categoryId: c.id });
    const viewer = await manager("viewer@example.com", ["categories:view"]);
    const before = await counts();
    const attempts: Record<string, string>[] = [
      { intent: "createCategory", name: "N", slug: "n" },
      { intent: "updateCategory", id: c.id, name: "N", slug: "c" },
      { intent: "deleteCategory", id: c.id },
      { intent: "createSubcategory", name: "N", slug: "n", categoryId: c.id },
      { intent: "updateSubcategory", id: s.id, name: "N", slug: "s", categoryId: c.id },
      { intent: "deleteSubcategory", id: s.id },
    ];
    for (const fields of attempts) expect((await run(viewer, fields)).status, fields.intent).toBe(403);
    expect(await counts()).toEqual(before);
    expect(await run(viewer, { intent: "__matrix_probe__" })).toMatchObject({ status: 400, data: { ok: false } });
  });

  it("creates from the form: checkbox and number fields, field errors as keys, slug conflicts on the field", async () => {
    const created = await run(admin, { intent: "createCategory", name: "Data Science", nameAr: "علم البيانات", slug: "data-science" });
    expect(created).toMatchObject({ status: 200, data: { intent: "createCategory", ok: true, name: "Data Science" } });
    const id = created.data!.id!;

    // An unticked "Active" box sends nothing: the form means inactive.
    const sub = await run(admin, { intent: "createSubcategory", name: "Machine Learning", slug: "machine-learning", categoryId: id, sortOrder: "2" });
    expect(sub.status).toBe(200);
    const ticked = await run(admin, { intent: "createSubcategory", name: "Statistics", slug: "statistics", categoryId: id, isActive: "on", sortOrder: "" });
    expect(ticked.status).toBe(200);
    const rows = await database.db.select().from(subcategories).orderBy(subcategories.name);
    expect(rows.map((r) => [r.name, r.isActive, r.sortOrder])).toEqual([
      ["Machine Learning", false, 2],
      ["Statistics", true, 0],
    ]);

    const bad = await run(admin, { intent: "createSubcategory", name: "", slug: "Bad", categoryId: "", sortOrder: "-1", description: "d".repeat(501) });
    expect(bad.status).toBe(400);
    expect(bad.data?.result?.error).toEqual({
      name: [`${E}nameRequired`],
      slug: [`${E}slugInvalid`],
      categoryId: [`${E}categoryRequired`],
      sortOrder: [`${E}sortOrderNegative`],
      description: [`${E}descriptionTooLong`],
    });
    const notNumber = await run(admin, { intent: "createSubcategory", name: "N", slug: "n", categoryId: id, sortOrder: "abc" });
    expect(notNumber.data?.result?.error).toEqual({ sortOrder: [`${E}sortOrderInvalid`] });

    const dup = await run(admin, { intent: "createCategory", name: "Again", slug: "data-science" });
    expect(dup.status).toBe(409);
    expect(dup.data).toMatchObject({ ok: false, messageKey: `${E}slugTaken` });
    expect(dup.data?.result?.error).toEqual({ slug: [`${E}slugTaken`] });
    expect((await counts()).categories).toBe(1);
  });

  it("edits and deletes; an in-use delete answers 409 with the SPEC message", async () => {
    const c = await createCategory(admin, { name: "C", slug: "c" });
    const edited = await run(admin, { intent: "updateCategory", id: c.id, name: "C renamed", slug: "c" });
    expect(edited).toMatchObject({ status: 200, data: { ok: true, name: "C renamed" } });
    const missingId = await run(admin, { intent: "updateCategory", name: "C", slug: "c" });
    expect(missingId.status).toBe(400);

    await insertCourse({ slug: "c1", categoryId: c.id });
    const refused = await run(admin, { intent: "deleteCategory", id: c.id });
    expect(refused).toMatchObject({ status: 409, data: { ok: false, id: c.id, messageKey: `${E}deleteCategoryFailed` } });
    expect((await counts()).categories).toBe(1);

    const free = await createCategory(admin, { name: "Free", slug: "free" });
    expect(await run(admin, { intent: "deleteCategory", id: free.id })).toMatchObject({ status: 200, data: { ok: true, name: "Free" } });
    expect(await run(admin, { intent: "deleteCategory", id: "nope" })).toMatchObject({ status: 400 });
  });
});

describe("two staff editing one category or subcategory (issue 35 item 6)", () => {
  const CONFLICT = "admin.errors.editConflict";
  const categoryVersion = async (id: string) => (await listCategories(admin)).find((c) => c.id === id)!.version;
  const subcategoryVersion = async (id: string) => (await listSubcategories(admin)).find((s) => s.id === id)!.version;
  const categoryRow = async (id: string) => (await database.db.select().from(categories).where(eq(categories.id, id)))[0]!;
  const subcategoryRow = async (id: string) => (await database.db.select().from(subcategories).where(eq(subcategories.id, id)))[0]!;
  const updates = async (entity: string, id: string) =>
    (await database.db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id), eq(auditLog.action, "update")))).map(
      (r) => r.actorEmail,
    );

  it("refuses the older form's category save with 409, who and when; the first save is kept, nothing else written", async () => {
    const colleague = await manager("colleague@example.com", ["categories:view", "categories:edit"]);
    const c = await createCategory(admin, { name: "Languages", slug: "languages" });
    // Both open the edit dialog at the same version.
    const version = await categoryVersion(c.id);
    expect(version).toMatch(/^\d+$/);
    expect((await listCategories(colleague)).find((row) => row.id === c.id)!.version).toBe(version);
    await updateCategory(colleague, c.id, { name: "Languages", nameAr: "اللغات", slug: "languages", version });
    const before = await counts();
    const err = await expectCode(updateCategory(admin, c.id, { name: "Foreign languages", slug: "languages", version }), "conflict", CONFLICT);
    expect(err.status).toBe(409);
    expect(err.conflict).toMatchObject({ by: "colleague@example.com" });
    expect(Date.parse(err.conflict!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await categoryRow(c.id)).toMatchObject({ name: "Languages", nameAr: "اللغات" });
    expect(await counts()).toEqual(before);
    expect(await updates("category", c.id)).toEqual(["colleague@example.com"]);
    // At the version the page now shows, the save goes through.
    await updateCategory(admin, c.id, { name: "Foreign languages", nameAr: "اللغات", slug: "languages", version: await categoryVersion(c.id) });
    expect((await categoryRow(c.id)).name).toBe("Foreign languages");
  });

  it("refuses the older form's subcategory save the same way", async () => {
    const colleague = await manager("colleague@example.com", ["categories:view", "categories:edit"]);
    const parent = await createCategory(admin, { name: "Parent", slug: "parent" });
    const s = await createSubcategory(admin, { name: "Grammar", slug: "grammar", categoryId: parent.id, sortOrder: 1 });
    const version = await subcategoryVersion(s.id);
    await updateSubcategory(colleague, s.id, { name: "Grammar", slug: "grammar", categoryId: parent.id, description: "Rules", sortOrder: 1, version });
    const before = await counts();
    const err = await expectCode(
      updateSubcategory(admin, s.id, { name: "Grammar", slug: "grammar", categoryId: parent.id, sortOrder: 5, isActive: false, version }),
      "conflict",
      CONFLICT,
    );
    expect(err.conflict).toMatchObject({ by: "colleague@example.com" });
    expect(await subcategoryRow(s.id)).toMatchObject({ description: "Rules", sortOrder: 1, isActive: true });
    expect(await counts()).toEqual(before);
    expect(await updates("subcategory", s.id)).toEqual(["colleague@example.com"]);
  });

  it("writes exactly one of two saves of one version sent at once", async () => {
    const parent = await createCategory(admin, { name: "Parent", slug: "parent" });
    const s = await createSubcategory(admin, { name: "S", slug: "s", categoryId: parent.id });
    const [cv, sv] = [await categoryVersion(parent.id), await subcategoryVersion(s.id)];
    const categorySaves = await Promise.allSettled([
      updateCategory(admin, parent.id, { name: "First", slug: "parent", version: cv }),
      updateCategory(admin, parent.id, { name: "Second", slug: "parent", version: cv }),
    ]);
    const subcategorySaves = await Promise.allSettled([
      updateSubcategory(admin, s.id, { name: "First", slug: "s", categoryId: parent.id, version: sv }),
      updateSubcategory(admin, s.id, { name: "Second", slug: "s", categoryId: parent.id, version: sv }),
    ]);
    for (const [outcomes, entity, id, row] of [
      [categorySaves, "category", parent.id, await categoryRow(parent.id)],
      [subcategorySaves, "subcategory", s.id, await subcategoryRow(s.id)],
    ] as const) {
      expect(outcomes.filter((o) => o.status === "fulfilled"), entity).toHaveLength(1);
      const written = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<{ name: string }>;
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "conflict", messageKey: CONFLICT, conflict: { by: "admin@example.com" } });
      expect(row.name).toBe(written.value.name);
      expect(await updates(entity, id)).toHaveLength(1);
    }
  });

  it("carries the version through the page: the loader gives it, the action refuses an older one with who, and keeps what was typed", async () => {
    const colleague = await manager("colleague@example.com", ["categories:view", "categories:edit"]);
    const c = await createCategory(admin, { name: "Design", slug: "design" });
    const s = await createSubcategory(admin, { name: "Logos", slug: "logos", categoryId: c.id });
    const loaded = (await callLoader(categoriesLoader, { url: "/admin/categories", actor: admin })).data!;
    const lists = await loaded.lists;
    const version = lists.categories.find((row) => row.id === c.id)!.version;
    const subVersion = lists.subcategories.find((row) => row.id === s.id)!.version;
    const post = (actor: Actor, form: Record<string, string>) => callAction(categoriesAction, { url: "/admin/categories", form, actor });

    expect(await post(colleague, { intent: "updateCategory", id: c.id, name: "Design", nameAr: "تصميم", slug: "design", version })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    const refused = await post(admin, { intent: "updateCategory", id: c.id, name: "Graphic design", slug: "design", version });
    expect(refused).toMatchObject({ status: 409, data: { ok: false, id: c.id, messageKey: CONFLICT, conflict: { by: "colleague@example.com" } } });
    expect(refused.data?.result?.initialValue).toMatchObject({ name: "Graphic design", version });
    expect(await categoryRow(c.id)).toMatchObject({ name: "Design", nameAr: "تصميم" });

    await post(colleague, { intent: "updateSubcategory", id: s.id, name: "Logos", slug: "logos", categoryId: c.id, sortOrder: "3", version: subVersion });
    const subRefused = await post(admin, { intent: "updateSubcategory", id: s.id, name: "Brand marks", slug: "logos", categoryId: c.id, version: subVersion });
    expect(subRefused).toMatchObject({ status: 409, data: { messageKey: CONFLICT, conflict: { by: "colleague@example.com" } } });
    expect(await subcategoryRow(s.id)).toMatchObject({ name: "Logos", sortOrder: 3 });
  });
});
