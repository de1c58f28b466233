// Previous / next links of a paginated list (issue 16: one pager for every admin list). The URL is the
// state: each link is a plain GET that keeps the list's filters, so paging works without JavaScript and
// can be bookmarked; the list keeps its place on the page (no scroll to the top).
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "~/lib/use-i18n.ts";

export interface PagerLabels {
  /** The navigation's accessible name. */
  nav: string;
  /** "Showing 1–20 of 45". */
  showing: string;
  previous: string;
  next: string;
  /** "Page 1 of 3". */
  page: string;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The pager's labels from a list's keys: `<prefix>.label`, `.showing` ({{from}}–{{to}} of {{total}}),
 * `.previous`, `.next`, `.page` ({{page}} of {{pages}}).
 */
export function pagerLabels(
  t: T,
  prefix: string,
  at: { page: number; pages: number; from: number; to: number; total: number },
  overrides: Partial<PagerLabels> = {},
): PagerLabels {
  return {
    nav: t(`${prefix}.label`),
    showing: t(`${prefix}.showing`, { from: at.from, to: at.to, total: at.total }),
    previous: t(`${prefix}.previous`),
    next: t(`${prefix}.next`),
    page: t(`${prefix}.page`, { page: at.page, pages: at.pages }),
    ...overrides,
  };
}

export function Pager({
  page,
  pageCount,
  total,
  href,
  labels,
  note,
}: {
  page: number;
  pageCount: number;
  total: number;
  /** The URL of a page number (keeping the filters). */
  href: (page: number) => string;
  labels: PagerLabels;
  /** A line under the summary (e.g. a capped search). */
  note?: ReactNode;
}) {
  if (total === 0) return null;
  const link = "btn-secondary inline-flex gap-1 px-3 py-1.5 text-sm";
  return (
    <nav aria-label={labels.nav} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700">{labels.showing}</p>
      {note && <p className="w-full text-slate-700">{note}</p>}
      {pageCount > 1 && (
        <div className="flex items-center gap-2">
          {page > 1 && (
            <Link to={href(page - 1)} rel="prev" className={link} preventScrollReset>
              <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
              {labels.previous}
            </Link>
          )}
          <span className="text-slate-700">{labels.page}</span>
          {page < pageCount && (
            <Link to={href(page + 1)} rel="next" className={link} preventScrollReset>
              {labels.next}
              <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
            </Link>
          )}
        </div>
      )}
    </nav>
  );
}

/** 1-based range of the rows a page shows ("Showing {{from}}–{{to}}"). */
export function pageRange(page: number, pageSize: number, shown: number): { from: number; to: number } {
  const from = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  return { from, to: from === 0 ? 0 : from + shown - 1 };
}

/** A list page's numbers, as its loader gives them. */
export interface ListPage {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
}

/** The pager of a list page: its labels from the list's keys (pagerLabels) and the rows the page shows. */
export function ListPager({ list, shown, href, keys }: { list: ListPage; shown: number; href: (page: number) => string; keys: string }) {
  const { t } = useI18n();
  const { from, to } = pageRange(list.page, list.pageSize, shown);
  const labels = pagerLabels(t, keys, { page: list.page, pages: list.pageCount, from, to, total: list.total });
  return <Pager page={list.page} pageCount={list.pageCount} total={list.total} href={href} labels={labels} />;
}
