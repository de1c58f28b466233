import { Icon } from "~/components/icons/icon.tsx";
import { useMenuDisclosure } from "~/lib/hooks/use-menu-disclosure.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { useLocation } from "react-router";
import { isCurrentPath, SiteLink } from "~/components/ui/site-link.tsx";
import { catalogueMarker, categoryHref, subcategoryHref } from "~/lib/catalog-links.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import type { NavCategory } from "~/lib/site-layout.ts";

/**
 * The narrow-screen menu: a native disclosure, so it works without JavaScript and with the keyboard.
 * COURSE BOOKING comes first, then the desktop menu's order (Home, About, Services, Courses…, Contact).
 * While it is open its icon is a close icon (CSS on the open state) and the WhatsApp button is hidden
 * (app/app.css, `[data-mobile-menu][open]`); with JavaScript it behaves as useMenuDisclosure says.
 */
export function MobileMenu({ categories, locale }: { categories: NavCategory[]; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const { ref, onKeyDown } = useMenuDisclosure();
  const location = useLocation();
  const name = (item: { name: string; nameAr: string | null }) => pickText({ en: item.name, ar: item.nameAr }, locale);
  const shown = catalogueMarker(location.pathname, location.search);
  const sub = "block aria-[current=page]:font-semibold aria-[current=page]:text-teal-800";

  return (
    <details
      ref={ref}
      data-mobile-menu=""
      className="group md:hidden"
      onKeyDown={onKeyDown}
    >
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-lg p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-800 [&::-webkit-details-marker]:hidden"
      >
        <Icon name="menu" className="h-6 w-6 group-open:hidden" />
        <Icon name="x" className="hidden h-6 w-6 group-open:block" />
        <span className="sr-only">{t("actions.menu")}</span>
      </summary>
      <nav
        aria-label={t("nav.main")}
        className="absolute inset-x-0 top-16 z-50 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
      >
        <SiteLink to={lp("/courses")} className="btn-primary mt-4 flex w-full">
          {t("nav.courseBooking")}
        </SiteLink>
        <ul className="mt-2 divide-y divide-slate-100">
          {(
            [
              ["/", "nav.home"],
              ["/about", "nav.about"],
              ["/services", "nav.services"],
            ] as const
          ).map(([to, key]) => (
            <li key={to}>
              <SiteLink
                to={lp(to)}
                current={isCurrentPath(location.pathname, lp(to), true)}
                className="block py-3 font-medium text-slate-800 aria-[current=page]:text-teal-800"
              >
                {t(key)}
              </SiteLink>
            </li>
          ))}
          <li className="py-3">
            <p className="font-medium text-slate-800">{t("nav.courses")}</p>
            <ul className="mt-2 space-y-1 ps-4 text-sm">
              <li>
                <SiteLink to={lp("/courses")} current={shown(lp("/courses"))} className={`${sub} py-1.5 text-slate-700`}>
                  {t("nav.allCourses")}
                </SiteLink>
              </li>
              <li>
                <SiteLink to={lp("/english-courses")} current={shown(lp("/english-courses"))} className={`${sub} py-1.5 text-slate-700`}>
                  {t("nav.englishCourses")}
                </SiteLink>
              </li>
              <li>
                <SiteLink to={lp("/arabic-courses")} current={shown(lp("/arabic-courses"))} className={`${sub} py-1.5 text-slate-700`}>
                  {t("nav.arabicCourses")}
                </SiteLink>
              </li>
              {categories.map((c) => (
                <li key={c.id}>
                  <SiteLink to={lp(categoryHref(c.slug))} current={shown(lp(categoryHref(c.slug)))} className={`${sub} py-1.5 text-slate-700`}>
                    <bdi>{name(c)}</bdi>
                  </SiteLink>
                  {c.subcategories.length > 0 && (
                    <ul className="ps-4">
                      {c.subcategories.map((s) => (
                        <li key={s.slug}>
                          <SiteLink to={lp(subcategoryHref(s.slug))} current={shown(lp(subcategoryHref(s.slug)))} className={`${sub} py-1 text-slate-600`}>
                            <bdi>{name(s)}</bdi>
                          </SiteLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </li>
          <li>
            <SiteLink
              to={lp("/contact")}
              current={isCurrentPath(location.pathname, lp("/contact"), true)}
              className="block py-3 font-medium text-slate-800 aria-[current=page]:text-teal-800"
            >
              {t("nav.contact")}
            </SiteLink>
          </li>
        </ul>
      </nav>
    </details>
  );
}
