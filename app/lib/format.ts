import type { Locale } from "./i18n.ts";

const intlLocale = (locale: Locale) => (locale === "ar" ? "ar-EG" : "en-EG");

/** A price in EGP, or null when the course is free (missing or zero price, D2). */
export function formatPrice(price: number | null | undefined, locale: Locale): string | null {
  if (price === null || price === undefined || !(price > 0)) return null;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency: "EGP",
    minimumFractionDigits: Number.isInteger(price) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(price);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}

export function formatDate(value: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: "Africa/Cairo" }).format(
    new Date(value),
  );
}
