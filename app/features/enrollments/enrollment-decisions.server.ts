// Staff decisions on enrollment requests (SPEC §4: pending → approved | rejected; issue 17 point 3), and
// taking them back. Every function takes the acting staff member first and needs enrollments:edit.
//
// - A decision's email to the student waits in the outbox for the undo window (DECISION_UNDO_SECONDS,
//   30 s by default) before it may leave; it is about "enrollment:<id>" (the outbox row's ref).
// - Undo, within that window: the request is pending again and its email is withdrawn, in one
//   transaction, and only if the email is still waiting: once a worker has claimed it, undo is refused
//   and nothing changes (outbox.server.ts: a row is either claimed or withdrawn, never both).
// - Later, a decided request can be moved back to pending: audited, no email (one still waiting is
//   withdrawn, so the student never hears of a decision that no longer stands).
// - A request whose course was deleted (course_id cleared, D22) cannot be approved; it can be rejected
//   (the email names the course as the request did, with no link to it).
// Each change is one conditional UPDATE (… WHERE status = <expected>): of two staff deciding at once one
// wins, the other is refused with a conflict and changes nothing.
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { enrollments } from "@db/schema/index.ts";
import { renderEnrollmentStatusEmail } from "~/emails/enrollment-status.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db, type Executor } from "~/lib/db.server.ts";
import { emailT, loadMailContext, wakeOutbox } from "~/lib/email.server.ts";
import { env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { isLocale, type Locale } from "~/lib/i18n.ts";
import { cancelPendingEmails, enqueueEmail } from "~/lib/outbox.server.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { ADMIN_ENROLLMENT_ERRORS, ENROLLMENTS_BULK_MAX, isUuid, type Decision } from "./enrollments-admin.schema.ts";

/** The outbox's `ref` of the emails about one enrollment. */
export function enrollmentRef(id: string): string {
  return `enrollment:${id}`;
}

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

export interface StatusChange {
  /** The rows that moved from pending to the new status. */
  changed: { id: string; enrollmentId: string; studentEmail: string }[];
  /** How many distinct rows were asked for. */
  requested: number;
  /** Pending rows left alone because their course was deleted (approving only). */
  noCourse: number;
  /** How long the decision can be undone (its emails wait that long). */
  undoSeconds: number;
}

/**
 * Approves or rejects enrollments. One conditional UPDATE changes exactly the selected rows that are
 * still pending (and, to approve, still have their course), so a row decided meanwhile (another tab,
 * another admin) is left alone. When none changes the request is refused (not_found or conflict) and
 * nothing is written. In the same transaction: one audit line and one email per changed row, to the
 * student in their language, held in the outbox for the undo window (D5).
 */
export async function setEnrollmentStatus(actor: Actor, ids: readonly string[], status: Decision): Promise<StatusChange> {
  requirePermission(actor, "enrollments:edit");
  if (!isDecision(status)) throw new AppError("bad_request", ADMIN_ENROLLMENT_ERRORS.invalidRequest);
  const unique = selection(ids);
  const bulk = ids.length > 1;
  const undoSeconds = decisionUndoSeconds();
  let result: StatusChange;
  try {
    result = await db().transaction(async (tx) => {
      const changed = await tx
        .update(enrollments)
        .set({ status, updatedAt: new Date() })
        .where(
          and(
            inArray(enrollments.id, unique),
            eq(enrollments.status, "pending"),
            // A request whose course was deleted cannot be approved as if the course existed.
            status === "approved" ? isNotNull(enrollments.courseId) : undefined,
          ),
        )
        .returning({
          id: enrollments.id,
          enrollmentId: enrollments.enrollmentId,
          studentName: enrollments.studentName,
          studentEmail: enrollments.studentEmail,
          courseName: enrollments.courseName,
          locale: enrollments.locale,
        });
      const noCourse =
        status === "approved"
          ? (
              await tx
                .select({ id: enrollments.id })
                .from(enrollments)
                .where(and(inArray(enrollments.id, unique), eq(enrollments.status, "pending"), isNull(enrollments.courseId)))
            ).length
          : 0;
      if (changed.length === 0) {
        if ((await existing(tx, unique)).length === 0) throw new AppError("not_found", ADMIN_ENROLLMENT_ERRORS.notFound);
        if (noCourse > 0) {
          throw new AppError(
            "conflict",
            unique.length === 1 ? ADMIN_ENROLLMENT_ERRORS.courseDeleted : ADMIN_ENROLLMENT_ERRORS.coursesDeleted,
          );
        }
        throw new AppError("conflict", unique.length === 1 ? ADMIN_ENROLLMENT_ERRORS.notPending : ADMIN_ENROLLMENT_ERRORS.nonePending);
      }
      const mail = await loadMailContext(tx);
      for (const row of changed) {
        await recordAudit(tx, actor, {
          action: status === "approved" ? "approve" : "reject",
          entity: "enrollment",
          entityId: row.id,
          data: { enrollmentId: row.enrollmentId, from: "pending", to: status, ...(bulk ? { bulk: true } : {}) },
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
      return {
        changed: changed.map((r) => ({ id: r.id, enrollmentId: r.enrollmentId, studentEmail: r.studentEmail })),
        requested: unique.length,
        noCourse,
        undoSeconds,
      };
    });
  } catch (err) {
    unexpected(err, ADMIN_ENROLLMENT_ERRORS.unexpected, "enrollment status update failed");
  }
  await wakeOutbox();
  return result;
}

/**
 * Undoes a decision within its window: the rows (all `status`) are pending again and their decision
 * emails, still waiting, are withdrawn; one audit line each. All or nothing: when a row was changed
 * meanwhile (409), or one email has already been claimed or sent (409, "too late"), nothing changes.
 */
export async function undoDecision(actor: Actor, ids: readonly string[], status: Decision): Promise<{ changed: number }> {
  requirePermission(actor, "enrollments:edit");
  if (!isDecision(status)) throw new AppError("bad_request", ADMIN_ENROLLMENT_ERRORS.invalidRequest);
  const unique = selection(ids);
  try {
    return await db().transaction(async (tx) => {
      // The rows first (the order a decision takes its locks in), then their emails.
      const reopened = await tx
        .update(enrollments)
        .set({ status: "pending", updatedAt: new Date() })
        .where(and(inArray(enrollments.id, unique), eq(enrollments.status, status)))
        .returning({ id: enrollments.id, enrollmentId: enrollments.enrollmentId });
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
      for (const row of reopened) {
        await recordAudit(tx, actor, {
          action: "status.change",
          entity: "enrollment",
          entityId: row.id,
          data: { enrollmentId: row.enrollmentId, from: status, to: "pending", undo: true, emailCancelled: true },
        });
      }
      return { changed: reopened.length };
    });
  } catch (err) {
    unexpected(err, ADMIN_ENROLLMENT_ERRORS.unexpected, "enrollment decision undo failed");
  }
}

/**
 * Moves an approved or rejected request (`from`, as the staff member saw it) back to pending, after the
 * undo window: audited, no email to the student. A decision email still waiting is withdrawn with it.
 */
export async function reopenEnrollment(actor: Actor, id: string, from: Decision): Promise<{ emailCancelled: boolean }> {
  requirePermission(actor, "enrollments:edit");
  if (!isDecision(from) || !isUuid(id)) throw new AppError("bad_request", ADMIN_ENROLLMENT_ERRORS.invalidRequest);
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx
        .update(enrollments)
        .set({ status: "pending", updatedAt: new Date() })
        .where(and(eq(enrollments.id, id), eq(enrollments.status, from)))
        .returning({ id: enrollments.id, enrollmentId: enrollments.enrollmentId });
      if (!row) {
        const [found] = await existing(tx, [id]);
        if (!found) throw new AppError("not_found", ADMIN_ENROLLMENT_ERRORS.notFound);
        throw new AppError(
          "conflict",
          found.status === "pending" ? ADMIN_ENROLLMENT_ERRORS.alreadyPending : ADMIN_ENROLLMENT_ERRORS.changedMeanwhile,
        );
      }
      const withdrawn = await cancelPendingEmails(tx, [enrollmentRef(id)], DECISION_KINDS);
      await recordAudit(tx, actor, {
        action: "status.change",
        entity: "enrollment",
        entityId: row.id,
        data: { enrollmentId: row.enrollmentId, from, to: "pending", emailCancelled: withdrawn.length > 0 },
      });
      return { emailCancelled: withdrawn.length > 0 };
    });
  } catch (err) {
    unexpected(err, ADMIN_ENROLLMENT_ERRORS.unexpected, "enrollment reopen failed");
  }
}
