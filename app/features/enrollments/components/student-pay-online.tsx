// "Pay online" on the student's page (issue 37 item 5): while an approved seat owes money and Paymob is
// configured, a plain form (no JavaScript needed) posts to /enrollment/<ref>/pay, which sends the browser
// to Paymob's checkout. On the way back the page says where the latest attempt stands, as our records have
// it: the callback from Paymob settles, the return never does.
import type { OnlinePaymentStatus } from "@db/schema/payments.ts";
import type { Locale } from "~/lib/i18n.ts";
import { formatPiastres } from "~/lib/money.ts";
import { useI18n } from "~/lib/use-i18n.ts";

/** What `?online=` may say: back from the checkout, or why the payment could not start. */
export const ONLINE_NOTES = ["back", "not-owed", "too-many", "unavailable"] as const;
export type OnlineNote = (typeof ONLINE_NOTES)[number];

export function onlineNote(value: string | null): OnlineNote | null {
  return (ONLINE_NOTES as readonly string[]).includes(value ?? "") ? (value as OnlineNote) : null;
}

const ERROR_KEYS: Record<Exclude<OnlineNote, "back">, string> = { "not-owed": "notOwed", "too-many": "tooManyRequests", unavailable: "unavailable" };

export function StudentPayOnline({
  action,
  token,
  online,
  note,
  balancePiastres,
  locale,
}: {
  action: string;
  token: string;
  online: { offered: boolean; latest: OnlinePaymentStatus | null };
  note: OnlineNote | null;
  balancePiastres: number;
  locale: Locale;
}) {
  const { t } = useI18n();
  const m = (key: string, options?: Record<string, unknown>) => t(`myEnrollment.online.${key}`, options);
  const back = note === "back" && online.latest ? online.latest : null;
  const error = note && note !== "back" ? ERROR_KEYS[note] : null;
  if (!online.offered && !back && !error) return null;
  const amount = <bdi dir="ltr">{formatPiastres(balancePiastres, locale)}</bdi>;
  return (
    <section id="pay-online" aria-labelledby="pay-online-title" className="mt-6 rounded-xl border border-teal-700 p-4">
      <h2 id="pay-online-title" className="font-semibold text-slate-900">
        {m("title")}
      </h2>
      {back && (
        <p role="status" data-online={back} className={`mt-2 rounded-lg p-3 text-sm ${back === "failed" ? "bg-red-50 text-red-900" : "bg-teal-50 text-teal-950"}`}>
          {m(`back.${back}`)}
        </p>
      )}
      {error && (
        <p role="alert" data-online-error={note} className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {m(`errors.${error}`)}
        </p>
      )}
      {online.offered && (
        <>
          <p className="mt-2 text-sm text-slate-800">{m("intro")}</p>
          {/* A plain form: its answer is a redirect to Paymob, which a client-side submission could not follow. */}
          <form method="post" action={action} className="mt-3">
            <input type="hidden" name="t" value={token} />
            <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800">
              {m("pay")}&nbsp;{amount}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
