import { lazy, Suspense } from "react";
import type { PublicRun } from "~/domain/runs/run-rules.ts";
import type { EnrollmentCourse } from "./enrollment-dialog.tsx";
import { ensureLocaleFiles, PUBLIC_LOCALE_FILES } from "~/lib/i18n-client.ts";

// The form, its schema (zod) and its strings load only when a visitor opens the dialog, keeping catalogue
// pages light (the page itself loaded only the strings it shows: app/lib/locale-files.ts).
const EnrollmentDialog = lazy(() =>
  Promise.all([import("./enrollment-dialog.tsx"), ensureLocaleFiles(PUBLIC_LOCALE_FILES)]).then(([m]) => ({
    default: m.EnrollmentDialog,
  })),
);

/** Preloads the dialog's code and strings (on hover or focus of an Enroll button) so it opens without a wait. */
export function preloadEnrollmentDialog(): void {
  void import("./enrollment-dialog.tsx");
  void ensureLocaleFiles(PUBLIC_LOCALE_FILES);
}

/**
 * `runs`: the course's upcoming open runs when the caller has them (the course page); without them the
 * dialog asks the enroll route for them. `runId`: the run to preselect (the visitor came from it).
 */
export function LazyEnrollmentDialog({
  course,
  onClose,
  runs,
  runId,
}: {
  course: EnrollmentCourse | null;
  onClose: () => void;
  runs?: PublicRun[];
  runId?: string;
}) {
  if (!course) return null;
  return (
    <Suspense fallback={null}>
      <EnrollmentDialog key={course.id} course={course} onClose={onClose} runs={runs} runId={runId} />
    </Suspense>
  );
}
