// "Withdraw my request" on the student's page (issue 38 item 2). A disclosure the student opens first (the
// confirmation step, without JavaScript), then a plain form posting to /enrollment/<ref>/withdraw, which
// answers with a redirect back here (?withdraw=done|paid|not-open). Its words come ready-made from the
// loader (withdrawTexts): the page is at its JavaScript budget.
import type { WithdrawTexts } from "../student-enrollment.server.ts";

export function StudentWithdraw({ action, token, texts }: { action: string; token: string; texts: WithdrawTexts | null }) {
  if (!texts) return null;
  const { notice, form } = texts;
  return (
    <section id="withdraw" aria-label={form?.summary ?? notice?.text ?? texts.paidNote ?? undefined} className="mt-8 scroll-mt-24">
      {notice && (
        <p
          role={notice.tone === "error" ? "alert" : "status"}
          data-withdraw={notice.tone}
          className={`rounded-lg p-3 text-sm ${notice.tone === "error" ? "bg-red-50 text-red-900" : "bg-teal-50 text-teal-950"}`}
        >
          {notice.text}
        </p>
      )}
      {texts.paidNote && <p className="mt-2 text-sm text-slate-700">{texts.paidNote}</p>}
      {form && (
        <details className="mt-2 rounded-xl border border-slate-300 p-4">
          <summary className="cursor-pointer font-semibold text-slate-900">{form.summary}</summary>
          <p className="mt-2 text-sm text-slate-800">{form.text}</p>
          <form method="post" action={action} className="mt-3">
            <input type="hidden" name="t" value={token} />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-lg border border-red-800 bg-white px-4 py-2 font-semibold text-red-900 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
            >
              {form.button}
            </button>
          </form>
        </details>
      )}
    </section>
  );
}
