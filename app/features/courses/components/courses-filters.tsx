// The Admin Courses page's filters: search, status, category, language and sort, in the URL.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { FilterBar, FilterButtons, FilterSearch, FilterSelect } from "~/components/ui/filter-bar.tsx";
import { ADMIN_COURSES_QUERY_MAX, COURSE_LANGUAGES, COURSE_SORTS } from "~/features/courses/courses.schema.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import type { CoursesPageProps } from "./courses-page-types.ts";

interface CoursesFiltersProps {
  query: CoursesPageProps["list"]["query"];
  categories: CoursesPageProps["options"]["categories"];
  canPublish: boolean;
  /** Unused: the lists know for themselves whether the page runs (kept for the page's call). */
  hydrated?: boolean;
  locale: Locale;
}

/** The filter form in its panel; a list applies itself, the search waits for Enter or Apply. */
export function CoursesFilters({ query, categories, canPublish, locale }: CoursesFiltersProps) {
  const { t } = useI18n();
  const statuses = [
    { value: "all", label: t("coursesAdmin.filters.all") },
    { value: "published", label: t("coursesAdmin.filters.published") },
    { value: "draft", label: t("coursesAdmin.filters.drafts") },
  ];
  const categoryOptions = [
    { value: "", label: t("coursesAdmin.filters.allCategories") },
    ...categories.map((c) => ({ value: c.id, label: pickText({ en: c.name, ar: c.nameAr }, locale) })),
  ];
  const languages = [{ value: "", label: t("coursesAdmin.filters.allLanguages") }, ...COURSE_LANGUAGES.map((l) => ({ value: l, label: t(`coursesAdmin.languages.${l}`) }))];
  const sorts = COURSE_SORTS.map((s) => ({ value: s, label: t(`coursesAdmin.sorts.${s}`) }));
  // A list applies itself (autoSubmit); the search waits for Enter or Apply.
  return (
    <FilterBar
      action={ADMIN_PATH.courses}
      label={t("coursesAdmin.filters.label")}
      applied={[query.q, query.status !== (canPublish ? "all" : "published"), query.categoryId, query.language].filter(Boolean).length}
      preventScrollReset
      className="mb-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <FilterSearch id="filter-q" label={t("coursesAdmin.filters.search")} placeholder={t("coursesAdmin.filters.searchPlaceholder")} value={query.q} maxLength={ADMIN_COURSES_QUERY_MAX} />
      {/* Without courses:publish the status can only be Published: no filter of one option (the note says why). */}
      {canPublish && <FilterSelect id="filter-status" name="status" label={t("coursesAdmin.filters.status")} value={query.status} options={statuses} autoSubmit />}
      <FilterSelect id="filter-category" name="category" label={t("coursesAdmin.filters.category")} value={query.categoryId ?? ""} options={categoryOptions} autoSubmit />
      <FilterSelect id="filter-language" name="language" label={t("coursesAdmin.filters.language")} value={query.language ?? ""} options={languages} autoSubmit />
      <FilterSelect id="filter-sort" name="sort" label={t("coursesAdmin.filters.sort")} value={query.sort} options={sorts} autoSubmit />
      <FilterButtons apply={t("coursesAdmin.filters.apply")} clear={{ href: ADMIN_PATH.courses, label: t("coursesAdmin.filters.clear"), shown: true }} />
      {!canPublish && <p className="w-full text-sm text-slate-600">{t("coursesAdmin.filters.publishedOnly")}</p>}
    </FilterBar>
  );
}
