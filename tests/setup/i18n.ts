// The site's strings as the tests read them: one i18next instance over ~/locales (English by default), the
// fixed English and Arabic translators, and the checks that a message key is a real sentence in both
// languages. Each test file gets its own instance (Vitest isolates
// files), so a file may change its language (rendering with I18nextProvider) without touching another.
import i18next from "i18next";
import { expect } from "vitest";
import { resources } from "~/locales/index.ts";

export const i18n = i18next.createInstance();
await i18n.init({ resources, lng: "en", defaultNS: "common", interpolation: { escapeValue: false }, initAsync: false });

export const tEn = i18n.getFixedT("en");
export const tAr = i18n.getFixedT("ar");

/** An Arabic letter (the Arabic block). */
export const ARABIC = /[\u0600-\u06FF]/;

/** The key is a sentence in both languages: never the raw key, never blank, and the Arabic has Arabic letters. */
export function expectTranslated(key: string | undefined): void {
  expect(key).toBeTruthy();
  for (const t of [tEn, tAr]) {
    expect(t(key!)).not.toBe(key);
    expect(t(key!).trim()).not.toBe("");
  }
  expect(tAr(key!)).toMatch(ARABIC);
}

/** The message in both languages: English exactly as given (SPEC), Arabic a real Arabic sentence. */
export function expectMessage(key: string, english: string): void {
  expect(tEn(key)).toBe(english);
  expectTranslated(key);
  expect(tAr(key)).not.toBe(english);
}
