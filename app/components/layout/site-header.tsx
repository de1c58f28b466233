import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { useMemo } from "react";
import { Link, NavLink } from "react-router";
import type { NavCategory } from "~/lib/site-layout.ts";
import type { Locale } from "~/lib/i18n.ts";
import { sortCategoryTree } from "~/lib/collation.ts";
import { CoursesMenu } from "./courses-menu.tsx";
import { LogoMark } from "./logo-mark.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { MobileMenu } from "./mobile-menu.tsx";

export function SiteHeader({ locale, brand, categories }: { locale: Locale; brand: string; categories: NavCategory[] }) {
  const { t } = useI18n();
  // Categories and subcategories by their displayed names, with the interface language's collation.
  const sorted = useMemo(() => sortCategoryTree(categories, locale), [categories, locale]);
  const lp = useLocalePath();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        {/* Phones: a 28px mark and a smaller name, so the whole brand fits beside the menu controls. */}
        <Link to={lp("/")} className="flex min-w-0 items-center gap-1.5 text-base font-bold text-teal-900 sm:gap-2 sm:text-lg">
          <LogoMark size={32} className="size-7 sm:size-8" />
          <span dir="auto" className="truncate">
            {brand}
          </span>
        </Link>
        <nav aria-label={t("nav.main")} className="hidden items-center gap-6 text-sm font-medium md:flex">
          <NavLink to={lp("/")} end className="nav-link py-2">
            {t("nav.home")}
          </NavLink>
          <NavLink to={lp("/about")} className="nav-link py-2">
            {t("nav.about")}
          </NavLink>
          <NavLink to={lp("/services")} className="nav-link py-2">
            {t("nav.services")}
          </NavLink>
          <CoursesMenu categories={sorted} locale={locale} />
          <NavLink to={lp("/contact")} className="nav-link py-2">
            {t("nav.contact")}
          </NavLink>
        </nav>
        <div className="flex items-center gap-3">
          <LanguageSwitcher locale={locale} />
          <Link to={lp("/courses")} className="btn-primary hidden px-4 py-2 text-sm lg:inline-flex">
            {t("nav.courseBooking")}
          </Link>
          <MobileMenu categories={sorted} locale={locale} />
        </div>
      </div>
    </header>
  );
}
