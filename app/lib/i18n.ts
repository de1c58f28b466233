import { isOneOf } from "./validation.ts";

export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const DEFAULT_NS = "common";

/** Each language named in itself, as the switcher shows it ("English | عربي" on every page, so not translated). */
export const LANGUAGE_NAMES: Record<Locale, { short: string; name: string }> = {
  en: { short: "EN", name: "English" },
  ar: { short: "AR", name: "عربي" },
};

export function isLocale(value: unknown): value is Locale {
  return isOneOf(value, LOCALES);
}

export function dirOf(locale: Locale): "rtl" | "ltr" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** The other language, for the EN|AR switcher. */
export function otherLocale(locale: Locale): Locale {
  return locale === "ar" ? "en" : "ar";
}

/** Picks the localized value of a bilingual text, falling back to English. */
export function pickText(value: { en?: string | null; ar?: string | null } | null | undefined, locale: Locale): string {
  if (!value) return "";
  return (locale === "ar" ? value.ar || value.en : value.en || value.ar) ?? "";
}
