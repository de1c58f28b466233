// The /admin/categories action: create, edit and delete for categories and subcategories, each behind
// its own flag on top of categories:view (the domain functions check again).
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  updateCategory,
  updateSubcategory,
} from "./categories.server.ts";
import {
  CATEGORY_ERRORS,
  createCategoryFormSchema,
  createSubcategoryFormSchema,
  deleteCategoryFormSchema,
  deleteSubcategoryFormSchema,
  updateCategoryFormSchema,
  updateSubcategoryFormSchema,
  type CategoryIntent,
  type CategoryReplyFields,
} from "./categories.schema.ts";

const saved = ({ id, name, nameAr }: { id: string; name: string; nameAr: string | null }) => ({ id, name, nameAr });

export const categoriesAction = adminAction<CategoryIntent, CategoryReplyFields>({
  guard: { permission: "categories:view" },
  invalidKey: CATEGORY_ERRORS.invalidRequest,
  subject: (formData) => ({ id: formText(formData, "id") }),
  // SPEC §8: 'Failed to save category: {msg}', unless the message already says so.
  plain: [CATEGORY_ERRORS.saveCategoryFailed, CATEGORY_ERRORS.saveSubcategoryFailed],
  intents: {
    createCategory: intent({
      permission: "categories:create",
      schema: createCategoryFormSchema,
      form: true,
      failureKey: "categories.errors.saveCategoryFailedWith",
      run: async (value, { actor }) => saved(await createCategory(actor, value)),
    }),
    updateCategory: intent({
      permission: "categories:edit",
      schema: updateCategoryFormSchema,
      form: true,
      failureKey: "categories.errors.saveCategoryFailedWith",
      run: async (value, { actor }) => saved(await updateCategory(actor, value.id, value)),
    }),
    deleteCategory: intent({
      permission: "categories:delete",
      schema: deleteCategoryFormSchema,
      run: async ({ id }, { actor }) => saved(await deleteCategory(actor, id)),
    }),
    createSubcategory: intent({
      permission: "categories:create",
      schema: createSubcategoryFormSchema,
      form: true,
      failureKey: "categories.errors.saveSubcategoryFailedWith",
      run: async (value, { actor }) => saved(await createSubcategory(actor, value)),
    }),
    updateSubcategory: intent({
      permission: "categories:edit",
      schema: updateSubcategoryFormSchema,
      form: true,
      failureKey: "categories.errors.saveSubcategoryFailedWith",
      run: async (value, { actor }) => saved(await updateSubcategory(actor, value.id, value)),
    }),
    deleteSubcategory: intent({
      permission: "categories:delete",
      schema: deleteSubcategoryFormSchema,
      run: async ({ id }, { actor }) => saved(await deleteSubcategory(actor, id)),
    }),
  },
});
