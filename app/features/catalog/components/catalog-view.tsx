import { useId, useMemo, useState, type FormEvent } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { Icon } from "~/components/icons/icon.tsx";
import { LazyEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { sortCategories } from "~/lib/collation.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { useFragmentDialog } from "~/lib/hooks/use-fragment-dialog.ts";
import type { NavCategory } from "~/lib/site-layout.ts";
import type { listPublishedCourses } from "../catalog.server.ts";
import { COURSE_GRID, CourseCardGrid, CourseCardSkeleton } from "./course-card.tsx";

export type CatalogVariant = "all" | "en" | "ar";

interface CatalogViewProps {
  variant: CatalogVariant;
  heading: string;
  result: Awaited<ReturnType<typeof listPublishedCourses>>;
  categories: NavCategory[];
  query: { q?: string; category?: string; subcategory?: string; starts?: "soon" | "upcoming"; sort?: "start" };
  locale: Locale;
}

const SELECT_CLASS =
  "rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base focus:border-teal-700 focus:outline-2 focus:outline-teal-700";

/** A catalogue URL of `pathname` with these parameters (empty ones left out). */
function catalogHref(pathname: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const qs = search.toString();
  return `${pathname}${qs ? `?${qs}` : ""}`;
}

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

function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const qs = params.toString();
  return `${pathname}${qs ? `?${qs}` : ""}`;
}

/** The catalogue: the URL is the state (search, category, page), so it is shareable and works without JS. */
export function CatalogView({ variant, heading, result, categories, query, locale }: CatalogViewProps) {
  const { t } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  // Open whenever a filter is active, so Clear Filters is in reach on a phone (with or without JavaScript).
  const [filtersOpen, setFiltersOpen] = useState(Boolean(query.category || query.subcategory || query.q || query.starts || query.sort));
  // The dialog is a place in history (#enroll=<slug>): Back closes it, the list stays.
  const enroll = useFragmentDialog("enroll");
  const enrolling = enroll.subject ? (result.courses.find((c) => c.slug === enroll.subject) ?? null) : null;
  const panelId = useId();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const name = (item: { name: string; nameAr: string | null }) => pickText({ en: item.name, ar: item.nameAr }, locale);
  // The filter's categories by their displayed names, with the interface language's collation.
  const sortedCategories = useMemo(() => sortCategories(categories, locale), [categories, locale]);
  // "{{name}} Courses": the category's name keeps its own direction inside the translated heading.
  const filterItem = variant === "all" ? (result.subcategory ?? result.category) : null;
  const title =
    variant === "all" && result.subcategory && result.category
      ? tIsolated(t, "catalog.subcategoryTitle", { name: name(result.subcategory), category: name(result.category) })
      : filterItem
        ? tIsolated(t, "catalog.categoryTitle", { name: name(filterItem) })
        : heading;
  // Removing the subcategory chip: every course of its category (a search typed, the start-date filter and
  // the sort stay).
  const withoutSubcategory = catalogHref(location.pathname, {
    category: result.category?.slug,
    q: query.q,
    starts: query.starts,
    sort: query.sort,
  });
  // Clear Filters keeps the order chosen: sorting is not a filter.
  const clearFilters = catalogHref(location.pathname, { sort: query.sort });
  const onSubmit = useCleanGetSubmit(location.pathname);
  const submitOnChange = (e: { currentTarget: HTMLSelectElement }) => e.currentTarget.form?.requestSubmit();

  const emptyText =
    result.filtered && result.total === 0
      ? t("catalog.noMatches")
      : variant === "en"
        ? t("catalog.emptyEnglish")
        : variant === "ar"
          ? t("catalog.emptyArabic")
          : t("catalog.emptyCatalog");

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-teal-950">{title}</h1>
      {variant === "all" && result.subcategory && (
        <ul aria-label={t("catalog.activeFilters")} className="mt-3 flex flex-wrap gap-2">
          <li>
            <Link
              to={withoutSubcategory}
              aria-label={t("catalog.removeFilter", { name: name(result.subcategory) })}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-teal-700 bg-teal-50 px-4 py-2 text-sm font-medium text-teal-900 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              <bdi>{name(result.subcategory)}</bdi>
              <Icon name="x" className="h-4 w-4" />
            </Link>
          </li>
        </ul>
      )}

      {/* Keyed by the URL's query: after a client navigation (Clear Filters, a chip) the controls show the
          new URL's values, exactly as a fresh load of it would, instead of keeping what was typed before. */}
      <Form
        key={location.search}
        method="get"
        role="search"
        className="mt-6 space-y-3"
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
          <button
            type="button"
            className="btn-secondary inline-flex flex-1 gap-2 px-4 py-2.5 sm:flex-none md:hidden"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((v) => !v)}
          >
            <Icon name="sliders-horizontal" className="h-5 w-5" />
            {t("catalog.filters")}
          </button>
        </div>
        <div id={panelId} className={`${filtersOpen ? "flex" : "hidden"} flex-wrap items-end gap-3 md:flex`}>
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

      {/* The results' heading (h2: the cards' titles are h3), announced when a search changes it. */}
      <h2 className="mt-6 text-sm font-normal text-slate-700">
        <span role="status" aria-live="polite">
          {t("catalog.coursesFound", { count: result.total })}
          {result.filtered && ` ${t("catalog.filtered")}`}
        </span>
      </h2>

      {loading ? (
        <div className={`mt-6 ${COURSE_GRID}`}>
          <CourseCardSkeleton />
          <CourseCardSkeleton />
          <CourseCardSkeleton />
        </div>
      ) : result.courses.length === 0 ? (
        <p className="mt-10 rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">{emptyText}</p>
      ) : (
        <CourseCardGrid className="mt-6" courses={result.courses} locale={locale} eagerFirst={3} onEnroll={(c) => enroll.open(c.slug)} />
      )}

      {result.pageCount > 1 && (
        <nav aria-label={t("catalog.pagination")} className="mt-10 flex items-center justify-center gap-4">
          {result.page > 1 ? (
            <Link to={pageHref(location.pathname, location.search, result.page - 1)} rel="prev" className="btn-secondary inline-flex px-4 py-2">
              {t("catalog.previous")}
            </Link>
          ) : null}
          <span className="text-sm text-slate-700">{t("catalog.pageOf", { page: result.page, pages: result.pageCount })}</span>
          {result.page < result.pageCount ? (
            <Link to={pageHref(location.pathname, location.search, result.page + 1)} rel="next" className="btn-secondary inline-flex px-4 py-2">
              {t("catalog.next")}
            </Link>
          ) : null}
        </nav>
      )}

      <LazyEnrollmentDialog
        course={enrolling ? { id: enrolling.id, slug: enrolling.slug, title: enrolling.title } : null}
        onClose={enroll.close}
      />
    </div>
  );
}
