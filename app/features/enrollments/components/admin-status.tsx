// Status badge and the approve / reject controls of one enrollment (SPEC §4: pending rows offer approve
// or reject; success 'Enrollment status updated to {status}', failure 'Failed to update enrollment
// status'). Approve posts at once (through a fetcher with JavaScript, the page without); Reject emails
// the student, so it opens the page's confirmation (?dialog=reject&enrollment=…, a link without
// JavaScript). Either can be undone from the page's notice for a short while; after that a decided
// request offers "Move to pending", which confirms first (?dialog=reopen&enrollment=…). A request whose
// course was deleted cannot be approved (issue 17 point 3). A request on a run's waiting list (issue 20)
// has a badge of its own; it is given a seat or rejected from its details.
import { Icon } from "~/components/icons/icon.tsx";
import { useEffect } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { DialogLink, type UrlDialog } from "~/components/ui/url-dialog.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { ActionStatus } from "~/components/admin/action-status.tsx";
import { usePageLocale } from "~/lib/use-locale-path.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import { runFullMessage } from "../run-decisions.schema.ts";
import { isReopenable, type EnrollmentsReply, type EnrollmentStatus } from "../enrollments-admin.schema.ts";
import { useDecisionFetcher } from "./decision-notice.tsx";

const TONE: Record<EnrollmentStatus, BadgeTone> = { pending: "amber", approved: "green", rejected: "red", waiting: "sky", expired: "muted", withdrawn: "muted" };

/** The page's dialogs: details, the reject confirmation, the bulk reject confirmation, back to pending. */
export type EnrollmentDialogKind = "details" | "reject" | "bulkReject" | "reopen";
export const ENROLLMENT_DIALOGS: readonly EnrollmentDialogKind[] = ["details", "reject", "bulkReject", "reopen"];
export type EnrollmentDialogs = Pick<UrlDialog<EnrollmentDialogKind>, "href" | "open">;

export function EnrollmentStatusBadge({ status }: { status: EnrollmentStatus }) {
  const { t } = useI18n();
  // "Expired — not paid" may take two lines in the list's narrow column.
  return (
    <Badge tone={TONE[status]} wrap={status === "expired"}>
      {t(`adminEnrollments.status.${status}`)}
    </Badge>
  );
}

/** Beside the course name of a request whose course was deleted (D22 keeps the name, clears the id). */
export function CourseDeletedBadge() {
  const { t } = useI18n();
  return <Badge tone="muted">{t("adminEnrollments.table.courseDeleted")}</Badge>;
}

const buttonBase =
  "inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-wait disabled:opacity-60";
const APPROVE_CLASS = `${buttonBase} bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700`;
const REJECT_CLASS = `${buttonBase} border border-red-700 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700`;
const REOPEN_CLASS = `${buttonBase} border border-slate-400 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-slate-700`;

/**
 * Approve and Reject for one pending enrollment (Reject alone when its course was deleted); "Move to
 * pending" for a decided one. Its outcome goes to the page's notice (with Undo) or a toast.
 */
export function EnrollmentStatusActions({
  row,
  action,
  dialog,
  onDone,
}: {
  row: { id: string; studentName: string; status: EnrollmentStatus; courseId: string | null };
  /** Where the form posts (the page with its current list parameters). */
  action: string;
  /** Opens the reject and the back-to-pending confirmations. */
  dialog: EnrollmentDialogs;
  onDone?: (reply: EnrollmentsReply) => void;
}) {
  const { t } = useI18n();
  const { fetcher, refused } = useDecisionFetcher(`enrollment-status-${row.id}`, onDone);
  const busy = fetcher.state !== "idle";
  const locale = usePageLocale();
  const failed = fetcher.state === "idle" ? (runFullMessage(t, fetcher.data) ?? failureMessage(t, fetcher.data, locale)) : null;
  // In a list of pending requests the reload takes the row, and the message beside it, away: the refusal
  // (who decided it, and when) is said where it stays in view.
  useEffect(() => {
    if (refused?.conflict) showToast("error", failureMessage(t, refused, locale));
  }, [refused, t, locale]);
  return (
    <fetcher.Form method="post" action={action} className="inline-flex flex-wrap items-center justify-end gap-2">
      <input type="hidden" name="id" value={row.id} />
      {/* A waiting request is promoted or rejected from its details (the run's seats are checked there). */}
      {isReopenable(row.status) && !busy && (
        <DialogLink dialog={dialog} kind="reopen" id={row.id} as="button" label={t("adminEnrollments.reopen.actionFor", { name: row.studentName })} title="" className={REOPEN_CLASS}>
          <Icon name="rotate-ccw" className="h-4 w-4 rtl:-scale-x-100" />
          {t("adminEnrollments.reopen.action")}
        </DialogLink>
      )}
      {row.status === "pending" && <DecisionButtons row={row} dialog={dialog} busy={busy} />}
      <ActionStatus busy={busy} busyLabel={t("adminEnrollments.actions.updating")} failure={failed} failureClassName="max-w-64" />
    </fetcher.Form>
  );
}

/**
 * Approve (for a request on a run's waiting list: "Give a seat", an approval too) and Reject, the one pair
 * of decision buttons: the list's row (above) and a run request's details (run-decision-actions.tsx). Approve
 * submits the surrounding form; a request whose course was deleted offers Reject only.
 */
export function DecisionButtons({
  row,
  dialog,
  busy,
  waiting = false,
}: {
  row: { id: string; studentName: string; courseId: string | null };
  dialog: EnrollmentDialogs;
  busy: boolean;
  waiting?: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      {row.courseId && (
        <button
          type="submit"
          name="intent"
          value="approve"
          disabled={busy}
          aria-label={
            waiting
              ? t("adminEnrollments.runDecisions.giveSeatFor", { name: row.studentName })
              : t("adminEnrollments.actions.approveFor", { name: row.studentName })
          }
          className={APPROVE_CLASS}
        >
          <Icon name={waiting ? "users" : "check"} className="h-4 w-4" />
          {waiting ? t("adminEnrollments.runDecisions.giveSeat") : t("adminEnrollments.actions.approve")}
        </button>
      )}
      <DialogLink dialog={dialog} kind="reject" id={row.id} as="button" disabled={busy} label={t("adminEnrollments.actions.rejectFor", { name: row.studentName })} title="" className={REJECT_CLASS}>
        <Icon name="x" className="h-4 w-4" />
        {t("adminEnrollments.actions.reject")}
      </DialogLink>
    </>
  );
}
