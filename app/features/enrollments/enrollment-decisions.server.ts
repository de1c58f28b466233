// Staff decisions on enrollment requests (SPEC §4: pending → approved | rejected; issue 17 point 3), and
// taking them back; with course runs (issue 20, ADR 016 and its run section) approving takes a seat.
// Every function takes the acting staff member first and needs enrollments:edit.
//
// - A decision's email to the student waits in the outbox for the undo window (DECISION_UNDO_SECONDS,
//   30 s by default) before it may leave; it is about "enrollment:<id>" (the outbox row's ref).
// - Undo, within that window: the request is back where it was (pending, or a run's waiting list) and its
//   email is withdrawn, in one transaction, and only if the email is still waiting: once a worker has
//   claimed it, undo is refused and nothing changes (outbox.server.ts: a row is either claimed or
//   withdrawn, never both).
// - Later, a decided request can be moved back to pending: audited, no email (one still waiting is
//   withdrawn, so the student never hears of a decision that no longer stands).
// - A request whose course was deleted (course_id cleared, D22) cannot be approved; it can be rejected
//   (the email names the course as the request did, with no link to it).
// Each change is one conditional UPDATE (… WHERE status = <expected>): of two staff deciding at once one
// wins, the other is refused with a conflict and changes nothing.
//
// Runs and seats (issue 20 point 3):
// - Approving requests for runs first locks each run involved (lockRunSeats, in run id order so two
//   decisions never wait on each other), then changes the rows, then checks each run: approved before +
//   approved now must fit its capacity. If not, the whole decision is refused (409, `RunFullError`, the
//   reply says "N of N seats taken") and rolled back — unless the staff member ticked "Approve beyond
//   capacity" (`override`), which is allowed and audited (overCapacity, seats before and after). Two
//   approvals of the last seat at once: the lock makes the second count after the first commits.
// - A request on a run's waiting list ('waiting', written by the public form when the run was full) is
//   given a seat by approving it (the oldest first when staff ask for "the next"), with an email saying a
//   seat opened, or rejected; Undo puts it back on the waiting list.
// - Seats are counted live (approved requests), so moving an approved request off "approved" (undo,
//   reopen) frees its seat by itself; the reply names the next on the run's waiting list.
// - Approvals queue the run's reminder (scheduleRunReminders) in their transaction; undo and reopen
//   withdraw it (cancelRunReminders).
// - Approvals charge what a priced request owes (app/domain/payments/ledger.server.ts) and hold its seat
//   until a deadline (holds.server.ts; the approval email names both); undo and reopen bring what is due
//   back to zero with an adjustment (the ledger is append-only) and end the hold. A request whose hold
//   expired unpaid can be moved back to pending too, and approved again.
import { editConflict } from "~/lib/edit-conflict.server.ts";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { courseRuns, enrollments } from "@db/schema/index.ts";
import { renderEnrollmentStatusEmail } from "~/emails/enrollment-status.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { lockRunSeats, type CourseRunRow } from "~/domain/runs/run-seats.server.ts";
import { chargeApproved, LEDGER_REASONS, voidDue } from "~/domain/payments/ledger.server.ts";
import { endHolds, startHolds, STUDENT_MAIL_COLUMNS } from "~/domain/payments/holds.server.ts";
import { methodsToShow } from "~/domain/payments/payment-methods.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";
import { db, type Executor, type Tx } from "~/lib/db.server.ts";
import { emailT, loadMailContext, wakeOutbox } from "~/lib/email.server.ts";
import { enrollmentRef } from "~/domain/enrollments/email-refs.ts";
import { enrollmentPageUrl } from "~/domain/enrollments/enrollment-link.server.ts";
import { env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { isLocale, type Locale } from "~/lib/i18n.ts";
import { cancelPendingEmails, enqueueEmail } from "~/lib/outbox.server.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { cancelRunReminders, scheduleRunReminders } from "~/domain/runs/run-reminders.server.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { ADMIN_ENROLLMENT_ERRORS, ENROLLMENTS_BULK_MAX, isUuid, REOPEN_FROM, type Decision, type ReopenFrom } from "./enrollments-admin.schema.ts";
import { RUN_DECISION_ERRORS, type DecisionFrom, type DecisionRun, type FreedSeat, type RunFullInfo } from "./run-decisions.schema.ts";

export type { DecisionRun };

export { enrollmentRef };

/** The outbox `kind` of a decision's email. */
export function decisionEmailKind(status: Decision): string {
  return `enrollment-${status}`;
}

const DECISION_KINDS = [decisionEmailKind("approved"), decisionEmailKind("rejected")];

/** How long a decision can be undone: its email waits this long in the outbox (seconds). */
export function decisionUndoSeconds(): number {
  return env().DECISION_UNDO_SECONDS;
}

function isDecision(value: unknown): value is Decision {
  return value === "approved" || value === "rejected";
}

function isFrom(value: unknown): value is DecisionFrom {
  return value === "pending" || value === "waiting";
}

/** A refused approval: a run has no seat left for it. The reply carries `info` ("N of N seats taken"). */
export class RunFullError extends AppError {
  readonly info: RunFullInfo;
  constructor(info: RunFullInfo) {
    super("conflict", RUN_DECISION_ERRORS.runFull);
    this.info = info;
  }
}

/** The distinct ids of a selection, or the 400 of a bad one (none, too many, not ids). */
function selection(ids: readonly string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.length > ENROLLMENTS_BULK_MAX || !unique.every(isUuid)) {
    throw new AppError("bad_request", ADMIN_ENROLLMENT_ERRORS.selectionInvalid);
  }
  return unique;
}

/** Of the rows asked for, those that exist (to tell "not found" from "changed meanwhile"). */
async function existing(tx: Executor, ids: string[]) {
  return tx
    .select({ id: enrollments.id, status: enrollments.status, courseId: enrollments.courseId })
    .from(enrollments)
    .where(inArray(enrollments.id, ids));
}

type SeatLock = NonNullable<Awaited<ReturnType<typeof lockRunSeats>>>;

/** Locks these runs' rows in id order (the one order every decision takes them in) and counts their seats. */
async function lockRuns(tx: Tx, runIds: readonly (string | null)[], into = new Map<string, SeatLock>()): Promise<Map<string, SeatLock>> {
  const wanted = [...new Set(runIds.filter((id): id is string => id !== null && !into.has(id)))].sort();
  for (const runId of wanted) {
    const lock = await lockRunSeats(tx, runId);
    if (lock) into.set(runId, lock);
  }
  return into;
}

/** What approving did to one run's seats (for the audit line). */
interface SeatChange {
  run: CourseRunRow;
  before: number;
  after: number;
  over: boolean;
}

/**
 * Checks that the rows just approved fit their runs' capacity (the runs locked beforehand). A run that
 * would go beyond refuses the whole decision (RunFullError, rolled back by the caller's transaction),
 * unless `override`: then it is allowed and marked `over`.
 */
async function checkSeats(tx: Tx, changed: { runId: string | null }[], locks: Map<string, SeatLock>, override: boolean) {
  // A run not locked beforehand (the row's run changed between the read and the update): lock it now.
  await lockRuns(tx, changed.map((r) => r.runId), locks);
  const asked = new Map<string, number>();
  for (const row of changed) if (row.runId) asked.set(row.runId, (asked.get(row.runId) ?? 0) + 1);
  const seats = new Map<string, SeatChange>();
  for (const [runId, n] of [...asked].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const lock = locks.get(runId);
    if (!lock) continue; // deleted meanwhile: the request keeps no run (ON DELETE SET NULL)
    const capacity = lock.run.capacity;
    const over = capacity !== null && lock.approved + n > capacity;
    if (over && !override) {
      throw new RunFullError({ runId, startsAt: lock.run.startsAt.toISOString(), capacity: capacity!, taken: lock.approved, asked: n });
    }
    seats.set(runId, { run: lock.run, before: lock.approved, after: lock.approved + n, over });
  }
  return seats;
}

export interface StatusChange {
  /** The rows that moved from pending (or the waiting list) to the new status. */
  changed: { id: string; enrollmentId: string; studentEmail: string }[];
  /** How many distinct rows were asked for. */
  requested: number;
  /** Pending rows left alone because their course was deleted (approving only). */
  noCourse: number;
  /** How long the decision can be undone (its emails wait that long). */
  undoSeconds: number;
  /** Where the changed rows were: pending, or a run's waiting list (a single request only). */
  from: DecisionFrom;
  /** A run went beyond its capacity (the override was ticked). */
  overCapacity: boolean;
}

export interface DecisionOptions {
  /** "Approve beyond capacity": a full run takes the request anyway (audited). */
  override?: boolean;
}

/**
 * Approves or rejects enrollments. One conditional UPDATE changes exactly the selected rows that are
 * still pending (and, to approve, still have their course), so a row decided meanwhile (another tab,
 * another admin) is left alone; a single request may also be on a run's waiting list (approving it gives
 * it a seat). When none changes the request is refused (not_found or conflict) and nothing is written.
 * Approving takes seats (see the header): a full run refuses the whole decision unless `override`. In the
 * same transaction: one audit line and one email per changed row, to the student in their language, held
 * in the outbox for the undo window (D5), and the run reminders of the approved ones.
 */
export async function setEnrollmentStatus(
  actor: Actor,
  ids: readonly string[],
  status: Decision,
  options: DecisionOptions = {},
): Promise<StatusChange> {
  requirePermission(actor, "enrollments:edit");
  if (!isDecision(status)) throw new AppError("bad_request", ADMIN_ENROLLMENT_ERRORS.invalidRequest);
  const unique = selection(ids);
  let result: StatusChange;
  try {
    result = await db().transaction((tx) => decide(tx, actor, unique, status, { bulk: ids.length > 1, override: options.override === true }));
  } catch (err) {
    unexpected(err, ADMIN_ENROLLMENT_ERRORS.unexpected, "enrollment status update failed");
  }
  await wakeOutbox();
  return result;
}

/**
 * Gives the first request on a run's waiting list (the oldest) a seat: an approval, refused when the run
 * is full unless `override`. 404 for a run that does not exist, 409 when nobody is waiting.
 */
export async function promoteNextWaiting(actor: Actor, runId: string, options: DecisionOptions = {}): Promise<StatusChange> {
  requirePermission(actor, "enrollments:edit");
  if (!isUuid(runId)) throw new AppError("bad_request", ADMIN_ENROLLMENT_ERRORS.invalidRequest);
  let result: StatusChange;
  try {
    result = await db().transaction(async (tx) => {
      // The run first (every decision locks runs before rows), so the next in line is read under its lock.
      const locks = await lockRuns(tx, [runId]);
      if (!locks.has(runId)) throw new AppError("not_found", RUN_DECISION_ERRORS.runNotFound);
      const next = await nextWaiting(tx, runId);
      if (!next) throw new AppError("conflict", RUN_DECISION_ERRORS.noneWaiting);
      return decide(tx, actor, [next.id], "approved", { bulk: false, override: options.override === true, locks });
    });
  } catch (err) {
    unexpected(err, ADMIN_ENROLLMENT_ERRORS.unexpected, "waiting list promotion failed");
  }
  await wakeOutbox();
  return result;
}

async function decide(
  tx: Tx,
  actor: Actor,
  unique: string[],
  status: Decision,
  opts: { bulk: boolean; override: boolean; locks?: Map<string, SeatLock> },
): Promise<StatusChange> {
  const approving = status === "approved";
  const undoSeconds = decisionUndoSeconds();
  // A single request may be on a waiting list; a bulk decision is about pending requests only.
  let from: DecisionFrom = "pending";
  if (!opts.bulk) {
    const [row] = await tx.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.id, unique[0]!));
    if (row?.status === "waiting") from = "waiting";
  }
  const decidable = and(
    inArray(enrollments.id, unique),
    eq(enrollments.status, from),
    // A request whose course was deleted cannot be approved as if the course existed.
    approving ? isNotNull(enrollments.courseId) : undefined,
  );
  // Approving: the runs of the rows first, locked in id order (read without a lock: the UPDATE re-checks).
  let locks = opts.locks ?? new Map<string, SeatLock>();
  if (approving) {
    const runs = await tx.select({ runId: enrollments.runId }).from(enrollments).where(decidable);
    locks = await lockRuns(tx, runs.map((r) => r.runId), locks);
  }
  const changed = await tx
    .update(enrollments)
    // A hold is set below for what is charged now, never kept from an earlier approval.
    .set({ status, holdExpiresAt: null, updatedAt: new Date() })
    .where(decidable)
    .returning({ ...STUDENT_MAIL_COLUMNS, runId: enrollments.runId });
  const noCourse = approving
    ? (
        await tx
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(and(inArray(enrollments.id, unique), eq(enrollments.status, from), isNull(enrollments.courseId)))
      ).length
    : 0;
  if (changed.length === 0) {
    if ((await existing(tx, unique)).length === 0) throw new AppError("not_found", ADMIN_ENROLLMENT_ERRORS.notFound);
    if (noCourse > 0) {
      throw new AppError("conflict", unique.length === 1 ? ADMIN_ENROLLMENT_ERRORS.courseDeleted : ADMIN_ENROLLMENT_ERRORS.coursesDeleted);
    }
    // One request decided in another tab or by a colleague: say who and when (issue 35 item 6).
    if (unique.length === 1) throw await editConflict(tx, { entity: "enrollment", entityId: unique[0]! }, ADMIN_ENROLLMENT_ERRORS.decidedMeanwhile);
    throw new AppError("conflict", ADMIN_ENROLLMENT_ERRORS.nonePending);
  }
  const seats = approving ? await checkSeats(tx, changed, locks, opts.override) : new Map<string, SeatChange>();
  // What each approved request owes: its run's price, else its course's (issue 37 item 1), and until when
  // its seat is held for that payment (item 2).
  const charges = approving ? await chargeApproved(tx, actor.id, changed.map((r) => r.id)) : new Map<string, number>();
  const deadline = await startHolds(tx, charges);
  const mail = await loadMailContext(tx);
  const { payments } = deadline ? await readSiteSettings(tx, ["payments"]) : { payments: {} };
  for (const row of changed) {
    const seat = row.runId ? seats.get(row.runId) : undefined;
    await recordAudit(tx, actor, {
      action: approving ? "approve" : "reject",
      entity: "enrollment",
      entityId: row.id,
      data: {
        enrollmentId: row.enrollmentId,
        from,
        to: status,
        ...(opts.bulk ? { bulk: true } : {}),
        ...(row.runId ? { runId: row.runId } : {}),
        ...(seat ? { capacity: seat.run.capacity, seatsBefore: seat.before, seatsAfter: seat.after } : {}),
        ...(seat?.over ? { overCapacity: true } : {}),
      },
    });
    const locale: Locale = isLocale(row.locale) ? row.locale : "en";
    // Names the course as the request did; no link (the course may since have been deleted).
    const email = renderEnrollmentStatusEmail({
      locale,
      t: emailT(locale),
      brand: mail.brandName(locale),
      status,
      studentName: row.studentName,
      courseName: row.courseName,
      enrollmentId: row.enrollmentId,
      ...(seat ? { run: { startsAt: seat.run.startsAt }, seatOpened: from === "waiting" } : {}),
      pageUrl: enrollmentPageUrl(env().PUBLIC_URL, locale, row.enrollmentId),
      ...(deadline && charges.has(row.id) ? { payment: { duePiastres: charges.get(row.id)!, deadline, methods: methodsToShow(payments, locale) } } : {}),
    });
    await enqueueEmail(tx, {
      kind: decisionEmailKind(status),
      to: row.studentEmail,
      ...(mail.providerEmail ? { replyTo: mail.providerEmail } : {}),
      subject: email.subject,
      text: email.text,
      html: email.html,
      ref: enrollmentRef(row.id),
      delayMs: undoSeconds * 1000,
    });
  }
  if (approving) await scheduleRunReminders(tx, changed.map((r) => r.id));
  return {
    changed: changed.map((r) => ({ id: r.id, enrollmentId: r.enrollmentId, studentEmail: r.studentEmail })),
    requested: unique.length,
    noCourse,
    undoSeconds,
    from,
    overCapacity: [...seats.values()].some((s) => s.over),
  };
}

/**
 * After requests left "approved" (undo, reopen): each of their runs that has a free seat and a waiting
 * list, with the first in line, so the page can say "1 seat is free — next on the waiting list: …".
 */
async function freedSeats(tx: Executor, runIds: readonly (string | null)[]): Promise<FreedSeat[]> {
  const out: FreedSeat[] = [];
  for (const runId of [...new Set(runIds.filter((id): id is string => id !== null))].sort()) {
    const seats = await runSeats(tx, runId);
    if (!seats?.next || seats.seatsLeft === 0) continue;
    out.push({ runId, startsAt: seats.startsAt.toISOString(), seatsLeft: seats.seatsLeft, next: seats.next });
  }
  return out;
}

/** A run's start, status and seats (approved and waiting requests counted on the run's index), or null. */
async function runSeats(ex: Executor, runId: string): Promise<DecisionRun | null> {
  const [run] = await ex
    .select({ id: courseRuns.id, startsAt: courseRuns.startsAt, status: courseRuns.status, capacity: courseRuns.capacity })
    .from(courseRuns)
    .where(eq(courseRuns.id, runId));
  if (!run) return null;
  const counts = await ex
    .select({ status: enrollments.status, n: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(and(eq(enrollments.runId, runId), inArray(enrollments.status, ["approved", "waiting"])))
    .groupBy(enrollments.status);
  const approved = Number(counts.find((c) => c.status === "approved")?.n ?? 0);
  const waiting = Number(counts.find((c) => c.status === "waiting")?.n ?? 0);
  const seatsLeft = run.capacity === null ? null : Math.max(0, run.capacity - approved);
  const next = waiting > 0 ? await nextWaiting(ex, runId) : null;
  return { ...run, approved, waiting, seatsLeft, full: run.capacity !== null && approved >= run.capacity, next };
}

/** The first on a run's waiting list (the oldest request), or null. */
async function nextWaiting(ex: Executor, runId: string): Promise<{ id: string; studentName: string } | null> {
  const [next] = await ex
    .select({ id: enrollments.id, studentName: enrollments.studentName })
    .from(enrollments)
    .where(and(eq(enrollments.runId, runId), eq(enrollments.status, "waiting")))
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id))
    .limit(1);
  return next ?? null;
}

/**
 * Undoes a decision within its window: the rows (all `status`) are back where they were (`from`: pending,
 * or a run's waiting list) and their decision emails, still waiting, are withdrawn, with the run
 * reminders of an approval; one audit line each. All or nothing: when a row was changed meanwhile (409),
 * or one email has already been claimed or sent (409, "too late"), nothing changes. Undoing an approval
 * frees seats: the reply names who waits first for them.
 */
export async function undoDecision(
  actor: Actor,
  ids: readonly string[],
  status: Decision,
  from: DecisionFrom = "pending",
): Promise<{ changed: number; from: DecisionFrom; freed: FreedSeat[] }> {
  requirePermission(actor, "enrollments:edit");
  if (!isDecision(status) || !isFrom(from)) throw new AppError("bad_request", ADMIN_ENROLLMENT_ERRORS.invalidRequest);
  const unique = selection(ids);
  try {
    return await db().transaction(async (tx) => {
      // The rows first (the order a decision takes its locks in), then their emails. Only a request for a
      // run goes back to a waiting list.
      const reopened = await tx
        .update(enrollments)
        .set({ status: from, updatedAt: new Date() })
        .where(and(inArray(enrollments.id, unique), eq(enrollments.status, status), from === "waiting" ? isNotNull(enrollments.runId) : undefined))
        .returning({ id: enrollments.id, enrollmentId: enrollments.enrollmentId, runId: enrollments.runId });
      if (reopened.length < unique.length) {
        const found = await existing(tx, unique);
        if (found.length < unique.length) throw new AppError("not_found", ADMIN_ENROLLMENT_ERRORS.notFound);
        throw new AppError("conflict", ADMIN_ENROLLMENT_ERRORS.changedMeanwhile);
      }
      const withdrawn = await cancelPendingEmails(tx, unique.map(enrollmentRef), [decisionEmailKind(status)]);
      const withdrawnRefs = new Set(withdrawn.map((w) => w.ref));
      if (!unique.every((id) => withdrawnRefs.has(enrollmentRef(id)))) {
        throw new AppError("conflict", unique.length === 1 ? ADMIN_ENROLLMENT_ERRORS.undoTooLate : ADMIN_ENROLLMENT_ERRORS.undoTooLateBulk);
      }
      if (status === "approved") {
        await cancelRunReminders(tx, unique);
        await voidDue(tx, actor.id, unique, LEDGER_REASONS.approvalUndone);
        await endHolds(tx, unique);
      }
      for (const row of reopened) {
        await recordAudit(tx, actor, {
          action: "status.change",
          entity: "enrollment",
          entityId: row.id,
          data: { enrollmentId: row.enrollmentId, from: status, to: from, undo: true, emailCancelled: true },
        });
      }
      const freed = status === "approved" ? await freedSeats(tx, reopened.map((r) => r.runId)) : [];
      return { changed: reopened.length, from, freed };
    });
  } catch (err) {
    unexpected(err, ADMIN_ENROLLMENT_ERRORS.unexpected, "enrollment decision undo failed");
  }
}

/**
 * Moves an approved, rejected or expired request (`from`, as the staff member saw it) back to pending, after
 * the undo window: audited, no email to the student. A decision email still waiting is withdrawn with it, and
 * so is its run reminder. Moving an approved request frees its seat: the reply names who waits first.
 */
export async function reopenEnrollment(actor: Actor, id: string, from: ReopenFrom): Promise<{ emailCancelled: boolean; freed?: FreedSeat[] }> {
  requirePermission(actor, "enrollments:edit");
  if (!(REOPEN_FROM as readonly unknown[]).includes(from) || !isUuid(id)) throw new AppError("bad_request", ADMIN_ENROLLMENT_ERRORS.invalidRequest);
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx
        .update(enrollments)
        .set({ status: "pending", updatedAt: new Date() })
        .where(and(eq(enrollments.id, id), eq(enrollments.status, from)))
        .returning({ id: enrollments.id, enrollmentId: enrollments.enrollmentId, runId: enrollments.runId });
      if (!row) {
        const [found] = await existing(tx, [id]);
        if (!found) throw new AppError("not_found", ADMIN_ENROLLMENT_ERRORS.notFound);
        throw new AppError(
          "conflict",
          found.status === "pending" ? ADMIN_ENROLLMENT_ERRORS.alreadyPending : ADMIN_ENROLLMENT_ERRORS.changedMeanwhile,
        );
      }
      const withdrawn = await cancelPendingEmails(tx, [enrollmentRef(id)], DECISION_KINDS);
      await cancelRunReminders(tx, [id]);
      if (from === "approved") await voidDue(tx, actor.id, [id], LEDGER_REASONS.backToPending);
      await endHolds(tx, [id]);
      await recordAudit(tx, actor, {
        action: "status.change",
        entity: "enrollment",
        entityId: row.id,
        data: { enrollmentId: row.enrollmentId, from, to: "pending", emailCancelled: withdrawn.length > 0 },
      });
      const freed = from === "approved" ? await freedSeats(tx, [row.runId]) : [];
      return { emailCancelled: withdrawn.length > 0, ...(freed.length > 0 ? { freed } : {}) };
    });
  } catch (err) {
    unexpected(err, ADMIN_ENROLLMENT_ERRORS.unexpected, "enrollment reopen failed");
  }
}

/** The run of a request (for its details), or null: a request without a run, or a run since deleted. */
export async function getDecisionRun(actor: Actor, runId: string | null | undefined): Promise<DecisionRun | null> {
  requirePermission(actor, "enrollments:view");
  if (!isUuid(runId)) return null;
  return runSeats(db(), runId);
}
