// Money on an enrollment (issue 37, D29): an append-only ledger per enrollment, in integer piastres
// (EGP × 100), never floats. What the student owes and what they paid are entries, never a stored total:
// - `charge`: the amount due, snapshotted from the run's price (else the course's) when a priced request is
//   approved; a free course or run gets none;
// - `adjustment`: staff change what is due (a discount, a scholarship, an undone approval), signed, with a
//   reason;
// - `payment`: money received (method, reference), positive;
// - `refund`: money given back, positive, with a reason.
// Balance = charges + adjustments − payments + refunds (app/domain/payments/ledger.server.ts). The database
// refuses UPDATE and DELETE on the table (a trigger, migration 0016); a correction is a new entry.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { enrollments } from "./catalog.ts";

export const LEDGER_KINDS = ["charge", "adjustment", "payment", "refund"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How money came in or went back. `paymob`: Paymob's Unified Checkout; the rest are checked by staff. */
export const PAYMENT_METHODS = ["instapay", "wallet", "bank", "cash", "paymob"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const enrollmentLedger = pgTable(
  "enrollment_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      // Money is kept: an enrollment with entries cannot be deleted (erasure anonymises it instead).
      .references(() => enrollments.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amountPiastres: bigint("amount_piastres", { mode: "number" }).notNull(),
    method: text("method", { enum: PAYMENT_METHODS }),
    reference: text("reference"),
    reason: text("reason"),
    /**
     * Who wrote the entry (null: the system, e.g. a verified payment callback). No foreign key: deleting a
     * user must not rewrite money history (ON DELETE SET NULL is an UPDATE, which the table refuses).
     */
    actorId: text("actor_id"),
    /**
     * What makes the entry once-only: the approval it charges for, the payment it records. A second write
     * with the same key (a double click, a replayed callback, two instances at once) is refused by the
     * unique index and changes nothing.
     */
    idempotencyKey: text("idempotency_key").unique(),
    /**
     * A payment's receipt number, `<prefix>-<year>-<n>` (issue 37 item 6): n counts the year's receipts
     * without a gap (receipt_counters, taken in the payment's transaction, so a payment rolled back gives
     * its number back), unique across instances.
     */
    receiptNumber: text("receipt_number").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check("enrollment_ledger_kind_check", sql`${t.kind} in ('charge', 'adjustment', 'payment', 'refund')`),
    check(
      "enrollment_ledger_amount_check",
      sql`case ${t.kind} when 'charge' then ${t.amountPiastres} >= 0 when 'adjustment' then ${t.amountPiastres} <> 0 else ${t.amountPiastres} > 0 end`,
    ),
    check("enrollment_ledger_amount_range", sql`${t.amountPiastres} between -100000000000 and 100000000000`),
    check(
      "enrollment_ledger_method_check",
      sql`(${t.kind} in ('payment', 'refund')) = (${t.method} is not null) and (${t.method} is null or ${t.method} in ('instapay', 'wallet', 'bank', 'cash', 'paymob'))`,
    ),
    check("enrollment_ledger_reason_check", sql`${t.kind} not in ('adjustment', 'refund') or char_length(coalesce(${t.reason}, '')) between 1 and 500`),
    check("enrollment_ledger_text_len", sql`coalesce(char_length(${t.reference}), 0) <= 200 and coalesce(char_length(${t.reason}), 0) <= 500 and coalesce(char_length(${t.idempotencyKey}), 0) <= 200`),
    check("enrollment_ledger_receipt_check", sql`${t.receiptNumber} is null or (${t.kind} = 'payment' and char_length(${t.receiptNumber}) <= 40)`),
    index("enrollment_ledger_enrollment_idx").on(t.enrollmentId, t.id),
    // Admin › Payments › All payments, newest first (issue 37 item 7).
    index("enrollment_ledger_money_idx").on(t.createdAt, t.id).where(sql`${t.kind} in ('payment', 'refund')`),
  ],
);

/** The last receipt number given in each year (Cairo time): one row per year, taken under its row lock. */
export const receiptCounters = pgTable(
  "receipt_counters",
  {
    year: integer("year").primaryKey(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [check("receipt_counters_positive", sql`${t.lastNumber} > 0 and ${t.year} between 2000 and 2999`)],
);

/** Where a student's proof of a transfer stands: waiting for staff, turned into a payment, or refused. */
export const PROOF_STATUSES = ["pending", "accepted", "rejected"] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/**
 * A proof of payment a student uploaded from their enrollment page (issue 37 item 4): the file (stored
 * privately under `file_key`: a re-encoded image or a PDF), what they say they paid, how and with which
 * reference. Staff accept it (which writes the ledger's payment, `ledger_entry_id`) or reject it with a
 * reason the student is emailed. The money itself is only ever in the ledger.
 */
export const paymentProofs = pgTable(
  "payment_proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "restrict" }),
    fileKey: text("file_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    originalName: text("original_name"),
    sizeBytes: integer("size_bytes").notNull(),
    amountPiastres: bigint("amount_piastres", { mode: "number" }).notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    reference: text("reference").notNull(),
    status: text("status", { enum: PROOF_STATUSES }).notNull().default("pending"),
    rejectReason: text("reject_reason"),
    ledgerEntryId: bigint("ledger_entry_id", { mode: "number" }).references(() => enrollmentLedger.id, { onDelete: "restrict" }),
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check("payment_proofs_status_check", sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    check("payment_proofs_method_check", sql`${t.method} in ('instapay', 'wallet', 'bank', 'cash')`),
    check("payment_proofs_amount_check", sql`${t.amountPiastres} between 1 and 100000000000`),
    check("payment_proofs_type_check", sql`${t.contentType} in ('image/webp', 'application/pdf')`),
    check(
      "payment_proofs_text_len",
      sql`char_length(${t.reference}) between 1 and 200 and coalesce(char_length(${t.rejectReason}), 0) <= 500 and coalesce(char_length(${t.originalName}), 0) <= 255 and char_length(${t.fileKey}) <= 200`,
    ),
    check(
      "payment_proofs_review_check",
      sql`(${t.status} = 'pending') = (${t.reviewedAt} is null) and (${t.status} = 'rejected') = (${t.rejectReason} is not null) and (${t.status} = 'accepted') = (${t.ledgerEntryId} is not null)`,
    ),
    index("payment_proofs_queue_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("payment_proofs_enrollment_idx").on(t.enrollmentId, t.createdAt),
  ],
);

/** Where an online payment stands: sent to Paymob's checkout, settled by its signed callback, or declined. */
export const ONLINE_PAYMENT_STATUSES = ["created", "paid", "failed"] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

/**
 * One attempt to pay online through Paymob (issue 37 item 5, ADR 034): the amount asked (what the request
 * owed when the student chose to pay), the intention Paymob created for it and its order id, which Paymob's
 * signed callback carries (`order.id` is among the signed fields; the merchant reference is not, so it
 * only confirms). Settled only by that callback: `paid` points at the ledger's payment it wrote; a declined
 * card or wallet is `failed` with Paymob's message; a Fawry reference waits as `created` until it is paid.
 */
export const onlinePayments = pgTable(
  "online_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "restrict" }),
    amountPiastres: bigint("amount_piastres", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("EGP"),
    /** Our reference sent as Paymob's special_reference (merchant_order_id in callbacks). */
    reference: text("reference").notNull().unique(),
    intentionId: text("intention_id"),
    /** Paymob's order id for the intention: what a callback is matched on. */
    orderId: text("order_id").unique(),
    status: text("status", { enum: ONLINE_PAYMENT_STATUSES }).notNull().default("created"),
    /** The transaction that settled or declined it, and what Paymob said of a decline (no card data). */
    transactionId: text("transaction_id"),
    failure: text("failure"),
    ledgerEntryId: bigint("ledger_entry_id", { mode: "number" }).references(() => enrollmentLedger.id, { onDelete: "restrict" }),
    locale: text("locale").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check("online_payments_status_check", sql`${t.status} in ('created', 'paid', 'failed')`),
    check("online_payments_amount_check", sql`${t.amountPiastres} between 1 and 100000000000`),
    check("online_payments_paid_check", sql`(${t.status} = 'paid') = (${t.ledgerEntryId} is not null)`),
    check(
      "online_payments_text_len",
      sql`char_length(${t.reference}) <= 64 and coalesce(char_length(${t.intentionId}), 0) <= 200 and coalesce(char_length(${t.orderId}), 0) <= 64 and coalesce(char_length(${t.transactionId}), 0) <= 64 and coalesce(char_length(${t.failure}), 0) <= 300 and ${t.currency} = 'EGP' and ${t.locale} in ('en', 'ar')`,
    ),
    index("online_payments_enrollment_idx").on(t.enrollmentId, t.createdAt),
  ],
);
