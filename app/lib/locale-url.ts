// The language is part of every public URL (D19 revised, ADR 010): `/en/…` and `/ar/…`. This module is the
// one place that knows the shape of those URLs; every internal link, redirect, canonical and sitemap entry
// goes through it. Staff and instructor pages (and the API, files and assets) have no language in the path:
// they follow the user's saved preference (the `lng` cookie, set at sign-in and by `?lang=`).
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./i18n.ts";

// `/ar.data` is the data request of a client navigation to `/ar` (React Router's single fetch).
const PREFIX = /^\/(en|ar)(?=\/|$|\.data$)/;

/** The language named by a path's first segment (`/ar/courses` → "ar"), or null. */
export function localeOfPath(pathname: string): Locale | null {
  const match = PREFIX.exec(pathname);
  return match && isLocale(match[1]) ? match[1] : null;
}

/** The path without its language segment: `/ar/courses` → `/courses`, `/ar` → `/`. Unprefixed paths unchanged. */
export function stripLocale(pathname: string): string {
  if (!localeOfPath(pathname)) return pathname;
  return pathname.replace(PREFIX, "") || "/";
}

/**
 * The public URL of a page in a language. `path` is the page's path without language, with an optional
 * query and hash: `localePath("ar", "/courses?page=2")` → `/ar/courses?page=2`; the home page is `/ar`.
 */
export function localePath(locale: Locale, path: string): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? "" : path.slice(cut);
  const bare = stripLocale(pathname.startsWith("/") ? pathname : `/${pathname}`);
  return `/${locale}${bare === "/" ? "" : bare}${rest}`;
}

/**
 * Staff and instructor pages: one URL for both languages, the language from the user's preference.
 * Matched in any letter case, as React Router matches routes (`/ADMIN/messages` is the messages page), so
 * every check that decides privacy or layout agrees with the router (issue 14 item 8).
 */
const STAFF = /^\/(?:admin|login|logout|forgot-password|reset-password|instructor-login|instructor-dashboard|instructor-logout)(?=\/|$|\.data$)/i;

export function isStaffPath(pathname: string): boolean {
  return STAFF.test(pathname);
}

/**
 * The one spelling of a staff URL: its path in lower case (no staff path has a case-sensitive segment),
 * or null when it is already that (or is not a staff path). The root middleware answers 301 to it, so a
 * page of the admin area never renders at another spelling.
 */
export function canonicalStaffPath(pathname: string): string | null {
  if (!isStaffPath(pathname)) return null;
  const lower = pathname.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  return lower === pathname ? null : lower;
}

/** Paths that never carry a language: staff pages, the API, files, media, sharing images, assets, robots and the sitemap. */
const UNLOCALIZED =
  /^\/(?:api|files|media|og|assets|admin|uploads|healthz|readyz|favicon\.\w+|robots\.txt|sitemap\.xml|_root\.data)(?=\/|$)/;

/** Whether a path is a public page that must carry its language (and so redirects when it does not). */
export function needsLocalePrefix(pathname: string): boolean {
  return !localeOfPath(pathname) && !isStaffPath(pathname) && !UNLOCALIZED.test(pathname);
}

/**
 * The language of a visitor who arrives without one in the URL: their remembered choice (the `lng`
 * cookie), then the first supported language of `Accept-Language` by preference, then English.
 */
export function negotiateLocale(cookieLocale: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookieLocale)) return cookieLocale;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split("-")[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { lang } of ranked) if (isLocale(lang)) return lang;
  return DEFAULT_LOCALE;
}

export { LOCALES };

/**
 * A link to a staff page that opens in `locale` (emails to staff): `?lang=` on a staff URL sets the
 * reader's language, then the server drops it from the address (app/middleware/locale.server.ts).
 */
export function staffPathIn(locale: Locale, path: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.set("lang", locale);
  return `${url.pathname}${url.search}${url.hash}`;
}
