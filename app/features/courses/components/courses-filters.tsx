// The Admin Courses page's filters: search, status, category, language and sort, in the URL.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, Link, useSubmit } from "react-router";
import { inputClass } from "~/components/forms/field.tsx";
import { FilterPanel, FilterSearch } from "~/components/ui/filter-panel.tsx";
import { ADMIN_COURSES_QUERY_MAX, COURSE_LANGUAGES, COURSE_SORTS } from "~/features/courses/courses.schema.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import type { CoursesPageProps } from "./courses-page-types.ts";

interface CoursesFiltersProps {
  query: CoursesPageProps["list"]["query"];
  categories: CoursesPageProps["options"]["categories"];
  canPublish: boolean;
  hydrated: boolean;
  locale: Locale;
}

/** The filter form in its panel; a list applies itself, the search waits for Enter or Apply. */
export function CoursesFilters({ query, categories, canPublish, hydrated, locale }: CoursesFiltersProps) {
  const { t } = useI18n();
  const submit = useSubmit();
  const filterLabel = "text-sm font-medium text-slate-800";
  const selectClass = `${inputClass} py-2`;
  return (
    <FilterPanel applied={[query.q, query.status !== (canPublish ? "all" : "published"), query.categoryId, query.language].filter(Boolean).length}>
      <Form
        method="get"
        action={ADMIN_PATH.courses}
        preventScrollReset
        aria-label={t("coursesAdmin.filters.label")}
        className="mb-4 flex flex-wrap items-end gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        // A list (status, category, language, sort) applies itself; the search waits for Enter or Apply.
        onChange={(e) => {
          if (hydrated && e.target instanceof HTMLSelectElement) void submit(e.currentTarget, { preventScrollReset: true });
        }}
      >
        <FilterSearch
          id="filter-q"
          label={t("coursesAdmin.filters.search")}
          placeholder={t("coursesAdmin.filters.searchPlaceholder")}
          value={query.q}
          maxLength={ADMIN_COURSES_QUERY_MAX}
        />
        {/* Without courses:publish the status can only be Published: no filter of one option (the note says why). */}
        {canPublish && (
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-status" className={filterLabel}>
              {t("coursesAdmin.filters.status")}
            </label>
            <select id="filter-status" name="status" defaultValue={query.status} key={`s-${query.status}`} className={selectClass}>
              <option value="all">{t("coursesAdmin.filters.all")}</option>
              <option value="published">{t("coursesAdmin.filters.published")}</option>
              <option value="draft">{t("coursesAdmin.filters.drafts")}</option>
            </select>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-category" className={filterLabel}>
            {t("coursesAdmin.filters.category")}
          </label>
          <select
            id="filter-category"
            name="category"
            defaultValue={query.categoryId ?? ""}
            key={`c-${query.categoryId ?? ""}`}
            className={selectClass}
          >
            <option value="">{t("coursesAdmin.filters.allCategories")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {pickText({ en: c.name, ar: c.nameAr }, locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-language" className={filterLabel}>
            {t("coursesAdmin.filters.language")}
          </label>
          <select
            id="filter-language"
            name="language"
            defaultValue={query.language ?? ""}
            key={`l-${query.language ?? ""}`}
            className={selectClass}
          >
            <option value="">{t("coursesAdmin.filters.allLanguages")}</option>
            {COURSE_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`coursesAdmin.languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-sort" className={filterLabel}>
            {t("coursesAdmin.filters.sort")}
          </label>
          <select id="filter-sort" name="sort" defaultValue={query.sort} key={`o-${query.sort}`} className={selectClass}>
            {COURSE_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`coursesAdmin.sorts.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-secondary inline-flex px-4 py-2 text-sm">
            {t("coursesAdmin.filters.apply")}
          </button>
          <Link to={ADMIN_PATH.courses} className="inline-flex items-center px-2 py-2 text-sm font-medium text-teal-900 underline-offset-4 hover:underline">
            {t("coursesAdmin.filters.clear")}
          </Link>
        </div>
        {!canPublish && <p className="w-full text-sm text-slate-600">{t("coursesAdmin.filters.publishedOnly")}</p>}
      </Form>
    </FilterPanel>
  );
}
