// The instructor's runs (issue 20 point 6): each run of their courses (or given to them) that has not
// ended, soonest first — the course, start and end in Cairo time, the schedule in the page's language,
// the mode (and place for on-site runs), the status, and how many students are approved. No student's
// name or contact: the count only.
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatNumber } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { Wire } from "~/lib/wire.ts";
import type { PortalRun } from "../portal-types.ts";

const STATUS_TONE: Record<string, BadgeTone> = { open: "green", closed: "slate", cancelled: "red" };

/** The run's text in the page's language, else the other one. */
function inLocale(locale: Locale, en: string | null, ar: string | null): string | null {
  return (locale === "ar" ? (ar ?? en) : (en ?? ar)) || null;
}

export function PortalRuns({ runs, locale }: { runs: Wire<PortalRun>[]; locale: Locale }) {
  const { t } = useI18n();
  const zone = t("runs.cairoTime");
  const moment = (at: Date | string) => `${formatRunMoment(at, locale, "date")} · ${t("runs.page.at", { time: formatRunMoment(at, locale, "time"), zone })}`;
  const n = (v: number) => formatNumber(v, locale);
  const row = "grid grid-cols-[6.5rem_1fr] gap-2 py-1";
  return (
    <section aria-labelledby="portal-runs" className="mt-12" data-testid="portal-runs">
      <h2 id="portal-runs" className="text-2xl font-bold text-slate-900">
        {t("instructorPortal.runs.heading", { count: runs.length })}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("instructorPortal.runs.intro")}</p>
      {runs.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-700">
          {t("instructorPortal.runs.empty")}
        </p>
      ) : (
        <ul aria-label={t("instructorPortal.runs.listLabel")} className="mt-6 grid gap-4 lg:grid-cols-2">
          {runs.map((run) => {
            const schedule = inLocale(locale, run.schedule, run.scheduleAr);
            const location = run.mode === "on_site" ? inLocale(locale, run.location, run.locationAr) : null;
            return (
              <li key={run.id} data-run={run.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                    <bdi>{run.courseTitle}</bdi>
                  </h3>
                  <Badge tone={STATUS_TONE[run.status] ?? "muted"}>{t(`instructorPortal.runs.status.${run.status}`)}</Badge>
                </div>
                <dl className="mt-3 divide-y divide-slate-100 text-sm">
                  <div className={row}>
                    <dt className="font-medium text-slate-700">{t("instructorPortal.runs.starts")}</dt>
                    <dd className="text-slate-900">
                      <time dateTime={new Date(run.startsAt).toISOString()}>{moment(run.startsAt)}</time>
                    </dd>
                  </div>
                  {run.endsAt && (
                    <div className={row}>
                      <dt className="font-medium text-slate-700">{t("instructorPortal.runs.ends")}</dt>
                      <dd className="text-slate-900">
                        <time dateTime={new Date(run.endsAt).toISOString()}>{moment(run.endsAt)}</time>
                      </dd>
                    </div>
                  )}
                  <div className={row}>
                    <dt className="font-medium text-slate-700">{t("instructorPortal.runs.schedule")}</dt>
                    <dd className="text-slate-900">{schedule ? <bdi>{schedule}</bdi> : t("instructorPortal.runs.notSet")}</dd>
                  </div>
                  <div className={row}>
                    <dt className="font-medium text-slate-700">{t("instructorPortal.runs.mode")}</dt>
                    <dd className="text-slate-900">
                      {t(`runs.mode.${run.mode}`)}
                      {location && (
                        <>
                          {" — "}
                          <bdi>{location}</bdi>
                        </>
                      )}
                    </dd>
                  </div>
                  <div className={row}>
                    <dt className="font-medium text-slate-700">{t("instructorPortal.runs.students")}</dt>
                    <dd className="font-semibold text-slate-900" data-approved={run.approved}>
                      {run.capacity === null
                        ? t("instructorPortal.runs.approved", { approved: n(run.approved) })
                        : t("instructorPortal.runs.approvedOf", { approved: n(run.approved), capacity: n(run.capacity) })}
                    </dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
