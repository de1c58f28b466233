// The admin list table (issue 16): a caption for screen readers, column headers, and a wrapper that
// scrolls sideways on a narrow screen instead of widening the page. The wrapper is positioned, so the
// screen-reader-only text inside the cells (absolutely positioned) scrolls with it instead of stretching
// the page beyond a narrow screen.
import type { ReactNode, ThHTMLAttributes } from "react";

export function Table({
  caption,
  minWidth = "min-w-[40rem]",
  className = "",
  children,
}: {
  /** Read by screen readers (the table's name). */
  caption: string;
  /** A Tailwind min-width class: below it the wrapper scrolls. */
  minWidth?: string;
  /** Extra classes for the wrapper (spacing). */
  className?: string;
  /** <thead> and <tbody>. */
  children: ReactNode;
}) {
  return (
    <div className={`relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}>
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

/** A column header; `end` for the actions column. */
export function HeaderCell({
  children,
  end = false,
  className = "",
  ...rest
}: { children?: ReactNode; end?: boolean; className?: string } & Omit<ThHTMLAttributes<HTMLTableCellElement>, "scope">) {
  return (
    <th scope="col" className={`px-4 py-3 font-semibold ${end ? "text-end" : "text-start"} ${className}`} {...rest}>
      {children}
    </th>
  );
}
