// Enrollment requests per week (last 12 weeks) as a plain SVG bar chart, with the same numbers in a
// table behind a native disclosure (works without JavaScript). Time runs with the reading direction:
// oldest on the left in English, on the right in Arabic.
import { useId } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { formatNumber, formatWeek } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { axisMax } from "../chart.ts";
import type { WeekCount } from "../dashboard.server.ts";

/**
 * Two drawings of the same figures: the wide one for tablets and laptops, and a narrow one for phones
 * (below `sm`), whose text stays readable once scaled to the screen: larger type, and every third week named.
 */
const LAYOUTS = {
  wide: { width: 640, height: 260, pad: { top: 24, bottom: 40, side: 48 }, tick: 12, label: 11, value: 12, every: 1 },
  narrow: { width: 360, height: 240, pad: { top: 24, bottom: 40, side: 30 }, tick: 14, label: 14, value: 13, every: 3 },
} as const;

export function WeeklyChart({ weeks, locale }: { weeks: WeekCount[]; locale: Locale }) {
  const { t } = useI18n();
  const titleId = useId();
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
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
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t("dashboard.chart.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("dashboard.chart.description")}
      </p>
      <ChartDrawing weeks={weeks} locale={locale} layout="narrow" label={`${t("dashboard.chart.title")}. ${summary}`} />
      <ChartDrawing weeks={weeks} locale={locale} layout="wide" label={`${t("dashboard.chart.title")}. ${summary}`} />
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

function ChartDrawing({
  weeks,
  locale,
  layout,
  label,
}: {
  weeks: WeekCount[];
  locale: Locale;
  layout: keyof typeof LAYOUTS;
  label: string;
}) {
  const { width, height, pad, tick: tickSize, label: labelSize, value: valueSize, every } = LAYOUTS[layout];
  const top = axisMax(Math.max(0, ...weeks.map((w) => w.count)));
  const plotW = width - pad.side * 2;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / Math.max(weeks.length, 1);
  const barW = Math.min(32, slot * 0.6);
  const rtl = locale === "ar";
  const ticks = [0, top / 2, top];
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      data-chart={layout}
      className={`mt-4 h-auto w-full ${layout === "narrow" ? "sm:hidden" : "hidden max-w-3xl sm:block"}`}
    >
      {ticks.map((tick) => {
        const y = pad.top + plotH - (tick / top) * plotH;
        return (
          <g key={tick}>
            <line x1={pad.side} x2={width - pad.side} y1={y} y2={y} stroke="#cbd5e1" strokeDasharray={tick === 0 ? undefined : "4 4"} />
            <text
              x={rtl ? width - pad.side + 6 : pad.side - 6}
              y={y + 4}
              textAnchor={rtl ? "start" : "end"}
              fontSize={tickSize}
              fill="#475569"
            >
              {formatNumber(tick, locale)}
            </text>
          </g>
        );
      })}
      {weeks.map((w, i) => {
        const index = rtl ? weeks.length - 1 - i : i;
        const cx = pad.side + slot * index + slot / 2;
        const h = (w.count / top) * plotH;
        const y = pad.top + plotH - h;
        const current = i === weeks.length - 1;
        return (
          <g key={w.weekStart}>
            <rect x={cx - barW / 2} y={y} width={barW} height={Math.max(h, 0)} rx="3" fill={current ? "#115e59" : "#0f766e"} />
            {w.count > 0 && (
              <text x={cx} y={y - 6} textAnchor="middle" fontSize={valueSize} fill="#0f172a">
                {formatNumber(w.count, locale)}
              </text>
            )}
            {(weeks.length - 1 - i) % every === 0 && (
              <text x={cx} y={height - pad.bottom + 20} textAnchor="middle" fontSize={labelSize} fill="#475569">
                {formatWeek(w.weekStart, locale)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
