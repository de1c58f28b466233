// The admin categories page (SPEC §2 Admin Categories, §5, §8; D18, D22): the route holds its loader and action.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { useCallback, useMemo } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link, useSearchParams } from "react-router";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { ConfirmDialog } from "~/components/ui/confirm.tsx";
import { RoleNote } from "~/components/admin/role-note.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { DialogFrame, useUrlDialog, type UrlDialog } from "~/components/ui/url-dialog.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { showToast } from "~/components/ui/toast.tsx";
import { tIsolated } from "~/components/ui/bidi.tsx";
import type { CategoriesReply } from "../categories.schema.ts";
import type { CategoriesAdminData } from "../categories.server.ts";
import type { CategoryIntent } from "../categories.schema.ts";
import { CategoryForm, SubcategoryForm } from "./category-dialogs.tsx";
import { CategoriesSection, SubcategoriesSection } from "./categories-tables.tsx";
import type { DialogKind, OpenDialog } from "./categories-dialog-state.ts";
import { useSettled } from "~/lib/hooks/use-settled.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { sortByName, sortCategories } from "~/lib/collation.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { can, type ActorView } from "~/lib/permissions.ts";

const DIALOG_KINDS: readonly DialogKind[] = [
  "createCategory",
  "editCategory",
  "deleteCategory",
  "createSubcategory",
  "editSubcategory",
  "deleteSubcategory",
];

const DIALOG_OF_INTENT: Record<CategoryIntent, NonNullable<OpenDialog>["kind"]> = {
  createCategory: "createCategory",
  updateCategory: "editCategory",
  deleteCategory: "deleteCategory",
  createSubcategory: "createSubcategory",
  updateSubcategory: "editSubcategory",
  deleteSubcategory: "deleteSubcategory",
};

/** Which form the URL (links without JavaScript) or a no-JS post's failed reply asks for. */
function dialogFromUrl(params: URLSearchParams, lists: CategoriesAdminData, reply: CategoriesReply | undefined): OpenDialog {
  const failed = reply && !reply.ok && reply.intent ? reply : undefined;
  const kind = failed ? DIALOG_OF_INTENT[failed.intent!] : params.get("dialog");
  const id = failed?.id ?? params.get("id");
  if (kind === "createCategory" || kind === "createSubcategory") return { kind };
  if (kind === "editCategory" || kind === "deleteCategory") {
    const item = lists.categories.find((c) => c.id === id);
    return item ? { kind, item } : null;
  }
  if (kind === "editSubcategory" || kind === "deleteSubcategory") {
    const item = lists.subcategories.find((s) => s.id === id);
    return item ? { kind, item } : null;
  }
  return null;
}

const SUCCESS_KEYS: Record<CategoryIntent, string> = {
  createCategory: "categories.success.categoryCreated",
  updateCategory: "categories.success.categoryUpdated",
  deleteCategory: "categories.success.categoryDeleted",
  createSubcategory: "categories.success.subcategoryCreated",
  updateSubcategory: "categories.success.subcategoryUpdated",
  deleteSubcategory: "categories.success.subcategoryDeleted",
};

/** Categories and subcategories: two tables, their dialogs (modal with JavaScript, panel without). */
export function CategoriesPage({
  actor,
  lists: pending,
  actionData,
  locale,
}: {
  actor: ActorView;
  lists: CategoriesAdminData | Promise<CategoriesAdminData>;
  actionData: CategoriesReply | undefined;
  locale: Locale;
}) {
  const { t } = useI18n();
  const { data: lists, failed } = useSettled(pending);
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t("categories.title")}</h1>
      <p className="mt-1 text-slate-700">{t("categories.intro")}</p>
      <RoleNote actor={actor} resource="categories" />
      {lists ? (
        <CategoriesContent lists={lists} actor={actor} locale={locale} actionData={actionData} />
      ) : failed ? (
        <LoadFailed />
      ) : (
        <TablesPlaceholder />
      )}
    </div>
  );
}

function CategoriesContent({
  lists: loaded,
  actor,
  locale,
  actionData,
}: {
  lists: CategoriesAdminData;
  actor: ActorView;
  locale: Locale;
  actionData: CategoriesReply | undefined;
}) {
  const { t } = useI18n();
  // Both tables (and the parent select) by displayed names, with the interface language's collation;
  // subcategories by their sort order first.
  const lists = useMemo(
    () => ({ categories: sortCategories(loaded.categories, locale), subcategories: sortByName(loaded.subcategories, locale) }),
    [loaded, locale],
  );
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  // ?dialog=<kind>&id=<category or subcategory id>: the same URL with or without JavaScript.
  const dialog = useUrlDialog({ kinds: DIALOG_KINDS });
  const { finish } = dialog;
  const onDone = useCallback(
    (reply: CategoriesReply) => {
      if (reply.intent) showToast("success", tIsolated(t, SUCCESS_KEYS[reply.intent], { name: pickText({ en: reply.name, ar: reply.nameAr }, locale) }));
      finish();
    },
    [t, finish, locale],
  );
  const deleteFetcher = useFreshFetcher<CategoriesReply>("category-delete");
  useOnSuccess(deleteFetcher, onDone);

  const canCreate = can(actor, "categories:create");
  const canEdit = can(actor, "categories:edit");
  const canDelete = can(actor, "categories:delete");

  // Without JavaScript: the page after a post shows its outcome in place.
  const noJsReply = hydrated ? undefined : actionData;
  const shown = dialogFromUrl(searchParams, lists, noJsReply);

  const label = (row: { name: string; nameAr: string | null }) => pickText({ en: row.name, ar: row.nameAr }, locale);
  const dialogItemName = shown && "item" in shown ? label(shown.item) : undefined;

  return (
    <>
      {noJsReply?.ok && noJsReply.intent && <Notice tone="success" className="mt-6">{tIsolated(t, SUCCESS_KEYS[noJsReply.intent], { name: pickText({ en: noJsReply.name, ar: noJsReply.nameAr }, locale) })}</Notice>}

      <CategoryDialogs
        dialog={dialog}
        shown={shown}
        lists={lists}
        locale={locale}
        noJsReply={noJsReply}
        onDone={onDone}
        deleteFetcher={deleteFetcher}
        itemName={dialogItemName}
      />

      <CategoriesSection lists={lists} dialog={dialog} canCreate={canCreate} canEdit={canEdit} canDelete={canDelete} locale={locale} />

      <SubcategoriesSection lists={lists} dialog={dialog} canCreate={canCreate} canEdit={canEdit} canDelete={canDelete} locale={locale} />
    </>
  );
}

/** Shown while the lists load during a client navigation (SPEC: a placeholder while loading). */
function TablesPlaceholder() {
  const { t } = useI18n();
  return (
    <div role="status" className="mt-8 space-y-8">
      <span className="sr-only">{t("loading")}</span>
      {[0, 1].map((table) => (
        <div key={table} aria-hidden="true" className="animate-pulse space-y-3">
          <div className="h-6 w-48 rounded bg-slate-200" />
          <div className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
            {[0, 1, 2].map((row) => (
              <div key={row} className="h-8 rounded bg-slate-100" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

function LoadFailed() {
  const { t } = useI18n();
  return (
    <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
      <p>{t("categories.loadFailed")}</p>
      <Link to={ADMIN_PATH.categories} className="mt-3 inline-flex font-semibold underline">
        {t("categories.retry")}
      </Link>
    </div>
  );
}

/** Why a category or subcategory cannot be deleted now (said before the click), or nothing. */
function deleteBlocked(t: ReturnType<typeof useI18n>["t"], deleting: NonNullable<OpenDialog>): string | undefined {
  if (deleting.kind === "deleteCategory") {
    const { subcategoryCount, courseCount } = deleting.item;
    if (subcategoryCount > 0) return t("categories.delete.blockedSubcategories", { count: subcategoryCount });
    if (courseCount > 0) return t("categories.delete.blockedCourses", { count: courseCount });
  } else if (deleting.kind === "deleteSubcategory" && deleting.item.courseCount > 0) {
    return t("categories.delete.blockedSubcategoryCourses", { count: deleting.item.courseCount });
  }
  return undefined;
}

/** The three dialogs of the page: category form, subcategory form, delete confirmation. */
function CategoryDialogs({
  dialog,
  shown,
  lists,
  locale,
  noJsReply,
  onDone,
  deleteFetcher,
  itemName,
}: {
  dialog: UrlDialog<DialogKind>;
  shown: OpenDialog;
  lists: CategoriesAdminData;
  locale: Locale;
  noJsReply: CategoriesReply | undefined;
  onDone: (reply: CategoriesReply) => void;
  deleteFetcher: ReturnType<typeof useFreshFetcher<CategoriesReply>>;
  itemName: string | undefined;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const deleting = shown?.kind === "deleteCategory" || shown?.kind === "deleteSubcategory" ? shown : null;
  const intent = deleting?.kind === "deleteCategory" ? "deleteCategory" : "deleteSubcategory";
  return (
    <div className="mt-6">
      <DialogFrame
        open={shown?.kind === "createCategory" || shown?.kind === "editCategory"}
        dialog={dialog}
        size="md"
        title={shown?.kind === "editCategory" ? t("categories.form.editCategoryTitle") : t("categories.form.createCategoryTitle")}
      >
        {(shown?.kind === "createCategory" || shown?.kind === "editCategory") && (
          <CategoryForm
            key={shown.kind === "editCategory" ? shown.item.id : "new"}
            category={shown.kind === "editCategory" ? shown.item : undefined}
            hydrated={hydrated}
            initialReply={noJsReply}
            onSuccess={onDone}
          />
        )}
      </DialogFrame>
      <DialogFrame
        open={shown?.kind === "createSubcategory" || shown?.kind === "editSubcategory"}
        dialog={dialog}
        size="md"
        title={shown?.kind === "editSubcategory" ? t("categories.form.editSubcategoryTitle") : t("categories.form.createSubcategoryTitle")}
      >
        {(shown?.kind === "createSubcategory" || shown?.kind === "editSubcategory") && (
          <SubcategoryForm
            key={shown.kind === "editSubcategory" ? shown.item.id : "new"}
            subcategory={shown.kind === "editSubcategory" ? shown.item : undefined}
            categories={lists.categories}
            locale={locale}
            hydrated={hydrated}
            initialReply={noJsReply}
            onSuccess={onDone}
          />
        )}
      </DialogFrame>
      <ConfirmDialog
        dialog={dialog}
        title={deleting?.kind === "deleteSubcategory" ? t("categories.delete.subcategoryTitle") : t("categories.delete.categoryTitle")}
        description={itemName && <bdi>{itemName}</bdi>}
        fetcher={deleteFetcher}
        action={ADMIN_PATH.categories}
        fields={deleting ? { intent, id: deleting.item.id } : null}
        message={t(`categories.delete.${intent === "deleteCategory" ? "category" : "subcategory"}Confirm`)}
        blocked={deleting ? deleteBlocked(t, deleting) : undefined}
        cancelLabel={t("categories.form.cancel")}
        submitLabel={t("categories.delete.submit")}
        busyLabel={t("categories.delete.deleting")}
        failure={(r) => failureMessage(t, r)}
        initialReply={noJsReply?.intent === intent && noJsReply.id === deleting?.item.id ? noJsReply : undefined}
      />
    </div>
  );
}
