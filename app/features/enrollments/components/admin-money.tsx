// The money of one enrollment in its details (issue 37 item 1): what is due, paid and left, and every entry
// of its ledger with who-knows-why (a method and reference, or a reason), for staff with payments:view.
// Amounts arrive in piastres and are formatted here, at the edge (formatPiastres).
import { useI18n } from "~/lib/use-i18n.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Ltr } from "~/components/ui/bidi.tsx";
import { LEDGER_REASONS, type LedgerSummary } from "~/domain/payments/ledger.ts";
import { formatDateTime } from "~/lib/format.ts";
import { formatPiastres } from "~/lib/money.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { Wire } from "~/lib/wire.ts";

const SYSTEM_REASONS: Record<string, string> = {
  [LEDGER_REASONS.approvalUndone]: "adminEnrollments.payments.reasons.approvalUndone",
  [LEDGER_REASONS.backToPending]: "adminEnrollments.payments.reasons.backToPending",
  [LEDGER_REASONS.holdExpired]: "adminEnrollments.payments.reasons.holdExpired",
  [LEDGER_REASONS.withdrawn]: "adminEnrollments.payments.reasons.withdrawn",
};

export function EnrollmentMoney({ money, approved, locale }: { money: Wire<LedgerSummary>; approved: boolean; locale: Locale }) {
  const { t } = useI18n();
  const p = (key: string) => t(`adminEnrollments.payments.${key}`);
  const amount = (piastres: number) => <Ltr>{formatPiastres(piastres, locale)}</Ltr>;
  if (money.entries.length === 0) {
    return approved ? <span data-testid="enrollment-money">{p("free")}</span> : null;
  }
  return (
    <div data-testid="enrollment-money" className="space-y-2">
      <dl className="grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-0.5">
        <dt className="text-slate-600">{p("due")}</dt>
        <dd data-money="due">{amount(money.due)}</dd>
        <dt className="text-slate-600">{p("paid")}</dt>
        <dd data-money="paid">{amount(money.paid)}</dd>
        {money.refunded > 0 && (
          <>
            <dt className="text-slate-600">{p("refunded")}</dt>
            <dd data-money="refunded">{amount(money.refunded)}</dd>
          </>
        )}
        <dt className="font-semibold">{p("balance")}</dt>
        <dd data-money="balance" className="font-semibold">
          {amount(money.balance)}
          {money.balance <= 0 && money.due > 0 && (
            <span className="ms-2 inline-block align-middle">
              <Badge tone="green">{p("settled")}</Badge>
            </span>
          )}
        </dd>
      </dl>
      <details className="text-slate-700">
        <summary className="cursor-pointer text-teal-900 underline">{p("history")}</summary>
        <ol className="mt-2 space-y-2">
          {money.entries.map((e) => (
            <li key={e.id} data-ledger-kind={e.kind}>
              {/* What happened and how much (a payment or refund as the amount moved; an adjustment signed) … */}
              <span className="flex flex-wrap gap-x-2">
                <span>{t(`adminEnrollments.payments.kinds.${e.kind}`)}</span>
                <b className="font-semibold">{amount(e.amountPiastres)}</b>
              </span>
              {/* … then when, how and why, each part its own so mixed directions never run together. */}
              <span className="flex flex-wrap gap-x-3 text-xs text-slate-600">
                <time dateTime={new Date(e.createdAt).toISOString()}>{formatDateTime(e.createdAt, locale)}</time>
                {e.method && <span>{t(`adminEnrollments.payments.methods.${e.method}`)}</span>}
                {e.reference && <bdi dir="auto">{e.reference}</bdi>}
                {e.receiptNumber && (
                  <span data-receipt="">
                    {t("adminEnrollments.payments.receipt")} <bdi dir="ltr">{e.receiptNumber}</bdi>
                  </span>
                )}
                {e.reason && <bdi dir="auto">{SYSTEM_REASONS[e.reason] ? t(SYSTEM_REASONS[e.reason]!) : e.reason}</bdi>}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
