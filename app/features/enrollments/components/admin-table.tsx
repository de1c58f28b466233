// The enrollments table (SPEC §2 Admin Enrollments): newest first, one page at a time, a details
// control per row, approve / reject on pending rows and, with enrollments:edit, checkboxes for the bulk
// bar. Without JavaScript the checkboxes still belong to the bulk form (form="enrollments-bulk") and
// the details open through a link (?dialog=details&enrollment=…).
import { ChevronLeft, ChevronRight, Eye } from "lucide-react";
import { useMemo } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link } from "react-router";
import { formatDate } from "~/lib/format.ts";
import { formatPhone } from "~/lib/phone.ts";
import { Ltr } from "~/components/ui/bidi.tsx";
import type { Locale } from "~/lib/i18n.ts";
import type { AdminEnrollmentView } from "./admin-details.tsx";
import { EnrollmentStatusActions, EnrollmentStatusBadge } from "./admin-status.tsx";

export const BULK_FORM_ID = "enrollments-bulk";

export function AdminEnrollmentsTable({
  rows,
  locale,
  canEdit,
  hydrated,
  action,
  detailsHref,
  onOpenDetails,
  selected,
  onSelectedChange,
}: {
  rows: AdminEnrollmentView[];
  locale: Locale;
  canEdit: boolean;
  hydrated: boolean;
  action: string;
  detailsHref: (id: string) => string;
  onOpenDetails: (id: string) => void;
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
  const th = "px-4 py-3 text-start font-semibold";
  const detailsClass =
    "inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-medium text-teal-900 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800";

  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[64rem] text-start text-sm">
        <caption className="sr-only">{t("adminEnrollments.table.caption")}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            {canEdit && (
              <th scope="col" className="w-10 px-4 py-3 text-start">
                {hydrated && pendingIds.length > 0 ? (
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-teal-700"
                    aria-label={t("adminEnrollments.bulk.selectAll")}
                    checked={selectedPending.length === pendingIds.length}
                    onChange={(e) => onSelectedChange(e.currentTarget.checked ? new Set(pendingIds) : new Set())}
                  />
                ) : (
                  <span className="sr-only">{t("adminEnrollments.bulk.selectColumn")}</span>
                )}
              </th>
            )}
            <th scope="col" className={th}>
              {t("adminEnrollments.table.student")}
            </th>
            <th scope="col" className={th}>
              {t("adminEnrollments.table.course")}
            </th>
            <th scope="col" className={th}>
              {t("adminEnrollments.table.phone")}
            </th>
            <th scope="col" className={th}>
              {t("adminEnrollments.table.enrollmentId")}
            </th>
            <th scope="col" className={th}>
              {t("adminEnrollments.table.status")}
            </th>
            <th scope="col" aria-sort="descending" className={th}>
              {t("adminEnrollments.table.submitted")}
            </th>
            <th scope="col" className="px-4 py-3 text-end font-semibold">
              {t("adminEnrollments.table.actions")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((r) => (
            <tr key={r.id} data-enrollment-id={r.enrollmentId}>
              {canEdit && (
                <td className="px-4 py-3">
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
                </td>
              )}
              <th scope="row" className="px-4 py-3 text-start font-normal">
                <p className="font-semibold text-slate-900" dir="auto">
                  {r.studentName}
                </p>
                <p className="text-xs text-slate-600">
                  <Ltr truncate className="max-w-[16rem]">{r.studentEmail}</Ltr>
                </p>
              </th>
              <td className="max-w-[16rem] px-4 py-3 text-slate-800" dir="auto">
                {r.courseName}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-800">
                <Ltr>{formatPhone(r.studentPhone)}</Ltr>
              </td>
              <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-slate-700">
                <Ltr>{r.enrollmentId}</Ltr>
              </td>
              <td className="px-4 py-3">
                <EnrollmentStatusBadge status={r.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                <time dateTime={new Date(r.createdAt).toISOString()}>{formatDate(r.createdAt, locale)}</time>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap items-center justify-end gap-2">
                  {hydrated ? (
                    <button
                      type="button"
                      className={detailsClass}
                      aria-label={t("adminEnrollments.table.detailsFor", { name: r.studentName })}
                      onClick={() => onOpenDetails(r.id)}
                    >
                      <Eye aria-hidden="true" className="h-4 w-4" />
                      {t("adminEnrollments.table.details")}
                    </button>
                  ) : (
                    <Link
                      to={detailsHref(r.id)}
                      className={detailsClass}
                      aria-label={t("adminEnrollments.table.detailsFor", { name: r.studentName })}
                      preventScrollReset
                    >
                      <Eye aria-hidden="true" className="h-4 w-4" />
                      {t("adminEnrollments.table.details")}
                    </Link>
                  )}
                  {canEdit && <EnrollmentStatusActions row={r} action={action} />}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AdminEnrollmentsPagination({
  page,
  pageCount,
  pageSize,
  total,
  capped,
  pageHref,
}: {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  /** A search with more matches than `total`: only the newest `total` are listed. */
  capped: boolean;
  pageHref: (page: number) => string;
}) {
  const { t } = useI18n();
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t("adminEnrollments.pagination.label")} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700">
        {t(capped ? "adminEnrollments.pagination.showingCapped" : "adminEnrollments.pagination.showing", { from, to, total })}
      </p>
      {capped && <p className="w-full text-slate-700">{t("adminEnrollments.pagination.capped", { cap: total })}</p>}
      {pageCount > 1 && (
        <div className="flex items-center gap-2">
          {page > 1 && (
            <Link to={pageHref(page - 1)} className="btn-secondary inline-flex gap-1 px-3 py-1.5 text-sm" rel="prev">
              <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
              {t("adminEnrollments.pagination.previous")}
            </Link>
          )}
          <span className="text-slate-700">{t("adminEnrollments.pagination.page", { page, pages: pageCount })}</span>
          {page < pageCount && (
            <Link to={pageHref(page + 1)} className="btn-secondary inline-flex gap-1 px-3 py-1.5 text-sm" rel="next">
              {t("adminEnrollments.pagination.next")}
              <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
            </Link>
          )}
        </div>
      )}
    </nav>
  );
}
