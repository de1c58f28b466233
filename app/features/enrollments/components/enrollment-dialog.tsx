import { useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { EnrollmentForm } from "./enrollment-form.tsx";
import { EnrollmentSuccess } from "./enrollment-success.tsx";

/**
 * The SPEC enrollment modal; on success it shows the confirmation with the enrollment ID, which stays
 * until the visitor closes it (issue 13: no timer, so the ID can be read and copied).
 * Callers give it `key={course?.id}` so each opening starts with a fresh form (no stale errors).
 */
export function EnrollmentDialog({
  course,
  onClose,
}: {
  course: { id: string; slug: string; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [done, setDone] = useState<string | null>(null);
  // A fetcher of its own per opening, so an earlier reply never shows in a new form.
  const [fetcherKey] = useState(() => `enroll-${Math.random().toString(36).slice(2)}`);

  return (
    <Dialog
      open={course !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={course ? tIsolated(t, "enrollment.dialogTitle", { course: course.title }) : ""}
      description={t("enrollment.dialogDescription")}
    >
      {course &&
        (done ? (
          <EnrollmentSuccess enrollmentId={done} onDismiss={onClose} />
        ) : (
          <EnrollmentForm course={course} fetcherKey={fetcherKey} onSuccess={setDone} onCancel={onClose} />
        ))}
    </Dialog>
  );
}
