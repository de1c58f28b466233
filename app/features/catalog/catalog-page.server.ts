import { redirect, type RouterContextProvider } from "react-router";
import { redirectToCanonicalUrl } from "~/lib/canonical-url.ts";
import { requestVersion } from "~/lib/content-version.server.ts";
import { AppError } from "~/lib/errors.ts";
import { pickText } from "~/lib/i18n.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { listPublishedCourses } from "./catalog.server.ts";
import { parseCatalogQuery, type CatalogQuery } from "./catalog.schema.ts";
import type { CatalogVariant } from "./components/catalog-view.tsx";

/**
 * A filter the URL names that the schema could not read as a slug (`?category=a%20b`): no category has
 * that name. The last value counts, as in the schema; an empty one (the form without JavaScript) is none.
 */
function unreadableFilter(params: URLSearchParams, query: CatalogQuery): boolean {
  return (["category", "subcategory"] as const).some((name) => Boolean(params.getAll(name).at(-1)?.trim()) && !query[name]);
}

/**
 * Loader body shared by /courses, /english-courses and /arabic-courses. Issue 34 item 8: a URL spelled
 * otherwise than the site writes it answers 301 to that spelling, and a category or subcategory that names
 * none is a 404, so neither renders a page of its own (nor fills the page cache, which keeps 200s only).
 */
export async function loadCatalogPage(request: Request, context: Readonly<RouterContextProvider>, variant: CatalogVariant) {
  redirectToCanonicalUrl(request);
  const url = new URL(request.url);
  const query = parseCatalogQuery(url.searchParams);
  // The language catalogues take no category filter: theirs are ignored (and never part of a cached page's key).
  if (variant === "all" && unreadableFilter(url.searchParams, query)) throw new AppError("not_found", "errors.notFoundText");
  const i18n = getInstance(context);
  const t = i18n.t;
  const locale = i18n.language === "ar" ? "ar" : "en";
  const result = await listPublishedCourses({
    q: query.q,
    category: variant === "all" ? query.category : undefined,
    subcategory: variant === "all" ? query.subcategory : undefined,
    language: variant === "all" ? undefined : variant,
    starts: query.starts,
    sort: query.sort,
    page: query.page,
    version: requestVersion(context),
  });
  if (result.unknownFilter) throw new AppError("not_found", "errors.notFoundText");
  // A page past the last one (the catalogue shrank, or a typed URL) goes to the last page, not page 1.
  if (query.page !== undefined && query.page > result.pageCount) {
    const search = new URLSearchParams(url.search);
    if (result.pageCount > 1) search.set("page", String(result.pageCount));
    else search.delete("page");
    const qs = search.toString();
    throw redirect(`${url.pathname}${qs ? `?${qs}` : ""}`, 302);
  }
  const name = (item: { name: string; nameAr: string | null }) => pickText({ en: item.name, ar: item.nameAr }, locale);
  const filterName = result.subcategory ? name(result.subcategory) : result.category ? name(result.category) : null;
  const heading =
    variant === "en"
      ? t("catalog.englishTitle")
      : variant === "ar"
        ? t("catalog.arabicTitle")
        : result.subcategory && result.category
          ? t("catalog.subcategoryTitle", { name: name(result.subcategory), category: name(result.category) })
          : filterName
            ? t("catalog.categoryTitle", { name: filterName })
            : t("catalog.allTitle");
  const description =
    variant === "en"
      ? t("catalog.englishDescription")
      : variant === "ar"
        ? t("catalog.arabicDescription")
        : filterName
          ? t("catalog.categoryDescription", { name: filterName })
          : t("catalog.allDescription");
  // Canonical identity of the page: category/subcategory and page number (not the free-text search, nor
  // the start-date filter and sort: the same courses, in another order or cut by today's date).
  const canonicalSearch = new URLSearchParams();
  if (variant === "all" && result.subcategory) canonicalSearch.set("subcategory", result.subcategory.slug);
  else if (variant === "all" && result.category) canonicalSearch.set("category", result.category.slug);
  if (result.page > 1) canonicalSearch.set("page", String(result.page));
  return {
    variant,
    path: variant === "en" ? "/english-courses" : variant === "ar" ? "/arabic-courses" : "/courses",
    heading,
    // Another page of a list is another title (issue 36 item 9): "Courses in Languages, page 2".
    title: result.page > 1 ? t("catalog.pageTitle", { title: heading, page: result.page }) : heading,
    description,
    result,
    query: { q: query.q, category: query.category, subcategory: query.subcategory, starts: query.starts, sort: query.sort },
    canonicalSearch: canonicalSearch.toString(),
    noindex: Boolean(query.q || query.starts),
  };
}
