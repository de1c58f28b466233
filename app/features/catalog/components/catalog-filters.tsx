// The catalogue's search and filters: the search field, and (a panel that opens on phones) the category,
// start-date and sort lists, in the URL. The phone's Filters button opens the panel with or without
// JavaScript, the way the admin's FilterPanel does (components/ui/filter-panel.tsx): before the scripts run
// it is a checkbox's label that shows the panel by CSS alone, once they run a disclosure button.
import { useMemo, useState, type FormEvent } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { Icon } from "~/components/icons/icon.tsx";
import { sortCategories } from "~/lib/collation.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { pickText } from "~/lib/i18n.ts";
import type { NavCategory } from "~/lib/site-layout.ts";
import type { CatalogViewProps } from "./catalog-view-props.ts";

const FILTERS_BUTTON = "btn-secondary inline-flex flex-1 cursor-pointer gap-2 px-4 py-2.5 sm:flex-none md:hidden";

/** The panel's classes: shown when open (JavaScript) or while the toggle is checked (before and without it); always from md. */
function panelClass(hydrated: boolean, open: boolean): string {
  const shown = hydrated ? (open ? "flex" : "hidden") : "hidden group-has-[[data-filters-toggle]:checked]/filters:flex";
  return `${shown} flex-wrap items-end gap-3 md:flex`;
}

/** Filters: the panel's disclosure button once hydrated; before, a label around a checkbox that looks the same. */
function FiltersToggle({ open, onToggle, panelId }: { open: boolean; onToggle: () => void; panelId: string }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const content = (
    <>
      <Icon name="sliders-horizontal" className="h-5 w-5" />
      {t("catalog.filters")}
    </>
  );
  return hydrated ? (
    <button type="button" className={FILTERS_BUTTON} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
      {content}
    </button>
  ) : (
    // No name: the checkbox is never sent with the search.
    <label
      className={`${FILTERS_BUTTON} has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-800`}
    >
      <input type="checkbox" data-filters-toggle="" defaultChecked={open} className="sr-only" />
      {content}
    </label>
  );
}

const SELECT_CLASS =
  "rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-2 focus:outline-teal-700";

/**
 * With JavaScript, the form's empty fields stay out of the URL (`?sort=start`, not `?q=&category=&sort=start`):
 * shorter links to share, and the page stays one the public cache keeps. Without, the browser sends them
 * all and the server reads empty values as unset.
 */
function useCleanGetSubmit(pathname: string) {
  const submit = useSubmit();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(event.currentTarget, submitter instanceof HTMLButtonElement && submitter.name ? submitter : undefined);
    const params = new URLSearchParams();
    for (const [name, value] of data) if (typeof value === "string" && value.trim() !== "") params.append(name, value);
    void submit(params, { method: "get", action: pathname });
  };
}

interface CatalogFiltersProps extends Pick<CatalogViewProps, "variant" | "result" | "query" | "locale"> {
  categories: NavCategory[];
  /** The id of the panel of lists (the Filters button controls it). */
  panelId: string;
  /** Where Clear Filters leads (the order chosen stays: sorting is not a filter). */
  clearFilters: string;
}

/** The search form; with JavaScript a list applies itself and empty fields stay out of the URL. */
export function CatalogFilters({ variant, result, categories, query, locale, panelId, clearFilters }: CatalogFiltersProps) {
  const { t } = useI18n();
  const location = useLocation();
  // Open whenever a filter is active, so Clear Filters is in reach on a phone (with or without JavaScript).
  const [filtersOpen, setFiltersOpen] = useState(Boolean(query.category || query.subcategory || query.q || query.starts || query.sort));
  const hydrated = useHydrated();
  const name = (item: { name: string; nameAr: string | null }) => pickText({ en: item.name, ar: item.nameAr }, locale);
  // The filter's categories by their displayed names, with the interface language's collation.
  const sortedCategories = useMemo(() => sortCategories(categories, locale), [categories, locale]);
  const onSubmit = useCleanGetSubmit(location.pathname);
  const submitOnChange = (e: { currentTarget: HTMLSelectElement }) => e.currentTarget.form?.requestSubmit();
  // Keyed by the URL's query: after a client navigation (Clear Filters, a chip) the controls show the new
  // URL's values, exactly as a fresh load of it would, instead of keeping what was typed before.
  return (
    <Form
      key={location.search}
      method="get"
      role="search"
      className="group/filters mt-6 space-y-3"
      aria-label={t("catalog.searchLabel")}
      onSubmit={onSubmit}
    >
      {result.subcategory && <input type="hidden" name="subcategory" value={result.subcategory.slug} />}
      {/* Phones: the search field takes the whole row and the buttons share the next (issue 19). */}
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <label className="relative min-w-0 basis-full sm:flex-1 sm:basis-auto">
          <span className="sr-only">{t("catalog.searchLabel")}</span>
          <Icon name="search" className="pointer-events-none absolute start-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500" />
          <input
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            maxLength={100}
            placeholder={t("catalog.searchPlaceholder")}
            className="w-full rounded-lg border border-slate-300 py-2.5 pe-3 ps-10 focus:border-teal-700 focus:outline-2 focus:outline-teal-700"
          />
        </label>
        <button type="submit" className="btn-primary inline-flex flex-1 px-4 py-2.5 sm:flex-none">
          {t("catalog.search")}
        </button>
        <FiltersToggle open={filtersOpen} onToggle={() => setFiltersOpen((v) => !v)} panelId={panelId} />
      </div>
      <div id={panelId} className={panelClass(hydrated, filtersOpen)}>
        {variant === "all" && (
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {t("catalog.categoryLabel")}
            <select
              name="category"
              defaultValue={result.category?.slug ?? query.category ?? ""}
              className={`min-w-56 max-w-full ${SELECT_CLASS}`}
              onChange={(e) => {
                // Another category: its courses, not the subcategory of the previous one (the server
                // drops a subcategory outside the chosen category for no-JS posts too).
                const form = e.currentTarget.form;
                const sub = form?.elements.namedItem("subcategory");
                if (sub instanceof HTMLInputElement) sub.disabled = true;
                form?.requestSubmit();
              }}
            >
              <option value="">{t("catalog.allCategories")}</option>
              {sortedCategories.map((c) => (
                <option key={c.id} value={c.slug} dir="auto">
                  {name(c)}
                </option>
              ))}
            </select>
          </label>
        )}
        {/* Issue 20: courses with a start date ahead (or within 30 days), and the order by next start. */}
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t("catalog.startDates.label")}
          <select name="starts" defaultValue={query.starts ?? ""} className={SELECT_CLASS} onChange={submitOnChange}>
            <option value="">{t("catalog.startDates.any")}</option>
            <option value="soon">{t("catalog.startDates.soon")}</option>
            <option value="upcoming">{t("catalog.startDates.upcoming")}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t("catalog.startDates.sortLabel")}
          <select name="sort" defaultValue={query.sort ?? ""} className={SELECT_CLASS} onChange={submitOnChange}>
            <option value="">{t("catalog.startDates.sortNewest")}</option>
            <option value="start">{t("catalog.startDates.sortStart")}</option>
          </select>
        </label>
        <noscript>
          <button type="submit" className="btn-secondary px-4 py-2.5">
            {t("catalog.apply")}
          </button>
        </noscript>
        {result.filtered && (
          <Link to={clearFilters} className="btn-secondary inline-flex px-4 py-2.5">
            {t("catalog.clearFilters")}
          </Link>
        )}
      </div>
    </Form>
  );
}
