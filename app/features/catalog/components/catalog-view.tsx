import { useId } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link, useLocation, useNavigation } from "react-router";
import { Icon } from "~/components/icons/icon.tsx";
import { LazyEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { pickText } from "~/lib/i18n.ts";
import { useFragmentDialog } from "~/lib/hooks/use-fragment-dialog.ts";
import { COURSE_GRID, CourseCardGrid, CourseCardSkeleton } from "./course-card.tsx";
import { CatalogFilters } from "./catalog-filters.tsx";
import { CatalogPager } from "./catalog-pager.tsx";
import type { CatalogViewProps } from "./catalog-view-props.ts";

export type { CatalogVariant } from "./catalog-view-props.ts";


/** A catalogue URL of `pathname` with these parameters (empty ones left out). */
function catalogHref(pathname: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const qs = search.toString();
  return `${pathname}${qs ? `?${qs}` : ""}`;
}

/** The catalogue: the URL is the state (search, category, page), so it is shareable and works without JS. */
export function CatalogView({ variant, heading, result, categories, query, locale }: CatalogViewProps) {
  const { t } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  // The dialog is a place in history (#enroll=<slug>): Back closes it, the list stays.
  const enroll = useFragmentDialog("enroll");
  const enrolling = enroll.subject ? (result.courses.find((c) => c.slug === enroll.subject) ?? null) : null;
  const panelId = useId();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const name = (item: { name: string; nameAr: string | null }) => pickText({ en: item.name, ar: item.nameAr }, locale);
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

      <CatalogFilters
        variant={variant}
        result={result}
        categories={categories}
        query={query}
        locale={locale}
        panelId={panelId}
        clearFilters={clearFilters}
      />

      {/* The results' heading (h2: the cards' titles are h3), announced when a search changes it. The live
          region holds the heading: a heading's content may not have a role (Nu Html Checker). */}
      <div role="status" aria-live="polite">
        <h2 className="mt-6 text-sm font-normal text-slate-700">
          {t("catalog.coursesFound", { count: result.total })}
          {result.filtered && ` ${t("catalog.filtered")}`}
        </h2>
      </div>

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

      {result.pageCount > 1 && <CatalogPager page={result.page} pageCount={result.pageCount} />}

      <LazyEnrollmentDialog
        course={enrolling ? { id: enrolling.id, slug: enrolling.slug, title: enrolling.title, language: enrolling.language } : null}
        onClose={enroll.close}
      />
    </div>
  );
}
