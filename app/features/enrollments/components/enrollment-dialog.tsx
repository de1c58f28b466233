import { CheckCircle2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "~/components/ui/dialog.tsx";
import { EnrollmentForm } from "./enrollment-form.tsx";

export const AUTO_CLOSE_MS = 3000;

/** The SPEC enrollment modal: a fresh form each time it opens; on success it closes after 3 seconds. */
export function EnrollmentDialog({
  course,
  onClose,
}: {
  course: { id: string; slug: string; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  const [session, setSession] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A fresh form (new fetcher key, no stale errors) each time the dialog opens for a course.
  const courseId = course?.id;
  useEffect(() => {
    if (courseId) {
      setDone(null);
      setSession((s) => s + 1);
    }
    return () => clearTimeout(timer.current);
  }, [courseId]);

  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const onSuccess = useCallback((id: string) => {
    setDone(id);
    timer.current = setTimeout(() => closeRef.current(), AUTO_CLOSE_MS);
  }, []);

  return (
    <Dialog
      open={course !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={course ? t("enrollment.dialogTitle", { course: course.title }) : ""}
      description={t("enrollment.dialogDescription")}
    >
      {course &&
        (done ? (
          <div className="flex items-start gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-950">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
            <p>{t("enrollment.success", { id: done })}</p>
          </div>
        ) : (
          <EnrollmentForm course={course} fetcherKey={`enroll-${course.id}-${session}`} onSuccess={onSuccess} onCancel={onClose} />
        ))}
    </Dialog>
  );
}
