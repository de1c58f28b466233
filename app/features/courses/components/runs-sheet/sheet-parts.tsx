// What every view of a course's runs sheet shares (course-runs-sheet.tsx): its props, the link back to the
// list, the unsaved-changes guard of a view's form, and how a run's moment is written.
import { useRef } from "react";
import { Link } from "react-router";
import { UnsavedChangesGuard, useFormsDirty } from "~/components/ui/unsaved-changes.tsx";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { AdminRunRow } from "../../course-runs-admin.server.ts";
import type { RunView } from "../../course-runs.schema.ts";
import type { CoursesReply } from "../../courses.schema.ts";

export const LINK_BUTTON = "btn-secondary inline-flex items-center px-3 py-1.5 text-sm";

export interface RunsSheetProps {
  course: { id: string; title: string; price: number | null };
  runs: AdminRunRow[];
  view: RunView | null;
  run: AdminRunRow | null;
  instructors: { id: string; name: string; nameAr: string | null }[];
  canEdit: boolean;
  canMessage: boolean;
  hydrated: boolean;
  locale: Locale;
  /** The sheet's URL for a view (none: the list). */
  href: (view?: RunView, runId?: string) => string;
  /** Where forms post (the page's URL, so a reply without JavaScript renders in place). */
  action: string;
  /** The page's reply after a post without JavaScript. */
  initialReply?: CoursesReply;
}

/** "Tuesday, January 12, 2027 at 7:00 PM (Cairo time)". */
export function useRunMoment(locale: Locale) {
  const { t } = useI18n();
  return (at: Date | string) => `${formatRunMoment(at, locale, "long")} (${t("runs.cairoTime")})`;
}

/** Back to the list: a link (replacing the entry, like every view of the sheet). */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link to={href} replace preventScrollReset className="btn-secondary inline-flex px-4 py-2 text-sm">
      {label}
    </Link>
  );
}

/** The guard of one view's form: asks before typed text is thrown away; quiet after a success. */
export function useViewGuard(hydrated: boolean) {
  const root = useRef<HTMLDivElement>(null);
  const isDirty = useFormsDirty(root);
  const allowRef = useRef(false);
  const guard = hydrated ? <UnsavedChangesGuard isDirty={isDirty} allow={allowRef} /> : null;
  return { root, allowRef, guard };
}
