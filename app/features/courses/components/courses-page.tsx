// The Admin Courses page (SPEC §2 Admin Courses and the course form; D2, D8, D18, D21, D22): the route
// holds its loader and action.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { BookOpen } from "lucide-react";
import { Icon } from "~/components/icons/icon.tsx";
import { useCallback, useMemo, type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocation } from "react-router";
import { showToast } from "~/components/ui/toast.tsx";
import { EmptyState, NoMatches } from "~/components/ui/empty-state.tsx";
import { RoleNote } from "~/components/admin/role-note.tsx";
import { introKey } from "~/lib/role-copy.ts";
import { Notice } from "~/components/ui/notice.tsx";
import { Pager, pagerLabels } from "~/components/ui/pager.tsx";
import { DialogLink, useUrlDialog } from "~/components/ui/url-dialog.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { CoursesReply } from "../courses.schema.ts";
import { type CourseIntent } from "~/features/courses/courses.schema.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { sortByName, sortCategories } from "~/lib/collation.ts";
import { can } from "~/lib/permissions.ts";
import { CoursesBulkBar } from "./courses-bulk-bar.tsx";
import { CoursesFilters } from "./courses-filters.tsx";
import { CoursesDialogs } from "./courses-page-dialogs.tsx";
import { CoursesTable } from "./courses-table.tsx";
import { useCoursesSelection } from "./use-courses-selection.ts";
import type { CoursesPageProps } from "./courses-page-types.ts";

export type { CoursesPageProps } from "./courses-page-types.ts";

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

function successText(t: (k: string, o?: Record<string, unknown>) => string, r: CoursesReply, canPublish: boolean): string {
  if (!r.intent) return "";
  // Issue 36 item 15: a creator who may not publish keeps their draft, and is told who makes it public.
  if (r.intent === "create" && !r.published && !canPublish) return t("coursesAdmin.form.createdDraftOwn");
  if (r.intent === "togglePublish") return r.published ? t("coursesAdmin.status.publishedToast") : t("coursesAdmin.status.unpublishedToast");
  if (r.intent === "create" && !r.published) return t("coursesAdmin.form.createdDraft");
  if (r.intent === "setRunStatus") return t(`runsAdmin.statusDone.${r.runStatus ?? "open"}`);
  if (r.intent === "sendRunMessage") return t("runsAdmin.message.sent", { count: r.sent ?? 0 });
  return t(SUCCESS_KEYS[r.intent], { count: r.changed ?? 0, title: r.title ?? "" });
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
      showToast("success", successText(t, r, canPublish));
      finish();
    },
    [t, finish, canPublish],
  );

  // Without JavaScript: after a successful post the outcome shows in place and the dialog stays shut.
  const noJsReply = hydrated ? undefined : actionData;
  const noJsFailure = noJsReply && !noJsReply.ok && (noJsReply.intent === "togglePublish" || noJsReply.intent?.startsWith("bulk"));
  // A message preview is the one success that keeps its dialog open (it shows the preview).
  const shownDialog = noJsReply?.ok && noJsReply.intent !== "previewRunMessage" ? null : serverDialog;

  // Bulk selection (with JavaScript the count and "select all" follow the boxes).
  const selection = useCoursesSelection(list.rows, (r) => showToast("success", successText(t, r, canPublish)));

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

      {noJsReply?.ok && noJsReply.intent !== "previewRunMessage" && <Notice tone="success" className="mt-6">{successText(t, noJsReply, canPublish)}</Notice>}
      {noJsFailure && <Notice tone="error" className="mt-6">{failureMessage(t, noJsReply)}</Notice>}

      <CoursesDialogs
        dialog={dialog}
        shownDialog={shownDialog}
        options={options}
        canPublish={canPublish}
        canEdit={canEdit}
        canMessage={can(actor, "enrollments:edit")}
        hydrated={hydrated}
        locale={locale}
        action={pageAction}
        noJsReply={noJsReply}
        onDone={onDone}
      />

      <CoursesFilters query={list.query} categories={options.categories} canPublish={canPublish} hydrated={hydrated} locale={locale} />

      {canPublish && list.rows.length > 0 && <CoursesBulkBar selection={selection} action={pageAction} hydrated={hydrated} />}

      {list.rows.length === 0 && filtered ? (
        <NoMatches title={t("coursesAdmin.emptyFiltered")} clearHref={ADMIN_PATH.courses} />
      ) : list.rows.length === 0 ? (
        <EmptyState icon={BookOpen} title={t("coursesAdmin.empty")}>
          {canCreate && createLink(t("coursesAdmin.createFirst"), "btn-primary inline-flex px-4 py-2 text-sm")}
        </EmptyState>
      ) : (
        <>
          <CoursesTable
            list={list}
            dialog={dialog}
            selection={selection}
            canPublish={canPublish}
            canEdit={canEdit}
            canDelete={canDelete}
            hydrated={hydrated}
            locale={locale}
            action={pageAction}
          />
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
