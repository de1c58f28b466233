// The receipt a student gets when a payment is recorded (issue 37 items 6 and 8), in the student's
// language: the receipt number, the amount, how it was paid, when (Cairo time), what is left, and the
// link to their enrollment page. Strings: "paymentEmails.*" in payment-emails.json (server only).
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatPiastres } from "~/lib/money.ts";
import { ltrToken, renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface PaymentReceiptEmailInput {
  locale: "en" | "ar";
  t: EmailT;
  brand: string;
  studentName: string;
  courseName: string;
  enrollmentId: string;
  receiptNumber: string;
  amountPiastres: number;
  method: string;
  at: Date;
  /** Still to pay after this payment (0 or less: paid in full). */
  balancePiastres: number;
  pageUrl: string;
  /** The receipt's own printable page (issue 37 item 6). */
  receiptUrl: string;
}

export function renderPaymentReceiptEmail(input: PaymentReceiptEmailInput): RenderedEmail {
  const { locale, t, brand } = input;
  const k = "paymentEmails.receipt";
  const amount = ltrToken(formatPiastres(input.amountPiastres, locale), locale);
  const paidInFull = input.balancePiastres <= 0;
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t(`${k}.heading`),
    paragraphs: [
      t("email.greeting", { name: input.studentName }),
      t(`${k}.intro`, { amount, course: input.courseName }),
      paidInFull ? t(`${k}.paidInFull`) : t(`${k}.left`, { amount: ltrToken(formatPiastres(input.balancePiastres, locale), locale) }),
    ],
    links: [
      { label: t("paymentEmails.receipt.receiptLink"), url: input.receiptUrl },
      { label: t("enrollmentEmails.pageLink"), url: input.pageUrl },
    ],
    fields: [
      { label: t(`${k}.fields.number`), value: ltrToken(input.receiptNumber, locale) },
      { label: t(`${k}.fields.amount`), value: amount },
      { label: t(`${k}.fields.method`), value: t(`paymentEmails.methods.${input.method}`) },
      { label: t(`${k}.fields.date`), value: `${formatRunMoment(input.at, locale, "long")} (${t("runs.cairoTime")})` },
      { label: t(`${k}.fields.course`), value: input.courseName },
      { label: t(`${k}.fields.enrollmentId`), value: ltrToken(input.enrollmentId, locale) },
    ],
    footer: t("email.footer", { brand }),
  });
  return { subject: t(`${k}.subject`, { number: input.receiptNumber, course: input.courseName }), text, html };
}
