// What the /admin/categories action answers (types and message helpers only; safe in the browser).
import type { SubmissionResult } from "@conform-to/react";
import { CATEGORY_ERRORS, type CategoryIntent } from "./categories.schema.ts";

export interface CategoriesReply {
  intent: CategoryIntent | null;
  ok: boolean;
  /** Conform's reply for the create/edit forms (field errors). */
  result?: SubmissionResult<string[]>;
  /** Locale key of the refusal or failure (AppError). */
  messageKey?: string;
  /** The row an edit or delete was about (so a page without JavaScript can show that form again). */
  id?: string;
  /** Name of the row saved or deleted, for the success message. */
  name?: string;
}

/** SPEC §8 failure wording per action ('Failed to save category', 'Failed to delete category. …'). */
export const FAILURE_KEYS: Record<CategoryIntent, string> = {
  createCategory: CATEGORY_ERRORS.saveCategoryFailed,
  updateCategory: CATEGORY_ERRORS.saveCategoryFailed,
  deleteCategory: CATEGORY_ERRORS.deleteCategoryFailed,
  createSubcategory: CATEGORY_ERRORS.saveSubcategoryFailed,
  updateSubcategory: CATEGORY_ERRORS.saveSubcategoryFailed,
  deleteSubcategory: CATEGORY_ERRORS.deleteSubcategoryFailed,
};

/** Messages that already say what failed (no 'Failed to save …:' in front). */
const SELF_EXPLAINING = new Set<string>([
  CATEGORY_ERRORS.saveCategoryFailed,
  CATEGORY_ERRORS.saveSubcategoryFailed,
  CATEGORY_ERRORS.deleteCategoryFailed,
  CATEGORY_ERRORS.deleteCategoryHasSubcategories,
  CATEGORY_ERRORS.deleteSubcategoryFailed,
]);

type T = (key: string, options?: Record<string, unknown>) => string;

/** The translated failure line of a reply, or null when there is none to show at form level. */
export function failureMessage(t: T, reply: CategoriesReply | undefined, fieldErrorKeys: readonly string[] = []): string | null {
  if (!reply || reply.ok || !reply.messageKey) return null;
  // A refusal shown next to its field (e.g. the slug already in use) is not repeated.
  if (fieldErrorKeys.includes(reply.messageKey)) return null;
  if (!reply.intent || SELF_EXPLAINING.has(reply.messageKey) || reply.intent.startsWith("delete")) return t(reply.messageKey);
  return t("categories.errors.failedWith", { failure: t(FAILURE_KEYS[reply.intent]), msg: t(reply.messageKey) });
}
