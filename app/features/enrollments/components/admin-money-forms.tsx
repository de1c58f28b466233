// Staff record money on an approved request from its details (issue 37 item 1), with payments:verify:
// "Record a payment" (amount in pounds, how it came, its reference: a transfer number, a receipt book's)
// and "Change the amount due" (a discount, a scholarship; the reason is kept). Each is a disclosure with
// one small form of the form kit, posted to the page's action; the details show the new totals after it
// (the page's data is read again), and a toast says what was written.
import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FormStart, useDialogForm } from "~/components/admin/form-kit.tsx";
import { SelectField, TextAreaField, TextField } from "~/components/forms/field-controls.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import type { EnrollmentsReply } from "../enrollments-admin.schema.ts";
import { MANUAL_METHODS, recordPaymentSchema, recordRefundSchema, REFUND_METHODS, setDueSchema } from "../payments.schema.ts";

function Disclosure({ summary, children, open }: { summary: string; children: ReactNode; open: boolean }) {
  return (
    <details open={open || undefined} className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer font-medium text-teal-900">{summary}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

function RecordPaymentForm({ id, action, initialReply }: { id: string; action: string; initialReply?: EnrollmentsReply }) {
  const { t } = useI18n();
  const p = (key: string) => t(`adminEnrollments.payments.${key}`);
  const { fetcher, form, fields, reply, busy } = useDialogForm<EnrollmentsReply, typeof recordPaymentSchema>({
    intent: "recordPayment",
    schema: recordPaymentSchema,
    initialReply,
    onSuccess: () => {
      showToast("success", p("recorded"));
      form.reset();
    },
  });
  return (
    <Disclosure summary={p("record")} open={reply?.ok === false}>
      <fetcher.Form method="post" action={action} {...getFormProps(form)} noValidate preventScrollReset className="space-y-3">
        <FormStart form={form} reply={reply} hidden={{ intent: "recordPayment", id }} />
        <TextField meta={fields.amount} label={p("amount")} hint={p("amountHint")} inputMode="decimal" dir="ltr" required />
        <SelectField meta={fields.method} label={p("method")} required>
          <option value="">{p("chooseMethod")}</option>
          {MANUAL_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`adminEnrollments.payments.methods.${m}`)}
            </option>
          ))}
        </SelectField>
        <TextField meta={fields.reference} label={p("reference")} hint={p("referenceHint")} dir="auto" maxLength={200} required />
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className="btn-primary inline-flex px-4 py-2 text-sm disabled:opacity-60">
            {busy ? p("saving") : p("recordSubmit")}
          </button>
        </div>
      </fetcher.Form>
    </Disclosure>
  );
}

function SetDueForm({ id, action, initialReply }: { id: string; action: string; initialReply?: EnrollmentsReply }) {
  const { t } = useI18n();
  const p = (key: string) => t(`adminEnrollments.payments.${key}`);
  const { fetcher, form, fields, reply, busy } = useDialogForm<EnrollmentsReply, typeof setDueSchema>({
    intent: "setDue",
    schema: setDueSchema,
    initialReply,
    onSuccess: () => {
      showToast("success", p("dueChanged"));
      form.reset();
    },
  });
  return (
    <Disclosure summary={p("changeDue")} open={reply?.ok === false}>
      <fetcher.Form method="post" action={action} {...getFormProps(form)} noValidate preventScrollReset className="space-y-3">
        <FormStart form={form} reply={reply} hidden={{ intent: "setDue", id }} />
        <TextField meta={fields.amount} label={p("newDue")} hint={p("amountHint")} inputMode="decimal" dir="ltr" required />
        <TextAreaField meta={fields.reason} label={p("reason")} hint={p("reasonHint")} dir="auto" rows={2} maxLength={500} required />
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className="btn-secondary inline-flex px-4 py-2 text-sm disabled:opacity-60">
            {busy ? p("saving") : p("changeDueSubmit")}
          </button>
        </div>
      </fetcher.Form>
    </Disclosure>
  );
}

function RefundForm({ id, action, initialReply }: { id: string; action: string; initialReply?: EnrollmentsReply }) {
  const { t } = useI18n();
  const p = (key: string) => t(`adminEnrollments.payments.${key}`);
  const { fetcher, form, fields, reply, busy } = useDialogForm<EnrollmentsReply, typeof recordRefundSchema>({
    intent: "recordRefund",
    schema: recordRefundSchema,
    initialReply,
    onSuccess: () => {
      showToast("success", p("refundRecorded"));
      form.reset();
    },
  });
  return (
    <Disclosure summary={p("refund")} open={reply?.ok === false}>
      <fetcher.Form method="post" action={action} {...getFormProps(form)} noValidate preventScrollReset className="space-y-3">
        <FormStart form={form} reply={reply} hidden={{ intent: "recordRefund", id }} />
        <TextField meta={fields.amount} label={p("amount")} hint={p("refundHint")} inputMode="decimal" dir="ltr" required />
        <SelectField meta={fields.method} label={p("refundMethod")} required>
          <option value="">{p("chooseMethod")}</option>
          {REFUND_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`adminEnrollments.payments.methods.${m}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField meta={fields.reason} label={p("reason")} hint={p("refundReasonHint")} dir="auto" rows={2} maxLength={500} required />
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className="btn-secondary inline-flex px-4 py-2 text-sm disabled:opacity-60">
            {busy ? p("saving") : p("refundSubmit")}
          </button>
        </div>
      </fetcher.Form>
    </Disclosure>
  );
}

/**
 * The forms a staff member may use: record a payment and change what is due (payments:verify, on an
 * approved request), give money back (payments:refund, whenever money was received and not yet returned).
 */
export function EnrollmentMoneyForms({
  id,
  action,
  initialReply,
  canVerify,
  canRefund,
}: {
  id: string;
  action: string;
  initialReply?: EnrollmentsReply;
  canVerify: boolean;
  canRefund: boolean;
}) {
  return (
    <div className="space-y-2" data-testid="enrollment-money-forms">
      {canVerify && <RecordPaymentForm id={id} action={action} initialReply={initialReply} />}
      {canVerify && <SetDueForm id={id} action={action} initialReply={initialReply} />}
      {canRefund && <RefundForm id={id} action={action} initialReply={initialReply} />}
    </div>
  );
}
