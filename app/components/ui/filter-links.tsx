// The filter pills above an admin list (all / unread, email statuses): plain links, so the filter is in
// the URL and works without JavaScript; the current one is marked for screen readers too.
import { Link } from "react-router";

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
