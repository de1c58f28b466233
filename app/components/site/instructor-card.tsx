import type { Ref } from "react";
import { InstructorPhoto } from "./instructor-photo.tsx";
import type { LocalizedInstructor } from "./instructor-view.ts";

/** One instructor in the grid: a button that opens the instructor's dialog. */
export function InstructorCard({
  instructor,
  photoUrl,
  onOpen,
  ref,
}: {
  instructor: LocalizedInstructor;
  photoUrl: string | null;
  onOpen: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="dialog"
      onClick={onOpen}
      className="flex h-full w-full cursor-pointer flex-col items-center rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm transition hover:border-teal-700 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
    >
      {/* The name is the button's text right below, so the photo is decorative here (alt=""). */}
      <InstructorPhoto src={photoUrl} alt="" size={128} lazy name={instructor.name} />
      <span dir="auto" className="mt-4 text-lg font-semibold text-slate-900">{instructor.name}</span>
      <span dir="auto" className="mt-1 text-sm text-slate-600">{instructor.title}</span>
    </button>
  );
}
