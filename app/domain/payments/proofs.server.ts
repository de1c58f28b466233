// Proofs of payment (issue 37 item 4): a student who paid by InstaPay, a wallet, a bank transfer or at the
// office sends a photo or a PDF of it from their enrollment page, with the amount and the reference; staff
// check it against the account and accept it (which writes the ledger's payment, its receipt and email,
// ending the hold) or reject it with a reason the student is emailed in their language.
// - Who: the student proves it by the page's token (checked by the caller, before the body is read);
//   staff need payments:view to see the queue and the files, payments:verify to decide.
// - Once: a proof is decided once. Its row is locked for the decision; a second decision (a double tap,
//   another staff member at once, another instance) finds it decided and answers 409, writing nothing.
// - Bounded: a request may have at most MAX_OPEN_PROOFS proofs waiting at a time.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { enrollmentLedger, enrollments, paymentProofs, type PaymentMethod } from "@db/schema/index.ts";
import { renderProofReceivedEmail, renderProofRejectedEmail, type ProofEmailInput } from "~/emails/payment-proof.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db, type Executor, type Tx } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { queueStudentEmail, STUDENT_MAIL_COLUMNS, studentMailBase } from "./holds.server.ts";
import { ledgerOf, writePayment } from "./ledger.server.ts";
import type { ManualMethod } from "./payment-methods.ts";

export const PROOF_RECEIVED_KIND = "payment-proof-received";
export const PROOF_REJECTED_KIND = "payment-proof-rejected";

/** Proofs one request may have waiting for staff at once. */
export const MAX_OPEN_PROOFS = 3;

export const PROOF_ERRORS = {
  notOwed: "myEnrollment.proof.errors.notOwed",
  tooMany: "myEnrollment.proof.errors.tooMany",
  notFound: "adminPayments.errors.notFound",
  decided: "adminPayments.errors.decided",
} as const;

export interface NewProof {
  fileKey: string;
  contentType: "image/webp" | "application/pdf";
  sizeBytes: number;
  originalName: string;
  amountPiastres: number;
  method: ManualMethod;
  reference: string;
}

type Student = { id: string; enrollmentId: string; studentName: string; studentEmail: string; courseName: string; locale: string; status: string };

async function lockByReference(tx: Tx, reference: string): Promise<Student | null> {
  const [row] = await tx
    .select({ ...STUDENT_MAIL_COLUMNS, status: enrollments.status })
    .from(enrollments)
    .where(eq(enrollments.enrollmentId, reference))
    .for("update");
  return row ?? null;
}

async function queueProofEmail(tx: Executor, kind: string, row: Student, proof: { amountPiastres: number; method: string; reference: string }, reason?: string) {
  const { base, replyTo } = await studentMailBase(tx, row);
  const input: ProofEmailInput = { ...base, amountPiastres: proof.amountPiastres, method: proof.method, reference: proof.reference };
  const email = reason === undefined ? renderProofReceivedEmail(input) : renderProofRejectedEmail({ ...input, reason });
  await queueStudentEmail(tx, kind, row, email, replyTo);
}

/**
 * Keeps a proof the token's holder sent for enrollment `reference` (the token is checked by the caller).
 * Refused (409) unless the request owes money and is approved or its hold expired (the student may have
 * paid just late: staff decide), or while MAX_OPEN_PROOFS wait. Returns the proof's id; null for an
 * unknown reference (the caller answers 404).
 */
export async function submitProof(reference: string, proof: NewProof): Promise<string | null> {
  return db().transaction(async (tx) => {
    const row = await lockByReference(tx, reference);
    if (!row) return null;
    const ledger = await ledgerOf(tx, row.id);
    if ((row.status !== "approved" && row.status !== "expired") || ledger.balance <= 0) throw new AppError("conflict", PROOF_ERRORS.notOwed);
    const [open] = await tx
      .select({ n: count() })
      .from(paymentProofs)
      .where(and(eq(paymentProofs.enrollmentId, row.id), eq(paymentProofs.status, "pending")));
    if ((open?.n ?? 0) >= MAX_OPEN_PROOFS) throw new AppError("conflict", PROOF_ERRORS.tooMany);
    const [written] = await tx
      .insert(paymentProofs)
      .values({ enrollmentId: row.id, ...proof })
      .returning({ id: paymentProofs.id });
    await queueProofEmail(tx, PROOF_RECEIVED_KIND, row, proof);
    await recordAudit(tx, null, {
      action: "payment.proof.submit",
      entity: "enrollment",
      entityId: row.id,
      data: { enrollmentId: row.enrollmentId, proofId: written!.id, amountPiastres: proof.amountPiastres, method: proof.method, reference: proof.reference },
    });
    return written!.id;
  });
}

export interface StudentProof {
  id: string;
  at: string;
  amountPiastres: number;
  method: string;
  reference: string;
  status: "pending" | "accepted" | "rejected";
  rejectReason: string | null;
}

/** The proofs of one enrollment, newest first (the student's page). */
export async function proofsOf(ex: Executor, enrollmentId: string): Promise<StudentProof[]> {
  const rows = await ex
    .select({
      id: paymentProofs.id,
      at: paymentProofs.createdAt,
      amountPiastres: paymentProofs.amountPiastres,
      method: paymentProofs.method,
      reference: paymentProofs.reference,
      status: paymentProofs.status,
      rejectReason: paymentProofs.rejectReason,
    })
    .from(paymentProofs)
    .where(eq(paymentProofs.enrollmentId, enrollmentId))
    .orderBy(desc(paymentProofs.createdAt))
    .limit(50);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

async function lockProof(tx: Tx, proofId: string) {
  const [proof] = await tx.select().from(paymentProofs).where(eq(paymentProofs.id, proofId)).for("update");
  if (!proof) throw new AppError("not_found", PROOF_ERRORS.notFound);
  if (proof.status !== "pending") throw new AppError("conflict", PROOF_ERRORS.decided);
  return proof;
}

/**
 * Staff accept a proof: the payment they confirm (any amount, e.g. what actually arrived; the reference as
 * it appears on the statement) is written to the ledger with its receipt, and the proof points at it.
 */
export async function acceptProof(actor: Actor, proofId: string, payment: { amountPiastres: number; reference: string }): Promise<{ receiptNumber: string }> {
  requirePermission(actor, "payments:verify");
  return db().transaction(async (tx) => {
    const proof = await lockProof(tx, proofId);
    const written = await writePayment(
      tx,
      actor,
      proof.enrollmentId,
      { amountPiastres: payment.amountPiastres, method: proof.method as Exclude<PaymentMethod, "paymob">, reference: payment.reference },
      { proofId },
    );
    await tx
      .update(paymentProofs)
      .set({ status: "accepted", ledgerEntryId: written.entryId, reviewedBy: actor.id, reviewedAt: sql`now()` })
      .where(eq(paymentProofs.id, proofId));
    return { receiptNumber: written.receiptNumber };
  });
}

/** Staff reject a proof with a reason, which the student receives in their language. */
export async function rejectProof(actor: Actor, proofId: string, reason: string): Promise<void> {
  requirePermission(actor, "payments:verify");
  const why = reason.trim();
  if (why.length < 1 || why.length > 500) throw new AppError("bad_request", "adminEnrollments.payments.errors.reasonRequired");
  await db().transaction(async (tx) => {
    const proof = await lockProof(tx, proofId);
    await tx
      .update(paymentProofs)
      .set({ status: "rejected", rejectReason: why, reviewedBy: actor.id, reviewedAt: sql`now()` })
      .where(eq(paymentProofs.id, proofId));
    const [row] = await tx
      .select({ ...STUDENT_MAIL_COLUMNS, status: enrollments.status })
      .from(enrollments)
      .where(eq(enrollments.id, proof.enrollmentId));
    await queueProofEmail(tx, PROOF_REJECTED_KIND, row!, proof, why);
    await recordAudit(tx, actor, {
      action: "payment.proof.reject",
      entity: "enrollment",
      entityId: proof.enrollmentId,
      data: { enrollmentId: row!.enrollmentId, proofId, amountPiastres: proof.amountPiastres, reference: proof.reference, reason: why },
    });
  });
}

export interface QueuedProof {
  id: string;
  at: string;
  contentType: string;
  amountPiastres: number;
  method: string;
  reference: string;
  enrollment: { id: string; reference: string; studentName: string; studentEmail: string; studentPhone: string | null; courseName: string; status: string };
  /** What the request still owes (due − paid), the amount staff compare the proof with. */
  balancePiastres: number;
}

/** The proofs waiting for staff, oldest first (payments:view), with what each request still owes. */
export async function proofQueue(actor: Actor, opts: { limit?: number } = {}): Promise<{ total: number; proofs: QueuedProof[] }> {
  requirePermission(actor, "payments:view");
  const pending = eq(paymentProofs.status, "pending");
  const [totalRow] = await db().select({ n: count() }).from(paymentProofs).where(pending);
  const balance = sql<string>`coalesce((select sum(case when l.kind in ('charge', 'adjustment', 'refund') then l.amount_piastres else -l.amount_piastres end) from ${enrollmentLedger} l where l.enrollment_id = ${paymentProofs.enrollmentId}), 0)`;
  const rows = await db()
    .select({
      id: paymentProofs.id,
      at: paymentProofs.createdAt,
      contentType: paymentProofs.contentType,
      amountPiastres: paymentProofs.amountPiastres,
      method: paymentProofs.method,
      reference: paymentProofs.reference,
      enrollmentId: enrollments.id,
      enrollmentRef: enrollments.enrollmentId,
      studentName: enrollments.studentName,
      studentEmail: enrollments.studentEmail,
      studentPhone: enrollments.studentPhone,
      courseName: enrollments.courseName,
      status: enrollments.status,
      balance,
    })
    .from(paymentProofs)
    .innerJoin(enrollments, eq(enrollments.id, paymentProofs.enrollmentId))
    .where(pending)
    .orderBy(asc(paymentProofs.createdAt))
    .limit(Math.min(Math.max(opts.limit ?? 50, 1), 200));
  return {
    total: totalRow?.n ?? 0,
    proofs: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      contentType: r.contentType,
      amountPiastres: r.amountPiastres,
      method: r.method,
      reference: r.reference,
      enrollment: { id: r.enrollmentId, reference: r.enrollmentRef, studentName: r.studentName, studentEmail: r.studentEmail, studentPhone: r.studentPhone, courseName: r.courseName, status: r.status },
      balancePiastres: Number(r.balance),
    })),
  };
}

/** A proof's stored file (payments:view), or null. */
export async function proofFile(actor: Actor, proofId: string): Promise<{ key: string; contentType: string; originalName: string | null } | null> {
  requirePermission(actor, "payments:view");
  const [row] = await db()
    .select({ key: paymentProofs.fileKey, contentType: paymentProofs.contentType, originalName: paymentProofs.originalName })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, proofId));
  return row ?? null;
}

/** How many proofs wait for staff (the dashboard's figure). */
export async function proofsAwaiting(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(paymentProofs).where(eq(paymentProofs.status, "pending"));
  return row?.n ?? 0;
}
