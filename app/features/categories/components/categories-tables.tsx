// The admin categories page's two tables (categories, subcategories), each in its section with its create button.
import { FolderPlus, FolderTree, Pencil, Plus, Trash2, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ActionsCell, Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { DialogLink, type UrlDialog } from "~/components/ui/url-dialog.tsx";
import type { CategoriesAdminData } from "../categories.server.ts";
import { formatDate, formatNumber } from "~/lib/format.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import type { DialogKind } from "./categories-dialog-state.ts";

export interface CategoriesTableProps {
  lists: CategoriesAdminData;
  dialog: UrlDialog<DialogKind>;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  locale: Locale;
}

/** A button that opens one of the page's dialogs (a link without JavaScript). */
function OpenLink({ dialog, kind, id, className, children }: { dialog: UrlDialog<DialogKind>; kind: DialogKind; id?: string; className: string; children: ReactNode }) {
  return (
    <DialogLink dialog={dialog} kind={kind} id={id} as="button" className={className}>
      {children}
    </DialogLink>
  );
}

const iconButton =
  "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";
const editClass = `${iconButton} text-teal-900 hover:bg-teal-50 focus-visible:outline-teal-800`;
const deleteClass = `${iconButton} text-red-800 hover:bg-red-50 focus-visible:outline-red-700`;

/** A row's Edit and Delete, each for those who may. */
function RowActions({
  dialog,
  edit,
  remove,
  id,
  name,
  canEdit,
  canDelete,
}: Pick<CategoriesTableProps, "dialog" | "canEdit" | "canDelete"> & { edit: DialogKind; remove: DialogKind; id: string; name: string }) {
  const { t } = useI18n();
  return (
    <>
      {canEdit && (
        <OpenLink dialog={dialog} kind={edit} id={id} className={editClass}>
          <>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t("categories.edit")}
            <span className="sr-only">{`: ${name}`}</span>
          </>
        </OpenLink>
      )}
      {canDelete && (
        <OpenLink dialog={dialog} kind={remove} id={id} className={deleteClass}>
          <>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t("categories.delete.button")}
            <span className="sr-only">{`: ${name}`}</span>
          </>
        </OpenLink>
      )}
    </>
  );
}

type Item = CategoriesAdminData["categories"][number] | CategoriesAdminData["subcategories"][number];

/**
 * A category's or subcategory's row: its name (in both languages) as the row's header, the cells it has
 * of its own, when it was created, then its Edit and Delete.
 */
function ItemRow({
  item,
  edit,
  remove,
  locale,
  children,
  ...actions
}: Pick<CategoriesTableProps, "dialog" | "canEdit" | "canDelete" | "locale"> & {
  item: Item;
  edit: "editCategory" | "editSubcategory";
  remove: "deleteCategory" | "deleteSubcategory";
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <tr>
      <RowHeader className="font-medium text-slate-900">
        <NameCell name={item.name} nameAr={item.nameAr} locale={locale} />
      </RowHeader>
      {children}
      <Cell label={t("categories.table.created")} className="whitespace-nowrap text-slate-700">
        <time dateTime={new Date(item.createdAt).toISOString()}>{formatDate(item.createdAt, locale)}</time>
      </Cell>
      <ActionsCell>
        <RowActions {...actions} edit={edit} remove={remove} id={item.id} name={pickText({ en: item.name, ar: item.nameAr }, locale)} />
      </ActionsCell>
    </tr>
  );
}

/** A slug, left to right in either language, wrapped anywhere. */
function SlugCell({ slug }: { slug: string }) {
  const { t } = useI18n();
  return (
    <Cell label={t("categories.table.slug")}>
      <code dir="ltr" className="text-slate-700 [overflow-wrap:anywhere]">
        {slug}
      </code>
    </Cell>
  );
}

/** A section: its heading with the create button, then its table, or the empty state with a create button. */
function Section({
  id,
  className,
  title,
  dialog,
  canCreate,
  createKind,
  createLabel,
  empty,
  children,
}: {
  id: string;
  className: string;
  title: string;
  dialog: UrlDialog<DialogKind>;
  canCreate: boolean;
  createKind: "createCategory" | "createSubcategory";
  createLabel: string;
  /** Shown instead of the table when there is nothing to list: its icon, title and create button's label. */
  empty: { icon: LucideIcon; title: string; createLabel: string } | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {canCreate && (
          <OpenLink dialog={dialog} kind={createKind} className="btn-primary inline-flex gap-2 px-4 py-2 text-sm">
            <Plus aria-hidden="true" className="h-4 w-4" />
            {createLabel}
          </OpenLink>
        )}
      </div>
      {empty ? (
        <EmptyState className="mt-4" icon={empty.icon} title={empty.title}>
          {canCreate && (
            <OpenLink dialog={dialog} kind={createKind} className="btn-primary inline-flex px-4 py-2 text-sm">
              {empty.createLabel}
            </OpenLink>
          )}
        </EmptyState>
      ) : (
        children
      )}
    </section>
  );
}

/** The categories: name, slug, number of subcategories, created, actions. */
export function CategoriesSection({ lists, dialog, canCreate, canEdit, canDelete, locale }: CategoriesTableProps) {
  const { t } = useI18n();
  const rowProps = { dialog, canEdit, canDelete, locale };
  return (
    <Section
      id="categories-heading"
      className="mt-2"
      title={t("categories.categoriesHeading")}
      dialog={dialog}
      canCreate={canCreate}
      createKind="createCategory"
      createLabel={t("categories.createCategory")}
      empty={lists.categories.length === 0 ? { icon: FolderTree, title: t("categories.empty"), createLabel: t("categories.createFirst") } : null}
    >
      <Table className="mt-4" caption={t("categories.table.categoriesCaption")}>
        <TableHead>
          <HeaderCell>{t("categories.table.name")}</HeaderCell>
          <HeaderCell>{t("categories.table.slug")}</HeaderCell>
          <HeaderCell>{t("categories.table.subcategories")}</HeaderCell>
          <HeaderCell>{t("categories.table.created")}</HeaderCell>
          <HeaderCell end>{t("categories.table.actions")}</HeaderCell>
        </TableHead>
        <TableBody>
          {lists.categories.map((c) => (
            <ItemRow key={c.id} item={c} edit="editCategory" remove="deleteCategory" {...rowProps}>
              <SlugCell slug={c.slug} />
              <Cell label={t("categories.table.subcategories")} className="text-slate-700">{formatNumber(c.subcategoryCount, locale)}</Cell>
            </ItemRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

/** The subcategories: name, parent, slug, status, created, actions. */
export function SubcategoriesSection({ lists, dialog, canCreate, canEdit, canDelete, locale }: CategoriesTableProps) {
  const { t } = useI18n();
  const rowProps = { dialog, canEdit, canDelete, locale };
  return (
    <Section
      id="subcategories-heading"
      className="mt-10"
      title={t("categories.subcategoriesHeading")}
      dialog={dialog}
      canCreate={canCreate}
      createKind="createSubcategory"
      createLabel={t("categories.createSubcategory")}
      empty={
        lists.subcategories.length === 0
          ? { icon: FolderPlus, title: t("categories.subcategoriesEmpty"), createLabel: t("categories.createFirstSubcategory") }
          : null
      }
    >
      <Table className="mt-4" minWidth="md:min-w-[44rem]" caption={t("categories.table.subcategoriesCaption")}>
        <TableHead>
          <HeaderCell>{t("categories.table.name")}</HeaderCell>
          <HeaderCell>{t("categories.table.parent")}</HeaderCell>
          <HeaderCell>{t("categories.table.slug")}</HeaderCell>
          <HeaderCell>{t("categories.table.status")}</HeaderCell>
          <HeaderCell>{t("categories.table.created")}</HeaderCell>
          <HeaderCell end>{t("categories.table.actions")}</HeaderCell>
        </TableHead>
        <TableBody>
          {lists.subcategories.map((s) => (
            <ItemRow key={s.id} item={s} edit="editSubcategory" remove="deleteSubcategory" {...rowProps}>
              <Cell label={t("categories.table.parent")} className="text-slate-700">
                {s.categoryName === null ? t("categories.unknown") : <bdi>{pickText({ en: s.categoryName, ar: s.categoryNameAr }, locale)}</bdi>}
              </Cell>
              <SlugCell slug={s.slug} />
              <Cell label={t("categories.table.status")}>
                <Badge tone={s.isActive ? "green" : "muted"}>
                  {s.isActive ? t("categories.status.active") : t("categories.status.inactive")}
                </Badge>
              </Cell>
            </ItemRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

/** The name in the page's language, with the other language's name beneath when there is one. */
function NameCell({ name, nameAr, locale }: { name: string; nameAr: string | null; locale: Locale }) {
  const primary = locale === "ar" && nameAr ? { text: nameAr, lang: "ar" } : { text: name, lang: "en" };
  const secondary = locale === "ar" ? (nameAr ? { text: name, lang: "en" } : null) : nameAr ? { text: nameAr, lang: "ar" } : null;
  return (
    <>
      <span lang={primary.lang} dir="auto">
        {primary.text}
      </span>
      {secondary && (
        <span lang={secondary.lang} dir="auto" className="block text-xs font-normal text-slate-600">
          {secondary.text}
        </span>
      )}
    </>
  );
}
