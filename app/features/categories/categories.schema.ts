// Category and subcategory forms (SPEC §5, §9), shared by the browser (instant feedback) and the server
// (the action and the domain functions re-check). No server imports here. Error messages are locale
// keys ("categories.errors.*" in app/locales/<lng>/admin-catalog.json); each field reports one error
// at a time, the first rule it breaks.
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { westernDigitsInput } from "~/lib/digits.ts";
import { SLUG_PATTERN } from "~/lib/slug.ts";
import { editVersion } from "~/lib/validation.schema.ts";

/** SPEC §9: name 100; category slug 50; subcategory slug 100; subcategory description 500. */
export const CATEGORY_LIMITS = {
  name: 100,
  nameAr: 100,
  categorySlug: 50,
  subcategorySlug: 100,
  description: 500,
  /** Far above any real list; keeps the value inside PostgreSQL's integer. */
  sortOrderMax: 100_000,
} as const;

export const CATEGORY_ERRORS = {
  nameRequired: "categories.errors.nameRequired",
  nameTooLong: "categories.errors.nameTooLong",
  nameArTooLong: "categories.errors.nameArTooLong",
  slugRequired: "categories.errors.slugRequired",
  slugTooLong: "categories.errors.slugTooLong",
  slugInvalid: "categories.errors.slugInvalid",
  slugTaken: "categories.errors.slugTaken",
  categoryRequired: "categories.errors.categoryRequired",
  categoryMissing: "categories.errors.categoryMissing",
  descriptionTooLong: "categories.errors.descriptionTooLong",
  sortOrderNegative: "categories.errors.sortOrderNegative",
  sortOrderInvalid: "categories.errors.sortOrderInvalid",
  sortOrderTooLarge: "categories.errors.sortOrderTooLarge",
  isActiveInvalid: "categories.errors.isActiveInvalid",
  invalidRequest: "categories.errors.invalidRequest",
  categoryNotFound: "categories.errors.categoryNotFound",
  subcategoryNotFound: "categories.errors.subcategoryNotFound",
  saveCategoryFailed: "categories.errors.saveCategoryFailed",
  saveSubcategoryFailed: "categories.errors.saveSubcategoryFailed",
  deleteCategoryFailed: "categories.errors.deleteCategoryFailed",
  deleteCategoryHasSubcategories: "categories.errors.deleteCategoryHasSubcategories",
  deleteSubcategoryFailed: "categories.errors.deleteSubcategoryFailed",
} as const;

const name = z
  .string({ error: CATEGORY_ERRORS.nameRequired })
  .trim()
  .min(1, { error: CATEGORY_ERRORS.nameRequired, abort: true })
  .max(CATEGORY_LIMITS.name, { error: CATEGORY_ERRORS.nameTooLong, abort: true });

/** Optional Arabic name: blank → null (stored as null when empty). */
const nameAr = z
  .string({ error: CATEGORY_ERRORS.nameArTooLong })
  .trim()
  .max(CATEGORY_LIMITS.nameAr, { error: CATEGORY_ERRORS.nameArTooLong, abort: true })
  .nullish()
  .transform((v) => (v ? v : null));

function slug(max: number) {
  return z
    .string({ error: CATEGORY_ERRORS.slugRequired })
    .trim()
    .min(1, { error: CATEGORY_ERRORS.slugRequired, abort: true })
    .max(max, { error: CATEGORY_ERRORS.slugTooLong, abort: true })
    .regex(SLUG_PATTERN, { error: CATEGORY_ERRORS.slugInvalid });
}

const categoryId = z
  .string({ error: CATEGORY_ERRORS.categoryRequired })
  .trim()
  .min(1, { error: CATEGORY_ERRORS.categoryRequired, abort: true })
  .pipe(z.guid({ error: CATEGORY_ERRORS.categoryRequired }));

/** Optional description: blank → null. */
const description = z
  .string({ error: CATEGORY_ERRORS.descriptionTooLong })
  .trim()
  .max(CATEGORY_LIMITS.description, { error: CATEGORY_ERRORS.descriptionTooLong, abort: true })
  .nullish()
  .transform((v) => (v ? v : null));

/** SPEC: sort_order number, min 0 ('Sort order must be non-negative'), default 0; Arabic-Indic digits read as 0–9 (D26). */
const sortOrder = z
  .preprocess(
    westernDigitsInput<number>,
    z
      .number({ error: CATEGORY_ERRORS.sortOrderInvalid })
      .int({ error: CATEGORY_ERRORS.sortOrderInvalid })
      .min(0, { error: CATEGORY_ERRORS.sortOrderNegative, abort: true })
      .max(CATEGORY_LIMITS.sortOrderMax, { error: CATEGORY_ERRORS.sortOrderTooLarge, abort: true }),
  )
  .default(0);

const id = z.guid({ error: CATEGORY_ERRORS.invalidRequest });

/** What createCategory / updateCategory accept. */
export const categoryInputSchema = z.object({
  name,
  nameAr,
  slug: slug(CATEGORY_LIMITS.categorySlug),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;
export type CategoryValues = z.input<typeof categoryInputSchema>;

/** What createSubcategory / updateSubcategory accept: is_active defaults to true (SPEC). */
export const subcategoryInputSchema = z.object({
  name,
  nameAr,
  slug: slug(CATEGORY_LIMITS.subcategorySlug),
  categoryId,
  description,
  isActive: z.boolean({ error: CATEGORY_ERRORS.isActiveInvalid }).default(true),
  sortOrder,
});
export type SubcategoryInput = z.output<typeof subcategoryInputSchema>;
export type SubcategoryValues = z.input<typeof subcategoryInputSchema>;

export type CategoryIntent = "createCategory" | "updateCategory" | "deleteCategory" | "createSubcategory" | "updateSubcategory" | "deleteSubcategory";

/** What the /admin/categories action reports besides the common part of an AdminReply. */
export interface CategoryReplyFields {
  /** The row an edit or delete was about (so a page without JavaScript can show that form again). */
  id: string;
  /** Name of the row saved or deleted, and its Arabic name: the success message names the one the page shows. */
  name: string;
  nameAr?: string | null;
}
export type CategoriesReply = AdminReply<CategoryIntent, CategoryReplyFields>;

// ---- the forms (parsed with conform, which turns "" into undefined and "on" into true) ------------

/** A checkbox: ticked sends "on", unticked sends nothing (so absent means false in the form). */
const checkbox = z.boolean({ error: CATEGORY_ERRORS.isActiveInvalid }).default(false);

/** The version an edit form was opened at (app/lib/edit-version.ts): a save over a newer one is refused. */
const version = editVersion;

export const createCategoryFormSchema = categoryInputSchema.extend({ intent: z.literal("createCategory") });
export const updateCategoryFormSchema = categoryInputSchema.extend({ intent: z.literal("updateCategory"), id, version });

export const createSubcategoryFormSchema = subcategoryInputSchema.extend({
  intent: z.literal("createSubcategory"),
  isActive: checkbox,
});
export const updateSubcategoryFormSchema = subcategoryInputSchema.extend({
  intent: z.literal("updateSubcategory"),
  id,
  version,
  isActive: checkbox,
});

export const deleteCategoryFormSchema = z.object({ intent: z.literal("deleteCategory"), id });
export const deleteSubcategoryFormSchema = z.object({ intent: z.literal("deleteSubcategory"), id });

/** The schema that parses each intent's form. */
export const CATEGORY_INTENT_SCHEMAS = {
  createCategory: createCategoryFormSchema,
  updateCategory: updateCategoryFormSchema,
  deleteCategory: deleteCategoryFormSchema,
  createSubcategory: createSubcategoryFormSchema,
  updateSubcategory: updateSubcategoryFormSchema,
  deleteSubcategory: deleteSubcategoryFormSchema,
} as const satisfies Record<CategoryIntent, z.ZodType>;
