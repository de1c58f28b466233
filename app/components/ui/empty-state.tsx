// What an admin list shows when it has no rows (issue 16): an icon, one line, an optional explanation
// and an optional next step (a create link, "Show all").
import { SearchX, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "~/lib/use-i18n.ts";

export function EmptyState({
  icon: Icon,
  title,
  text,
  className = "",
  children,
}: {
  icon: LucideIcon;
  title: string;
  text?: string;
  /** Extra classes (spacing). */
  className?: string;
  /** The next step. */
  children?: ReactNode;
}) {
  return (
    <div className={`rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center ${className}`}>
      <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-slate-500" />
      <p className="mt-3 text-lg font-semibold text-slate-900">{title}</p>
      {text && <p className="mt-1 text-slate-700">{text}</p>}
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}

/**
 * A filtered list that matches nothing (issue 17): it says so and offers Clear Filters, never the
 * empty list's "create your first …", which would read as if nothing existed.
 */
export function NoMatches({ title, clearHref, className }: { title: string; clearHref: string; className?: string }) {
  const { t } = useI18n();
  return (
    <EmptyState icon={SearchX} title={title} text={t("admin.noMatches.text")} className={className}>
      <Link to={clearHref} className="btn-secondary inline-flex px-4 py-2 text-sm">
        {t("admin.noMatches.clear")}
      </Link>
    </EmptyState>
  );
}
