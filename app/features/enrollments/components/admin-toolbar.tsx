// Search box, status filter and 'Export CSV' (SPEC §2 Admin Enrollments; issue 6). The URL is the
// state: the form is a GET form (?q, ?status, ?run; a new search starts again at page 1), and the export
// link carries the same parameters. A list filtered by run (issue 20: reached from a run's link in the
// table, the dashboard or the course form) offers the other runs of the same course, never every run
// of the site.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { Download, Search } from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import { FilterBar, FilterButtons, FilterSearch, FilterSelect } from "~/components/ui/filter-bar.tsx";
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
  canExport,
  run = null,
  locale = "en",
}: {
  filter: EnrollmentFilter;
  canExport: boolean;
  /** The run the list is filtered by, with its course's runs (null: no run filter, or no such run). */
  run?: Wire<RunFilterInfo> | null;
  locale?: Locale;
}) {
  const { t } = useI18n();
  const applied = [filter.q !== "", filter.status !== "all", filter.run !== ""].filter(Boolean).length;
  const statuses = ENROLLMENT_STATUS_FILTERS.map((s) => ({ value: s, label: s === "all" ? t("adminEnrollments.filters.all") : t(`adminEnrollments.status.${s}`) }));
  const runLabel = (r: Wire<RunFilterInfo>["runs"][number]) =>
    `${formatRunMoment(r.startsAt, locale, "date")}${r.status !== "open" ? ` (${t(`adminEnrollments.runList.runStatus.${r.status}`)})` : ""}`;
  return (
    <div className="mt-6 flex flex-wrap items-start justify-between gap-x-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:items-end md:gap-y-4">
      <FilterBar
        action={ADMIN_PATH.enrollments}
        label={t("adminEnrollments.filters.label")}
        applied={applied}
        search
        preventScrollReset
        panelClassName="min-w-0 flex-1 max-md:contents"
      >
        <FilterSearch id="enrollments-q" label={t("adminEnrollments.filters.search")} placeholder={t("adminEnrollments.filters.searchPlaceholder")} value={filter.q} maxLength={ENROLLMENTS_QUERY_MAX} />
        <FilterSelect id="enrollments-status" name="status" label={t("adminEnrollments.filters.status")} value={filter.status} options={statuses} autoSubmit />
        {filter.run !== "" &&
          (run ? (
            <FilterSelect
              id="enrollments-run"
              name="run"
              label={t("adminEnrollments.runList.runFilter")}
              value={filter.run}
              options={[{ value: "", label: t("adminEnrollments.runList.allRuns") }, ...run.runs.map((r) => ({ value: r.id, label: runLabel(r) }))]}
              autoSubmit
              className="min-w-0"
              selectClassName="max-w-full py-2"
            />
          ) : (
            <input type="hidden" name="run" value={filter.run} />
          ))}
        <FilterButtons
          apply={t("adminEnrollments.filters.apply")}
          icon={Search}
          primary
          clear={{ href: ADMIN_PATH.enrollments, label: t("adminEnrollments.filters.clear"), shown: applied > 0 }}
        />
      </FilterBar>
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
