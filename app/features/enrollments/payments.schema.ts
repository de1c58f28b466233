// The staff forms for an enrollment's money (issue 37 item 1), checked by the same schemas in the browser
// and on the server: record a payment received (cash at the office, a transfer staff checked) and set what
// is due in all, with a reason. Amounts are typed in Egyptian pounds ("2500", "2,500.50", Arabic-Indic
// digits too) and become integer piastres here, by text, never through a float.
import { z } from "zod";
import { isUuid } from "./enrollments-admin.schema.ts";
import { MANUAL_METHODS } from "~/domain/payments/payment-methods.ts";
import { piastresFromText } from "~/lib/money.ts";

export const PAYMENT_ERRORS = {
  amountInvalid: "adminEnrollments.payments.errors.amountInvalid",
  amountZero: "adminEnrollments.payments.errors.amountZero",
  reasonRequired: "adminEnrollments.payments.errors.reasonRequired",
  referenceRequired: "adminEnrollments.payments.errors.referenceRequired",
  methodRequired: "adminEnrollments.payments.errors.methodRequired",
  invalidRequest: "adminEnrollments.errors.invalidRequest",
} as const;

/** What staff may record by hand (the domain's list); Paymob's payments come only from its verified callback. */
export { MANUAL_METHODS };
/** How money may be given back: by hand, or through Paymob for a payment it took. */
export const REFUND_METHODS = [...MANUAL_METHODS, "paymob"] as const;

const amount = (allowZero: boolean) =>
  z
    .string({ error: PAYMENT_ERRORS.amountInvalid })
    .transform((text, ctx) => {
      const piastres = piastresFromText(text);
      if (piastres === null) {
        ctx.addIssue({ code: "custom", message: PAYMENT_ERRORS.amountInvalid });
        return z.NEVER;
      }
      if (!allowZero && piastres === 0) {
        ctx.addIssue({ code: "custom", message: PAYMENT_ERRORS.amountZero });
        return z.NEVER;
      }
      return piastres;
    });

const enrollment = z.string().refine(isUuid, { error: PAYMENT_ERRORS.invalidRequest });

export const recordPaymentSchema = z.object({
  intent: z.literal("recordPayment"),
  id: enrollment,
  amount: amount(false),
  method: z.enum(MANUAL_METHODS, { error: PAYMENT_ERRORS.methodRequired }),
  reference: z
    .string({ error: PAYMENT_ERRORS.referenceRequired })
    .trim()
    .min(1, { error: PAYMENT_ERRORS.referenceRequired })
    .max(200, { error: PAYMENT_ERRORS.referenceRequired }),
});

export const setDueSchema = z.object({
  intent: z.literal("setDue"),
  id: enrollment,
  amount: amount(true),
  reason: z
    .string({ error: PAYMENT_ERRORS.reasonRequired })
    .trim()
    .min(1, { error: PAYMENT_ERRORS.reasonRequired })
    .max(500, { error: PAYMENT_ERRORS.reasonRequired }),
});

/** Give money back (payments:refund): the amount, how it went back, and why (kept in the ledger). */
export const recordRefundSchema = z.object({
  intent: z.literal("recordRefund"),
  id: enrollment,
  amount: amount(false),
  method: z.enum(REFUND_METHODS, { error: PAYMENT_ERRORS.methodRequired }),
  reason: z
    .string({ error: PAYMENT_ERRORS.reasonRequired })
    .trim()
    .min(1, { error: PAYMENT_ERRORS.reasonRequired })
    .max(500, { error: PAYMENT_ERRORS.reasonRequired }),
});
