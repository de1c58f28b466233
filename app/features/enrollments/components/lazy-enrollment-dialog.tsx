import { lazy, Suspense } from "react";

// The form and its schema (zod) load only when a visitor opens the dialog, keeping catalogue pages light.
const EnrollmentDialog = lazy(() => import("./enrollment-dialog.tsx").then((m) => ({ default: m.EnrollmentDialog })));

/** Preloads the dialog's code (on hover or focus of an Enroll button) so it opens without a wait. */
export function preloadEnrollmentDialog(): void {
  void import("./enrollment-dialog.tsx");
}

export function LazyEnrollmentDialog({
  course,
  onClose,
}: {
  course: { id: string; slug: string; title: string } | null;
  onClose: () => void;
}) {
  if (!course) return null;
  return (
    <Suspense fallback={null}>
      <EnrollmentDialog key={course.id} course={course} onClose={onClose} />
    </Suspense>
  );
}
