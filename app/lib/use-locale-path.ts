import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { isLocale, type Locale } from "./i18n.ts";
import { localePath } from "./locale-url.ts";
import { useI18n } from "./use-i18n.ts";

/** The language of the page being shown: the root loader's (from the URL), else i18next's. */
export function usePageLocale(): Locale {
  const root = useRouteLoaderData<{ locale?: Locale }>("root");
  const { i18n } = useI18n();
  if (root?.locale) return root.locale;
  return isLocale(i18n.language) ? i18n.language : "en";
}

/**
 * Builds the links of public pages in the page's language (D19 revised): `lp("/courses")` → `/ar/courses`.
 * Every internal link of the public site goes through it, so a visitor never leaves their language.
 */
export function useLocalePath(): (path: string) => string {
  const locale = usePageLocale();
  return useCallback((path: string) => localePath(locale, path), [locale]);
}
