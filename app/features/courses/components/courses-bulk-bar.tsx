// The Admin Courses page's bulk bar: publish or unpublish the checked courses.
import { useI18n } from "~/lib/use-i18n.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { CoursesSelection } from "./use-courses-selection.ts";

/** The bulk form (the rows' boxes belong to it by form="courses-bulk"), its count, buttons and outcome. */
export function CoursesBulkBar({ selection, action, hydrated }: { selection: CoursesSelection; action: string; hydrated: boolean }) {
  const { t } = useI18n();
  const { bulkFetcher, selectedOnPage } = selection;
  const bulkFailure = bulkFetcher.state === "idle" ? failureMessage(t, bulkFetcher.data) : null;
  return (
    <bulkFetcher.Form
      id="courses-bulk"
      method="post"
      action={action}
      aria-label={t("coursesAdmin.bulk.label")}
      className="mb-4 flex flex-wrap items-center gap-3"
    >
      <p className="text-sm text-slate-700" aria-live="polite">
        {hydrated ? t("coursesAdmin.bulk.selected", { count: selectedOnPage.length }) : t("coursesAdmin.bulk.hint")}
      </p>
      {(["bulkPublish", "bulkUnpublish"] as const).map((intent) => (
        <button
          key={intent}
          type="submit"
          name="intent"
          value={intent}
          disabled={hydrated && (selectedOnPage.length === 0 || bulkFetcher.state !== "idle")}
          className="btn-secondary inline-flex px-3 py-1.5 text-sm disabled:opacity-60"
        >
          {t(intent === "bulkPublish" ? "coursesAdmin.bulk.publish" : "coursesAdmin.bulk.unpublish")}
        </button>
      ))}
      {bulkFetcher.state !== "idle" && (
        <span role="status" className="text-sm text-slate-700">
          {t("coursesAdmin.status.updating")}
        </span>
      )}
      {bulkFailure && (
        <span role="alert" className="text-sm text-red-800">
          {bulkFailure}
        </span>
      )}
    </bulkFetcher.Form>
  );
}
