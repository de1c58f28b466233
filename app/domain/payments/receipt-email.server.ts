// Queues a payment's receipt email to the student (issue 37 item 8), in the payment's transaction: it
// leaves only if the payment is written, in the student's language, through the outbox.
import { enrollmentRef } from "~/domain/enrollments/email-refs.ts";
import { enrollmentPageUrl, receiptPagePath } from "~/domain/enrollments/enrollment-link.server.ts";
import { renderPaymentReceiptEmail } from "~/emails/payment-receipt.ts";
import type { Tx } from "~/lib/db.server.ts";
import { emailT, loadMailContext } from "~/lib/email.server.ts";
import { env } from "~/lib/env.server.ts";
import { isLocale } from "~/lib/i18n.ts";
import { enqueueEmail } from "~/lib/outbox.server.ts";

export const RECEIPT_EMAIL_KIND = "payment-receipt";

export async function sendReceipt(
  tx: Tx,
  enrollment: { id: string; enrollmentId: string; studentName: string; studentEmail: string; courseName: string; locale: string },
  payment: { receiptNumber: string; amountPiastres: number; method: string; at: Date; balance: number },
): Promise<void> {
  const locale = isLocale(enrollment.locale) ? enrollment.locale : "en";
  const mail = await loadMailContext(tx);
  const email = renderPaymentReceiptEmail({
    locale,
    t: emailT(locale),
    brand: mail.brandName(locale),
    studentName: enrollment.studentName,
    courseName: enrollment.courseName,
    enrollmentId: enrollment.enrollmentId,
    receiptNumber: payment.receiptNumber,
    amountPiastres: payment.amountPiastres,
    method: payment.method,
    at: payment.at,
    balancePiastres: payment.balance,
    pageUrl: enrollmentPageUrl(env().PUBLIC_URL, locale, enrollment.enrollmentId),
    receiptUrl: new URL(receiptPagePath(locale, enrollment.enrollmentId, payment.receiptNumber), env().PUBLIC_URL).toString(),
  });
  await enqueueEmail(tx, {
    kind: RECEIPT_EMAIL_KIND,
    to: enrollment.studentEmail,
    ...(mail.providerEmail ? { replyTo: mail.providerEmail } : {}),
    subject: email.subject,
    text: email.text,
    html: email.html,
    ref: enrollmentRef(enrollment.id),
  });
}
