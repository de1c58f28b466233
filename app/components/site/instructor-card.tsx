import type { Ref } from "react";
import { InstructorName } from "./instructor-name.tsx";
import { InstructorPhoto } from "./instructor-photo.tsx";
import type { LocalizedInstructor } from "./instructor-view.ts";

const CARD_CLASS =
  "flex h-full w-full min-w-0 cursor-pointer flex-col items-center rounded-2xl border border-slate-200 bg-white p-3 text-center sm:p-6 shadow-sm transition hover:border-teal-700 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800";

/**
 * One instructor in the grid. Once the page runs, a button that opens the instructor's dialog; before
 * that (and without JavaScript) a link to the instructor's bio section on the same page (`bioHref`,
 * shown by CSS :target), so the bio opens either way and each form says truthfully what it does.
 */
export function InstructorCard({
  instructor,
  photoUrl,
  bioHref,
  interactive,
  onOpen,
  ref,
}: {
  instructor: LocalizedInstructor;
  photoUrl: string | null;
  bioHref: string;
  /** True once hydrated: the card is the dialog's button. */
  interactive: boolean;
  onOpen: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const content = (
    <>
      {/* The name is the card's text right below, so the photo is decorative here (alt=""). */}
      {/* 96 px in the two phone columns, 128 px from lg (CSS only: the page's JavaScript is at its budget). */}
      <span className="contents lg:[&>*]:size-32!">
        <InstructorPhoto src={photoUrl} alt="" size={96} lazy name={instructor.name} />
      </span>
      <InstructorName
        {...instructor}
        nameClass="mt-3 max-w-full break-words font-semibold leading-snug text-slate-900 sm:mt-4 sm:text-lg"
        titleClass="mt-1 max-w-full break-words text-xs text-slate-600 sm:text-sm"
      />
    </>
  );
  if (!interactive) {
    return (
      <a href={bioHref} className={CARD_CLASS}>
        {content}
      </a>
    );
  }
  return (
    <button ref={ref} type="button" aria-haspopup="dialog" onClick={onOpen} className={CARD_CLASS}>
      {content}
    </button>
  );
}
