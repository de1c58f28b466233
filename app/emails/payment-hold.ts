// The held seat's emails (issue 37 items 2 and 8), in the student's language: the reminder halfway to the
// deadline (what is due, by when in Cairo time, the link to pay) and the notice that an unpaid hold
// expired (the seat was released; staff can be asked to approve the request again). Strings:
// "paymentEmails.reminder.*" and "paymentEmails.expired.*" in payment-emails.json (server only).
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatPiastres } from "~/lib/money.ts";
import { ltrToken, renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface HoldEmailInput {
  locale: "en" | "ar";
  t: EmailT;
  brand: string;
  studentName: string;
  courseName: string;
  enrollmentId: string;
  /** What is still to pay. */
  balancePiastres: number;
  /** When the hold ends (or ended). */
  deadline: Date;
  pageUrl: string;
}

function holdEmail(input: HoldEmailInput, k: string): RenderedEmail {
  const { locale, t, brand } = input;
  const amount = ltrToken(formatPiastres(input.balancePiastres, locale), locale);
  const deadline = `${formatRunMoment(input.deadline, locale, "long")} (${t("runs.cairoTime")})`;
  const vars = { amount, deadline, course: input.courseName };
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t(`${k}.heading`),
    paragraphs: [t("email.greeting", { name: input.studentName }), t(`${k}.intro`, vars), t(`${k}.next`, vars)],
    links: [{ label: t("enrollmentEmails.pageLink"), url: input.pageUrl }],
    fields: [
      { label: t("paymentEmails.fields.course"), value: input.courseName },
      { label: t("paymentEmails.fields.amountDue"), value: amount },
      { label: t(`${k}.deadlineLabel`), value: deadline },
      { label: t("paymentEmails.fields.enrollmentId"), value: ltrToken(input.enrollmentId, locale) },
    ],
    footer: t("email.footer", { brand }),
  });
  return { subject: t(`${k}.subject`, { course: input.courseName }), text, html };
}

/** Halfway to the deadline: the seat is still held, this is what to pay and by when. */
export function renderPaymentReminderEmail(input: HoldEmailInput): RenderedEmail {
  return holdEmail(input, "paymentEmails.reminder");
}

/** The deadline passed unpaid: the seat was released. */
export function renderHoldExpiredEmail(input: HoldEmailInput): RenderedEmail {
  return holdEmail(input, "paymentEmails.expired");
}
