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

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}

/** A moment with date and time, in the viewer's language and the provider's time zone (Africa/Cairo). */
export function formatDateTime(value: Date | string, locale: Locale, options: { seconds?: boolean } = {}): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "medium",
    timeStyle: options.seconds ? "medium" : "short",
    timeZone: "Africa/Cairo",
  }).format(new Date(value));
}

export function formatDate(value: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: "Africa/Cairo" }).format(
    new Date(value),
  );
}
