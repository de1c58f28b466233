// "Next runs" on the dashboard (issue 20 point 5): the next five open runs, soonest first, each with its
// course, its start in Cairo time and, for staff who see enrollments, its fill ("8 / 10" with a bar, or
// "12 approved" without a seat limit) and a link to that run's requests (/admin/enrollments?run=<id>).
import { useId } from "react";
import { Link } from "react-router";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatNumber } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { Wire } from "~/lib/wire.ts";
import { enrollmentSearch } from "~/features/enrollments/enrollments-admin.schema.ts";
import type { NextRun } from "../dashboard.server.ts";

export function NextRunsCard({
  runs,
  locale,
  requestsPath,
}: {
  runs: Wire<NextRun>[] | null;
  locale: Locale;
  /** The enrollments list, when this staff member may open it (each run links to its requests). */
  requestsPath?: string;
}) {
  const { t } = useI18n();
  const titleId = useId();
  const n = (v: number) => formatNumber(v, locale);
  return (
    <section aria-labelledby={titleId} data-testid="dashboard-next-runs" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t("dashboard.nextRuns.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("dashboard.nextRuns.description", { zone: t("runs.cairoTime") })}</p>
      {runs === null ? (
        <p role="status" className="mt-4 text-slate-700">
          {t("dashboard.nextRuns.unavailable")}
        </p>
      ) : runs.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("dashboard.nextRuns.empty")}</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-100">
          {runs.map((run) => {
            const at = new Date(run.startsAt);
            const date = `${formatRunMoment(at, locale, "date")} · ${formatRunMoment(at, locale, "time")}`;
            const fill =
              run.approved === undefined
                ? null
                : run.capacity === null
                  ? t("dashboard.nextRuns.approvedOnly", { approved: n(run.approved) })
                  : t("dashboard.nextRuns.fill", { approved: n(run.approved), capacity: n(run.capacity) });
            const fillLabel =
              run.approved !== undefined && run.capacity !== null
                ? t("dashboard.nextRuns.fillLabel", { approved: n(run.approved), capacity: n(run.capacity) })
                : undefined;
            return (
              <li key={run.id} data-run={run.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                    <bdi>{run.courseTitle}</bdi>
                  </p>
                  <p className="text-sm text-slate-700">
                    <time dateTime={at.toISOString()}>{date}</time>
                  </p>
                </div>
                {fill !== null && (
                  <div className="w-full shrink-0 sm:w-40">
                    <p className="text-sm font-semibold tabular-nums text-slate-900" data-fill aria-label={fillLabel}>
                      {fill}
                    </p>
                    {run.capacity !== null && run.approved !== undefined && (
                      <span aria-hidden="true" className="mt-1 block h-2 rounded-full bg-slate-100">
                        <span
                          className={`block h-2 rounded-full ${run.approved >= run.capacity ? "bg-amber-600" : "bg-teal-600"}`}
                          style={{ width: `${Math.min(100, Math.max(2, Math.round((run.approved / run.capacity) * 100)))}%` }}
                        />
                      </span>
                    )}
                  </div>
                )}
                {requestsPath && (
                  <Link
                    to={`${requestsPath}${enrollmentSearch({ run: run.id })}`}
                    className="inline-flex min-h-6 shrink-0 items-center text-sm font-medium text-teal-900 underline underline-offset-4 hover:text-teal-700"
                  >
                    {t("dashboard.nextRuns.seeRequests")}
                    <span className="sr-only">: {tIsolated(t, "dashboard.nextRuns.seeRequestsFor", { course: run.courseTitle, date })}</span>
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
