// The Admin Enrollments page's dialogs: the details, the reject confirmation (one row, or the ticked rows)
// and the move back to pending, in the URL (?dialog=details|reject|bulkReject|reopen&enrollment=…).
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { ConfirmDialog, ConfirmForm } from "~/components/ui/confirm.tsx";
import { DialogCancel, DialogFrame, type UrlDialog } from "~/components/ui/url-dialog.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { Email } from "~/components/ui/email.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { isReopenable, secondsText, type EnrollmentsReply } from "../enrollments-admin.schema.ts";
import type { AdminEnrollmentRow } from "../enrollments-admin.server.ts";
import type { DecisionRun } from "../run-decisions.schema.ts";
import type { LedgerSummary } from "~/domain/payments/ledger.ts";
import type { Wire } from "~/lib/wire.ts";
import { AdminEnrollmentDetails } from "./admin-details.tsx";
import type { EnrollmentDialogKind } from "./admin-status.tsx";

interface AdminEnrollmentsDialogsProps {
  dialog: UrlDialog<EnrollmentDialogKind>;
  rows: AdminEnrollmentRow[];
  details: AdminEnrollmentRow | null;
  detailsRun: DecisionRun | null;
  detailsMoney: Wire<LedgerSummary> | null;
  canEdit: boolean;
  /** May record payments and change what is due (payments:verify). */
  canVerify: boolean;
  canRefund: boolean;
  /** A payment form's answer after a post without JavaScript. */
  moneyReply?: EnrollmentsReply;
  locale: Locale;
  action: string;
  undoSeconds: number;
  /** The ticked rows the bulk confirmation rejects. */
  bulkIds: string[];
  onDone: (reply: EnrollmentsReply) => void;
  onBulkRejected: (reply: EnrollmentsReply) => void;
}

/** The four dialogs, each open when the URL names it. */
export function AdminEnrollmentsDialogs({ dialog, rows, details, detailsRun, detailsMoney, canEdit, canVerify, canRefund, moneyReply, locale, action, undoSeconds, bulkIds, onDone, onBulkRejected }: AdminEnrollmentsDialogsProps) {
  const { t } = useI18n();
  const shownDetails = dialog.kind === "details" ? details : null;
  const rejecting = dialog.kind === "reject" ? (rows.find((r) => r.id === dialog.id) ?? (details?.id === dialog.id ? details : null)) : null;
  const rejectFetcher = useFreshFetcher<EnrollmentsReply>("enrollment-reject");
  useOnSuccess(rejectFetcher, onDone);
  const reopening = canEdit && dialog.kind === "reopen" ? (rows.find((r) => r.id === dialog.id) ?? (details?.id === dialog.id ? details : null)) : null;
  const reopenFetcher = useFreshFetcher<EnrollmentsReply>("enrollment-reopen");
  useOnSuccess(reopenFetcher, onDone);
  const bulkRejectFetcher = useFreshFetcher<EnrollmentsReply>("enrollments-bulk-reject");
  useOnSuccess(bulkRejectFetcher, onBulkRejected);
  const seconds = secondsText(t, undoSeconds);
  return (
    <div className="mt-6">
      <DialogFrame
        open={Boolean(shownDetails)}
        dialog={dialog}
        guard={false}
        size="lg"
        title={t("adminEnrollments.details.title")}
        description={shownDetails ? t("adminEnrollments.details.description", { id: shownDetails.enrollmentId }) : undefined}
      >
        {shownDetails && (
          <AdminEnrollmentDetails
            run={detailsRun}
            money={detailsMoney}
            canVerify={canVerify}
            canRefund={canRefund}
            moneyReply={moneyReply}
            enrollment={shownDetails}
            locale={locale}
            canEdit={canEdit}
            action={action}
            dialog={dialog}
            onDone={dialog.finish}
          />
        )}
      </DialogFrame>
      <ConfirmDialog
        dialog={dialog}
        title={t("adminEnrollments.reject.title")}
        description={rejecting ? tIsolated(t, "adminEnrollments.reject.student", { name: rejecting.studentName }) : undefined}
        fetcher={rejectFetcher}
        action={action}
        fields={rejecting ? { intent: "reject", id: rejecting.id } : null}
        message={
          rejecting && (
            <>
              {t("adminEnrollments.reject.confirm")}{" "}
              {tIsolated(t, "adminEnrollments.reject.emailTo", { email: <Email value={rejecting.studentEmail} /> })}
            </>
          )
        }
        consequences={t("adminEnrollments.reject.undoHint", { seconds })}
        cancelLabel={t("adminEnrollments.reject.cancel")}
        submitLabel={t("adminEnrollments.reject.submit")}
        busyLabel={t("adminEnrollments.reject.rejecting")}
        failure={(r) => failureMessage(t, r)}
      />
      <DialogFrame open={canEdit && dialog.kind === "bulkReject"} dialog={dialog} guard={false} title={t("adminEnrollments.reject.bulkTitle")}>
        {bulkIds.length > 0 ? (
          <ConfirmForm
            fetcher={bulkRejectFetcher}
            action={action}
            fields={{ intent: "bulkReject", ids: bulkIds }}
            message={t("adminEnrollments.reject.bulkConfirm", { count: bulkIds.length })}
            consequences={t("adminEnrollments.reject.bulkUndoHint", { seconds })}
            cancelLabel={t("adminEnrollments.reject.cancel")}
            submitLabel={t("adminEnrollments.reject.submit")}
            busyLabel={t("adminEnrollments.reject.rejecting")}
            failure={(r) => failureMessage(t, r)}
          />
        ) : (
          <div className="space-y-4">
            <p className="text-slate-800">{t("adminEnrollments.reject.noneSelected")}</p>
            <div className="flex justify-end">
              <DialogCancel label={t("adminEnrollments.details.close")} autoFocus />
            </div>
          </div>
        )}
      </DialogFrame>
      <ConfirmDialog
        dialog={dialog}
        title={t("adminEnrollments.reopen.title")}
        description={reopening ? tIsolated(t, "adminEnrollments.reject.student", { name: reopening.studentName }) : undefined}
        fetcher={reopenFetcher}
        action={action}
        fields={
          reopening && isReopenable(reopening.status)
            ? { intent: "reopen", id: reopening.id, from: reopening.status }
            : null
        }
        message={reopening ? t("adminEnrollments.reopen.confirm", { status: t(`adminEnrollments.statusInline.${reopening.status}`) }) : null}
        consequences={t("adminEnrollments.reopen.consequences")}
        cancelLabel={t("adminEnrollments.reopen.cancel")}
        submitLabel={t("adminEnrollments.reopen.submit")}
        busyLabel={t("adminEnrollments.reopen.moving")}
        failure={(r) => failureMessage(t, r)}
      />
    </div>
  );
}
