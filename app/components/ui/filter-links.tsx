// The filter pills above an admin list (all / unread, email statuses): plain links, so the filter is in
// the URL and works without JavaScript; the current one is marked for screen readers too.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FilterPanel } from "~/components/ui/filter-panel.tsx";

export interface FilterLink {
  href: string;
  label: string;
  current: boolean;
}

export function FilterLinks({ label, links }: { label: string; links: FilterLink[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              aria-current={link.current ? "page" : undefined}
              className={`rounded-full px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800 ${
                link.current ? "bg-teal-800 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
              }`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A list's pills in their FilterPanel (folded on phones), beside the line that counts the list (a status,
 * read again when the count changes). The first link is the whole list: any other current one is a filter.
 */
export function FilterLinksBar({
  label,
  links,
  summary,
  summaryClassName = "text-sm text-slate-700",
}: {
  label: string;
  links: FilterLink[];
  summary: ReactNode;
  summaryClassName?: string;
}) {
  const applied = links.slice(1).some((link) => link.current) ? 1 : 0;
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <FilterPanel applied={applied}>
        <FilterLinks label={label} links={links} />
      </FilterPanel>
      <p role="status" className={summaryClassName}>
        {summary}
      </p>
    </div>
  );
}
