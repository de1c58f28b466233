// The proof of payment's emails (issue 37 items 4 and 8), in the student's language: "we received your
// proof" when it is uploaded, and "we could not confirm it" with staff's reason when it is rejected. A
// proof staff accept is answered by the receipt email (payment-receipt.ts). Strings:
// "paymentEmails.proofReceived.*" and "paymentEmails.proofRejected.*" in payment-emails.json.
import { formatPiastres } from "~/lib/money.ts";
import { ltrToken, renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

export interface ProofEmailInput {
  locale: "en" | "ar";
  t: EmailT;
  brand: string;
  studentName: string;
  courseName: string;
  enrollmentId: string;
  amountPiastres: number;
  method: string;
  reference: string;
  pageUrl: string;
}

function proofEmail(input: ProofEmailInput, k: string, reason?: string): RenderedEmail {
  const { locale, t, brand } = input;
  const amount = ltrToken(formatPiastres(input.amountPiastres, locale), locale);
  const reference = ltrToken(input.reference, locale);
  const method = t(`paymentEmails.methods.${input.method}`);
  const vars = { amount, course: input.courseName, method, reference };
  const paragraphs = [t("email.greeting", { name: input.studentName }), t(`${k}.intro`, vars)];
  if (reason !== undefined) paragraphs.push(t(`${k}.reason`), reason);
  paragraphs.push(t(`${k}.next`));
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: t(`${k}.heading`),
    paragraphs,
    links: [{ label: t("enrollmentEmails.pageLink"), url: input.pageUrl }],
    fields: [
      { label: t("paymentEmails.fields.course"), value: input.courseName },
      { label: t("paymentEmails.proofReceived.fields.amount"), value: amount },
      { label: t("paymentEmails.proofReceived.fields.method"), value: method },
      { label: t("paymentEmails.proofReceived.fields.reference"), value: reference },
      { label: t("paymentEmails.fields.enrollmentId"), value: ltrToken(input.enrollmentId, locale) },
    ],
    footer: t("email.footer", { brand }),
  });
  return { subject: t(`${k}.subject`, { course: input.courseName }), text, html };
}

/** The student uploaded a proof: it is waiting for staff. */
export function renderProofReceivedEmail(input: ProofEmailInput): RenderedEmail {
  return proofEmail(input, "paymentEmails.proofReceived");
}

/** Staff rejected the proof, with the reason they gave (the student's words stay as typed). */
export function renderProofRejectedEmail(input: ProofEmailInput & { reason: string }): RenderedEmail {
  return proofEmail(input, "paymentEmails.proofRejected", input.reason);
}
