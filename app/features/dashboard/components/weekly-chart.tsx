// Enrollment requests per week (last 12 weeks) as a plain SVG bar chart, with the same numbers in a
// table behind a native disclosure (works without JavaScript). Time runs with the reading direction:
// oldest on the left in English, on the right in Arabic.
import { useId } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { formatNumber, formatWeek } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { axisMax } from "../chart.ts";
import type { WeekCount } from "../dashboard.server.ts";

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 24, bottom: 40, side: 48 };

export function WeeklyChart({ weeks, locale }: { weeks: WeekCount[]; locale: Locale }) {
  const { t } = useI18n();
  const titleId = useId();
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  const top = axisMax(Math.max(0, ...weeks.map((w) => w.count)));
  const plotW = WIDTH - PAD.side * 2;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(weeks.length, 1);
  const barW = Math.min(32, slot * 0.6);
  const rtl = locale === "ar";
  const ticks = [0, top / 2, top];
  const busiest = weeks.reduce<WeekCount | null>((best, w) => (w.count > (best?.count ?? 0) ? w : best), null);
  const first = weeks[0];
  const last = weeks[weeks.length - 1];

  const summary =
    first && last
      ? t("dashboard.chart.summary", {
          total: formatNumber(total, locale),
          from: formatWeek(first.weekStart, locale, "long"),
          to: formatWeek(last.weekStart, locale, "long"),
        }) +
        (busiest
          ? ` ${t("dashboard.chart.busiest", {
              week: formatWeek(busiest.weekStart, locale, "long"),
              count: formatNumber(busiest.count, locale),
            })}`
          : "")
      : "";

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t("dashboard.chart.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("dashboard.chart.description")}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${t("dashboard.chart.title")}. ${summary}`}
        className="mt-4 h-auto w-full max-w-3xl"
      >
        {ticks.map((tick) => {
          const y = PAD.top + plotH - (tick / top) * plotH;
          return (
            <g key={tick}>
              <line x1={PAD.side} x2={WIDTH - PAD.side} y1={y} y2={y} stroke="#cbd5e1" strokeDasharray={tick === 0 ? undefined : "4 4"} />
              <text
                x={rtl ? WIDTH - PAD.side + 6 : PAD.side - 6}
                y={y + 4}
                textAnchor={rtl ? "start" : "end"}
                fontSize="12"
                fill="#475569"
              >
                {formatNumber(tick, locale)}
              </text>
            </g>
          );
        })}
        {weeks.map((w, i) => {
          const index = rtl ? weeks.length - 1 - i : i;
          const cx = PAD.side + slot * index + slot / 2;
          const h = (w.count / top) * plotH;
          const y = PAD.top + plotH - h;
          const current = i === weeks.length - 1;
          return (
            <g key={w.weekStart}>
              <rect x={cx - barW / 2} y={y} width={barW} height={Math.max(h, 0)} rx="3" fill={current ? "#115e59" : "#0f766e"} />
              {w.count > 0 && (
                <text x={cx} y={y - 6} textAnchor="middle" fontSize="12" fill="#0f172a">
                  {formatNumber(w.count, locale)}
                </text>
              )}
              <text x={cx} y={HEIGHT - PAD.bottom + 18} textAnchor="middle" fontSize="11" fill="#475569">
                {formatWeek(w.weekStart, locale)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-semibold text-teal-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800">
          {t("dashboard.chart.showTable")}
        </summary>
        <table className="mt-3 w-full max-w-md text-sm">
          <caption className="sr-only">{t("dashboard.chart.title")}</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("dashboard.chart.weekOf")}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                {t("dashboard.chart.requests")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row" className="px-3 py-2 text-start font-normal text-slate-800">
                  <time dateTime={w.weekStart}>{formatWeek(w.weekStart, locale, "long")}</time>
                </th>
                <td className="px-3 py-2 text-end text-slate-900">{formatNumber(w.count, locale)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300">
              <th scope="row" className="px-3 py-2 text-start font-semibold text-slate-900">
                {t("dashboard.chart.total")}
              </th>
              <td className="px-3 py-2 text-end font-semibold text-slate-900">{formatNumber(total, locale)}</td>
            </tr>
          </tfoot>
        </table>
      </details>
    </section>
  );
}
