import { useI18n } from "~/lib/use-i18n.ts";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, LOCALES, type Locale } from "~/lib/i18n.ts";

/** EN|AR: each link sets the language cookie on the server and returns to the same page (D19). */
export function LanguageSwitcher({ locale }: { locale: Locale }) {
  const { t } = useI18n();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("lang");
  const query = params.toString();
  const to = `${location.pathname}${query ? `?${query}` : ""}`;
  return (
    <nav aria-label={t("language.label")} className="flex items-center gap-1 text-sm font-semibold">
      {LOCALES.map((l, i) => (
        <span key={l} className="flex items-center gap-1">
          {i > 0 && (
            <span aria-hidden="true" className="text-slate-400">
              |
            </span>
          )}
          <a
            href={`/api/language?lang=${l}&to=${encodeURIComponent(to)}`}
            lang={l}
            hrefLang={l}
            aria-label={LANGUAGE_NAMES[l].name}
            aria-current={l === locale ? "true" : undefined}
            className={
              l === locale
                ? "rounded px-1.5 py-0.5 text-teal-800 underline underline-offset-4"
                : "rounded px-1.5 py-0.5 text-slate-700 hover:text-teal-800"
            }
          >
            {LANGUAGE_NAMES[l].short}
          </a>
        </span>
      ))}
    </nav>
  );
}
