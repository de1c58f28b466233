import { CheckCircle2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Dialog } from "~/components/ui/dialog.tsx";
import { EnrollmentForm } from "./enrollment-form.tsx";

export const AUTO_CLOSE_MS = 3000;

/**
 * The SPEC enrollment modal; on success it shows the confirmation and closes after 3 seconds.
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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

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
          <EnrollmentForm course={course} fetcherKey={fetcherKey} onSuccess={onSuccess} onCancel={onClose} />
        ))}
    </Dialog>
  );
}
