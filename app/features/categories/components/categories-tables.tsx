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
import type { DialogKind, OpenDialog } from "./categories-dialog-state.ts";

export interface CategoriesTableProps {
  lists: CategoriesAdminData;
  dialog: UrlDialog<DialogKind>;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  locale: Locale;
}

/** A button that opens one of the page's dialogs (a link without JavaScript). */
function OpenLink({ dialog, target, className, children }: { dialog: UrlDialog<DialogKind>; target: NonNullable<OpenDialog>; className: string; children: ReactNode }) {
  return (
    <DialogLink dialog={dialog} kind={target.kind} id={"item" in target ? target.item.id : undefined} as="button" className={className}>
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
  name,
  canEdit,
  canDelete,
}: Pick<CategoriesTableProps, "dialog" | "canEdit" | "canDelete"> & { edit: NonNullable<OpenDialog>; remove: NonNullable<OpenDialog>; name: string }) {
  const { t } = useI18n();
  return (
    <>
      {canEdit && (
        <OpenLink dialog={dialog} target={edit} className={editClass}>
          <>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t("categories.edit")}
            <span className="sr-only">{`: ${name}`}</span>
          </>
        </OpenLink>
      )}
      {canDelete && (
        <OpenLink dialog={dialog} target={remove} className={deleteClass}>
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

/** A row's last cells: when it was created, then its Edit and Delete. */
function CreatedAndActions({
  createdAt,
  locale,
  ...actions
}: Parameters<typeof RowActions>[0] & { createdAt: Date | string; locale: Locale }) {
  const { t } = useI18n();
  return (
    <>
      <Cell label={t("categories.table.created")} className="whitespace-nowrap text-slate-700">
        <time dateTime={new Date(createdAt).toISOString()}>{formatDate(createdAt, locale)}</time>
      </Cell>
      <ActionsCell>
        <RowActions {...actions} />
      </ActionsCell>
    </>
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
          <OpenLink dialog={dialog} target={{ kind: createKind }} className="btn-primary inline-flex gap-2 px-4 py-2 text-sm">
            <Plus aria-hidden="true" className="h-4 w-4" />
            {createLabel}
          </OpenLink>
        )}
      </div>
      {empty ? (
        <EmptyState className="mt-4" icon={empty.icon} title={empty.title}>
          {canCreate && (
            <OpenLink dialog={dialog} target={{ kind: createKind }} className="btn-primary inline-flex px-4 py-2 text-sm">
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
  const label = (row: { name: string; nameAr: string | null }) => pickText({ en: row.name, ar: row.nameAr }, locale);
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
            <tr key={c.id}>
              <RowHeader className="font-medium text-slate-900">
                <NameCell name={c.name} nameAr={c.nameAr} locale={locale} />
              </RowHeader>
              <Cell label={t("categories.table.slug")}>
                <code dir="ltr" className="text-slate-700 [overflow-wrap:anywhere]">
                  {c.slug}
                </code>
              </Cell>
              <Cell label={t("categories.table.subcategories")} className="text-slate-700">{formatNumber(c.subcategoryCount, locale)}</Cell>
              <CreatedAndActions
                createdAt={c.createdAt}
                dialog={dialog}
                edit={{ kind: "editCategory", item: c }}
                remove={{ kind: "deleteCategory", item: c }}
                name={label(c)}
                canEdit={canEdit}
                canDelete={canDelete}
                locale={locale}
              />
            </tr>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

/** The subcategories: name, parent, slug, status, created, actions. */
export function SubcategoriesSection({ lists, dialog, canCreate, canEdit, canDelete, locale }: CategoriesTableProps) {
  const { t } = useI18n();
  const label = (row: { name: string; nameAr: string | null }) => pickText({ en: row.name, ar: row.nameAr }, locale);
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
            <tr key={s.id}>
              <RowHeader className="font-medium text-slate-900">
                <NameCell name={s.name} nameAr={s.nameAr} locale={locale} />
              </RowHeader>
              <Cell label={t("categories.table.parent")} className="text-slate-700">
                {s.categoryName === null ? t("categories.unknown") : <bdi>{pickText({ en: s.categoryName, ar: s.categoryNameAr }, locale)}</bdi>}
              </Cell>
              <Cell label={t("categories.table.slug")}>
                <code dir="ltr" className="text-slate-700 [overflow-wrap:anywhere]">
                  {s.slug}
                </code>
              </Cell>
              <Cell label={t("categories.table.status")}>
                <Badge tone={s.isActive ? "green" : "muted"}>
                  {s.isActive ? t("categories.status.active") : t("categories.status.inactive")}
                </Badge>
              </Cell>
              <CreatedAndActions
                createdAt={s.createdAt}
                dialog={dialog}
                edit={{ kind: "editSubcategory", item: s }}
                remove={{ kind: "deleteSubcategory", item: s }}
                name={label(s)}
                canEdit={canEdit}
                canDelete={canDelete}
                locale={locale}
              />
            </tr>
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
