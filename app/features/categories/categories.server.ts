// Categories and subcategories (SPEC §2 Admin Categories, §3, §5, §8; D18, D22). Every function takes
// the acting staff member first and asks the permission gate itself (categories:view / create / edit /
// delete; subcategories use the same flags). Each write is one transaction with its audit line.
import { asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { categories, courses, subcategories } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db, type Tx } from "~/lib/db.server.ts";
import { assertCurrentVersion } from "~/lib/edit-conflict.server.ts";
import { editVersion } from "~/lib/edit-version.ts";
import { hasErrorCode, isReferenceViolation, isUniqueViolation, PG_ERROR } from "~/lib/error-codes.ts";
import { AppError, isAppError } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { parseInput } from "~/lib/parse-input.ts";
import {
  CATEGORY_ERRORS,
  categoryInputSchema,
  subcategoryInputSchema,
  type CategoryInput,
  type CategoryValues,
  type SubcategoryInput,
  type SubcategoryValues,
} from "./categories.schema.ts";

export interface CategoryRow {
  id: string;
  name: string;
  nameAr: string | null;
  slug: string;
  createdAt: Date;
  subcategoryCount: number;
  /** Courses filed under it: while any is, it cannot be deleted (the delete dialog says so before the click). */
  courseCount: number;
  /** The version its edit form carries (app/lib/edit-version.ts): a save over a newer one is refused. */
  version: string;
}

export interface SubcategoryRow {
  id: string;
  name: string;
  nameAr: string | null;
  slug: string;
  categoryId: string;
  /** The parent's name; null when it cannot be found (shown as 'Unknown'). */
  categoryName: string | null;
  categoryNameAr: string | null;
  description: string | null;
  isActive: boolean;
  sortOrder: number;
  createdAt: Date;
  /** Courses filed under it: while any is, it cannot be deleted. */
  courseCount: number;
  /** The version its edit form carries (app/lib/edit-version.ts). */
  version: string;
}

export interface CategoriesAdminData {
  categories: CategoryRow[];
  subcategories: SubcategoryRow[];
}

// ---- reading ------------------------------------------------------------------------------------

/** Categories by name, each with its number of subcategories. One query. */
export async function listCategories(actor: Actor): Promise<CategoryRow[]> {
  requirePermission(actor, "categories:view");
  const rows = await db()
    .select({
      id: categories.id,
      name: categories.name,
      nameAr: categories.nameAr,
      slug: categories.slug,
      createdAt: categories.createdAt,
      updatedAt: categories.updatedAt,
      subcategoryCount: count(subcategories.id),
      courseCount: sql<number>`(select count(*)::int from ${courses} where ${courses.categoryId} = ${categories.id})`,
    })
    .from(categories)
    .leftJoin(subcategories, eq(subcategories.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map(({ updatedAt, ...r }) => ({
    ...r,
    subcategoryCount: Number(r.subcategoryCount),
    courseCount: Number(r.courseCount),
    version: editVersion(updatedAt),
  }));
}

/** Subcategories with their parent's name, by sort order then name (SPEC §7). One query. */
export async function listSubcategories(actor: Actor): Promise<SubcategoryRow[]> {
  requirePermission(actor, "categories:view");
  const rows = await db()
    .select({
      id: subcategories.id,
      name: subcategories.name,
      nameAr: subcategories.nameAr,
      slug: subcategories.slug,
      categoryId: subcategories.categoryId,
      categoryName: categories.name,
      categoryNameAr: categories.nameAr,
      description: subcategories.description,
      isActive: subcategories.isActive,
      sortOrder: subcategories.sortOrder,
      createdAt: subcategories.createdAt,
      updatedAt: subcategories.updatedAt,
      courseCount: sql<number>`(select count(*)::int from ${courses} where ${courses.subcategoryId} = ${subcategories.id})`,
    })
    .from(subcategories)
    .leftJoin(categories, eq(categories.id, subcategories.categoryId))
    .orderBy(asc(subcategories.sortOrder), asc(subcategories.name), asc(subcategories.id));
  return rows.map(({ updatedAt, ...r }) => ({ ...r, courseCount: Number(r.courseCount), version: editVersion(updatedAt) }));
}

/** Both tables of the admin page: two queries, whatever the number of rows. */
export async function listCategoriesAdmin(actor: Actor): Promise<CategoriesAdminData> {
  requirePermission(actor, "categories:view");
  const [cats, subs] = await Promise.all([listCategories(actor), listSubcategories(actor)]);
  return { categories: cats, subcategories: subs };
}

// ---- helpers ------------------------------------------------------------------------------------

/** Validation failures as { field: messageKey } (first error per field), thrown as a 400. */
function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return parseInput(schema, input, CATEGORY_ERRORS.invalidRequest);
}

const idSchema = z.guid();

function checkId(id: unknown, notFoundKey: string): string {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw new AppError("not_found", notFoundKey);
  return parsed.data;
}

/** A refusal we raised stays as it is; a unique slug becomes a field message; anything else is logged. */
function saveFailure(err: unknown, failedKey: string, what: string): never {
  if (isAppError(err)) throw err;
  if (isUniqueViolation(err)) {
    throw new AppError("conflict", CATEGORY_ERRORS.slugTaken, { fields: { slug: CATEGORY_ERRORS.slugTaken }, cause: err });
  }
  if (hasErrorCode(err, PG_ERROR.foreignKeyViolation)) {
    // The chosen parent category was deleted meanwhile.
    throw new AppError("bad_request", CATEGORY_ERRORS.categoryMissing, {
      fields: { categoryId: CATEGORY_ERRORS.categoryMissing },
      cause: err,
    });
  }
  logger.error({ err }, what);
  throw new AppError("internal", failedKey, { cause: err });
}

function categoryAudit(c: { name: string; nameAr: string | null; slug: string }) {
  return { name: c.name, nameAr: c.nameAr, slug: c.slug };
}

function subcategoryAudit(s: {
  name: string;
  nameAr: string | null;
  slug: string;
  categoryId: string;
  description: string | null;
  isActive: boolean;
  sortOrder: number;
}) {
  return {
    name: s.name,
    nameAr: s.nameAr,
    slug: s.slug,
    categoryId: s.categoryId,
    description: s.description,
    isActive: s.isActive,
    sortOrder: s.sortOrder,
  };
}

// ---- categories ---------------------------------------------------------------------------------

export interface SavedCategory {
  id: string;
  name: string;
  nameAr: string | null;
  slug: string;
  createdAt: Date;
}

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  nameAr: categories.nameAr,
  slug: categories.slug,
  createdAt: categories.createdAt,
};

/** Creates a category (SPEC §5 rules); a slug in use → 409 'slugTaken' on the slug field. */
export async function createCategory(actor: Actor, input: CategoryValues): Promise<SavedCategory> {
  requirePermission(actor, "categories:create");
  const value: CategoryInput = parseOrThrow(categoryInputSchema, input);
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx.insert(categories).values(value).returning(categoryColumns);
      await recordAudit(tx, actor, { action: "create", entity: "category", entityId: row!.id, data: categoryAudit(value) });
      return row!;
    });
  } catch (err) {
    saveFailure(err, CATEGORY_ERRORS.saveCategoryFailed, "create category failed");
  }
}

/**
 * Updates a category; the slug changes only when the form sends a new one (never automatically). With the
 * version its form was opened at, a save over a colleague's newer one is refused (409, who and when).
 */
export async function updateCategory(actor: Actor, id: string, input: CategoryValues & { version?: string }): Promise<SavedCategory> {
  requirePermission(actor, "categories:edit");
  const categoryId = checkId(id, CATEGORY_ERRORS.categoryNotFound);
  const value: CategoryInput = parseOrThrow(categoryInputSchema, input);
  try {
    return await db().transaction(async (tx) => {
      const [before] = await tx
        .select({ ...categoryColumns, updatedAt: categories.updatedAt })
        .from(categories)
        .where(eq(categories.id, categoryId))
        .for("update");
      if (!before) throw new AppError("not_found", CATEGORY_ERRORS.categoryNotFound);
      // Checked after the row lock, so of two saves of one version only the first can pass (issue 35 item 6).
      await assertCurrentVersion(tx, { entity: "category", entityId: categoryId, updatedAt: before.updatedAt }, input.version);
      const [row] = await tx
        .update(categories)
        .set({ ...value, updatedAt: new Date() })
        .where(eq(categories.id, categoryId))
        .returning(categoryColumns);
      await recordAudit(tx, actor, {
        action: "update",
        entity: "category",
        entityId: categoryId,
        data: { before: categoryAudit(before), after: categoryAudit(value) },
      });
      return row!;
    });
  } catch (err) {
    saveFailure(err, CATEGORY_ERRORS.saveCategoryFailed, "update category failed");
  }
}

/**
 * Deletes a category. One in use by courses is refused with the SPEC message (the foreign keys
 * restrict it); one that still has subcategories is refused with its own message. Nothing changes.
 */
export async function deleteCategory(actor: Actor, id: string): Promise<{ id: string; name: string; nameAr: string | null }> {
  requirePermission(actor, "categories:delete");
  const categoryId = checkId(id, CATEGORY_ERRORS.categoryNotFound);
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx.delete(categories).where(eq(categories.id, categoryId)).returning(categoryColumns);
      if (!row) throw new AppError("not_found", CATEGORY_ERRORS.categoryNotFound);
      await recordAudit(tx, actor, { action: "delete", entity: "category", entityId: categoryId, data: categoryAudit(row) });
      return { id: row.id, name: row.name, nameAr: row.nameAr };
    });
  } catch (err) {
    if (isAppError(err)) throw err;
    if (isReferenceViolation(err)) {
      const [subs] = await db()
        .select({ n: count() })
        .from(subcategories)
        .where(eq(subcategories.categoryId, categoryId))
        .catch(() => [{ n: 0 }]);
      const key = Number(subs?.n ?? 0) > 0 ? CATEGORY_ERRORS.deleteCategoryHasSubcategories : CATEGORY_ERRORS.deleteCategoryFailed;
      throw new AppError("conflict", key, { cause: err });
    }
    logger.error({ err }, "delete category failed");
    throw new AppError("internal", CATEGORY_ERRORS.deleteCategoryFailed, { cause: err });
  }
}

// ---- subcategories ------------------------------------------------------------------------------

export type SavedSubcategory = Omit<SubcategoryRow, "categoryName" | "categoryNameAr" | "version" | "courseCount">;

const subcategoryColumns = {
  id: subcategories.id,
  name: subcategories.name,
  nameAr: subcategories.nameAr,
  slug: subcategories.slug,
  categoryId: subcategories.categoryId,
  description: subcategories.description,
  isActive: subcategories.isActive,
  sortOrder: subcategories.sortOrder,
  createdAt: subcategories.createdAt,
};

/** Creates a subcategory under an existing category (SPEC §5 rules). */
export async function createSubcategory(actor: Actor, input: SubcategoryValues): Promise<SavedSubcategory> {
  requirePermission(actor, "categories:create");
  const value: SubcategoryInput = parseOrThrow(subcategoryInputSchema, input);
  try {
    return await db().transaction(async (tx) => {
      await lockParent(tx, value.categoryId);
      const [row] = await tx.insert(subcategories).values(value).returning(subcategoryColumns);
      await recordAudit(tx, actor, {
        action: "create",
        entity: "subcategory",
        entityId: row!.id,
        data: subcategoryAudit(row!),
      });
      return row!;
    });
  } catch (err) {
    saveFailure(err, CATEGORY_ERRORS.saveSubcategoryFailed, "create subcategory failed");
  }
}

/** The parent must exist (a clear field message rather than a foreign-key failure). */
async function lockParent(tx: Tx, categoryId: string): Promise<void> {
  const [parent] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for("share");
  if (!parent) {
    throw new AppError("bad_request", CATEGORY_ERRORS.categoryMissing, { fields: { categoryId: CATEGORY_ERRORS.categoryMissing } });
  }
}

/**
 * Updates a subcategory. Moving it to another category moves its courses' category with it, so a
 * course never carries a subcategory of a different category. A save over a newer version than its
 * form's is refused, as for a category.
 */
export async function updateSubcategory(
  actor: Actor,
  id: string,
  input: SubcategoryValues & { version?: string },
): Promise<SavedSubcategory> {
  requirePermission(actor, "categories:edit");
  const subcategoryId = checkId(id, CATEGORY_ERRORS.subcategoryNotFound);
  const value: SubcategoryInput = parseOrThrow(subcategoryInputSchema, input);
  try {
    return await db().transaction(async (tx) => {
      const [before] = await tx
        .select({ ...subcategoryColumns, updatedAt: subcategories.updatedAt })
        .from(subcategories)
        .where(eq(subcategories.id, subcategoryId))
        .for("update");
      if (!before) throw new AppError("not_found", CATEGORY_ERRORS.subcategoryNotFound);
      await assertCurrentVersion(tx, { entity: "subcategory", entityId: subcategoryId, updatedAt: before.updatedAt }, input.version);
      if (before.categoryId !== value.categoryId) await lockParent(tx, value.categoryId);
      const [row] = await tx
        .update(subcategories)
        .set({ ...value, updatedAt: new Date() })
        .where(eq(subcategories.id, subcategoryId))
        .returning(subcategoryColumns);
      let coursesMoved = 0;
      if (before.categoryId !== value.categoryId) {
        const moved = await tx
          .update(courses)
          .set({ categoryId: value.categoryId, updatedAt: new Date() })
          .where(eq(courses.subcategoryId, subcategoryId))
          .returning({ id: courses.id });
        coursesMoved = moved.length;
      }
      await recordAudit(tx, actor, {
        action: "update",
        entity: "subcategory",
        entityId: subcategoryId,
        data: {
          before: subcategoryAudit(before),
          after: subcategoryAudit(row!),
          ...(coursesMoved ? { coursesMoved } : {}),
        },
      });
      return row!;
    });
  } catch (err) {
    saveFailure(err, CATEGORY_ERRORS.saveSubcategoryFailed, "update subcategory failed");
  }
}

/** Deletes a subcategory; one in use by courses is refused with the SPEC message and nothing changes. */
export async function deleteSubcategory(actor: Actor, id: string): Promise<{ id: string; name: string; nameAr: string | null }> {
  requirePermission(actor, "categories:delete");
  const subcategoryId = checkId(id, CATEGORY_ERRORS.subcategoryNotFound);
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx.delete(subcategories).where(eq(subcategories.id, subcategoryId)).returning(subcategoryColumns);
      if (!row) throw new AppError("not_found", CATEGORY_ERRORS.subcategoryNotFound);
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "subcategory",
        entityId: subcategoryId,
        data: subcategoryAudit(row),
      });
      return { id: row.id, name: row.name, nameAr: row.nameAr };
    });
  } catch (err) {
    if (isAppError(err)) throw err;
    if (isReferenceViolation(err)) {
      throw new AppError("conflict", CATEGORY_ERRORS.deleteSubcategoryFailed, { cause: err });
    }
    logger.error({ err }, "delete subcategory failed");
    throw new AppError("internal", CATEGORY_ERRORS.deleteSubcategoryFailed, { cause: err });
  }
}
