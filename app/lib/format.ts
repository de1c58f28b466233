import type { Locale } from "./i18n.ts";

/**
 * The Intl locale of a page language (D26): Egyptian Arabic with Western digits ("nu-latn"), so prices,
 * counts, dates, durations and times read 0–9 in both languages, or English for Egypt. Every Intl
 * formatter and toLocaleString in the app takes its locale from here.
 */
export function intlLocale(locale: Locale | string): string {
  return locale === "ar" ? "ar-EG-u-nu-latn" : "en-EG";
}

/** Formatters are costly to create (a catalogue page formats 24 prices): one per locale and decimals. */
const priceFormats = new Map<string, Intl.NumberFormat>();

/** A price in EGP, or null when the course is free (missing or zero price, D2). */
export function formatPrice(price: number | null | undefined, locale: Locale): string | null {
  if (price === null || price === undefined || !(price > 0)) return null;
  const decimals = Number.isInteger(price) ? 0 : 2;
  const key = `${locale}:${decimals}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: "currency",
      currency: "EGP",
      minimumFractionDigits: decimals,
      maximumFractionDigits: 2,
    });
    priceFormats.set(key, format);
  }
  return format.format(price);
}

/**
 * One Intl formatter per locale and options for the life of the process: creating one costs more than
 * formatting dozens of values, and the admin lists formatted every row's date and amount with a new one
 * (issue 18, /admin/courses and /admin/enrollments on the server).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(intlLocale(locale)).format(value);
}

/** A key figure (Western digits in both languages, D26), with '+' for "more than" figures. */
export function formatFigure(value: number, locale: Locale, plus: boolean): string {
  const text = formatNumber(value, locale);
  return plus ? `${text}+` : text;
}

/** An amount with two decimals and no currency (the admin course table's price column). */
export function formatAmount(value: number, locale: Locale): string {
  return numberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** A moment with date and time, in the viewer's language and the provider's time zone (Africa/Cairo). */
export function formatDateTime(value: Date | string, locale: Locale, options: { seconds?: boolean } = {}): string {
  return dateFormat(intlLocale(locale), {
    dateStyle: "medium",
    timeStyle: options.seconds ? "medium" : "short",
    timeZone: "Africa/Cairo",
  }).format(new Date(value));
}

/**
 * The time of day in Cairo, 24-hour ("07:24"), for a moment within the last or next half day; with the
 * date ("Dec 6, 2026, 07:24") beyond that.
 */
export function formatTime(value: Date | string, locale: Locale, now: Date = new Date()): string {
  const at = new Date(value);
  const near = Math.abs(at.getTime() - now.getTime()) < 12 * 60 * 60 * 1000;
  return dateFormat(intlLocale(locale), {
    ...(near ? {} : { day: "numeric", month: "short", year: "numeric" }),
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Africa/Cairo",
  }).format(at);
}

export function formatDate(value: Date | string, locale: Locale): string {
  return dateFormat(intlLocale(locale), { dateStyle: "medium", timeZone: "Africa/Cairo" }).format(
    new Date(value),
  );
}

/**
 * A Cairo calendar date (YYYY-MM-DD) for the chart: short ("Jul 12"; in Arabic "12/7", as month names
 * would crowd the axis) or long with the year, for the table and the summary.
 */
export function formatWeek(weekStart: string, locale: Locale, style: "short" | "long" = "short"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "long"
      ? { day: "numeric", month: "long", year: "numeric" }
      : { day: "numeric", month: locale === "ar" ? "numeric" : "short" };
  return dateFormat(intlLocale(locale), { ...options, timeZone: "UTC" }).format(new Date(`${weekStart}T00:00:00Z`));
}

/** A file size for people: "1.2 MB" / "1.2 ميجابايت" (Western digits in Arabic too, D26). */
export function formatFileSize(bytes: number, locale: string): string {
  const tag = intlLocale(locale);
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), "megabyte"] : bytes >= 1024 ? [bytes / 1024, "kilobyte"] : [bytes, "byte"];
  return numberFormat(tag, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

/** A progress percentage (0–100) for people, in the page's language. */
export function formatPercent(percent: number, locale: string): string {
  return numberFormat(intlLocale(locale), { style: "percent" }).format(percent / 100);
}
