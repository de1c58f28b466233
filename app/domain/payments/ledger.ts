// What the ledger of an enrollment says (issue 37 item 1), shared by the server (ledger.server.ts) and the
// staff pages: its entries, the balance rule, and the codes of the system's own reasons.
import type { LedgerKind, PaymentMethod } from "@db/schema/payments.ts";

/**
 * The reasons the system writes on its own adjustments: codes, not sentences, so each staff member reads
 * them in their language (`adminEnrollments.payments.reasons.*`).
 */
export const LEDGER_REASONS = {
  approvalUndone: "system:approval-undone",
  backToPending: "system:back-to-pending",
  holdExpired: "system:hold-expired",
  withdrawn: "system:withdrawn",
} as const;

/** Entries and totals of one enrollment, in piastres. */
export interface LedgerSummary {
  /** What the student owes in all: charges and adjustments. */
  due: number;
  /** Money received. */
  paid: number;
  /** Money given back. */
  refunded: number;
  /** Still to pay (negative: we owe the student). */
  balance: number;
  entries: LedgerEntry[];
}

export interface LedgerEntry {
  id: number;
  kind: LedgerKind;
  amountPiastres: number;
  method: PaymentMethod | null;
  reference: string | null;
  reason: string | null;
  /** A payment's receipt number (NA-2026-00042). */
  receiptNumber: string | null;
  actorId: string | null;
  createdAt: Date;
}

/** Totals of a list of entries (pure: the one place the balance rule is written). */
export function summarize(entries: readonly LedgerEntry[]): LedgerSummary {
  let due = 0;
  let paid = 0;
  let refunded = 0;
  for (const e of entries) {
    if (e.kind === "charge" || e.kind === "adjustment") due += e.amountPiastres;
    else if (e.kind === "payment") paid += e.amountPiastres;
    else refunded += e.amountPiastres;
  }
  return { due, paid, refunded, balance: due - paid + refunded, entries: [...entries] };
}

