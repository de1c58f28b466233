// The enrollments table (SPEC §2 Admin Enrollments): newest first, one page at a time, a details
// control per row, approve / reject on pending rows and, with enrollments:edit, checkboxes for the bulk
// bar. Without JavaScript the checkboxes still belong to the bulk form (form="enrollments-bulk") and
// the details open through a link (?dialog=details&enrollment=…). A request for a run shows the run's
// start (Cairo time) under its course, a link to the list of that run's requests (issue 20).
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { Icon } from "~/components/icons/icon.tsx";
import { useMemo } from "react";
import { Link } from "react-router";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { formatDateTime } from "~/lib/format.ts";
import { formatPhone } from "~/lib/phone.ts";
import { Ltr } from "~/components/ui/bidi.tsx";
import { Email } from "~/components/ui/email.tsx";
import { Pager, pagerLabels } from "~/components/ui/pager.tsx";
import { ActionsCell, Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { DialogLink } from "~/components/ui/url-dialog.tsx";
import type { Locale } from "~/lib/i18n.ts";
import type { AdminEnrollmentView } from "./admin-details.tsx";
import { CourseDeletedBadge, EnrollmentStatusActions, EnrollmentStatusBadge, type EnrollmentDialogs } from "./admin-status.tsx";
import { enrollmentSearch } from "../enrollments-admin.schema.ts";
import type { EnrollmentList } from "../enrollments-admin.server.ts";

export const BULK_FORM_ID = "enrollments-bulk";

const DETAILS_CLASS =
  "inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-medium text-teal-900 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800";

export function AdminEnrollmentsTable({
  rows,
  locale,
  canEdit,
  hydrated,
  action,
  dialog,
  selected,
  onSelectedChange,
  waitingOrder = false,
}: {
  rows: AdminEnrollmentView[];
  /** The rows are a run's waiting list, oldest first. */
  waitingOrder?: boolean;
  locale: Locale;
  canEdit: boolean;
  hydrated: boolean;
  action: string;
  /** Opens the details and the reject confirmation (?dialog=…&enrollment=…). */
  dialog: EnrollmentDialogs;
  selected: ReadonlySet<string>;
  onSelectedChange: (next: ReadonlySet<string>) => void;
}) {
  const { t } = useI18n();
  const pendingIds = useMemo(() => rows.filter((r) => r.status === "pending").map((r) => r.id), [rows]);
  const selectedPending = pendingIds.filter((id) => selected.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };

  return (
    <Table minWidth="md:min-w-[52rem]" caption={t(waitingOrder ? "adminEnrollments.runList.waitingCaption" : "adminEnrollments.table.caption")}>
      <TableHead>
        {canEdit && (
          <HeaderCell className="w-10">
            {hydrated && pendingIds.length > 0 ? (
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-teal-700"
                  aria-label={t("adminEnrollments.bulk.selectAll")}
                  checked={selectedPending.length === pendingIds.length}
                  onChange={(e) => onSelectedChange(e.currentTarget.checked ? new Set(pendingIds) : new Set())}
                />
                <span aria-hidden="true" className="text-sm font-medium md:hidden">
                  {t("adminEnrollments.bulk.selectAll")}
                </span>
              </label>
            ) : (
              <span className="sr-only">{t("adminEnrollments.bulk.selectColumn")}</span>
            )}
          </HeaderCell>
        )}
        <HeaderCell>{t("adminEnrollments.table.student")}</HeaderCell>
        <HeaderCell>{t("adminEnrollments.table.course")}</HeaderCell>
        <HeaderCell>{t("adminEnrollments.table.phone")}</HeaderCell>
        <HeaderCell>{t("adminEnrollments.table.enrollmentId")}</HeaderCell>
        <HeaderCell>{t("adminEnrollments.table.status")}</HeaderCell>
        <HeaderCell aria-sort={waitingOrder ? "ascending" : "descending"}>{t("adminEnrollments.table.submitted")}</HeaderCell>
        <HeaderCell end>{t("adminEnrollments.table.actions")}</HeaderCell>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <tr key={r.id} data-enrollment-id={r.enrollmentId}>
            {canEdit && (
              <Cell label={t("adminEnrollments.bulk.selectColumn")}>
                {r.status === "pending" && (
                  <input
                    type="checkbox"
                    name="ids"
                    value={r.id}
                    form={BULK_FORM_ID}
                    className="h-4 w-4 accent-teal-700"
                    aria-label={t("adminEnrollments.bulk.selectOne", { name: r.studentName })}
                    {...(hydrated
                      ? { checked: selected.has(r.id), onChange: (e) => toggle(r.id, e.currentTarget.checked) }
                      : { defaultChecked: false })}
                  />
                )}
              </Cell>
            )}
            <RowHeader className="min-w-[12rem]">
              <p className="font-semibold text-slate-900" dir="auto">
                {r.studentName}
              </p>
              <p className="text-xs text-slate-600">
                <Email value={r.studentEmail} />
              </p>
            </RowHeader>
            <Cell label={t("adminEnrollments.table.course")} className="min-w-[10rem] text-slate-800">
              {/* One block, so that on phones (a labelled row per cell) the run stays under its course. */}
              <div className="min-w-0">
                <span dir="auto" className="[overflow-wrap:anywhere]">
                  {r.courseName}
                </span>
                {!r.courseId && (
                  <span className="mt-1 block">
                    <CourseDeletedBadge />
                  </span>
                )}
                {r.runId && r.runStartsAt && <RunLink runId={r.runId} startsAt={r.runStartsAt} locale={locale} />}
              </div>
            </Cell>
            <Cell label={t("adminEnrollments.table.phone")} className="whitespace-nowrap text-slate-800">
              <Ltr>{formatPhone(r.studentPhone)}</Ltr>
            </Cell>
            <Cell label={t("adminEnrollments.table.enrollmentId")} className="whitespace-nowrap font-mono text-xs text-slate-700">
              <Ltr>{r.enrollmentId}</Ltr>
            </Cell>
            <Cell label={t("adminEnrollments.table.status")}>
              <EnrollmentStatusBadge status={r.status} />
            </Cell>
            <Cell label={t("adminEnrollments.table.submitted")} className="text-slate-700">
              <time dateTime={new Date(r.createdAt).toISOString()}>{formatDateTime(r.createdAt, locale)}</time>
            </Cell>
            <ActionsCell wrap>
              <DialogLink dialog={dialog} kind="details" id={r.id} as="button" label={t("adminEnrollments.table.detailsFor", { name: r.studentName })} title="" className={DETAILS_CLASS}>
                <Icon name="eye" className="h-4 w-4" />
                {t("adminEnrollments.table.details")}
              </DialogLink>
              {canEdit && <EnrollmentStatusActions row={r} action={action} dialog={dialog} />}
            </ActionsCell>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}

export function AdminEnrollmentsPagination({
  list,
  pageHref,
}: {
  /** The page's numbers; `capped`: a search with more matches than `total`, only the newest `total` listed. */
  list: Pick<EnrollmentList, "page" | "pageCount" | "pageSize" | "total" | "capped">;
  pageHref: (page: number) => string;
}) {
  const { page, pageCount, pageSize, total, capped } = list;
  const { t } = useI18n();
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Pager
      page={page}
      pageCount={pageCount}
      total={total}
      href={pageHref}
      note={capped ? t("adminEnrollments.pagination.capped", { cap: total }) : undefined}
      labels={pagerLabels(
        t,
        "adminEnrollments.pagination",
        { page, pages: pageCount, from, to, total },
        capped ? { showing: t("adminEnrollments.pagination.showingCapped", { from, to, total }) } : {},
      )}
    />
  );
}

/** A request's run: its start (short, Cairo time), linking to the list of that run's requests. */
function RunLink({ runId, startsAt, locale }: { runId: string; startsAt: Date | string; locale: Locale }) {
  const { t } = useI18n();
  const at = new Date(startsAt);
  const full = `${formatRunMoment(at, locale, "long")} (${t("runs.cairoTime")})`;
  return (
    <Link
      to={`${ADMIN_PATH.enrollments}${enrollmentSearch({ run: runId })}`}
      className="mt-0.5 flex min-h-6 w-fit items-center text-xs font-medium text-teal-900 underline underline-offset-2 hover:text-teal-700"
      aria-label={t("adminEnrollments.runList.runLinkLabel", { date: full })}
      data-run-link={runId}
    >
      <time dateTime={at.toISOString()} title={full}>
        {t("adminEnrollments.runList.runStarts", { date: formatRunMoment(at, locale, "short") })}
      </time>
    </Link>
  );
}
