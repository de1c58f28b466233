// Search box, status filter and 'Export CSV' (SPEC §2 Admin Enrollments; issue 6). The URL is the
// state: the form is a GET form (?q, ?status, ?run; a new search starts again at page 1), and the export
// link carries the same parameters. A list filtered by run (issue 20: reached from a run's link in the
// table, the dashboard or the course form) offers the other runs of the same course, never every run
// of the site.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { Download, Search } from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import type { ChangeEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import { inputClass } from "~/components/forms/field.tsx";
import { FilterPanel, FilterSearch } from "~/components/ui/filter-panel.tsx";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { Wire } from "~/lib/wire.ts";
import {
  ENROLLMENT_STATUS_FILTERS,
  ENROLLMENTS_QUERY_MAX,
  enrollmentSearch,
  type EnrollmentFilter,
} from "../enrollments-admin.schema.ts";
import type { RunFilterInfo } from "../enrollments-admin.server.ts";


export function AdminEnrollmentsToolbar({
  filter,
  hydrated,
  canExport,
  run = null,
  locale = "en",
}: {
  filter: EnrollmentFilter;
  hydrated: boolean;
  canExport: boolean;
  /** The run the list is filtered by, with its course's runs (null: no run filter, or no such run). */
  run?: Wire<RunFilterInfo> | null;
  locale?: Locale;
}) {
  const { t } = useI18n();
  const submit = useSubmit();
  const label = "text-sm font-medium text-slate-800";
  const filtered = filter.q !== "" || filter.status !== "all" || filter.run !== "";
  const autoSubmit = (e: ChangeEvent<HTMLSelectElement>) => {
    if (hydrated && e.currentTarget.form) void submit(e.currentTarget.form, { preventScrollReset: true });
  };
  return (
    <div className="mt-6 flex flex-wrap items-start justify-between gap-x-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:items-end md:gap-y-4">
      <FilterPanel applied={[filter.q !== "", filter.status !== "all", filter.run !== ""].filter(Boolean).length} className="min-w-0 flex-1 max-md:contents">
        <Form
          method="get"
          action={ADMIN_PATH.enrollments}
          role="search"
          aria-label={t("adminEnrollments.filters.label")}
          preventScrollReset
          className="flex flex-wrap items-end gap-4"
        >
          <FilterSearch
            id="enrollments-q"
            label={t("adminEnrollments.filters.search")}
            placeholder={t("adminEnrollments.filters.searchPlaceholder")}
            value={filter.q}
            maxLength={ENROLLMENTS_QUERY_MAX}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="enrollments-status" className={label}>
              {t("adminEnrollments.filters.status")}
            </label>
            <select
              id="enrollments-status"
              name="status"
              defaultValue={filter.status}
              key={`s-${filter.status}`}
              className={`${inputClass} py-2`}
              onChange={autoSubmit}
            >
              {ENROLLMENT_STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {s === "all" ? t("adminEnrollments.filters.all") : t(`adminEnrollments.status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          {filter.run !== "" &&
            (run ? (
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor="enrollments-run" className={label}>
                  {t("adminEnrollments.runList.runFilter")}
                </label>
                <select
                  id="enrollments-run"
                  name="run"
                  defaultValue={filter.run}
                  key={`r-${filter.run}`}
                  className={`${inputClass} max-w-full py-2`}
                  onChange={autoSubmit}
                >
                  <option value="">{t("adminEnrollments.runList.allRuns")}</option>
                  {run.runs.map((r) => (
                    <option key={r.id} value={r.id}>
                      {formatRunMoment(r.startsAt, locale, "date")}
                      {r.status !== "open" ? ` (${t(`adminEnrollments.runList.runStatus.${r.status}`)})` : ""}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <input type="hidden" name="run" value={filter.run} />
            ))}
          <div className="flex items-center gap-2">
            <button type="submit" className="btn-primary inline-flex gap-2 px-4 py-2 text-sm">
              <Search aria-hidden="true" className="h-4 w-4" />
              {t("adminEnrollments.filters.apply")}
            </button>
            {filtered && (
              <Link
                to={ADMIN_PATH.enrollments}
                preventScrollReset
                className="inline-flex items-center px-2 py-2 text-sm font-medium text-teal-900 underline-offset-4 hover:underline"
              >
                {t("adminEnrollments.filters.clear")}
              </Link>
            )}
          </div>
        </Form>
      </FilterPanel>
      {canExport && (
        <a
          href={`${ADMIN_PATH.enrollmentsExport}${enrollmentSearch({ q: filter.q, status: filter.status, run: filter.run })}`}
          download
          title={t("adminEnrollments.export.hint")}
          className="btn-secondary inline-flex gap-2 px-4 py-2 text-sm"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {t("adminEnrollments.export.button")}
        </a>
      )}
    </div>
  );
}
