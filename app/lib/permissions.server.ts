// The one server-side permission gate. Every admin loader, action and domain function asks it.
import { eq } from "drizzle-orm";
import { rolePermissions } from "@db/schema/index.ts";
import { db } from "./db.server.ts";
import { AppError } from "./errors.ts";
import { logger } from "./logger.server.ts";
import { ALL_PERMISSIONS, can, isPermission, isStaffRole, type Permission } from "./permissions.ts";

/** A signed-in staff member, as the server sees them for one request. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  role: string;
  mustChangePassword: boolean;
  /** Settings require two-step sign-in and this account has no second factor yet (only the security page opens). */
  needsSecondFactor?: boolean;
  permissions: ReadonlySet<Permission>;
  /** Client address, for the audit log. */
  ip?: string;
}

/** admin → everything; instructor_course_manager → its role_permissions row; others → nothing. A failed lookup → nothing. */
export async function loadPermissions(role: string): Promise<ReadonlySet<Permission>> {
  if (role === "admin") return new Set(ALL_PERMISSIONS);
  if (!isStaffRole(role)) return new Set();
  try {
    const [row] = await db()
      .select({ permissions: rolePermissions.permissions })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleName, role));
    return new Set((row?.permissions ?? []).filter(isPermission));
  } catch (err) {
    logger.error({ err, role }, "permission lookup failed; denying");
    return new Set();
  }
}

export function hasPermission(actor: Actor | null | undefined, permission: Permission): boolean {
  return can(actor ? { role: actor.role, permissions: actor.permissions } : null, permission);
}

/** Throws 403 unless the actor holds the permission. */
export function requirePermission(actor: Actor | null | undefined, permission: Permission): asserts actor is Actor {
  if (!actor) throw new AppError("unauthenticated", "admin.errors.signInRequired");
  if (!hasPermission(actor, permission)) throw new AppError("forbidden", "admin.errors.forbidden");
}

/** Throws 403 unless the actor is an admin (roles matrix, audit log, email log). */
export function requireAdmin(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor) throw new AppError("unauthenticated", "admin.errors.signInRequired");
  if (actor.role !== "admin") throw new AppError("forbidden", "admin.errors.forbidden");
}

/** Throws 403 for roles that have no place in the admin area. */
export function requireStaffRole(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor) throw new AppError("unauthenticated", "admin.errors.signInRequired");
  if (!isStaffRole(actor.role)) throw new AppError("forbidden", "admin.errors.accessDenied");
}
