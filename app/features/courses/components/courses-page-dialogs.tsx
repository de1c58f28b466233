// The Admin Courses page's dialogs: the course form (create or edit), the runs sheet and the delete confirmation.
import { useCallback } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { ConfirmDialog } from "~/components/ui/confirm.tsx";
import { DialogFrame } from "~/components/ui/url-dialog.tsx";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { CourseForm } from "~/features/courses/components/course-form.tsx";
import { CourseRunsSheet } from "~/features/courses/components/course-runs-sheet.tsx";
import type { RunView } from "../course-runs.schema.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { CoursesReply } from "../courses.schema.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { CourseDialogState } from "../course-dialog.server.ts";
import type { CoursesDialog, CoursesPageProps } from "./courses-page-types.ts";

interface CoursesDialogsProps {
  dialog: CoursesDialog;
  /** The dialog the server opened, or null when a no-JavaScript success shut it. */
  shownDialog: CourseDialogState;
  options: CoursesPageProps["options"];
  canPublish: boolean;
  canEdit: boolean;
  canMessage: boolean;
  hydrated: boolean;
  locale: Locale;
  action: string;
  noJsReply: CoursesReply | undefined;
  onDone: (reply: CoursesReply) => void;
}

/** The three dialogs, each open when the URL names it. */
export function CoursesDialogs({ dialog, shownDialog, options, canPublish, canEdit, canMessage, hydrated, locale, action, noJsReply, onDone }: CoursesDialogsProps) {
  const { t } = useI18n();
  const deleteFetcher = useFreshFetcher<CoursesReply>("course-delete");
  useOnSuccess(deleteFetcher, onDone);
  const runsSheet = shownDialog?.kind === "runs" ? shownDialog : null;
  const runsHref = useCallback(
    (courseId: string) => (view?: RunView, runId?: string) => {
      const extra = new URLSearchParams();
      if (view) extra.set("runView", view);
      if (runId) extra.set("run", runId);
      const query = extra.toString();
      return `${dialog.href("runs", courseId)}${query ? `&${query}` : ""}`;
    },
    [dialog],
  );
  const editing = shownDialog?.kind === "create" || shownDialog?.kind === "edit" ? shownDialog : null;
  return (
    <div className="mt-6">
      <DialogFrame
        open={editing !== null}
        dialog={dialog}
        size="lg"
        title={editing?.kind === "edit" ? t("coursesAdmin.form.editTitle") : t("coursesAdmin.form.createTitle")}
      >
        {editing && (
          <CourseForm
            key={editing.kind === "edit" ? editing.course.id : "create"}
            course={editing.kind === "edit" ? editing.course : undefined}
            options={options}
            canPublish={canPublish}
            hydrated={hydrated}
            locale={locale}
            action={action}
            initialReply={noJsReply}
            onSuccess={onDone}
            runsHref={editing.kind === "edit" ? runsHref(editing.course.id)() : undefined}
          />
        )}
      </DialogFrame>
      <DialogFrame
        open={runsSheet !== null}
        dialog={dialog}
        size="lg"
        guard={false}
        title={runsSheet ? tIsolated(t, "runsAdmin.title", { title: runsSheet.course.title }) : t("runsAdmin.listLabel")}
      >
        {runsSheet && (
          <CourseRunsSheet
            key={`${runsSheet.course.id}-${runsSheet.view ?? "list"}-${runsSheet.run?.id ?? ""}`}
            course={runsSheet.course}
            runs={runsSheet.runs}
            view={runsSheet.view}
            run={runsSheet.run}
            instructors={options.instructors}
            canEdit={canEdit}
            canMessage={canMessage}
            hydrated={hydrated}
            locale={locale}
            href={runsHref(runsSheet.course.id)}
            action={action}
            initialReply={noJsReply}
          />
        )}
      </DialogFrame>
      <ConfirmDialog
        dialog={dialog}
        title={t("coursesAdmin.delete.title")}
        description={shownDialog?.kind === "delete" ? tIsolated(t, "coursesAdmin.delete.course", { title: shownDialog.course.title }) : undefined}
        fetcher={deleteFetcher}
        action={action}
        fields={shownDialog?.kind === "delete" ? { intent: "delete", courseId: shownDialog.course.id } : null}
        message={t("coursesAdmin.delete.confirm")}
        consequences={t("coursesAdmin.delete.consequences")}
        cancelLabel={t("coursesAdmin.delete.cancel")}
        submitLabel={t("coursesAdmin.delete.submit")}
        busyLabel={t("coursesAdmin.delete.deleting")}
        failure={(r) => failureMessage(t, r)}
        initialReply={noJsReply?.intent === "delete" ? noJsReply : undefined}
      />
    </div>
  );
}
