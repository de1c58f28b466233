// One proof of payment in the review queue (issue 37 item 4), built for a phone: the picture (or the PDF's
// link) first, then what the request still owes beside what the student says they sent, and the two
// decisions. "Mark paid" starts from the student's amount and reference, which staff correct to what the
// statement shows; "Reject" asks for the reason the student will read.
import { getFormProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { FormStart, useDialogForm } from "~/components/admin/form-kit.tsx";
import { TextAreaField, TextField } from "~/components/forms/field-controls.tsx";
import { DANGER_BUTTON } from "~/components/ui/confirm.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import type { QueuedProof } from "~/domain/payments/proofs.server.ts";
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { formatDateTime } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { formatPiastres, poundsText } from "~/lib/money.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { acceptProofSchema, PAYMENTS_ERRORS, proofFileHref, rejectProofSchema, type PaymentsReply } from "../payments.schema.ts";

/**
 * A colleague decided this proof first (the server's 409): say so where it stays readable, a toast (the card
 * is about to go), and load the queue again, so the list shows what is left, as the message promises.
 */
function useDecidedElsewhere(state: string, reply: PaymentsReply | undefined) {
  const { t } = useI18n();
  const { revalidate } = useRevalidator();
  const told = useRef<PaymentsReply | undefined>(undefined);
  useEffect(() => {
    if (state !== "idle" || reply?.messageKey !== PAYMENTS_ERRORS.decided || told.current === reply) return;
    told.current = reply;
    showToast("error", t(PAYMENTS_ERRORS.decided));
    void revalidate();
  }, [state, reply, t, revalidate]);
}


function ProofPreview({ proof }: { proof: QueuedProof }) {
  const { t } = useI18n();
  const href = proofFileHref(proof.id);
  if (proof.contentType === "application/pdf") {
    return (
      <a href={href} target="_blank" rel="noopener" className="flex min-h-32 items-center justify-center rounded-lg bg-slate-100 p-4 font-medium text-teal-900 underline">
        {t("adminPayments.openPdf")}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener" className="block rounded-lg bg-slate-100">
      <img
        src={href}
        alt={t("adminPayments.proofAlt", { name: proof.enrollment.studentName })}
        loading="lazy"
        className="mx-auto max-h-[28rem] w-full rounded-lg object-contain"
      />
    </a>
  );
}

function MarkPaidForm({ proof, initialReply }: { proof: QueuedProof; initialReply?: PaymentsReply }) {
  const { t } = useI18n();
  const p = (key: string, options?: Record<string, unknown>) => t(`adminPayments.${key}`, options);
  const { fetcher, form, fields, reply, busy } = useDialogForm<PaymentsReply, typeof acceptProofSchema>({
    intent: "acceptProof",
    schema: acceptProofSchema,
    initialReply: initialReply?.id === proof.id ? initialReply : undefined,
    defaultValue: { amount: poundsText(proof.amountPiastres), reference: proof.reference },
    onSuccess: (r) => showToast("success", p("markedPaid", { name: proof.enrollment.studentName, receipt: r.receiptNumber ?? "" })),
  });
  useDecidedElsewhere(fetcher.state, reply);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate preventScrollReset className="space-y-3">
      <FormStart form={form} reply={reply} hidden={{ intent: "acceptProof", id: proof.id }} />
      <TextField meta={fields.amount} label={p("amountReceived")} hint={p("amountReceivedHint")} inputMode="decimal" dir="ltr" required />
      <TextField meta={fields.reference} label={p("reference")} dir="auto" maxLength={200} required />
      <button type="submit" disabled={busy} className="btn-primary inline-flex w-full justify-center px-4 py-2.5 disabled:opacity-60 sm:w-auto">
        {busy ? p("saving") : p("markPaidFor", { name: proof.enrollment.studentName })}
      </button>
    </fetcher.Form>
  );
}

function RejectForm({ proof, initialReply }: { proof: QueuedProof; initialReply?: PaymentsReply }) {
  const { t } = useI18n();
  const p = (key: string, options?: Record<string, unknown>) => t(`adminPayments.${key}`, options);
  const { fetcher, form, fields, reply, busy } = useDialogForm<PaymentsReply, typeof rejectProofSchema>({
    intent: "rejectProof",
    schema: rejectProofSchema,
    initialReply: initialReply?.id === proof.id ? initialReply : undefined,
    onSuccess: () => showToast("success", p("rejected", { name: proof.enrollment.studentName })),
  });
  useDecidedElsewhere(fetcher.state, reply);
  return (
    <details open={reply?.ok === false || undefined} className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer font-medium text-red-800">{p("reject")}</summary>
      <fetcher.Form method="post" {...getFormProps(form)} noValidate preventScrollReset className="mt-3 space-y-3">
        <FormStart form={form} reply={reply} hidden={{ intent: "rejectProof", id: proof.id }} />
        <TextAreaField meta={fields.reason} label={p("reason")} hint={p("reasonHint")} dir="auto" rows={3} maxLength={500} required />
        <button type="submit" disabled={busy} className={`${DANGER_BUTTON} w-full py-2.5 sm:w-auto`}>
          {busy ? p("saving") : p("rejectFor", { name: proof.enrollment.studentName })}
        </button>
      </fetcher.Form>
    </details>
  );
}

export function ProofCard({ proof, mayVerify, locale, actionData }: { proof: QueuedProof; mayVerify: boolean; locale: Locale; actionData?: PaymentsReply }) {
  const { t } = useI18n();
  const p = (key: string, options?: Record<string, unknown>) => t(`adminPayments.${key}`, options);
  const money = (piastres: number) => <bdi dir="ltr">{formatPiastres(piastres, locale)}</bdi>;
  const e = proof.enrollment;
  const differs = proof.amountPiastres !== proof.balancePiastres;
  return (
    <li data-proof-id={proof.id} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-2">
      <ProofPreview proof={proof} />
      <div className="min-w-0 space-y-4">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            <bdi dir="auto">{e.studentName}</bdi>
          </h2>
          <p className="text-sm text-slate-700">
            <bdi dir="auto">{e.courseName}</bdi> ·{" "}
            <a href={`${ADMIN_PATH.enrollments}?dialog=details&enrollment=${e.id}`} className="text-teal-900 underline">
              <bdi dir="ltr" className="font-mono whitespace-nowrap">
                {e.reference}
              </bdi>
            </a>
          </p>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-slate-700">{p("owed")}</dt>
          <dd className="font-semibold" data-owed="">
            {money(proof.balancePiastres)}
          </dd>
          <dt className="text-slate-700">{p("sent")}</dt>
          <dd className={differs ? "font-semibold text-amber-900" : "font-semibold"} data-sent="">
            {money(proof.amountPiastres)}
            {differs && <span className="ms-2 text-xs font-normal">({p("differs")})</span>}
          </dd>
          <dt className="text-slate-700">{p("method")}</dt>
          <dd>{t(`adminEnrollments.payments.methods.${proof.method}`)}</dd>
          <dt className="text-slate-700">{p("reference")}</dt>
          <dd className="break-words">
            <bdi dir="ltr" className="font-mono">
              {proof.reference}
            </bdi>
          </dd>
          <dt className="text-slate-700">{p("sentAt")}</dt>
          <dd>
            <time dateTime={proof.at}>{formatDateTime(proof.at, locale)}</time>
          </dd>
        </dl>
        {e.status !== "approved" && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-not-approved="">
            {p("notApproved")}
          </p>
        )}
        {mayVerify ? (
          <div className="space-y-3">
            <MarkPaidForm proof={proof} initialReply={actionData} />
            <RejectForm proof={proof} initialReply={actionData} />
          </div>
        ) : (
          <p className="text-sm text-slate-700">{p("viewOnly")}</p>
        )}
      </div>
    </li>
  );
}
