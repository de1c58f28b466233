import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import type { Locale } from "~/lib/i18n.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";

export function SiteHeader({ locale, brand }: { locale: Locale; brand: string }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="text-lg font-bold text-teal-900">
          {brand}
        </Link>
        <nav aria-label={t("nav.main")} className="hidden items-center gap-6 text-sm font-medium md:flex">
          <NavLink to="/" end className="nav-link">
            {t("nav.home")}
          </NavLink>
        </nav>
        <LanguageSwitcher locale={locale} />
      </div>
    </header>
  );
}
