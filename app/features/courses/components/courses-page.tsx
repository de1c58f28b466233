// The Admin Courses page (SPEC §2 Admin Courses and the course form; D2, D8, D18, D21, D22): the route
// holds its loader and action.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { BookOpen } from "lucide-react";
import { Icon } from "~/components/icons/icon.tsx";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { inputClass } from "~/components/forms/field.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import { ConfirmDialog } from "~/components/ui/confirm.tsx";
import { EmptyState, NoMatches } from "~/components/ui/empty-state.tsx";
import { RoleNote } from "~/components/admin/role-note.tsx";
import { introKey } from "~/lib/role-copy.ts";
import { Notice } from "~/components/ui/notice.tsx";
import { Pager, pagerLabels } from "~/components/ui/pager.tsx";
import { FilterPanel, FilterSearch } from "~/components/ui/filter-panel.tsx";
import { ActionsCell, Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { DialogFrame, DialogLink, useUrlDialog } from "~/components/ui/url-dialog.tsx";
import { StatusBadge, StatusToggle } from "~/features/courses/components/course-dialogs.tsx";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { CourseForm } from "~/features/courses/components/course-form.tsx";
import { CourseRunsSheet } from "~/features/courses/components/course-runs-sheet.tsx";
import type { RunView } from "../course-runs.schema.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { CoursesReply } from "../courses.schema.ts";
import { ADMIN_COURSES_QUERY_MAX, COURSE_LANGUAGES, COURSE_SORTS, courseInitials, type CourseIntent } from "~/features/courses/courses.schema.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { formatAmount, formatDate } from "~/lib/format.ts";
import { sortByName, sortCategories } from "~/lib/collation.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { can, type ActorView } from "~/lib/permissions.ts";
import type { getCourseFormOptions, listAdminCourses } from "../courses-admin.server.ts";
import type { CourseDialogState } from "../course-dialog.server.ts";

/** The page's dialogs (?dialog=…). */
const COURSE_DIALOGS: readonly ("create" | "edit" | "delete" | "runs")[] = ["create", "edit", "delete", "runs"];
/** Parameters that open a dialog (the runs sheet's view and run too); everything else in the URL is the list's state. */
const DIALOG_PARAMS = ["dialog", "course", "action", "runView", "run"];

/** The list's own parameters (filters, sort, page), without any dialog ones. */
function listSearch(search: string, overrides: Record<string, string | null> = {}): string {
  const params = new URLSearchParams(search);
  for (const p of DIALOG_PARAMS) params.delete(p);
  for (const [k, v] of Object.entries(overrides)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

const SUCCESS_KEYS: Record<CourseIntent, string> = {
  create: "coursesAdmin.form.created",
  update: "coursesAdmin.form.updated",
  delete: "coursesAdmin.delete.success",
  togglePublish: "coursesAdmin.status.publishedToast",
  bulkPublish: "coursesAdmin.bulk.publishedToast",
  bulkUnpublish: "coursesAdmin.bulk.unpublishedToast",
  createRun: "runsAdmin.form.created",
  updateRun: "runsAdmin.form.updated",
  deleteRun: "runsAdmin.delete.done",
  setRunStatus: "runsAdmin.statusDone.open",
  previewRunMessage: "runsAdmin.message.previewTitle",
  sendRunMessage: "runsAdmin.message.sent",
};

function successText(t: (k: string, o?: Record<string, unknown>) => string, r: CoursesReply): string {
  if (!r.intent) return "";
  if (r.intent === "togglePublish") return r.published ? t("coursesAdmin.status.publishedToast") : t("coursesAdmin.status.unpublishedToast");
  if (r.intent === "create" && !r.published) return t("coursesAdmin.form.createdDraft");
  if (r.intent === "setRunStatus") return t(`runsAdmin.statusDone.${r.runStatus ?? "open"}`);
  if (r.intent === "sendRunMessage") return t("runsAdmin.message.sent", { count: r.sent ?? 0 });
  return t(SUCCESS_KEYS[r.intent], { count: r.changed ?? 0, title: r.title ?? "" });
}

export interface CoursesPageProps {
  list: Awaited<ReturnType<typeof listAdminCourses>>;
  options: Awaited<ReturnType<typeof getCourseFormOptions>>;
  dialog: CourseDialogState;
  fromDashboard: boolean;
  actor: ActorView;
  actionData: CoursesReply | undefined;
  locale: Locale;
}

/** Admin Courses: filters, sort and pages in the URL, the table, bulk status, and the course dialogs. */
export function CoursesPage({ list, options: loadedOptions, dialog: serverDialog, fromDashboard, actor, actionData, locale }: CoursesPageProps) {
  const { t } = useI18n();
  // The category filter and the form's category and subcategory selects by displayed names, with the
  // interface language's collation (subcategories by their sort order first).
  const options = useMemo(
    () => ({
      ...loadedOptions,
      categories: sortCategories(loadedOptions.categories, locale),
      subcategories: sortByName(loadedOptions.subcategories, locale),
    }),
    [loadedOptions, locale],
  );
  const hydrated = useHydrated();
  const location = useLocation();
  const submit = useSubmit();

  const canCreate = can(actor, "courses:create");
  const canEdit = can(actor, "courses:edit");
  const canDelete = can(actor, "courses:delete");
  const canPublish = can(actor, "courses:publish");

  // ?dialog=create|edit|delete&course=…; ?action=create (from the dashboard) closes back to /admin, and
  // once saved lands on the list, where the new course is the first row (newest first).
  const dialog = useUrlDialog({
    kinds: COURSE_DIALOGS,
    idParam: "course",
    params: DIALOG_PARAMS,
    closeTo: fromDashboard ? ADMIN_PATH.dashboard : undefined,
    finishTo: fromDashboard ? ADMIN_PATH.courses : undefined,
  });
  const pageAction = `${ADMIN_PATH.courses}${location.search}`;
  const { finish } = dialog;
  const onDone = useCallback(
    (r: CoursesReply) => {
      showToast("success", successText(t, r));
      finish();
    },
    [t, finish],
  );
  const deleteFetcher = useFreshFetcher<CoursesReply>("course-delete");
  useOnSuccess(deleteFetcher, onDone);

  // Without JavaScript: after a successful post the outcome shows in place and the dialog stays shut.
  const noJsReply = hydrated ? undefined : actionData;
  const noJsFailure = noJsReply && !noJsReply.ok && (noJsReply.intent === "togglePublish" || noJsReply.intent?.startsWith("bulk"));
  // A message preview is the one success that keeps its dialog open (it shows the preview).
  const shownDialog = noJsReply?.ok && noJsReply.intent !== "previewRunMessage" ? null : serverDialog;
  const runsSheet = shownDialog?.kind === "runs" ? shownDialog : null;
  const runsHref = useCallback(
    (courseId: string) => (view?: RunView, runId?: string) => {
      const extra = new URLSearchParams();
      if (view) extra.set("runView", view);
      if (runId) extra.set("run", runId);
      const query = extra.toString();
      return `${dialog.href("runs", courseId)}${query ? `&${query}` : ""}`;
    },
    [dialog],
  );

  // Bulk selection (with JavaScript the count and "select all" follow the boxes).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pageIds = useMemo(() => list.rows.map((r) => r.id), [list.rows]);
  const selectedOnPage = pageIds.filter((id) => selected.has(id));
  const bulkFetcher = useFreshFetcher<CoursesReply>("courses-bulk");
  useOnSuccess(bulkFetcher, (r) => {
    showToast("success", successText(t, r));
    setSelected(new Set());
  });
  const bulkFailure = bulkFetcher.state === "idle" ? failureMessage(t, bulkFetcher.data) : null;
  const toggleOne = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const filterLabel = "text-sm font-medium text-slate-800";
  const selectClass = `${inputClass} py-2`;
  const iconButton =
    "inline-flex items-center rounded-lg p-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";
  const sortGroup = list.query.sort.split("_")[0];
  const ariaSort = (group: string) =>
    sortGroup === group ? (list.query.sort.endsWith("_asc") ? "ascending" : "descending") : undefined;

  const createLink = (content: ReactNode, className: string) => (
    <DialogLink dialog={dialog} kind="create" className={className}>
      {content}
    </DialogLink>
  );

  // A filter narrows the list (the sort and the page do not); a status other than "all" only for those
  // who may choose one (the others see published courses whatever the URL says).
  const filtered = Boolean(list.query.q || list.query.categoryId || list.query.language || (canPublish && list.query.status !== "all"));
  const from = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const to = Math.min(list.total, list.page * list.pageSize);
  const editing = shownDialog?.kind === "create" || shownDialog?.kind === "edit" ? shownDialog : null;

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("coursesAdmin.title")}</h1>
          <p className="mt-1 text-slate-700">
            {t(introKey(actor, "courses", ["create", "edit", "publish"], { full: "coursesAdmin.intro", limited: "coursesAdmin.introLimited" }))}
          </p>
          <RoleNote actor={actor} resource="courses" />
        </div>
        {canCreate &&
          createLink(
            <>
              <Icon name="plus" className="h-4 w-4" />
              {t("coursesAdmin.createCourse")}
            </>,
            "btn-primary inline-flex gap-2 px-4 py-2 text-sm",
          )}
      </div>

      {noJsReply?.ok && noJsReply.intent !== "previewRunMessage" && <Notice ok>{successText(t, noJsReply)}</Notice>}
      {noJsFailure && <Notice ok={false}>{failureMessage(t, noJsReply)}</Notice>}

      <div className="mt-6">
        <DialogFrame
          open={editing !== null}
          dialog={dialog}
          size="lg"
          title={editing?.kind === "edit" ? t("coursesAdmin.form.editTitle") : t("coursesAdmin.form.createTitle")}
        >
          {editing && (
            <CourseForm
              key={editing.kind === "edit" ? editing.course.id : "create"}
              course={editing.kind === "edit" ? editing.course : undefined}
              options={options}
              canPublish={canPublish}
              hydrated={hydrated}
              locale={locale}
              action={pageAction}
              initialReply={noJsReply}
              onSuccess={onDone}
              runsHref={editing.kind === "edit" ? runsHref(editing.course.id)() : undefined}
            />
          )}
        </DialogFrame>
        <DialogFrame
          open={runsSheet !== null}
          dialog={dialog}
          size="lg"
          guard={false}
          title={runsSheet ? tIsolated(t, "runsAdmin.title", { title: runsSheet.course.title }) : t("runsAdmin.listLabel")}
        >
          {runsSheet && (
            <CourseRunsSheet
              key={`${runsSheet.course.id}-${runsSheet.view ?? "list"}-${runsSheet.run?.id ?? ""}`}
              course={runsSheet.course}
              runs={runsSheet.runs}
              view={runsSheet.view}
              run={runsSheet.run}
              instructors={options.instructors}
              canEdit={canEdit}
              canMessage={can(actor, "enrollments:edit")}
              hydrated={hydrated}
              locale={locale}
              href={runsHref(runsSheet.course.id)}
              action={pageAction}
              initialReply={noJsReply}
            />
          )}
        </DialogFrame>
        <ConfirmDialog
          dialog={dialog}
          title={t("coursesAdmin.delete.title")}
          description={shownDialog?.kind === "delete" ? tIsolated(t, "coursesAdmin.delete.course", { title: shownDialog.course.title }) : undefined}
          fetcher={deleteFetcher}
          action={pageAction}
          fields={shownDialog?.kind === "delete" ? { intent: "delete", courseId: shownDialog.course.id } : null}
          message={t("coursesAdmin.delete.confirm")}
          cancelLabel={t("coursesAdmin.delete.cancel")}
          submitLabel={t("coursesAdmin.delete.submit")}
          busyLabel={t("coursesAdmin.delete.deleting")}
          failure={(r) => failureMessage(t, r)}
          initialReply={noJsReply?.intent === "delete" ? noJsReply : undefined}
        />
      </div>

      <FilterPanel applied={[list.query.q, list.query.status !== (canPublish ? "all" : "published"), list.query.categoryId, list.query.language].filter(Boolean).length}>
        <Form
          method="get"
          action={ADMIN_PATH.courses}
          preventScrollReset
          aria-label={t("coursesAdmin.filters.label")}
          className="mb-4 flex flex-wrap items-end gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          // A list (status, category, language, sort) applies itself; the search waits for Enter or Apply.
          onChange={(e) => {
            if (hydrated && e.target instanceof HTMLSelectElement) void submit(e.currentTarget, { preventScrollReset: true });
          }}
        >
          <FilterSearch
            id="filter-q"
            label={t("coursesAdmin.filters.search")}
            placeholder={t("coursesAdmin.filters.searchPlaceholder")}
            value={list.query.q}
            maxLength={ADMIN_COURSES_QUERY_MAX}
          />
          {/* Without courses:publish the status can only be Published: no filter of one option (the note says why). */}
          {canPublish && (
            <div className="flex flex-col gap-1">
              <label htmlFor="filter-status" className={filterLabel}>
                {t("coursesAdmin.filters.status")}
              </label>
              <select id="filter-status" name="status" defaultValue={list.query.status} key={`s-${list.query.status}`} className={selectClass}>
                <option value="all">{t("coursesAdmin.filters.all")}</option>
                <option value="published">{t("coursesAdmin.filters.published")}</option>
                <option value="draft">{t("coursesAdmin.filters.drafts")}</option>
              </select>
            </div>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-category" className={filterLabel}>
              {t("coursesAdmin.filters.category")}
            </label>
            <select
              id="filter-category"
              name="category"
              defaultValue={list.query.categoryId ?? ""}
              key={`c-${list.query.categoryId ?? ""}`}
              className={selectClass}
            >
              <option value="">{t("coursesAdmin.filters.allCategories")}</option>
              {options.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {pickText({ en: c.name, ar: c.nameAr }, locale)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-language" className={filterLabel}>
              {t("coursesAdmin.filters.language")}
            </label>
            <select
              id="filter-language"
              name="language"
              defaultValue={list.query.language ?? ""}
              key={`l-${list.query.language ?? ""}`}
              className={selectClass}
            >
              <option value="">{t("coursesAdmin.filters.allLanguages")}</option>
              {COURSE_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`coursesAdmin.languages.${l}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-sort" className={filterLabel}>
              {t("coursesAdmin.filters.sort")}
            </label>
            <select id="filter-sort" name="sort" defaultValue={list.query.sort} key={`o-${list.query.sort}`} className={selectClass}>
              {COURSE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`coursesAdmin.sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <button type="submit" className="btn-secondary inline-flex px-4 py-2 text-sm">
              {t("coursesAdmin.filters.apply")}
            </button>
            <Link to={ADMIN_PATH.courses} className="inline-flex items-center px-2 py-2 text-sm font-medium text-teal-900 underline-offset-4 hover:underline">
              {t("coursesAdmin.filters.clear")}
            </Link>
          </div>
          {!canPublish && <p className="w-full text-sm text-slate-600">{t("coursesAdmin.filters.publishedOnly")}</p>}
        </Form>
      </FilterPanel>

      {canPublish && list.rows.length > 0 && (
        <bulkFetcher.Form
          id="courses-bulk"
          method="post"
          action={pageAction}
          aria-label={t("coursesAdmin.bulk.label")}
          className="mb-4 flex flex-wrap items-center gap-3"
        >
          <p className="text-sm text-slate-700" aria-live="polite">
            {hydrated ? t("coursesAdmin.bulk.selected", { count: selectedOnPage.length }) : t("coursesAdmin.bulk.hint")}
          </p>
          <button
            type="submit"
            name="intent"
            value="bulkPublish"
            disabled={hydrated && (selectedOnPage.length === 0 || bulkFetcher.state !== "idle")}
            className="btn-secondary inline-flex px-3 py-1.5 text-sm disabled:opacity-60"
          >
            {t("coursesAdmin.bulk.publish")}
          </button>
          <button
            type="submit"
            name="intent"
            value="bulkUnpublish"
            disabled={hydrated && (selectedOnPage.length === 0 || bulkFetcher.state !== "idle")}
            className="btn-secondary inline-flex px-3 py-1.5 text-sm disabled:opacity-60"
          >
            {t("coursesAdmin.bulk.unpublish")}
          </button>
          {bulkFetcher.state !== "idle" && (
            <span role="status" className="text-sm text-slate-700">
              {t("coursesAdmin.status.updating")}
            </span>
          )}
          {bulkFailure && (
            <span role="alert" className="text-sm text-red-800">
              {bulkFailure}
            </span>
          )}
        </bulkFetcher.Form>
      )}

      {list.rows.length === 0 && filtered ? (
        <NoMatches title={t("coursesAdmin.emptyFiltered")} clearHref={ADMIN_PATH.courses} />
      ) : list.rows.length === 0 ? (
        <EmptyState icon={BookOpen} title={t("coursesAdmin.empty")}>
          {canCreate && createLink(t("coursesAdmin.createFirst"), "btn-primary inline-flex px-4 py-2 text-sm")}
        </EmptyState>
      ) : (
        <>
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
                        onChange={(e) => setSelected(e.currentTarget.checked ? new Set(pageIds) : new Set())}
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
                <tr key={c.id}>
                  {canPublish && (
                    <Cell label={t("coursesAdmin.bulk.selectColumn")}>
                      <input
                        type="checkbox"
                        name="ids"
                        value={c.id}
                        form="courses-bulk"
                        className="h-4 w-4 accent-teal-700"
                        aria-label={t("coursesAdmin.bulk.selectCourse", { title: c.title })}
                        checked={selected.has(c.id)}
                        onChange={(e) => toggleOne(c.id, e.currentTarget.checked)}
                      />
                    </Cell>
                  )}
                  <RowHeader className="min-w-[13rem]">
                    <div className="flex items-center gap-3">
                      {c.thumbnailUrl ? (
                        <img
                          src={c.thumbnailUrl}
                          alt=""
                          width={64}
                          height={48}
                          loading="lazy"
                          decoding="async"
                          className="h-12 w-16 shrink-0 rounded-md object-cover"
                        />
                      ) : (
                        <span
                          aria-hidden="true"
                          className="flex h-12 w-16 shrink-0 items-center justify-center rounded-md bg-teal-100 text-sm font-bold text-teal-900"
                        >
                          {courseInitials(c.title)}
                        </span>
                      )}
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
                      <StatusToggle course={c} action={pageAction} />
                    ) : (
                      <StatusBadge published={c.isPublished} />
                    )}
                  </Cell>
                  <Cell label={t("coursesAdmin.table.created")} className="whitespace-nowrap text-slate-700">
                    <time dateTime={new Date(c.createdAt).toISOString()}>{formatDate(c.createdAt, locale)}</time>
                  </Cell>
                  <ActionsCell>
                    {canEdit && (
                      <DialogLink
                        dialog={dialog}
                        kind="edit"
                        id={c.id}
                        title={t("coursesAdmin.table.edit")}
                        className={`${iconButton} text-teal-900 hover:bg-teal-50 focus-visible:outline-teal-800`}
                      >
                        <Icon name="pencil" className="h-4 w-4" />
                        <span className="sr-only">{`${t("coursesAdmin.table.edit")}: ${c.title}`}</span>
                      </DialogLink>
                    )}
                    {canDelete && (
                      <DialogLink
                        dialog={dialog}
                        kind="delete"
                        id={c.id}
                        title={t("coursesAdmin.table.delete")}
                        className={`${iconButton} text-red-800 hover:bg-red-50 focus-visible:outline-red-700`}
                      >
                        <Icon name="trash" className="h-4 w-4" />
                        <span className="sr-only">{`${t("coursesAdmin.table.delete")}: ${c.title}`}</span>
                      </DialogLink>
                    )}
                  </ActionsCell>
                </tr>
              ))}
            </TableBody>
          </Table>
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            href={(page) => `${ADMIN_PATH.courses}${listSearch(location.search, { page: String(page) })}`}
            labels={pagerLabels(t, "coursesAdmin.pagination", { page: list.page, pages: list.pageCount, from, to, total: list.total })}
          />
        </>
      )}
    </div>
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
