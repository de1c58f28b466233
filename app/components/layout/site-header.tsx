import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { useMemo } from "react";
import { useLocation } from "react-router";
import { isCurrentPath, SiteLink } from "~/components/ui/site-link.tsx";
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
  const { pathname } = useLocation();
  const nav = (to: string, end = false) => ({ to: lp(to), current: isCurrentPath(pathname, lp(to), end) });
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        {/* Phones: a 28px mark and a smaller name, so the whole brand fits beside the menu controls. */}
        <SiteLink to={lp("/")} className="flex min-w-0 items-center gap-1.5 text-base font-bold text-teal-900 sm:gap-2 sm:text-lg">
          <LogoMark size={32} className="size-7 sm:size-8" />
          <span dir="auto" className="truncate">
            {brand}
          </span>
        </SiteLink>
        <nav aria-label={t("nav.main")} className="hidden items-center gap-6 text-sm font-medium md:flex">
          <SiteLink {...nav("/", true)} className="nav-link py-2">
            {t("nav.home")}
          </SiteLink>
          <SiteLink {...nav("/about")} className="nav-link py-2">
            {t("nav.about")}
          </SiteLink>
          <SiteLink {...nav("/services")} className="nav-link py-2">
            {t("nav.services")}
          </SiteLink>
          <CoursesMenu categories={sorted} locale={locale} />
          <SiteLink {...nav("/contact")} className="nav-link py-2">
            {t("nav.contact")}
          </SiteLink>
        </nav>
        <div className="flex items-center gap-3">
          <LanguageSwitcher locale={locale} />
          <SiteLink to={lp("/courses")} className="btn-primary hidden px-4 py-2 text-sm lg:inline-flex">
            {t("nav.courseBooking")}
          </SiteLink>
          <MobileMenu categories={sorted} locale={locale} />
        </div>
      </div>
    </header>
  );
}
