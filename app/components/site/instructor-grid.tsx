import { lazy, Suspense, useRef, useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { InstructorBioSection, instructorBioId } from "./instructor-bio-section.tsx";
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
 * The instructor grid; each card opens a dialog with the instructor's bio and contact links. Without
 * JavaScript each card links to the instructor's bio section below the grid (`backHref` returns to it).
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
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const cards = useRef(new Map<string, HTMLButtonElement>());
  const fallbackTitle = t("about.instructors.fallbackTitle");

  if (instructors.length === 0) {
    return <p className="rounded-2xl bg-slate-50 p-8 text-center text-slate-600">{t("about.instructors.empty")}</p>;
  }

  const selected = instructors.find((i) => i.id === selectedId) ?? null;

  function onOpenChange(open: boolean) {
    if (open) return;
    const trigger = selectedId ? cards.current.get(selectedId) : undefined;
    setSelectedId(null);
    // The dialog has no Radix trigger, so give focus back to the card that opened it once it has closed.
    if (trigger) setTimeout(() => trigger.focus(), 0);
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
              onOpen={() => setSelectedId(instructor.id)}
            />
          </li>
        ))}
      </ul>
      {instructors.map((instructor) => (
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
            onOpenChange={onOpenChange}
            instructor={localizeInstructor(selected, locale, fallbackTitle)}
            photoUrl={selected.photoUrl ?? null}
            links={instructorLinks(selected)}
          />
        </Suspense>
      )}
    </>
  );
}
