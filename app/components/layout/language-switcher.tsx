import { useI18n } from "~/lib/use-i18n.ts";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, LOCALES, type Locale } from "~/lib/i18n.ts";

/** Where a switch to `locale` goes: the same page (path and query) in that language. */
export function switchHref(locale: Locale, pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("lang");
  const query = params.toString();
  const to = `${pathname}${query ? `?${query}` : ""}`;
  return `/api/language?lang=${locale}&to=${encodeURIComponent(to)}`;
}

/**
 * "English | عربي", each language named in itself (D19 revised). A switch is a document navigation through
 * /api/language, which remembers the choice (cookie, and the profile of signed-in staff and instructors)
 * and answers with the same page in the other language: `/en/about` ↔ `/ar/about` on the public site, the
 * same URL in the staff areas. Plain links, so it works without JavaScript.
 */
export function LanguageSwitcher({ locale }: { locale: Locale }) {
  const { t } = useI18n();
  const location = useLocation();
  return (
    <nav aria-label={t("language.label")} className="flex shrink-0 items-center gap-1 text-sm font-semibold">
      {LOCALES.map((l, i) => (
        <span key={l} className="flex items-center gap-1">
          {i > 0 && (
            <span aria-hidden="true" className="text-slate-400">
              |
            </span>
          )}
          <a
            href={switchHref(l, location.pathname, location.search)}
            lang={l}
            hrefLang={l}
            dir={l === "ar" ? "rtl" : "ltr"}
            aria-current={l === locale ? "true" : undefined}
            className={
              l === locale
                ? "inline-flex min-h-9 items-center rounded px-1.5 text-teal-800 underline underline-offset-4"
                : "inline-flex min-h-9 items-center rounded px-1.5 text-slate-700 hover:text-teal-800"
            }
          >
            {LANGUAGE_NAMES[l].name}
          </a>
        </span>
      ))}
    </nav>
  );
}
