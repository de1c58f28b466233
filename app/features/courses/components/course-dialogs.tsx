// Admin Courses dialogs and row controls (SPEC §2, §4, §8): the modal frame, the delete confirmation,
// the publish toggle ('Updating...') and the bulk publish bar. With JavaScript each posts through a
// fetcher; without, the same forms post as plain forms and the page answers in place.
import { useId, type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Dialog } from "~/components/ui/dialog.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { failureMessage, type CoursesReply } from "../courses-reply.ts";
import { CancelButton, FormAlert, useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";

/** A modal once hydrated; before that (or without JavaScript) the same content in place. */
export function CourseModal({
  open,
  hydrated,
  onClose,
  title,
  description,
  size = "sm",
  children,
}: {
  open: boolean;
  hydrated: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  size?: "sm" | "lg";
  children: ReactNode;
}) {
  const titleId = useId();
  if (hydrated) {
    return (
      <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={title} description={description} size={size}>
        {children}
      </Dialog>
    );
  }
  if (!open) return null;
  return (
    <section
      aria-labelledby={titleId}
      className={`mb-6 ${size === "lg" ? "max-w-3xl" : "max-w-lg"} rounded-2xl border border-slate-200 bg-white p-6 shadow-sm`}
    >
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function DeleteCourseForm({
  course,
  action,
  cancelHref,
  hydrated,
  initialReply,
  onSuccess,
  onCancel,
}: {
  course: { id: string; title: string };
  action: string;
  cancelHref: string;
  hydrated: boolean;
  initialReply?: CoursesReply;
  onSuccess: (reply: CoursesReply) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const fetcher = useFreshFetcher<CoursesReply>("course-delete");
  const reply = fetcher.data ?? (initialReply?.intent === "delete" ? initialReply : undefined);
  useOnSuccess(fetcher, onSuccess);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} className="space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="courseId" value={course.id} />
      <FormAlert message={failureMessage(t, reply)} />
      <p className="text-slate-800">{t("coursesAdmin.delete.confirm")}</p>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <CancelButton hydrated={hydrated} onCancel={onCancel} href={cancelHref} label={t("coursesAdmin.delete.cancel")} />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
        >
          {busy ? t("coursesAdmin.delete.deleting") : t("coursesAdmin.delete.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}

const badgeClass = (published: boolean) =>
  `inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ${
    published ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"
  }`;

/** Read-only status for users without courses:publish (SPEC §4). */
export function StatusBadge({ published }: { published: boolean }) {
  const { t } = useI18n();
  return <span className={badgeClass(published)}>{published ? t("coursesAdmin.status.published") : t("coursesAdmin.status.draft")}</span>;
}

/** Clicking the status publishes or unpublishes the course; the row shows 'Updating...' meanwhile. */
export function StatusToggle({ course, action }: { course: { id: string; title: string; isPublished: boolean }; action: string }) {
  const { t } = useI18n();
  const fetcher = useFreshFetcher<CoursesReply>(`course-status-${course.id}`);
  const busy = fetcher.state !== "idle";
  useOnSuccess(fetcher, (reply) => {
    showToast("success", reply.published ? t("coursesAdmin.status.publishedToast") : t("coursesAdmin.status.unpublishedToast"));
  });
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  // While the request runs, the row shows the state it is moving to.
  const shown = busy ? !course.isPublished : course.isPublished;
  return (
    <fetcher.Form method="post" action={action} className="inline-flex flex-col items-start gap-1">
      <input type="hidden" name="intent" value="togglePublish" />
      <input type="hidden" name="courseId" value={course.id} />
      <input type="hidden" name="published" value={course.isPublished ? "false" : "true"} />
      <button
        type="submit"
        disabled={busy}
        className={`${badgeClass(shown)} cursor-pointer hover:ring-2 hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800 disabled:cursor-wait`}
      >
        {busy ? t("coursesAdmin.status.updating") : course.isPublished ? t("coursesAdmin.status.published") : t("coursesAdmin.status.draft")}
        <span className="sr-only">
          {`: ${course.isPublished ? t("coursesAdmin.status.unpublishAction", { title: course.title }) : t("coursesAdmin.status.publishAction", { title: course.title })}`}
        </span>
      </button>
      {failed && (
        <span role="alert" className="max-w-48 text-xs text-red-800">
          {failureMessage(t, failed)}
        </span>
      )}
    </fetcher.Form>
  );
}
