// The catalogue's pages: Previous, "Page n of m" and Next, each link keeping the search and filters.
import { Link, useLocation } from "react-router";
import { useI18n } from "~/lib/use-i18n.ts";

function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const qs = params.toString();
  return `${pathname}${qs ? `?${qs}` : ""}`;
}

/** The pagination (only when there is more than one page). */
export function CatalogPager({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useI18n();
  const location = useLocation();
  return (
    <nav aria-label={t("catalog.pagination")} className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={pageHref(location.pathname, location.search, page - 1)} rel="prev" className="btn-secondary inline-flex px-4 py-2">
          {t("catalog.previous")}
        </Link>
      ) : null}
      <span className="text-sm text-slate-700">{t("catalog.pageOf", { page, pages: pageCount })}</span>
      {page < pageCount ? (
        <Link to={pageHref(location.pathname, location.search, page + 1)} rel="next" className="btn-secondary inline-flex px-4 py-2">
          {t("catalog.next")}
        </Link>
      ) : null}
    </nav>
  );
}
