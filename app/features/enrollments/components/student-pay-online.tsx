// "Pay online" on the student's page (issue 37 item 5): while an approved seat owes money and Paymob is
// configured, a plain form (no JavaScript needed) posts to /enrollment/<ref>/pay, which sends the browser
// to Paymob's checkout. On the way back the page says where the latest attempt stands, as our records have
// it: the callback from Paymob settles, the return never does. Its words come ready-made from the loader
// (payOnlineTexts): the page is at its JavaScript budget, so they are not shipped as a locale file.
import type { Locale } from "~/lib/i18n.ts";
import { formatPiastres } from "~/lib/money.ts";

/** What `?online=` may say: back from the checkout, or why the payment could not start. */
export const ONLINE_NOTES = ["back", "not-owed", "too-many", "unavailable"] as const;
export type OnlineNote = (typeof ONLINE_NOTES)[number];

export function onlineNote(value: string | null): OnlineNote | null {
  return (ONLINE_NOTES as readonly string[]).includes(value ?? "") ? (value as OnlineNote) : null;
}

/** The section's words in the page's language, and the notice to show (null: none). */
export interface PayOnlineTexts {
  title: string;
  intro: string;
  pay: string;
  /** `state`: the latest attempt's (paid, created, failed) or "error". */
  notice: { state: string; text: string } | null;
  /** Whether the form is offered (an approved seat owes money, Paymob configured). */
  offered: boolean;
}

export function StudentPayOnline({ action, token, texts, balancePiastres, locale }: { action: string; token: string; texts: PayOnlineTexts | null; balancePiastres: number; locale: Locale }) {
  if (!texts) return null;
  const { notice } = texts;
  const bad = notice?.state === "failed" || notice?.state === "error";
  return (
    <section id="pay-online" aria-labelledby="pay-online-title" className="mt-6 scroll-mt-24 rounded-xl border border-teal-700 p-4">
      <h2 id="pay-online-title" className="font-semibold text-slate-900">
        {texts.title}
      </h2>
      {notice && (
        <p
          role={bad ? "alert" : "status"}
          data-online={notice.state}
          className={`mt-2 rounded-lg p-3 text-sm ${bad ? "bg-red-50 text-red-900" : "bg-teal-50 text-teal-950"}`}
        >
          {notice.text}
        </p>
      )}
      {texts.offered && (
        <>
          <p className="mt-2 text-sm text-slate-800">{texts.intro}</p>
          {/* A plain form: its answer is a redirect to Paymob, which a client-side submission could not follow. */}
          <form method="post" action={action} className="mt-3">
            <input type="hidden" name="t" value={token} />
            <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800">
              {texts.pay}&nbsp;<bdi dir="ltr">{formatPiastres(balancePiastres, locale)}</bdi>
            </button>
          </form>
        </>
      )}
    </section>
  );
}
