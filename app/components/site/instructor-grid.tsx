import { lazy, Suspense, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useI18n } from "~/lib/use-i18n.ts";
import type { Locale } from "~/lib/i18n.ts";
import { openedHere, useFragmentDialog } from "~/lib/hooks/use-fragment-dialog.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { INSTRUCTOR_FRAGMENT, InstructorBioSection, instructorBioId } from "./instructor-bio-section.tsx";
import { InstructorCard } from "./instructor-card.tsx";
import { instructorLinks, localizeInstructor, type PublicInstructor } from "./instructor-view.ts";

// The dialog (and Radix Dialog under it) loads when a card is first opened, keeping /about within the
// JS budget (docs/decisions/005-js-budget.md); hovering or focusing a card fetches it ahead.
const InstructorDialog = lazy(() => import("./instructor-dialog.tsx").then((m) => ({ default: m.InstructorDialog })));

function preloadInstructorDialog(): void {
  void import("./instructor-dialog.tsx");
}

/** One grid item's width: 2 columns on phones, 3 from sm, 4 from lg (also the loading placeholder's). */
export const INSTRUCTOR_ITEM = "w-[calc((100%-0.75rem)/2)] sm:w-[calc((100%-3rem)/3)] lg:w-[calc((100%-4.5rem)/4)]";

/**
 * The instructor grid; each card opens a dialog with the instructor's bio and contact links. The dialog is
 * a place in history (`#instructor-<id>`): Back closes it and stays on the page, and a link to that address
 * from another page (home, a course) or a fresh load of it opens it over the page scrolled to the card.
 * Without JavaScript each card links to the instructor's bio section below the grid, at the same address
 * (`backHref` returns to the grid).
 */
export function InstructorGrid({
  instructors,
  locale,
  backHref = "#instructors-title",
}: {
  instructors: PublicInstructor[];
  locale: Locale;
  backHref?: string;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const dialog = useFragmentDialog(INSTRUCTOR_FRAGMENT, { anchor: true });
  const location = useLocation();
  const cards = useRef(new Map<string, HTMLButtonElement>());
  const fallbackTitle = t("about.instructors.fallbackTitle");
  const selected = instructors.find((i) => i.id === dialog.subject) ?? null;
  // Arrived by a link (not a card of this page): the page behind the dialog shows that instructor's card.
  const arrivedAt = selected && !openedHere(location) ? selected.id : null;
  useEffect(() => {
    if (arrivedAt) cards.current.get(arrivedAt)?.scrollIntoView({ block: "center" });
  }, [arrivedAt]);

  if (instructors.length === 0) {
    return <p className="rounded-2xl bg-slate-50 p-8 text-center text-slate-600">{t("about.instructors.empty")}</p>;
  }

  /** However the dialog closed (Close, Escape, Back), focus goes to the instructor's card, where the page stands. */
  function focusCard(id: string) {
    cards.current.get(id)?.focus({ preventScroll: true });
  }

  return (
    <>
      {/* Flex rather than grid so an incomplete last row is centred: 2 columns on phones, 3 from sm, 4 from lg. */}
      <ul className="flex flex-wrap justify-center gap-3 sm:gap-6">
        {instructors.map((instructor) => (
          <li
            key={instructor.id}
            className={INSTRUCTOR_ITEM}
            onPointerEnter={preloadInstructorDialog}
            onFocus={preloadInstructorDialog}
          >
            <InstructorCard
              ref={(el) => {
                if (el) cards.current.set(instructor.id, el);
                else cards.current.delete(instructor.id);
              }}
              instructor={localizeInstructor(instructor, locale, fallbackTitle)}
              photoUrl={instructor.photoUrl}
              bioHref={`#${instructorBioId(instructor.id)}`}
              interactive={hydrated}
              onOpen={() => dialog.open(instructor.id)}
            />
          </li>
        ))}
      </ul>
      {/* Without JavaScript (and before it runs) the bios are sections of the page; after, the dialog shows them. */}
      {!hydrated &&
        instructors.map((instructor) => (
          <InstructorBioSection
            key={instructor.id}
            id={instructor.id}
            instructor={localizeInstructor(instructor, locale, fallbackTitle)}
            backHref={backHref}
          />
        ))}
      {selected && (
        <Suspense fallback={null}>
          <InstructorDialog
            open
            onOpenChange={(open) => {
              if (!open) dialog.close();
            }}
            onClosed={() => focusCard(selected.id)}
            instructor={localizeInstructor(selected, locale, fallbackTitle)}
            photoUrl={selected.photoUrl ?? null}
            links={instructorLinks(selected)}
          />
        </Suspense>
      )}
    </>
  );
}
