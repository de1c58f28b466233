// The admin list table (issues 16 and 17), one for every admin list: a caption for screen readers,
// column headers, and two layouts.
// - From the `md` breakpoint: a table in a wrapper that scrolls sideways instead of widening the page
//   (positioned, so the screen-reader-only text inside the cells scrolls with it), with the actions column
//   kept in view at the inline end (HeaderCell `end`, ActionsCell).
// - Below `md` (phones): stacked rows, one card per row: the row header on top, each Cell labelled with its
//   column's name, the actions in a row at the bottom with tap targets of at least 40 px.
// The layouts are CSS (.admin-table in app/app.css), so both work without JavaScript.
import type { ReactNode, ThHTMLAttributes } from "react";

export function Table({
  caption,
  minWidth = "md:min-w-[40rem]",
  className = "",
  children,
}: {
  /** Read by screen readers (the table's name). */
  caption: string;
  /** A Tailwind min-width class for the table layout (below it the wrapper scrolls); cards ignore it. */
  minWidth?: string;
  /** Extra classes for the wrapper (spacing). */
  className?: string;
  /** <thead> and <tbody>. */
  children: ReactNode;
}) {
  return (
    <div className={`admin-table relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}>
      <table className={`w-full ${minWidth} text-start text-sm`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The header row: pass the <th> cells (HeaderCell). */
export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-100 text-slate-700">
      <tr>{children}</tr>
    </thead>
  );
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-200">{children}</tbody>;
}

/** A column header; `end` for the actions column (kept in view at the inline end). */
export function HeaderCell({
  children,
  end = false,
  className = "",
  ...rest
}: { children?: ReactNode; end?: boolean; className?: string } & Omit<ThHTMLAttributes<HTMLTableCellElement>, "scope">) {
  return (
    <th
      scope="col"
      {...(end ? { "data-actions": "" } : {})}
      className={`px-2.5 py-3 font-semibold ${end ? "text-end" : "text-start"} ${className}`}
      {...rest}
    >
      {children}
    </th>
  );
}

/**
 * A data cell. `label` is its column's name, shown before the value when the rows are cards (phones);
 * screen readers have the column header already. Its props are named, not spread: a list draws a cell per
 * column and row, and a spread costs React's server render a few microseconds each (see SiteLink).
 */
export function Cell({ label, children, className = "" }: { label: string; children?: ReactNode; className?: string }) {
  return (
    <td data-label={label} className={`px-2.5 py-3 ${className}`}>
      {children}
    </td>
  );
}

/**
 * The row's controls: the last cell, kept in view on laptops (on one line unless `wrap`: several labelled
 * buttons may take two), a row of buttons at the bottom of a card.
 */
export function ActionsCell({ children, className = "", wrap = false }: { children: ReactNode; className?: string; wrap?: boolean }) {
  return (
    <td data-actions="" className={`px-2.5 py-3 ${className}`}>
      <div className={`flex flex-wrap items-center justify-end gap-1 ${wrap ? "" : "md:flex-nowrap"}`}>{children}</div>
    </td>
  );
}

/**
 * The row header (the row's name: a course title, a person): long unbroken text wraps anywhere rather than
 * widening the table; on a card it is the title.
 */
export function RowHeader({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <th scope="row" data-row-header="" className={`px-2.5 py-3 text-start font-normal [overflow-wrap:anywhere] ${className}`}>
      {children}
    </th>
  );
}
