// Previous / next links of a paginated admin list (messages, email log). The URL is the state: each
// link is a plain GET, so paging works without JavaScript and can be bookmarked.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

export function ListPager({
  page,
  pageCount,
  total,
  href,
  labels,
}: {
  page: number;
  pageCount: number;
  total: number;
  /** The URL of a page number (keeps the filters). */
  href: (page: number) => string;
  labels: { nav: string; showing: string; previous: string; next: string; page: string };
}) {
  if (total === 0) return null;
  return (
    <nav aria-label={labels.nav} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700">{labels.showing}</p>
      {pageCount > 1 && (
        <div className="flex items-center gap-2">
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className="btn-secondary inline-flex gap-1 px-3 py-1.5 text-sm" preventScrollReset>
              <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
              {labels.previous}
            </Link>
          ) : null}
          <span className="text-slate-700">
            {labels.page}
          </span>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className="btn-secondary inline-flex gap-1 px-3 py-1.5 text-sm" preventScrollReset>
              {labels.next}
              <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
            </Link>
          ) : null}
        </div>
      )}
    </nav>
  );
}

/** 1-based range of the rows a page shows. */
export function pageRange(page: number, pageSize: number, shown: number): { from: number; to: number } {
  const from = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  return { from, to: from === 0 ? 0 : from + shown - 1 };
}
