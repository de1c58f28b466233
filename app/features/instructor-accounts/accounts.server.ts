// Instructor login accounts, the staff side (SPEC §2 instructor account modal, §3, §4, §5, §8; D7, D22).
// Every function takes the acting staff member first and asks the permission gate itself.
//
// createOrRenewAccount, in one transaction with its audit line:
// - the account is still active and the modal made no choice → nothing changes; the existing password
//   (opened from its encrypted copy) and expiry come back with 'Account is still active. No new password
//   generated.' (SPEC §4);
// - still active and "Extend by…" chosen (issue 36 item 13) → the same password, the expiry moved later
//   by the duration, and the account's sessions with it (each still within its 7 days); audited as a
//   renewal that kept the password;
// - still active and "New password" chosen → as for an expired account below;
// - another instructor's account holds the same email → refused with the SPEC duplicate message; that
//   account is never removed to make room (issue 17: an admin would silently lock a colleague out);
// - expired or missing → the old account and its sessions go, and a fresh one is made: a new 8-character
//   password (hash for sign-in, encrypted copy for re-display), expiry = now + hours/minutes (UTC),
//   'New password generated for renewed account.' for a renewal, 'Account created with a temporary
//   password.' for an instructor's first account (issue 13).
// A unique constraint still hit (a concurrent request) becomes one of the two SPEC duplicate messages.
import { and, eq, ne, sql } from "drizzle-orm";
import { instructorAccounts, instructorSessions, instructors } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { accountSummary } from "~/features/instructors/account-status.ts";
import { db, type Executor } from "~/lib/db.server.ts";
import { errorField, findErrorWithCode, PG_ERROR } from "~/lib/error-codes.ts";
import { AppError, isAppError } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { INSTRUCTOR_SESSION_MAX_MS } from "~/lib/instructor-session.server.ts";
import { hashPassword } from "~/lib/password.server.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { parseInput } from "~/lib/parse-input.ts";
import { ACCOUNT_ERRORS, ACCOUNT_MESSAGES, accountRequestSchema } from "./accounts.schema.ts";
import { generateInstructorPassword, openPassword, sealPassword } from "./password-box.server.ts";

/** SPEC §3 derived status, from the server's clock, in UTC. */
export interface AccountStatus {
  hasAccount: boolean;
  isExpired: boolean;
  duration: { hours: number; minutes: number };
  expiresAt: Date | null;
}

export interface AccountResult {
  /** What happened: a first account, a replaced one, the active one extended, or the active one shown again. */
  outcome: "created" | "renewed" | "extended" | "active";
  /** The one-time password: in this reply only, never stored in plain text. */
  password: string;
  expiresAt: Date;
  email: string;
  duration: { hours: number; minutes: number };
  /** The SPEC line to show with the password. */
  messageKey: string;
}

/** hasAccount / isExpired / duration / expiresAt for one instructor (instructors:view). */
export async function getAccountStatus(actor: Actor, instructorId: string, now: Date = new Date()): Promise<AccountStatus> {
  requirePermission(actor, "instructors:view");
  const [row] = await db()
    .select({
      expiresAt: instructorAccounts.expiresAt,
      isActive: instructorAccounts.isActive,
      durationHours: instructorAccounts.durationHours,
      durationMinutes: instructorAccounts.durationMinutes,
    })
    .from(instructorAccounts)
    .where(eq(instructorAccounts.instructorId, instructorId));
  const summary = accountSummary(row ?? null, now);
  return {
    hasAccount: summary.status !== "none",
    isExpired: summary.status === "expired",
    duration: { hours: summary.durationHours, minutes: summary.durationMinutes },
    expiresAt: summary.expiresAt,
  };
}

/** The PostgreSQL unique-violation constraint name in an error (or its causes), if that is what it is. */
export function uniqueViolation(err: unknown): string | null {
  const e = findErrorWithCode(err, PG_ERROR.uniqueViolation);
  if (!e) return null;
  const constraint = errorField(e, "constraint");
  if (typeof constraint === "string") return constraint;
  const text = `${String(errorField(e, "message") ?? "")} ${String(errorField(e, "detail") ?? "")}`;
  return /instructor_accounts_\w+_unique/.exec(text)?.[0] ?? "unknown";
}

/** Bad input → 400 with one message per field (the first rule each field breaks). */
function parseRequest(input: unknown) {
  return parseInput(accountRequestSchema, input, ACCOUNT_ERRORS.createFailed);
}

/**
 * "Extend by…" (issue 36 item 13): the active account keeps its password; its expiry, and that of its
 * sessions (each within its own 7 days, D7), move later by the duration. Audited as a renewal.
 */
async function extendAccount(
  tx: Executor,
  actor: Actor,
  instructor: { id: string; name: string },
  current: typeof instructorAccounts.$inferSelect,
  password: string,
  { hours, minutes }: { hours: number; minutes: number },
): Promise<AccountResult> {
  const expiresAt = new Date(current.expiresAt.getTime() + (hours * 60 + minutes) * 60_000);
  await tx.update(instructorAccounts).set({ expiresAt, durationHours: hours, durationMinutes: minutes }).where(eq(instructorAccounts.id, current.id));
  const sessionLimit = `${INSTRUCTOR_SESSION_MAX_MS} milliseconds`;
  await tx
    .update(instructorSessions)
    .set({ expiresAt: sql`least(${instructorSessions.createdAt} + ${sessionLimit}::interval, ${expiresAt.toISOString()}::timestamptz)` })
    .where(eq(instructorSessions.accountId, current.id));
  await recordAudit(tx, actor, {
    action: "renew",
    entity: "instructor_account",
    entityId: instructor.id,
    data: {
      name: instructor.name,
      email: current.email,
      hours,
      minutes,
      passwordKept: true,
      previousExpiresAt: current.expiresAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    },
  });
  return { outcome: "extended", password, expiresAt, email: current.email, duration: { hours, minutes }, messageKey: ACCOUNT_MESSAGES.extended };
}

/**
 * Create or renew an instructor's login account (instructors:create_accounts). `input` is what the
 * modal posts: instructorId, hours 0–24, minutes 0–59 (empty = 0; both 0 refused).
 */
export async function createOrRenewAccount(
  actor: Actor,
  input: { instructorId: string; hours?: unknown; minutes?: unknown; renewal?: unknown },
  now: Date = new Date(),
): Promise<AccountResult> {
  requirePermission(actor, "instructors:create_accounts");
  const { instructorId, hours, minutes, renewal } = parseRequest({ ...input, intent: "account" });
  try {
    return await db().transaction(async (tx) => {
      // Locks the instructor: two requests for the same instructor run one after the other.
      const [instructor] = await tx
        .select({ id: instructors.id, name: instructors.name, email: instructors.email })
        .from(instructors)
        .where(eq(instructors.id, instructorId))
        .for("update");
      if (!instructor) throw new AppError("not_found", ACCOUNT_ERRORS.instructorNotFound);
      const email = instructor.email?.trim().toLowerCase();
      if (!email) throw new AppError("bad_request", ACCOUNT_ERRORS.emailRequired);

      const [current] = await tx
        .select()
        .from(instructorAccounts)
        .where(eq(instructorAccounts.instructorId, instructorId))
        .for("update");

      const active = current && current.isActive && current.expiresAt.getTime() > now.getTime();
      if (active && renewal !== "newPassword") {
        let password: string;
        try {
          password = openPassword(current.passwordEncrypted, instructorId);
        } catch (err) {
          logger.error({ err, instructorId }, "the stored instructor password could not be opened");
          throw new AppError("internal", ACCOUNT_ERRORS.retrieveFailed, { cause: err });
        }
        if (renewal === "extend") return await extendAccount(tx, actor, instructor, current, password, { hours, minutes });
        await recordAudit(tx, actor, {
          action: "password.show",
          entity: "instructor_account",
          entityId: instructorId,
          data: { name: instructor.name, email: current.email, expiresAt: current.expiresAt.toISOString() },
        });
        return {
          outcome: "active" as const,
          password,
          expiresAt: current.expiresAt,
          email: current.email,
          duration: { hours: current.durationHours, minutes: current.durationMinutes },
          messageKey: ACCOUNT_MESSAGES.stillActive,
        };
      }

      // Another instructor's account under this email stays theirs: refused, nothing removed (issue 17).
      const [taken] = await tx
        .select({ id: instructorAccounts.id })
        .from(instructorAccounts)
        .where(and(eq(instructorAccounts.email, email), ne(instructorAccounts.instructorId, instructorId)))
        .limit(1);
      if (taken) throw new AppError("conflict", ACCOUNT_ERRORS.duplicateEmail);

      // Expired or missing: this instructor's old account goes with its sessions (D22).
      let sessionsEnded = 0;
      if (current) {
        const ended = await tx
          .delete(instructorSessions)
          .where(eq(instructorSessions.accountId, current.id))
          .returning({ id: instructorSessions.id });
        sessionsEnded = ended.length;
        await tx.delete(instructorAccounts).where(eq(instructorAccounts.id, current.id));
      }

      const password = generateInstructorPassword();
      const expiresAt = new Date(now.getTime() + (hours * 60 + minutes) * 60_000);
      await tx.insert(instructorAccounts).values({
        instructorId,
        email,
        passwordHash: await hashPassword(password),
        passwordEncrypted: sealPassword(password, instructorId),
        expiresAt,
        durationHours: hours,
        durationMinutes: minutes,
        createdBy: actor.id,
        isActivated: false,
        isActive: true,
        createdAt: now,
      });
      const outcome = current ? ("renewed" as const) : ("created" as const);
      await recordAudit(tx, actor, {
        action: outcome === "renewed" ? "renew" : "create",
        entity: "instructor_account",
        entityId: instructorId,
        data: {
          name: instructor.name,
          email,
          hours,
          minutes,
          ...(current ? { passwordKept: false, previousExpiresAt: current.expiresAt.toISOString() } : {}),
          expiresAt: expiresAt.toISOString(),
          sessionsEnded,
        },
      });
      return {
        outcome,
        password,
        expiresAt,
        email,
        duration: { hours, minutes },
        messageKey: outcome === "created" ? ACCOUNT_MESSAGES.created : ACCOUNT_MESSAGES.newPassword,
      };
    });
  } catch (err) {
    if (isAppError(err)) throw err;
    const constraint = uniqueViolation(err);
    if (constraint === "instructor_accounts_email_unique") {
      throw new AppError("conflict", ACCOUNT_ERRORS.duplicateEmail, { cause: err });
    }
    if (constraint === "instructor_accounts_instructor_id_unique") {
      throw new AppError("conflict", ACCOUNT_ERRORS.duplicateInstructor, { cause: err });
    }
    logger.error({ err, instructorId }, "create/renew instructor account failed");
    throw new AppError("internal", ACCOUNT_ERRORS.createFailed, { cause: err });
  }
}
