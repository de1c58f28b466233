// Pure helpers of the weekly enrollment chart (scale and date labels).
import { intlLocale } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";

/**
 * A Cairo calendar date (YYYY-MM-DD) for the chart: short ("Jul 12"; in Arabic "12/7", as month names
 * would crowd the axis) or long with the year, for the table and the summary.
 */
export function formatWeek(weekStart: string, locale: Locale, style: "short" | "long" = "short"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "long"
      ? { day: "numeric", month: "long", year: "numeric" }
      : { day: "numeric", month: locale === "ar" ? "numeric" : "short" };
  return new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: "UTC" }).format(new Date(`${weekStart}T00:00:00Z`));
}

/**
 * A round, even top for the axis at or above the highest count, so the middle tick is a whole number:
 * at least 4; then 1, 2 or 5 × 10ⁿ (6 rather than 5).
 */
export function axisMax(max: number): number {
  if (!(max > 4)) return 4;
  const pow = 10 ** Math.floor(Math.log10(max));
  const top = [1, 2, 5, 10].map((step) => step * pow).find((v) => v >= max) ?? 10 * pow;
  return top % 2 === 0 ? top : top + 1;
}
