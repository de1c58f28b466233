// "How to pay" on the student's page (issue 37 item 4): the manual methods staff switched on in Settings →
// Payments, each with its details in the page's language; numbers, addresses and IBANs are isolated left to
// right in either language. Shown while an approved seat still owes money.
import type { MethodToShow } from "~/domain/payments/payment-methods.ts";
import { useI18n } from "~/lib/use-i18n.ts";

export function StudentPayMethods({ methods, reference }: { methods: MethodToShow[]; reference: string }) {
  const { t } = useI18n();
  const m = (key: string, options?: Record<string, unknown>) => t(`myEnrollment.${key}`, options);
  if (methods.length === 0) return null;
  return (
    <section aria-labelledby="my-pay" className="mt-6 rounded-xl border border-slate-200 p-4" data-testid="my-pay-methods">
      <h2 id="my-pay" className="font-semibold text-slate-900">
        {m("pay.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {m("pay.intro")} <bdi dir="ltr" className="whitespace-nowrap font-mono">{reference}</bdi>
      </p>
      <ul className="mt-3 space-y-3">
        {methods.map(({ method, lines }) => (
          <li key={method} data-method={method} className="rounded-lg bg-slate-50 p-3">
            <h3 className="text-sm font-semibold text-slate-900">{m(`methods.${method}`)}</h3>
            {/* On a phone each detail sits under its label (an address or an IBAN keeps the width it needs);
                from `sm` the labels share one column width in every card, so the values line up. */}
            <dl className="mt-1 grid gap-x-4 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-y-1">
              {lines.map((line) => (
                <div key={line.key} className="contents">
                  <dt className="mt-2 text-xs text-slate-700 sm:mt-0 sm:text-sm">{m(`pay.details.${line.key}`)}</dt>
                  <dd className="min-w-0 break-words text-slate-900">
                    {line.ltr ? (
                      <bdi dir="ltr" className="font-mono select-all">
                        {line.value}
                      </bdi>
                    ) : (
                      <bdi dir="auto">{line.value}</bdi>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-700">{m("pay.after")}</p>
    </section>
  );
}
