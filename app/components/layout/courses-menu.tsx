import { Icon } from "~/components/icons/icon.tsx";
import { useId, useRef, useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { SiteLink } from "~/components/ui/site-link.tsx";
import { catalogueMarker, categoryHref, subcategoryHref } from "~/lib/catalog-links.ts";
import { useLocation } from "react-router";
import { pickText, type Locale } from "~/lib/i18n.ts";
import type { NavCategory } from "~/lib/site-layout.ts";

/**
 * The Courses mega-menu (300 px; 600 px while a category with subcategories is hovered or focused).
 * Opens on hover, focus or click; Escape closes it and returns focus to the button. Each category's
 * subcategories follow it in the DOM, so Tab walks category → its subcategories → next category.
 * Without JavaScript the panel still opens on hover and keyboard focus (CSS :hover / :focus-within).
 */
export function CoursesMenu({ categories, locale }: { categories: NavCategory[]; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The pointer opened it just now: the click that usually follows the hover keeps it open instead of
  // toggling it shut (a second click closes it; the keyboard's Enter toggles as before).
  const hoverOpened = useRef(false);
  const panelId = useId();

  const name = (item: { name: string; nameAr: string | null }) => pickText({ en: item.name, ar: item.nameAr }, locale);
  const { pathname, search } = useLocation();
  const shown = catalogueMarker(pathname, search);

  return (
    <div
      className="group/menu relative"
      onMouseEnter={() => {
        hoverOpened.current = !open;
        setOpen(true);
      }}
      onMouseLeave={() => {
        hoverOpened.current = false;
        setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-link inline-flex items-center gap-1 py-2"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          const keep = hoverOpened.current;
          hoverOpened.current = false;
          setOpen((v) => keep || !v);
        }}
      >
        {t("nav.courses")}
        <Icon name="chevron-down" className="h-4 w-4" />
      </button>
      {/* Following a link closes the panel. */}
      <div
        onClick={(e) => {
          if (e.target instanceof Element && e.target.closest("a")) setOpen(false);
        }}
        id={panelId}
        className={`absolute start-0 top-full z-50 w-[300px] pt-2 ${open ? "block" : "hidden"} no-js-hover-open`}
      >
        <ul className="relative rounded-xl border border-slate-200 bg-white py-2 shadow-lg">
          <li>
            <SiteLink to={lp("/courses")} current={shown(lp("/courses"))} className="menu-item font-semibold">
              {t("nav.allCourses")}
            </SiteLink>
          </li>
          <li>
            <SiteLink to={lp("/english-courses")} current={shown(lp("/english-courses"))} className="menu-item">
              {t("nav.englishCourses")}
            </SiteLink>
          </li>
          <li>
            <SiteLink to={lp("/arabic-courses")} current={shown(lp("/arabic-courses"))} className="menu-item">
              {t("nav.arabicCourses")}
            </SiteLink>
          </li>
          {categories.length > 0 && <li aria-hidden="true" className="my-2 border-t border-slate-100" />}
          {categories.map((c) => (
            <li key={c.id} className="group/cat">
              <SiteLink to={lp(categoryHref(c.slug))} current={shown(lp(categoryHref(c.slug)))} className="menu-item flex items-center justify-between gap-2">
                <bdi>{name(c)}</bdi>
                {c.subcategories.length > 0 && (
                  <Icon name="chevron-down" className="h-4 w-4 shrink-0 ltr:-rotate-90 rtl:rotate-90" />
                )}
              </SiteLink>
              {c.subcategories.length > 0 && (
                <ul
                  aria-label={name(c)}
                  className="absolute start-full top-0 hidden min-h-full w-[300px] rounded-xl border border-slate-200 bg-slate-50 py-2 shadow-lg group-focus-within/cat:block group-hover/cat:block"
                >
                  {c.subcategories.map((s) => (
                    <li key={s.slug}>
                      <SiteLink to={lp(subcategoryHref(s.slug))} current={shown(lp(subcategoryHref(s.slug)))} className="menu-item">
                        <bdi>{name(s)}</bdi>
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
