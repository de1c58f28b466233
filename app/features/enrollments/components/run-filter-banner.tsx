// Above a list filtered by run (?run=<id>, issue 20): which run it is (course, start in Cairo time), its
// seats, a way to its waiting list in order, and back to every request. Phones see it too (the filter
// panel folds away there).
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { Link } from "react-router";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatNumber } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { Wire } from "~/lib/wire.ts";
import { enrollmentSearch, type EnrollmentFilter } from "../enrollments-admin.schema.ts";
import type { EnrollmentCounters, RunFilterInfo } from "../enrollments-admin.server.ts";

const linkClass = "font-medium text-teal-900 underline underline-offset-4 hover:text-teal-700";

export function RunFilterBanner({
  run,
  filter,
  counters,
  locale,
}: {
  run: Wire<RunFilterInfo> | null;
  filter: EnrollmentFilter;
  /** The run's own counts (the page's counters when filtered by run). */
  counters: EnrollmentCounters;
  locale: Locale;
}) {
  const { t } = useI18n();
  if (!filter.run) return null;
  if (!run) {
    return (
      <div role="status" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
        {t("adminEnrollments.runList.missing")}{" "}
        <Link to={ADMIN_PATH.enrollments} className={linkClass}>
          {t("adminEnrollments.runList.showAll")}
        </Link>
      </div>
    );
  }
  const n = (v: number) => formatNumber(v, locale);
  const seats =
    run.capacity === null
      ? t("adminEnrollments.runList.seatsUnlimited", { approved: n(counters.approved) })
      : t("adminEnrollments.runList.seats", { approved: n(counters.approved), capacity: n(run.capacity) });
  const showingWaiting = filter.status === "waiting";
  return (
    <section
      aria-labelledby="run-filter-title"
      data-testid="run-filter"
      className="mt-6 rounded-2xl border border-teal-200 bg-teal-50/60 p-4 text-slate-900"
    >
      <h2 id="run-filter-title" className="font-semibold">
        {tIsolated(t, "adminEnrollments.runList.heading", { course: run.courseTitle })}
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        <time dateTime={new Date(run.startsAt).toISOString()}>
          {t("adminEnrollments.runList.startsAt", { date: formatRunMoment(run.startsAt, locale, "long"), zone: t("runs.cairoTime") })}
        </time>
        {run.status !== "open" && <> · {t(`adminEnrollments.runList.runStatus.${run.status}`)}</>}
      </p>
      <p className="mt-1 text-sm font-medium text-slate-900" data-run-seats>
        {seats}
        {counters.waiting > 0 && <> · {t("adminEnrollments.runList.waitingCount", { count: counters.waiting, n: n(counters.waiting) })}</>}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {showingWaiting ? (
          <span>{t("adminEnrollments.runList.waitingOrder")}</span>
        ) : (
          counters.waiting > 0 && (
            <Link to={`${ADMIN_PATH.enrollments}${enrollmentSearch({ run: filter.run, status: "waiting" })}`} className={linkClass}>
              {t("adminEnrollments.runList.seeWaiting")}
            </Link>
          )
        )}
        <Link to={ADMIN_PATH.enrollments} className={linkClass}>
          {t("adminEnrollments.runList.showAll")}
        </Link>
      </p>
    </section>
  );
}
