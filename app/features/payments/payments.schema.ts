// Admin › Payments (issue 37 items 4 and 7): the review queue's two decisions on a proof of payment, checked
// by the same schemas in the browser and on the server. "Mark paid" takes the amount that actually arrived
// (typed in pounds; any amount, an instalment too) and the reference as the statement shows it; "Reject"
// takes the reason the student is emailed. No server imports here.
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { piastresFromText } from "~/lib/money.ts";

export const PAYMENTS_ERRORS = {
  invalidRequest: "adminPayments.errors.invalidRequest",
  amountInvalid: "adminEnrollments.payments.errors.amountInvalid",
  referenceRequired: "adminEnrollments.payments.errors.referenceRequired",
  reasonRequired: "adminPayments.errors.reasonRequired",
  /** A colleague decided the proof first (the domain's PROOF_ERRORS.decided). */
  decided: "adminPayments.errors.decided",
} as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const proof = z.string({ error: PAYMENTS_ERRORS.invalidRequest }).regex(UUID_RE, { error: PAYMENTS_ERRORS.invalidRequest });

export const acceptProofSchema = z.object({
  intent: z.literal("acceptProof"),
  id: proof,
  amount: z.string({ error: PAYMENTS_ERRORS.amountInvalid }).transform((text, ctx) => {
    const piastres = piastresFromText(text);
    if (!piastres) {
      ctx.addIssue({ code: "custom", message: PAYMENTS_ERRORS.amountInvalid });
      return z.NEVER;
    }
    return piastres;
  }),
  reference: z
    .string({ error: PAYMENTS_ERRORS.referenceRequired })
    .trim()
    .min(1, { error: PAYMENTS_ERRORS.referenceRequired })
    .max(200, { error: PAYMENTS_ERRORS.referenceRequired }),
});

export const rejectProofSchema = z.object({
  intent: z.literal("rejectProof"),
  id: proof,
  reason: z
    .string({ error: PAYMENTS_ERRORS.reasonRequired })
    .trim()
    .min(1, { error: PAYMENTS_ERRORS.reasonRequired })
    .max(500, { error: PAYMENTS_ERRORS.reasonRequired }),
});

export const PAYMENTS_INTENTS = ["acceptProof", "rejectProof"] as const;
export type PaymentsIntent = (typeof PAYMENTS_INTENTS)[number];

export interface PaymentsReplyFields {
  id: string;
  receiptNumber: string;
}

export type PaymentsReply = AdminReply<PaymentsIntent, PaymentsReplyFields>;

/** The file of a proof, for staff with payments:view (app/routes/api/payment-proof.ts). */
export function proofFileHref(id: string): string {
  return `/admin/payments/proofs/${encodeURIComponent(id)}`;
}

/** The payments list's filters (issue 37 item 7), read from the URL; anything unknown is the default. */
export const PAYMENT_KINDS = ["payment", "refund"] as const;
export const LIST_METHODS = ["instapay", "wallet", "bank", "cash", "paymob"] as const;
export interface PaymentListFilter {
  kind: "" | (typeof PAYMENT_KINDS)[number];
  method: "" | (typeof LIST_METHODS)[number];
  course: string;
  /** One group (run) of the chosen course; only with `course`. */
  run: string;
  /** Cairo calendar days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  page: number;
}

const DAY_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | "" => ((list as readonly string[]).includes(value ?? "") ? (value as T) : "");

export function parsePaymentListQuery(params: URLSearchParams): PaymentListFilter {
  const day = (value: string | null) => (value && DAY_RE.test(value) ? value : "");
  const page = Number(params.get("page"));
  const uuid = (value: string | null) => (UUID_RE.test(value ?? "") ? value!.toLowerCase() : "");
  const course = uuid(params.get("course"));
  return {
    kind: oneOf(PAYMENT_KINDS, params.get("kind")),
    method: oneOf(LIST_METHODS, params.get("method")),
    course,
    run: course ? uuid(params.get("run")) : "",
    from: day(params.get("from")),
    to: day(params.get("to")),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The list's query string for these filters (and a page), "" when there is none. */
export function paymentListSearch(filter: PaymentListFilter, page = filter.page): string {
  const params = new URLSearchParams();
  for (const key of ["kind", "method", "course", "run", "from", "to"] as const) if (filter[key]) params.set(key, filter[key]);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
