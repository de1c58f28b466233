import { useI18n } from "~/lib/use-i18n.ts";
import { InstructorName } from "./instructor-name.tsx";
import type { LocalizedInstructor } from "./instructor-view.ts";

/** The name of About's instructor dialog in the address (`#instructor-<id>`, app/lib/hooks/use-fragment-dialog.ts). */
export const INSTRUCTOR_FRAGMENT = "instructor";

/**
 * The id of an instructor's bio section on the About page, and the fragment that opens their dialog once the
 * page runs: home and course pages link to `/about#instructor-<id>`, the cards before JavaScript runs too.
 */
export const instructorBioId = (id: string) => `${INSTRUCTOR_FRAGMENT}-${id}`;

/**
 * An instructor's bio as a section of the page, for visitors without JavaScript (or before it runs): hidden
 * until its card's link targets it (CSS :target), then shown below the grid; Close links back to the grid.
 * Once the page runs the same address opens the instructor's dialog instead, and the sections are left out.
 * Kept small on purpose (the About page's JavaScript is at its budget): the card above shows the photo,
 * the dialog (with JavaScript) the contact links.
 */
export function InstructorBioSection({ id, instructor, backHref }: { id: string; instructor: LocalizedInstructor; backHref: string }) {
  const { t } = useI18n();
  return (
    <section id={instructorBioId(id)} className="mx-auto mt-8 hidden max-w-2xl scroll-mt-24 rounded-2xl border border-teal-700 p-6 target:block">
      {/* A Latin name heads an Arabic section on the page's side, like the text around it (issue 36 item 16). */}
      <InstructorName heading {...instructor} nameClass="text-xl font-bold text-match-parent" titleClass="text-sm text-slate-600 text-match-parent" />
      <p dir="auto" className="mt-4 whitespace-pre-line text-slate-700">
        {instructor.bio ?? t("about.instructors.noBio")}
      </p>
      <a href={backHref} className="btn-secondary mt-6 inline-flex">
        {t("actions.close")}
      </a>
    </section>
  );
}
