// The decision controls of a request for a course run, in its details (issue 20 point 3): a pending
// request is approved or rejected; one on the run's waiting list is given a seat ("Give a seat", an
// approval) or rejected. Approving takes a seat: when the run is full (the details know its seats, or the
// server just refused with "N of N seats taken") the form offers "Approve beyond capacity", a checkbox
// with its warning; ticked, the approval goes through and is audited. Reject opens the page's
// confirmation, as for any request. Works without JavaScript: the form posts the page.
import { Notice } from "~/components/ui/notice.tsx";
import { useId } from "react";
import { failureMessage } from "~/lib/admin-reply.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { Wire } from "~/lib/wire.ts";
import type { EnrollmentsReply, EnrollmentStatus } from "../enrollments-admin.schema.ts";
import { runFullMessage, type DecisionRun } from "../run-decisions.schema.ts";
import { DecisionButtons, type EnrollmentDialogs } from "./admin-status.tsx";
import { useDecisionFetcher } from "./decision-notice.tsx";

export function RunDecisionActions({
  row,
  run,
  action,
  dialog,
  onDone,
}: {
  row: { id: string; studentName: string; status: EnrollmentStatus; courseId: string | null };
  /** The request's run with its seats, when the page has them. */
  run: Wire<DecisionRun> | null | undefined;
  action: string;
  dialog: EnrollmentDialogs;
  onDone?: (reply: EnrollmentsReply) => void;
}) {
  const { t } = useI18n();
  const overrideId = useId();
  const { fetcher } = useDecisionFetcher(`enrollment-run-${row.id}`, onDone);
  const reply = fetcher.data;
  const busy = fetcher.state !== "idle";
  const idle = fetcher.state === "idle";
  // The last refusal of a full run stays while the next try is on its way, so the override (ticked) is
  // not taken from under the pointer. A refusal reloads the page's data, so the details show the run's
  // seats as they are now.
  const fullReply = runFullMessage(t, reply);
  const failed = idle && !fullReply ? failureMessage(t, reply) : null;

  const waiting = row.status === "waiting";
  const full = Boolean(run?.full) || Boolean(fullReply);
  return (
    <fetcher.Form method="post" action={action} className="w-full space-y-3" data-run-decision="">
      <input type="hidden" name="id" value={row.id} />
      {waiting && <p className="text-sm text-slate-700">{t("adminEnrollments.runDecisions.waitingNote")}</p>}
      {fullReply && (
        <Notice tone="error" className="font-semibold">
          {fullReply}
        </Notice>
      )}
      {full && row.courseId && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <div className="flex items-start gap-2">
            <input
              id={overrideId}
              type="checkbox"
              name="override"
              className="mt-0.5 h-5 w-5 shrink-0 accent-amber-700"
              aria-describedby={`${overrideId}-warning`}
            />
            <label htmlFor={overrideId} className="text-sm font-semibold text-amber-950">
              {t("adminEnrollments.runDecisions.override")}
            </label>
          </div>
          <p id={`${overrideId}-warning`} className="mt-1 ps-7 text-sm text-amber-900">
            {t("adminEnrollments.runDecisions.overrideWarning")}
          </p>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <DecisionButtons row={row} dialog={dialog} busy={busy} waiting={waiting} />
        {busy && (
          <span role="status" className="text-sm text-slate-700">
            {waiting ? t("adminEnrollments.runDecisions.giving") : t("adminEnrollments.actions.updating")}
          </span>
        )}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-800">
          {failed}
        </p>
      )}
    </fetcher.Form>
  );
}
