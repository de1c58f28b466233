// The student's proof of payment form (issue 37 item 4), checked by the same schema in the browser and on
// the server: what they sent (pounds, as typed: "2500", "2,500.50", Arabic-Indic digits too), how, and the
// transfer's reference. The file itself is checked by the upload code (type by content, size).
import { z } from "zod";
import { MANUAL_METHODS } from "~/domain/payments/payment-methods.ts";
import { piastresFromText } from "~/lib/money.ts";
import { PROOF_FORM_ERRORS, PROOF_REFERENCE_MAX } from "./student-proof.rules.ts";


export const studentProofSchema = z.object({
  amount: z.string({ error: PROOF_FORM_ERRORS.amountInvalid }).transform((text, ctx) => {
    const piastres = piastresFromText(text);
    if (piastres === null || piastres === 0) {
      ctx.addIssue({ code: "custom", message: PROOF_FORM_ERRORS.amountInvalid });
      return z.NEVER;
    }
    return piastres;
  }),
  method: z.enum(MANUAL_METHODS, { error: PROOF_FORM_ERRORS.methodRequired }),
  reference: z
    .string({ error: PROOF_FORM_ERRORS.referenceRequired })
    .trim()
    .min(1, { error: PROOF_FORM_ERRORS.referenceRequired })
    .max(PROOF_REFERENCE_MAX, { error: PROOF_FORM_ERRORS.referenceRequired }),
});
