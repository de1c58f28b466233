// The bulk bar of Admin Enrollments (SPEC §2; issue 6): approve or reject the selected pending rows. The
// table's checkboxes belong to this form (form="enrollments-bulk"), so it works without JavaScript too.
// Rejecting cannot be undone: it opens the page's confirmation (?dialog=bulkReject) — with JavaScript for
// the ticked rows, without it by a GET of this form (the ticked ids and the list's filters in the URL).
import { ActionStatus } from "~/components/admin/action-status.tsx";
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import type { useFreshFetcher } from "~/components/admin/form-kit.tsx";
import { DialogLink } from "~/components/ui/url-dialog.tsx";
import { useId } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import type { EnrollmentsReply } from "../enrollments-admin.schema.ts";
import { runFullMessage } from "../run-decisions.schema.ts";
import { BULK_FORM_ID } from "./admin-table.tsx";
import type { EnrollmentDialogs } from "./admin-status.tsx";

export function AdminEnrollmentsBulkBar({
  fetcher,
  action,
  hydrated,
  hasPending,
  selectedCount,
  failure,
  dialog,
  onReject,
  listParams,
}: {
  fetcher: ReturnType<typeof useFreshFetcher<EnrollmentsReply>>;
  action: string;
  hydrated: boolean;
  hasPending: boolean;
  selectedCount: number;
  failure: string | null;
  dialog: EnrollmentDialogs;
  /** Runs as the confirmation opens (with JavaScript): the page keeps the ticked rows. */
  onReject: () => void;
  /** The list's filters, kept by the confirmation's URL without JavaScript. */
  listParams: [string, string][];
}) {
  const { t } = useI18n();
  const overrideId = useId();
  // A run without enough seats for the selection: its numbers instead of the plain refusal, and the override.
  const full = fetcher.state === "idle" ? runFullMessage(t, fetcher.data) : null;
  return (
    <fetcher.Form
      id={BULK_FORM_ID}
      method="post"
      action={action}
      aria-label={t("adminEnrollments.bulk.label")}
      className={`mb-4 flex flex-wrap items-center gap-3 ${hasPending ? "" : "hidden"}`}
    >
      <p className="text-sm text-slate-700" aria-live="polite">
        {hydrated ? t("adminEnrollments.bulk.selected", { count: selectedCount }) : t("adminEnrollments.bulk.hint")}
      </p>
      <button
        type="submit"
        name="intent"
        value="bulkApprove"
        disabled={hydrated && (selectedCount === 0 || fetcher.state !== "idle")}
        className="btn-secondary inline-flex px-3 py-1.5 text-sm disabled:opacity-60"
      >
        {t("adminEnrollments.bulk.approve")}
      </button>
      {hydrated ? (
        <DialogLink
          dialog={dialog}
          kind="bulkReject"
          as="button"
          onOpen={onReject}
          disabled={selectedCount === 0 || fetcher.state !== "idle"}
          className="btn-secondary inline-flex px-3 py-1.5 text-sm disabled:opacity-60"
        >
          {t("adminEnrollments.bulk.reject")}
        </DialogLink>
      ) : (
        <>
          {listParams.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            formMethod="get"
            formAction={ADMIN_PATH.enrollments}
            name="dialog"
            value="bulkReject"
            className="btn-secondary inline-flex px-3 py-1.5 text-sm"
          >
            {t("adminEnrollments.bulk.reject")}
          </button>
        </>
      )}
      <ActionStatus busy={fetcher.state !== "idle"} busyLabel={t("adminEnrollments.actions.updating")} failure={full ?? failure} />
      {full && (
        <div className="flex basis-full items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2">
          <input id={overrideId} type="checkbox" name="override" className="mt-0.5 h-5 w-5 shrink-0 accent-amber-700" />
          <label htmlFor={overrideId} className="text-sm text-amber-950">
            {t("adminEnrollments.runDecisions.overrideBulk")}
          </label>
        </div>
      )}
    </fetcher.Form>
  );
}
