import type { Locale } from "~/lib/i18n.ts";

/** A moment with date and time, in the viewer's language and the provider's time zone (Africa/Cairo). */
export function formatDateTime(value: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "ar" ? "ar-EG" : "en-EG", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Cairo",
  }).format(new Date(value));
}
