// A payment's receipt (issue 37 item 6): the same receipt in English and in Arabic, side by side on a
// laptop and on paper (English on the left, Arabic on the right, whatever the page's language), one above
// the other on a phone (the page's language first). Printable on one A4 page: the site's header, footer
// and chat button are hidden in print, and so are this page's own links. Values that are not words (the
// receipt number, the reference, amounts) are isolated left to right; Western digits in both (D26).
import { Link } from "react-router";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatPhone } from "~/lib/phone.ts";
import type { Locale } from "~/lib/i18n.ts";
import { formatPiastres } from "~/lib/money.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { StudentReceipt } from "../student-receipt.server.ts";

export type ReceiptText = Record<
  "title" | "number" | "date" | "receivedFrom" | "reference" | "course" | "starts" | "amount" | "method" | "methodLabel" | "due" | "balanceAfter" | "paidInFull" | "cairoTime" | "note",
  string
>;

function pick(value: { en?: string; ar?: string }, lang: Locale): string {
  return value[lang]?.trim() || value[lang === "ar" ? "en" : "ar"]?.trim() || "";
}

function ReceiptHalf({ receipt: r, text: x, lang, first }: { receipt: StudentReceipt; text: ReceiptText; lang: Locale; first: boolean }) {
  const ltr = (value: string) => <bdi dir="ltr">{value}</bdi>;
  const rows: [string, React.ReactNode][] = [
    [x.number, <bdi dir="ltr" className="font-mono font-semibold">{r.number}</bdi>],
    [x.date, `${formatRunMoment(r.at, lang, "long")} (${x.cairoTime})`],
    [x.receivedFrom, <bdi dir="auto">{r.studentName}</bdi>],
    [x.reference, <bdi dir="ltr" className="font-mono">{r.reference}</bdi>],
    [x.course, <bdi dir="auto">{r.courseName}</bdi>],
    ...(r.runStartsAt ? [[x.starts, formatRunMoment(r.runStartsAt, lang, "date")] as [string, React.ReactNode]] : []),
    [x.amount, <strong className="text-lg">{ltr(formatPiastres(r.amountPiastres, lang))}</strong>],
    [x.methodLabel, x.method],
    [x.due, ltr(formatPiastres(r.duePiastres, lang))],
    [x.balanceAfter, r.balanceAfterPiastres <= 0 ? x.paidInFull : ltr(formatPiastres(r.balanceAfterPiastres, lang))],
  ];
  const name = pick(r.academy.name, lang);
  const address = pick(r.academy.address, lang);
  return (
    <section lang={lang} dir={lang === "ar" ? "rtl" : "ltr"} data-receipt-lang={lang} className={`min-w-0 ${first ? "order-first sm:order-none" : ""}`}>
      <header className="border-b-2 border-teal-800 pb-3">
        <p className="text-lg font-bold text-teal-950">{name}</p>
        {address && <p className="text-sm text-slate-700">{address}</p>}
        {(r.academy.phone || r.academy.email) && (
          <p className="text-sm text-slate-700">
            {r.academy.phone && ltr(formatPhone(r.academy.phone))}
            {r.academy.phone && r.academy.email && " · "}
            {r.academy.email && ltr(r.academy.email)}
          </p>
        )}
      </header>
      <h2 className="mt-4 text-xl font-bold text-slate-900">{x.title}</h2>
      <dl className="mt-3 divide-y divide-slate-200 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2">
            <dt className="text-slate-700">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-600">{x.note}</p>
    </section>
  );
}

export function StudentReceiptPage({ receipt, text, token, locale }: { receipt: StudentReceipt; text: Record<Locale, ReceiptText>; token: string; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`${lp(`/enrollment/${encodeURIComponent(receipt.reference)}`)}?t=${token}`} className="text-teal-900 underline">
          {t("receiptPage.back")}
        </Link>
        {/* Printing needs the browser's script; without it the browser's own Print does the same. */}
        <button
          type="button"
          onClick={() => window.print()}
          className="hidden rounded-lg bg-teal-800 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800 [html[data-hydrated]_&]:inline-flex"
        >
          {t("receiptPage.print")}
        </button>
      </div>
      <h1 className="sr-only">
        {text[locale].title} {receipt.number}
      </h1>
      <div dir="ltr" className="grid gap-8 rounded-2xl border border-slate-300 bg-white p-5 sm:grid-cols-2 sm:p-8 print:grid-cols-2 print:rounded-none print:border-0 print:p-0">
        <ReceiptHalf receipt={receipt} text={text.en} lang="en" first={locale === "en"} />
        <ReceiptHalf receipt={receipt} text={text.ar} lang="ar" first={locale === "ar"} />
      </div>
    </article>
  );
}
