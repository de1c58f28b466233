// The Admin Courses page's table: a row a course with its bulk box, details, status and actions.
import { Icon } from "~/components/icons/icon.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { Ltr } from "~/components/ui/bidi.tsx";
import { ActionsCell, Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { DialogLink } from "~/components/ui/url-dialog.tsx";
import { PictureOrInitials } from "~/components/ui/picture-or-initials.tsx";
import { StatusBadge, StatusToggle } from "~/features/courses/components/course-dialogs.tsx";
import { courseInitials } from "~/features/courses/courses.schema.ts";
import { formatAmount, formatDate } from "~/lib/format.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import type { CoursesDialog, CoursesPageProps } from "./courses-page-types.ts";
import type { CoursesSelection } from "./use-courses-selection.ts";

type CourseRowData = CoursesPageProps["list"]["rows"][number];

interface CoursesTableProps {
  list: CoursesPageProps["list"];
  dialog: CoursesDialog;
  selection: CoursesSelection;
  canPublish: boolean;
  canEdit: boolean;
  canDelete: boolean;
  hydrated: boolean;
  locale: Locale;
  action: string;
}

/** The table: the select-all header (bulk only), the sortable columns' aria-sort, a row a course. */
export function CoursesTable({ list, dialog, selection, canPublish, canEdit, canDelete, hydrated, locale, action }: CoursesTableProps) {
  const { t } = useI18n();
  const { pageIds, selectedOnPage } = selection;
  const sortGroup = list.query.sort.split("_")[0];
  const ariaSort = (group: string) =>
    sortGroup === group ? (list.query.sort.endsWith("_asc") ? "ascending" : "descending") : undefined;
  return (
    <Table caption={t("coursesAdmin.table.caption")} minWidth="md:min-w-[48rem]">
      <TableHead>
        {canPublish && (
          <HeaderCell className="w-10">
            {hydrated ? (
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-teal-700"
                  aria-label={t("coursesAdmin.bulk.selectAll")}
                  checked={selectedOnPage.length === pageIds.length && pageIds.length > 0}
                  onChange={(e) => selection.toggleAll(e.currentTarget.checked)}
                />
                <span aria-hidden="true" className="text-sm font-medium md:hidden">
                  {t("coursesAdmin.bulk.selectAll")}
                </span>
              </label>
            ) : (
              <span className="sr-only">{t("coursesAdmin.bulk.selectColumn")}</span>
            )}
          </HeaderCell>
        )}
        <HeaderCell aria-sort={ariaSort("title")}>{t("coursesAdmin.table.course")}</HeaderCell>
        <HeaderCell>{t("coursesAdmin.table.language")}</HeaderCell>
        <HeaderCell>{t("coursesAdmin.table.category")}</HeaderCell>
        <HeaderCell aria-sort={ariaSort("price")}>{t("coursesAdmin.table.price")}</HeaderCell>
        <HeaderCell>{t("coursesAdmin.table.enrollments")}</HeaderCell>
        <HeaderCell>{t("coursesAdmin.table.status")}</HeaderCell>
        <HeaderCell aria-sort={ariaSort("created")}>{t("coursesAdmin.table.created")}</HeaderCell>
        <HeaderCell end>{t("coursesAdmin.table.actions")}</HeaderCell>
      </TableHead>
      <TableBody>
        {list.rows.map((c) => (
          <CourseRow
            key={c.id}
            course={c}
            dialog={dialog}
            selection={selection}
            canPublish={canPublish}
            canEdit={canEdit}
            canDelete={canDelete}
            locale={locale}
            action={action}
          />
        ))}
      </TableBody>
    </Table>
  );
}

/** A row's icon links: the dialog each opens, its icon, colours and name. */
const ROW_ACTIONS = [
  { kind: "edit", icon: "pencil", tone: "text-teal-900 hover:bg-teal-50 focus-visible:outline-teal-800", labelKey: "coursesAdmin.table.edit" },
  { kind: "delete", icon: "trash", tone: "text-red-800 hover:bg-red-50 focus-visible:outline-red-700", labelKey: "coursesAdmin.table.delete" },
] as const;

interface CourseRowProps extends Omit<CoursesTableProps, "list" | "hydrated"> {
  course: CourseRowData;
}

/** One course: its bulk box, thumbnail, title, slug and runs link, details, status and the edit and delete links. */
function CourseRow({ course: c, dialog, selection, canPublish, canEdit, canDelete, locale, action }: CourseRowProps) {
  const { t } = useI18n();
  const iconButton =
    "inline-flex items-center rounded-lg p-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    <tr>
      {canPublish && (
        <Cell label={t("coursesAdmin.bulk.selectColumn")}>
          <input
            type="checkbox"
            name="ids"
            value={c.id}
            form="courses-bulk"
            className="h-4 w-4 accent-teal-700"
            aria-label={t("coursesAdmin.bulk.selectCourse", { title: c.title })}
            checked={selection.selected.has(c.id)}
            onChange={(e) => selection.toggleOne(c.id, e.currentTarget.checked)}
          />
        </Cell>
      )}
      <CourseTitleCell course={c} dialog={dialog} />
      <Cell label={t("coursesAdmin.table.language")} className="text-slate-800">{t(`coursesAdmin.languages.${c.language}`)}</Cell>
      <Cell label={t("coursesAdmin.table.category")} className="text-slate-800">
        {c.categoryName ? <bdi>{pickText({ en: c.categoryName, ar: c.categoryNameAr }, locale)}</bdi> : t("coursesAdmin.table.noCategory")}
      </Cell>
      <Cell label={t("coursesAdmin.table.price")} className="whitespace-nowrap text-slate-800">
        {c.price && c.price > 0 ? t("coursesAdmin.table.priceValue", { amount: formatAmount(c.price, locale) }) : t("coursesAdmin.table.free")}
      </Cell>
      <Cell label={t("coursesAdmin.table.enrollments")} className="text-slate-800">
        <EnrolledCounts approved={c.approvedCount} pending={c.pendingCount} />
      </Cell>
      <Cell label={t("coursesAdmin.table.status")}>
        {canPublish ? (
          <StatusToggle course={c} action={action} />
        ) : (
          <StatusBadge published={c.isPublished} />
        )}
      </Cell>
      <Cell label={t("coursesAdmin.table.created")} className="whitespace-nowrap text-slate-700">
        <time dateTime={new Date(c.createdAt).toISOString()}>{formatDate(c.createdAt, locale)}</time>
      </Cell>
      <ActionsCell>
        {ROW_ACTIONS.filter(({ kind }) => (kind === "edit" ? canEdit : canDelete)).map(({ kind, icon, tone, labelKey }) => (
          <DialogLink
            key={kind}
            dialog={dialog}
            kind={kind}
            id={c.id}
            title={t(labelKey)}
            className={`${iconButton} ${tone}`}
          >
            <Icon name={icon} className="h-4 w-4" />
            <span className="sr-only">{`${t(labelKey)}: ${c.title}`}</span>
          </DialogLink>
        ))}
      </ActionsCell>
    </tr>
  );
}

/** The row's header: thumbnail (or initials), title, featured mark, slug and the runs link. */
function CourseTitleCell({ course: c, dialog }: { course: CourseRowData; dialog: CoursesDialog }) {
  const { t } = useI18n();
  return (
    <RowHeader className="min-w-[13rem]">
      <div className="flex items-center gap-3">
        <PictureOrInitials src={c.thumbnailUrl} initials={courseInitials(c.title)} look="thumbnail" />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900" dir="auto">
            {c.title}
          </p>
          {c.featured && (
            <span className="mt-0.5 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {t("coursesAdmin.status.featured")}
            </span>
          )}
          <p className="text-xs text-slate-600">
            <Ltr truncate className="max-w-[9rem] font-mono">{c.slug}</Ltr>
          </p>
          {/* Under the title, not among the row's icon actions: the table stays within a laptop screen. */}
          <DialogLink
            dialog={dialog}
            kind="runs"
            id={c.id}
            title={t("runsAdmin.openLabel", { title: c.title })}
            className="mt-1 inline-flex min-h-6 items-center gap-1 whitespace-nowrap rounded text-xs font-semibold text-teal-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
          >
            <Icon name="calendar-days" className="h-3.5 w-3.5" />
            {t("runsAdmin.open", { count: c.runCount })}
            <span className="sr-only">{`: ${c.title}`}</span>
          </DialogLink>
        </div>
      </div>
    </RowHeader>
  );
}

/** "12 enrolled · 3 pending": the approved requests (as the public page counts), the waiting ones apart. */
function EnrolledCounts({ approved, pending }: { approved: number; pending: number }) {
  const { t } = useI18n();
  return (
    <span className="flex flex-wrap gap-x-1.5">
      <span className="whitespace-nowrap">{t("coursesAdmin.table.enrolled", { count: approved })}</span>
      {pending > 0 && (
        <>
          <span aria-hidden="true" className="text-slate-500">
            ·
          </span>
          <span className="whitespace-nowrap font-medium text-amber-900">{t("coursesAdmin.table.pending", { count: pending })}</span>
        </>
      )}
    </span>
  );
}
