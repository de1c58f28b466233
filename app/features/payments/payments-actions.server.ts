// The Admin › Payments action: a proof of payment accepted ("Mark paid": the ledger's payment, its receipt
// and email, the hold ended) or rejected with a reason the student is emailed. payments:verify for both;
// the page itself needs payments:view. A proof already decided (by a colleague, a double tap, another
// instance) answers 409 and writes nothing.
import { acceptProof, rejectProof } from "~/domain/payments/proofs.server.ts";
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import { acceptProofSchema, PAYMENTS_ERRORS, rejectProofSchema, type PaymentsIntent, type PaymentsReplyFields } from "./payments.schema.ts";

export const paymentsAction = adminAction<PaymentsIntent, PaymentsReplyFields>({
  guard: { permission: "payments:view" },
  invalidKey: PAYMENTS_ERRORS.invalidRequest,
  subject: (formData) => ({ id: formText(formData, "id") }),
  intents: {
    acceptProof: intent({
      permission: "payments:verify",
      schema: acceptProofSchema,
      form: true,
      run: async ({ id, amount, reference }, { actor }) => ({ id, ...(await acceptProof(actor, id, { amountPiastres: amount, reference })) }),
    }),
    rejectProof: intent({
      permission: "payments:verify",
      schema: rejectProofSchema,
      form: true,
      run: async ({ id, reason }, { actor }) => {
        await rejectProof(actor, id, reason);
        return { id };
      },
    }),
  },
});
