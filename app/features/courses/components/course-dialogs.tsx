// Admin Courses row controls (SPEC §2, §4, §8): the read-only status badge and the publish toggle
// ('Updating...'). With JavaScript the toggle posts through a fetcher; without, the same form posts the
// page and it answers in place. The dialogs are the kit's (app/components/ui/url-dialog.tsx, confirm.tsx).
import { useI18n } from "~/lib/use-i18n.ts";
import { Badge, badgeClass } from "~/components/ui/badge.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { CoursesReply } from "../courses.schema.ts";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";

const tone = (published: boolean) => (published ? "green" : "amber");

/** Read-only status for users without courses:publish (SPEC §4). */
export function StatusBadge({ published }: { published: boolean }) {
  const { t } = useI18n();
  return <Badge tone={tone(published)}>{published ? t("coursesAdmin.status.published") : t("coursesAdmin.status.draft")}</Badge>;
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
        className={`${badgeClass(tone(shown))} cursor-pointer hover:ring-2 hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800 disabled:cursor-wait`}
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
