// A status pill (issue 16: one badge for every admin list). The tone carries the meaning in colour; the
// text always says it too.
import type { ReactNode } from "react";

export const BADGE_TONES = {
  green: "bg-emerald-100 text-emerald-900",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-900",
  sky: "bg-sky-100 text-sky-900",
  teal: "bg-teal-100 text-teal-900",
  slate: "bg-slate-100 text-slate-800",
  muted: "bg-slate-200 text-slate-800",
  /** Light green with a ring (a secondary mark beside another badge). */
  outline: "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200",
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

/** The classes of a badge, for a control that looks like one (a status toggle button). */
export function badgeClass(tone: BadgeTone): string {
  return `inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ${BADGE_TONES[tone]}`;
}

/** `wrap`: a longer label may take two lines (a table column stays narrow). */
export function Badge({ tone, children, wrap = false }: { tone: BadgeTone; children: ReactNode; wrap?: boolean }) {
  const className = badgeClass(tone);
  return <span className={wrap ? className.replace("whitespace-nowrap", "text-center leading-tight") : className}>{children}</span>;
}
