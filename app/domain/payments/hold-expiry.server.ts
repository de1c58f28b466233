// Held seats that ran out (issue 37 item 2, ADR 032). At the deadline an unpaid hold expires, run by every
// instance's sweeper (app/bootstrap.server.ts): the request becomes `expired`, which frees its seat (seats
// count `approved` only), what was due goes back to zero (an adjustment: the ledger is append-only), its
// reminders are withdrawn, the student is told in their language and the expiry is audited with no actor
// (the system did it). Each row is taken with FOR UPDATE SKIP LOCKED: two instances sweeping at once
// expire each hold once, and a payment being recorded (which locks the row) is never overtaken: the
// sweeper skips the row, and the payment ends the hold.
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { enrollments } from "@db/schema/index.ts";
import { enrollmentRef, RUN_REMINDER_KIND } from "~/domain/enrollments/email-refs.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db, type Db, type Tx } from "~/lib/db.server.ts";
import { contentChanged } from "~/lib/content-version.server.ts";
import { wakeOutbox } from "~/lib/email.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { cancelPendingEmails } from "~/lib/outbox.server.ts";
import { runPeriodically, type Periodic } from "~/lib/periodic.server.ts";
import { HOLD_EXPIRED_KIND, PAYMENT_REMINDER_KIND, queueHoldEmail, STUDENT_MAIL_COLUMNS } from "./holds.server.ts";
import { LEDGER_REASONS, ledgerOf, voidDue } from "./ledger.server.ts";

export interface ExpiredHold {
  id: string;
  enrollmentId: string;
  runId: string | null;
}

/**
 * Expires the holds whose deadline has passed by `now` (at most `limit` per call, the oldest first), each
 * in its own transaction so one failure never holds back the rest. Returns the requests expired. `db`: another
 * connection pool (a second instance, in tests).
 */
export async function expireHolds(opts: { now?: Date; limit?: number; db?: Db } = {}): Promise<ExpiredHold[]> {
  const now = opts.now ?? new Date();
  const database = opts.db ?? db();
  const due = await database
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.status, "approved"), isNotNull(enrollments.holdExpiresAt), lte(enrollments.holdExpiresAt, now)))
    .orderBy(asc(enrollments.holdExpiresAt))
    .limit(opts.limit ?? 100);
  const expired: ExpiredHold[] = [];
  for (const { id } of due) {
    const one = await database.transaction((tx) => expireOne(tx, id, now));
    if (one) expired.push(one);
  }
  return expired;
}

/** One hold: taken only if still approved, still held, past its deadline and not locked by a payment. */
async function expireOne(tx: Tx, id: string, now: Date): Promise<ExpiredHold | null> {
  const [row] = await tx
    .select({
      ...STUDENT_MAIL_COLUMNS,
      runId: enrollments.runId,
      holdExpiresAt: enrollments.holdExpiresAt,
    })
    .from(enrollments)
    .where(and(eq(enrollments.id, id), eq(enrollments.status, "approved"), isNotNull(enrollments.holdExpiresAt), lte(enrollments.holdExpiresAt, now)))
    .for("update", { skipLocked: true });
  if (!row || !row.holdExpiresAt) return null;
  const before = await ledgerOf(tx, id);
  await tx.update(enrollments).set({ status: "expired", updatedAt: now }).where(eq(enrollments.id, id));
  await voidDue(tx, null, [id], LEDGER_REASONS.holdExpired);
  await cancelPendingEmails(tx, [enrollmentRef(id)], [PAYMENT_REMINDER_KIND, RUN_REMINDER_KIND]);
  await queueHoldEmail(tx, HOLD_EXPIRED_KIND, row, { balancePiastres: before.balance, deadline: row.holdExpiresAt });
  await recordAudit(tx, null, {
    action: "hold.expire",
    entity: "enrollment",
    entityId: id,
    data: { enrollmentId: row.enrollmentId, from: "approved", to: "expired", heldUntil: row.holdExpiresAt.toISOString(), duePiastres: before.due, ...(row.runId ? { runId: row.runId } : {}) },
  });
  return { id, enrollmentId: row.enrollmentId, runId: row.runId };
}

/**
 * Every instance sweeps on its own (a hold is expired once, see the header): soon after start, so holds that
 * ran out while no server ran are expired first, then every `intervalSeconds`. When seats were freed, the
 * public pages' seat counts change (contentChanged) and the notices leave at once (wakeOutbox).
 */
export function scheduleHoldSweep(intervalSeconds: number): Periodic {
  return runPeriodically(
    "held seat sweep",
    async () => {
      const expired = await expireHolds();
      if (expired.length === 0) return;
      logger.info({ count: expired.length, enrollments: expired.map((e) => e.enrollmentId) }, "expired unpaid seat holds");
      await contentChanged();
      await wakeOutbox();
    },
    { firstMs: Math.min(5_000, intervalSeconds * 1000), intervalMs: intervalSeconds * 1000 },
  );
}
