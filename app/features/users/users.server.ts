// Staff users (SPEC §2 Admin Users, §5 Add user; D9, D11, D18, D25). Every function takes the acting
// staff member first and asks the permission gate itself, so no caller can skip the check. Each write
// is one transaction with its audit line.
import { desc, eq, inArray, or } from "drizzle-orm";
import { account, session, user } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { editConflict } from "~/lib/edit-conflict.server.ts";
import { db, type Tx } from "~/lib/db.server.ts";
import { isUniqueViolation } from "~/lib/error-codes.ts";
import { AppError } from "~/lib/errors.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { generateStaffPassword, hashPassword } from "~/lib/password.server.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { parseInput } from "~/lib/parse-input.ts";
import type { StaffRole } from "~/lib/permissions.ts";
import { insertStaffAccount } from "./admin-bootstrap.server.ts";
import { addUserInputSchema, staffRoleSchema, USERS_ERRORS } from "./users.schema.ts";

export const USERS_MESSAGES = {
  alreadyRegistered: "users.errors.alreadyRegistered",
  onlyAdminGrantsAdmin: "users.errors.onlyAdminGrantsAdmin",
  onlyAdminDeletesAdmin: "users.errors.onlyAdminDeletesAdmin",
  onlyAdminResetsAdmin: "users.errors.onlyAdminResetsAdmin",
  ownRole: "users.errors.ownRole",
  deleteSelf: "users.errors.deleteSelf",
  lastAdmin: "users.errors.lastAdmin",
  notFound: "users.errors.notFound",
  unexpected: "users.errors.unexpected",
} as const;

export interface StaffUserRow {
  id: string;
  email: string;
  role: string;
  createdAt: Date;
  /** Two-step sign-in is on (D28): the user has a second factor. */
  twoFactorEnabled: boolean;
}

const ROW_COLUMNS = {
  id: user.id,
  email: user.email,
  role: user.role,
  createdAt: user.createdAt,
  twoFactorEnabled: user.twoFactorEnabled,
};

export interface AddedUser {
  user: StaffUserRow;
  /** The generated password of a new manager: returned once, never stored in plain text (D9). */
  generatedPassword?: string;
}

/** Users, newest first (SPEC: profiles select … newest first). */
export async function listStaffUsers(actor: Actor): Promise<StaffUserRow[]> {
  requirePermission(actor, "users:view");
  return db().select(ROW_COLUMNS).from(user).orderBy(desc(user.createdAt), user.id);
}

/**
 * Adds a staff user with a credential login. An admin gets the chosen password; a manager gets a
 * generated 12-character password, returned once, that must be changed at first sign-in (D9, D25).
 * Only an admin may create an admin (D18).
 */
export async function addStaffUser(
  actor: Actor,
  input: { email: string; role: string; password?: string | undefined },
): Promise<AddedUser> {
  requirePermission(actor, "users:create");
  const parsed = parseInput(addUserInputSchema, input, USERS_ERRORS.invalidRequest);
  const { email, role } = parsed;
  if (role === "admin" && actor.role !== "admin") throw new AppError("forbidden", USERS_MESSAGES.onlyAdminGrantsAdmin);

  const [existing] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) throw new AppError("conflict", USERS_MESSAGES.alreadyRegistered, { fields: { email: USERS_MESSAGES.alreadyRegistered } });

  const generatedPassword = role === "admin" ? undefined : generateStaffPassword();
  const passwordHash = await hashPassword(parsed.password ?? generatedPassword!);
  const id = crypto.randomUUID();
  const now = new Date();
  try {
    await db().transaction(async (tx) => {
      await insertStaffAccount(tx, { id, email, role, passwordHash, mustChangePassword: generatedPassword !== undefined, now });
      await recordAudit(tx, actor, { action: "create", entity: "user", entityId: id, data: { email, role } });
    });
  } catch (err) {
    // Two admins adding the same address at once: the unique index answers for the second.
    if (isUniqueViolation(err)) {
      throw new AppError("conflict", USERS_MESSAGES.alreadyRegistered, { fields: { email: USERS_MESSAGES.alreadyRegistered } });
    }
    unexpected(err, USERS_MESSAGES.unexpected, "add staff user failed");
  }
  return { user: { id, email, role, createdAt: now, twoFactorEnabled: false }, generatedPassword };
}

interface LockedRow {
  id: string;
  email: string;
  role: string;
}

/**
 * Locks, in id order, every admin row plus the actor's and the target's rows, so two concurrent
 * demotions or deletions cannot both see "another admin is left" (D18: the last admin stays).
 */
async function lockForRoleChange(tx: Tx, actor: Actor, targetId: string) {
  const rows: LockedRow[] = await tx
    .select({ id: user.id, email: user.email, role: user.role })
    .from(user)
    .where(or(eq(user.role, "admin"), inArray(user.id, [actor.id, targetId])))
    .orderBy(user.id)
    .for("update");
  const target = rows.find((r) => r.id === targetId);
  if (!target) throw new AppError("not_found", USERS_MESSAGES.notFound);
  // The actor was read at the start of the request; an admin demoted meanwhile is no longer one.
  const self = rows.find((r) => r.id === actor.id);
  const actorIsAdmin = actor.role === "admin" && self?.role === "admin";
  const admins = rows.filter((r) => r.role === "admin").length;
  return { target, actorIsAdmin, admins };
}

/**
 * Edit Role: only an admin grants or removes the admin role; nobody changes their own; the last admin stays.
 * `fromRole` is the role the form showed: when a colleague changed it since, the save is refused (409,
 * who and when) rather than overwriting their decision unseen (issue 35 item 6).
 */
export async function changeUserRole(actor: Actor, userId: string, role: string, fromRole?: string): Promise<StaffUserRow> {
  requirePermission(actor, "users:edit");
  const parsedRole = staffRoleSchema.safeParse(role);
  if (!parsedRole.success) throw new AppError("bad_request", "users.errors.roleInvalid", { fields: { role: "users.errors.roleInvalid" } });
  const newRole: StaffRole = parsedRole.data;
  if (userId === actor.id) throw new AppError("forbidden", USERS_MESSAGES.ownRole);
  if (newRole === "admin" && actor.role !== "admin") throw new AppError("forbidden", USERS_MESSAGES.onlyAdminGrantsAdmin);
  try {
    return await db().transaction(async (tx) => {
      const { target, actorIsAdmin, admins } = await lockForRoleChange(tx, actor, userId);
      if ((newRole === "admin" || target.role === "admin") && !actorIsAdmin) {
        throw new AppError("forbidden", USERS_MESSAGES.onlyAdminGrantsAdmin);
      }
      const [row] = await tx.select(ROW_COLUMNS).from(user).where(eq(user.id, userId));
      if (target.role === newRole) return row!; // nothing changes, nothing to record
      if (fromRole !== undefined && fromRole !== "" && fromRole !== target.role) {
        throw await editConflict(tx, { entity: "user", entityId: userId, action: "role.change" });
      }
      if (target.role === "admin" && admins <= 1) throw new AppError("conflict", USERS_MESSAGES.lastAdmin);
      await tx.update(user).set({ role: newRole, updatedAt: new Date() }).where(eq(user.id, userId));
      await recordAudit(tx, actor, {
        action: "role.change",
        entity: "user",
        entityId: userId,
        data: { email: target.email, from: target.role, to: newRole },
      });
      return { ...row!, role: newRole };
    });
  } catch (err) {
    unexpected(err, USERS_MESSAGES.unexpected, "change user role failed");
  }
}

/**
 * Delete: one transaction removes the user's sessions, login accounts and the user (D11), so their
 * sessions end at once. Nobody deletes themself; a manager cannot delete an admin; the last admin stays.
 */
export async function deleteStaffUser(actor: Actor, userId: string): Promise<{ id: string; email: string }> {
  requirePermission(actor, "users:delete");
  if (userId === actor.id) throw new AppError("forbidden", USERS_MESSAGES.deleteSelf);
  try {
    return await db().transaction(async (tx) => {
      const { target, actorIsAdmin, admins } = await lockForRoleChange(tx, actor, userId);
      if (target.role === "admin" && !actorIsAdmin) throw new AppError("forbidden", USERS_MESSAGES.onlyAdminDeletesAdmin);
      if (target.role === "admin" && admins <= 1) throw new AppError("conflict", USERS_MESSAGES.lastAdmin);
      const sessions = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
      const accounts = await tx.delete(account).where(eq(account.userId, userId)).returning({ id: account.id });
      await tx.delete(user).where(eq(user.id, userId));
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "user",
        entityId: userId,
        data: { email: target.email, role: target.role, sessions: sessions.length, accounts: accounts.length },
      });
      return { id: userId, email: target.email };
    });
  } catch (err) {
    unexpected(err, USERS_MESSAGES.unexpected, "delete staff user failed");
  }
}
