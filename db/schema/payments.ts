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
