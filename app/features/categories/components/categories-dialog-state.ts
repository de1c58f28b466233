// The admin categories page's dialogs: which one is open, and for which category or subcategory.
import type { CategoryView, SubcategoryView } from "./category-dialogs.tsx";

export type DialogKind = NonNullable<OpenDialog>["kind"];
export type OpenDialog =
  | { kind: "createCategory" | "createSubcategory" }
  | { kind: "editCategory" | "deleteCategory"; item: CategoryView }
  | { kind: "editSubcategory" | "deleteSubcategory"; item: SubcategoryView }
  | null;
