// Money on an enrollment (issue 37 item 1, D29): the append-only ledger (db/schema/payments.ts) and what is
// derived from it. Amounts are integer piastres (EGP × 100) from the database to the edge.
//
// - Approving a priced request writes its `charge` in the approval's transaction: the run's price when the
//   run has one, else the course's, read as numeric and turned into piastres by the database (no float on
//   the way). A free course or run (price 0 or none) gets no charge and needs no payment.
// - Taking an approval back (undo, reopen) writes an `adjustment` that brings what is due back to zero,
//   so the history keeps both; approving again charges again.
// - Staff change what is due (a discount, a scholarship) with a reason, record money received (cash at the
//   office, a checked transfer) and refunds; each is one entry, audited. A payment carries an idempotency
//   key (its reference, or the payment attempt it settles): the same key twice, also at once from two
//   instances, writes once (the unique index decides).
// - Balance = charges + adjustments − payments + refunds; never stored apart from the entries.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { enrollmentLedger, enrollments, type PaymentMethod } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { z } from "zod";
import { db, queryRows, type Executor, type Tx } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { summarize, type LedgerSummary } from "./ledger.ts";
import { nextReceiptNumber } from "./receipts.server.ts";
import { sendReceipt } from "./receipt-email.server.ts";
import { endHolds } from "./holds.server.ts";
import { scheduleRunReminders } from "~/domain/runs/run-reminders.server.ts";

export { LEDGER_REASONS, summarize, type LedgerEntry, type LedgerSummary } from "./ledger.ts";

/** The ledger of one enrollment, oldest entry first. */
export async function ledgerOf(ex: Executor, enrollmentId: string): Promise<LedgerSummary> {
  const entries = await ex
    .select({
      id: enrollmentLedger.id,
      kind: enrollmentLedger.kind,
      amountPiastres: enrollmentLedger.amountPiastres,
      method: enrollmentLedger.method,
      reference: enrollmentLedger.reference,
      reason: enrollmentLedger.reason,
      receiptNumber: enrollmentLedger.receiptNumber,
      actorId: enrollmentLedger.actorId,
      createdAt: enrollmentLedger.createdAt,
    })
    .from(enrollmentLedger)
    .where(eq(enrollmentLedger.enrollmentId, enrollmentId))
    .orderBy(asc(enrollmentLedger.id));
  return summarize(entries);
}

/**
 * In an approval's transaction: charges each of these just-approved requests what its run costs, else its
 * course (one INSERT … SELECT; the price is numeric in the database and becomes piastres there). A request
 * whose price is none or 0 is not charged. Returns the charges written (enrollment id → piastres).
 */
export async function chargeApproved(tx: Tx, actorId: string | null, enrollmentIds: readonly string[]): Promise<Map<string, number>> {
  if (enrollmentIds.length === 0) return new Map();
  const rows = await queryRows(tx, sql`
    insert into ${enrollmentLedger} (enrollment_id, kind, amount_piastres, actor_id)
    select e.id, 'charge', round(coalesce(r.price, c.price) * 100)::bigint, ${actorId}
    from ${enrollments} e
    left join course_runs r on r.id = e.run_id
    left join courses c on c.id = e.course_id
    where e.id in (${sql.join(enrollmentIds.map((id) => sql`${id}::uuid`), sql`, `)})
      and coalesce(r.price, c.price) > 0
    returning enrollment_id, amount_piastres`, z.object({ enrollment_id: z.string(), amount_piastres: z.coerce.number() }));
  return new Map(rows.map((r) => [r.enrollment_id, r.amount_piastres]));
}

/**
 * In the transaction that takes approvals back (undo, reopen): each of these requests with something due
 * gets an adjustment that brings it to zero, with `reason`. Payments already received stay (a refund is
 * staff's decision, not a side effect).
 */
export async function voidDue(tx: Tx, actorId: string | null, enrollmentIds: readonly string[], reason: string): Promise<void> {
  if (enrollmentIds.length === 0) return;
  const due = await tx
    .select({
      enrollmentId: enrollmentLedger.enrollmentId,
      due: sql<string>`sum(${enrollmentLedger.amountPiastres})`,
    })
    .from(enrollmentLedger)
    .where(and(inArray(enrollmentLedger.enrollmentId, [...enrollmentIds]), inArray(enrollmentLedger.kind, ["charge", "adjustment"])))
    .groupBy(enrollmentLedger.enrollmentId);
  const open = due.filter((d) => Number(d.due) !== 0);
  if (open.length === 0) return;
  await tx.insert(enrollmentLedger).values(
    open.map((d) => ({ enrollmentId: d.enrollmentId, kind: "adjustment" as const, amountPiastres: -Number(d.due), reason, actorId })),
  );
}

/** Locks the enrollment's row (money on one enrollment is written one at a time) and answers it, or 404. */
async function lockEnrollment(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: enrollments.id,
      enrollmentId: enrollments.enrollmentId,
      status: enrollments.status,
      studentName: enrollments.studentName,
      studentEmail: enrollments.studentEmail,
      courseName: enrollments.courseName,
      locale: enrollments.locale,
    })
    .from(enrollments)
    .where(eq(enrollments.id, id))
    .for("update");
  if (!row) throw new AppError("not_found", "adminEnrollments.payments.errors.notFound");
  return row;
}

const MAX_PIASTRES = 100_000_000_00; // 100 million EGP: far beyond any course, well inside bigint

function checkAmount(piastres: number, { allowZero }: { allowZero: boolean }) {
  if (!Number.isSafeInteger(piastres) || piastres < 0 || piastres > MAX_PIASTRES || (!allowZero && piastres === 0)) {
    throw new AppError("bad_request", "adminEnrollments.payments.errors.amountInvalid");
  }
}

function checkReason(reason: string): string {
  const text = reason.trim();
  if (text.length < 1 || text.length > 500) throw new AppError("bad_request", "adminEnrollments.payments.errors.reasonRequired");
  return text;
}

/**
 * Staff set what an approved request owes in all (`duePiastres`, e.g. after a discount or a scholarship),
 * with a reason: one adjustment of the difference, audited. The same amount again changes nothing.
 */
export async function setAmountDue(actor: Actor, enrollmentId: string, duePiastres: number, reason: string): Promise<LedgerSummary> {
  requirePermission(actor, "payments:verify");
  checkAmount(duePiastres, { allowZero: true });
  const why = checkReason(reason);
  return db().transaction(async (tx) => {
    const row = await lockEnrollment(tx, enrollmentId);
    if (row.status !== "approved") throw new AppError("conflict", "adminEnrollments.payments.errors.notApproved");
    const before = await ledgerOf(tx, enrollmentId);
    const change = duePiastres - before.due;
    if (change === 0) return before;
    await tx.insert(enrollmentLedger).values({ enrollmentId, kind: "adjustment", amountPiastres: change, reason: why, actorId: actor.id });
    await recordAudit(tx, actor, {
      action: "payment.due",
      entity: "enrollment",
      entityId: enrollmentId,
      data: { enrollmentId: row.enrollmentId, dueBefore: before.due, dueAfter: duePiastres, reason: why },
    });
    return ledgerOf(tx, enrollmentId);
  });
}

export interface ReceivedPayment {
  amountPiastres: number;
  method: Exclude<PaymentMethod, "paymob">;
  /** The transfer's reference, the receipt book's number… (what makes it once-only with the method). */
  reference: string;
}

/**
 * Staff record money received for an approved request (cash at the office, a transfer they checked): any
 * amount (instalments are allowed), audited. The method and reference make it once-only: the same
 * reference recorded twice, also at once, is one entry (the second answers 409 and writes nothing).
 */
export async function recordPayment(actor: Actor, enrollmentId: string, payment: ReceivedPayment): Promise<LedgerSummary> {
  requirePermission(actor, "payments:verify");
  return db().transaction(async (tx) => (await writePayment(tx, actor, enrollmentId, payment)).after);
}

/**
 * recordPayment inside the caller's transaction (a proof staff accept writes its payment and its own
 * status together): checks, locks the enrollment, numbers the receipt, writes the entry once, ends the
 * hold, queues the receipt email and audits. Answers the entry's id and the ledger after it.
 */
export async function writePayment(
  tx: Tx,
  actor: Actor,
  enrollmentId: string,
  payment: ReceivedPayment,
  audit: Record<string, unknown> = {},
): Promise<{ entryId: number; receiptNumber: string; after: LedgerSummary }> {
  requirePermission(actor, "payments:verify");
  const reference = payment.reference.trim();
  return writeLedgerPayment(tx, actor, enrollmentId, { ...payment, reference, key: `payment:${payment.method}:${reference.toLowerCase()}` }, { audit });
}

/**
 * The one way a payment enters the ledger, for staff (writePayment) and for a verified outside message (a
 * Paymob callback, `actor` null): the entry under its idempotency `key` once (a second write with the same
 * key answers 409 and writes nothing), its receipt numbered in this transaction, the hold ended, the
 * receipt emailed, the audit line. `lateForHold`: money that arrived after the seat's hold expired is still
 * money received (recorded; staff decide about the seat), not refused.
 */
export async function writeLedgerPayment(
  tx: Tx,
  actor: Actor | null,
  enrollmentId: string,
  payment: { amountPiastres: number; method: PaymentMethod; reference: string; key: string },
  opts: { audit?: Record<string, unknown>; lateForHold?: boolean } = {},
): Promise<{ entryId: number; receiptNumber: string; after: LedgerSummary }> {
  checkAmount(payment.amountPiastres, { allowZero: false });
  const reference = payment.reference.trim();
  if (reference.length < 1 || reference.length > 200) throw new AppError("bad_request", "adminEnrollments.payments.errors.referenceRequired");
  const row = await lockEnrollment(tx, enrollmentId);
  const open = row.status === "approved" || (opts.lateForHold === true && row.status === "expired");
  if (!open) throw new AppError("conflict", "adminEnrollments.payments.errors.notApproved");
  // Numbered in this transaction: a refused or failed payment gives its number back (no gap).
  const receiptNumber = await nextReceiptNumber(tx);
  const written = await tx
    .insert(enrollmentLedger)
    .values({
      enrollmentId,
      kind: "payment",
      amountPiastres: payment.amountPiastres,
      method: payment.method,
      reference,
      receiptNumber,
      actorId: actor?.id ?? null,
      idempotencyKey: payment.key,
    })
    .onConflictDoNothing({ target: enrollmentLedger.idempotencyKey })
    .returning({ id: enrollmentLedger.id, createdAt: enrollmentLedger.createdAt });
  if (written.length === 0) throw new AppError("conflict", "adminEnrollments.payments.errors.duplicateReference");
  const after = await ledgerOf(tx, enrollmentId);
  // Money received ends the seat's hold (issue 37 item 2): in full it is confirmed; in part staff have
  // agreed to instalments.
  if (row.status === "approved") await endHolds(tx, [enrollmentId]);
  // Paid in full: the run reminder is written again, now for a confirmed seat (a live run's joining link).
  if (row.status === "approved" && after.balance <= 0) await scheduleRunReminders(tx, [enrollmentId]);
  await sendReceipt(tx, row, { receiptNumber, amountPiastres: payment.amountPiastres, method: payment.method, at: written[0]!.createdAt, balance: after.balance });
  await recordAudit(tx, actor, {
    action: "payment.record",
    entity: "enrollment",
    entityId: enrollmentId,
    data: {
      enrollmentId: row.enrollmentId,
      amountPiastres: payment.amountPiastres,
      method: payment.method,
      reference,
      receiptNumber,
      ...(row.status === "expired" ? { afterHoldExpired: true } : {}),
      ...opts.audit,
    },
  });
  return { entryId: written[0]!.id, receiptNumber, after };
}

/**
 * Staff give money back (a cancelled seat, an overpayment), with a reason: at most what was received and
 * not yet refunded, audited.
 */
export async function recordRefund(
  actor: Actor,
  enrollmentId: string,
  refund: { amountPiastres: number; method: PaymentMethod; reason: string },
): Promise<LedgerSummary> {
  requirePermission(actor, "payments:refund");
  checkAmount(refund.amountPiastres, { allowZero: false });
  const why = checkReason(refund.reason);
  return db().transaction(async (tx) => {
    const row = await lockEnrollment(tx, enrollmentId);
    const before = await ledgerOf(tx, enrollmentId);
    if (refund.amountPiastres > before.paid - before.refunded) throw new AppError("conflict", "adminEnrollments.payments.errors.refundTooLarge");
    await tx.insert(enrollmentLedger).values({ enrollmentId, kind: "refund", amountPiastres: refund.amountPiastres, method: refund.method, reason: why, actorId: actor.id });
    await recordAudit(tx, actor, {
      action: "payment.refund",
      entity: "enrollment",
      entityId: enrollmentId,
      data: { enrollmentId: row.enrollmentId, amountPiastres: refund.amountPiastres, method: refund.method, reason: why },
    });
    return ledgerOf(tx, enrollmentId);
  });
}

/** Staff read an enrollment's money (payments:view). */
export async function getEnrollmentLedger(actor: Actor, enrollmentId: string): Promise<LedgerSummary> {
  requirePermission(actor, "payments:view");
  return ledgerOf(db(), enrollmentId);
}
