// "Send a proof of payment" on the student's page (issue 37 item 4): a photo or a PDF of the transfer or
// the office's receipt, the amount, how it was paid and its reference. A plain multipart post to the page
// itself (a full page load, with or without JavaScript). The server checks it and its refusals show beside
// their fields when the page comes back, with what was typed (the kit's controls, wired from the reply:
// this page is at its JavaScript budget, so it carries no validation code of its own). The file comes last, so the fields
// before it are read even when the file is refused. Below it, the proofs already sent.
import { InputControl, SelectControl, validated } from "~/components/forms/field.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import type { ManualMethod } from "~/domain/payments/payment-methods.ts";
import type { StudentProof } from "~/domain/payments/proofs.server.ts";
import { formatDateTime } from "~/lib/format.ts";
import type { FormReply } from "~/lib/form-reply.ts";
import { fieldFromReply } from "~/lib/form-reply-field.ts";
import type { Locale } from "~/lib/i18n.ts";
import { formatPiastres, poundsText } from "~/lib/money.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { PROOF_ACCEPT, PROOF_REFERENCE_MAX } from "../student-proof.rules.ts";

const fieldFrom = (reply: FormReply | undefined, name: string) => fieldFromReply(reply, name, "proof");

export function StudentProofForm(props: {
  action: string;
  methods: ManualMethod[];
  balancePiastres: number;
  proofs: StudentProof[];
  sent: boolean;
  reply: FormReply | undefined;
  locale: Locale;
}) {
  const { t } = useI18n();
  const m = (key: string, options?: Record<string, unknown>) => t(`myEnrollment.${key}`, options);
  const file = validated(fieldFrom(props.reply, "file"), "file");
  const amount = validated(fieldFrom(props.reply, "amount"));
  const method = validated(fieldFrom(props.reply, "method"));
  const reference = validated(fieldFrom(props.reply, "reference"));
  if (props.methods.length === 0 && props.proofs.length === 0) return null;
  return (
    <section id="my-proof" aria-labelledby="my-proof-title" className="mt-6 scroll-mt-24 rounded-xl border border-slate-200 p-4" data-testid="my-proof">
      <h2 id="my-proof-title" className="font-semibold text-slate-900">
        {/* Nothing more to send (paid, or no manual method): the section is the list of proofs sent. */}
        {m(props.methods.length > 0 ? "proof.title" : "proof.sentList")}
      </h2>
      {props.sent && (
        <div className="mt-3">
          <Notice tone="success">{m("proof.sent")}</Notice>
        </div>
      )}
      {props.methods.length > 0 && (
        <>
          <p className="mt-1 text-sm text-slate-700">{m("proof.intro")}</p>
          {props.reply?.messageKey && (
            <div className="mt-3">
              <Notice tone="error" reveal>
                {t(props.reply.messageKey)}
              </Notice>
            </div>
          )}
          <form method="post" encType="multipart/form-data" action={props.action} className="mt-3 space-y-4">
            <InputControl
              wired={amount.props.defaultValue === undefined ? { ...amount, props: { ...amount.props, defaultValue: poundsText(props.balancePiastres) } } : amount}
              label={m("proof.amount")}
              hint={m("proof.amountHint")}
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
              required
            />
            <SelectControl wired={method} label={m("proof.method")} required>
              <option value="">{m("proof.chooseMethod")}</option>
              {props.methods.map((value) => (
                <option key={value} value={value}>
                  {m(`methods.${value}`)}
                </option>
              ))}
            </SelectControl>
            <InputControl
              wired={reference}
              label={m("proof.reference")}
              hint={m("proof.referenceHint")}
              maxLength={PROOF_REFERENCE_MAX}
              autoComplete="off"
              required
            />
            <InputControl
              wired={{ ...file, props: { ...file.props, defaultValue: undefined } }}
              label={m("proof.file")}
              hint={m("proof.fileHint")}
              accept={PROOF_ACCEPT}
              required
              className="block w-full text-sm file:me-3 file:rounded-md file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:font-medium file:text-teal-900"
            />
            <button type="submit" className="btn-primary inline-flex w-full justify-center px-5 py-2.5 sm:w-auto">
              {m("proof.submit")}
            </button>
          </form>
        </>
      )}
      {props.proofs.length > 0 && <SentProofs proofs={props.proofs} locale={props.locale} subheading={props.methods.length > 0} />}
    </section>
  );
}

function SentProofs({ proofs, locale, subheading }: { proofs: StudentProof[]; locale: Locale; subheading: boolean }) {
  const { t } = useI18n();
  const m = (key: string) => t(`myEnrollment.${key}`);
  const tone = { pending: "bg-amber-50 text-amber-900", accepted: "bg-teal-50 text-teal-900", rejected: "bg-red-50 text-red-800" } as const;
  return (
    <>
      {subheading && <h3 className="mt-5 text-sm font-semibold text-slate-900">{m("proof.sentList")}</h3>}
      <ul className="mt-3 space-y-2 text-sm">
        {proofs.map((p) => (
          <li key={p.id} data-proof={p.status} className="rounded-lg bg-slate-50 p-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">
                <bdi dir="ltr">{formatPiastres(p.amountPiastres, locale)}</bdi>
              </span>
              <span className="text-slate-700">{m(`methods.${p.method}`)}</span>
              <bdi dir="ltr" className="font-mono text-slate-700">
                {p.reference}
              </bdi>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[p.status]}`}>{m(`proof.status.${p.status}`)}</span>
              <time dateTime={p.at} className="text-slate-600">
                {formatDateTime(p.at, locale)}
              </time>
            </div>
            {p.rejectReason && (
              <p className="mt-1 text-slate-800">
                {m("proof.reason")}: <bdi dir="auto">{p.rejectReason}</bdi>
              </p>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
