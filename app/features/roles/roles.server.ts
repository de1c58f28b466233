// Roles & permissions (D13, D18): admins edit what the manager role may do. The matrix is stored in
// role_permissions; permissions are loaded per request (permissions.server.ts), so a change applies
// from the manager's next request. The matrix carries the version it was opened at (the row's updated_at):
// a save over a colleague's newer one is refused (issue 35 item 6).
import { eq } from "drizzle-orm";
import { rolePermissions } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db } from "~/lib/db.server.ts";
import { assertCurrentVersion } from "~/lib/edit-conflict.server.ts";
import { editVersion } from "~/lib/edit-version.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin, type Actor } from "~/lib/permissions.server.ts";
import { ALL_PERMISSIONS, isPermission, missingDependencies, type Permission } from "~/lib/permissions.ts";
import { MANAGER_ROLE, permissionListSchema, requiresKey } from "./roles.schema.ts";

function inRegistryOrder(keys: readonly unknown[]): Permission[] {
  return ALL_PERMISSIONS.filter((p) => keys.includes(p));
}

/** The version of a role never saved (no row yet): a real one, so a first save is checked too. */
const NEVER_SAVED = new Date(0);

export interface RolesMatrix {
  /** The manager role's granted keys, in registry order. */
  granted: Permission[];
  /** The version the matrix form carries (app/lib/edit-version.ts). */
  version: string;
}

/** The matrix: the manager role's granted keys (unknown stored keys are ignored, as the gate does) and its version. */
export async function getRolesMatrix(actor: Actor): Promise<RolesMatrix> {
  requireAdmin(actor);
  const [row] = await db()
    .select({ permissions: rolePermissions.permissions, updatedAt: rolePermissions.updatedAt })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleName, MANAGER_ROLE));
  return {
    granted: inRegistryOrder((row?.permissions ?? []).filter(isPermission)),
    version: editVersion(row?.updatedAt ?? NEVER_SAVED),
  };
}

/** The manager role's granted keys, in registry order. */
export async function getManagerPermissions(actor: Actor): Promise<Permission[]> {
  return (await getRolesMatrix(actor)).granted;
}

/**
 * Replaces the manager role's permissions; only registry keys, each with what it needs (ADR 014: a list
 * with Edit but not View is refused with a 400 naming the missing flag, nothing is added for the admin);
 * audited with before and after. With the version the matrix was opened at, a save over a newer one is
 * refused (409, who and when) and nothing is written.
 */
export async function saveManagerPermissions(actor: Actor, permissions: readonly string[], version?: string): Promise<Permission[]> {
  requireAdmin(actor);
  const parsed = permissionListSchema.safeParse(permissions);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]!.message);
  const after = parsed.data;
  const [missing] = missingDependencies(after);
  if (missing) throw new AppError("bad_request", requiresKey(missing.requires));
  return db().transaction(async (tx) => {
    // A missing row is created first (as never saved) so that the lock below holds even before the first
    // save: two first saves at once then queue on it instead of both passing the check.
    await tx.insert(rolePermissions).values({ roleName: MANAGER_ROLE, permissions: [], updatedAt: NEVER_SAVED }).onConflictDoNothing();
    const [row] = await tx
      .select({ permissions: rolePermissions.permissions, updatedAt: rolePermissions.updatedAt })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleName, MANAGER_ROLE))
      .for("update");
    await assertCurrentVersion(tx, { entity: "role_permissions", entityId: MANAGER_ROLE, updatedAt: row?.updatedAt ?? null }, version);
    const before = row?.permissions ?? [];
    const added = after.filter((p) => !before.includes(p));
    const removed = before.filter((p) => !(after as string[]).includes(p));
    // A save that changes nothing writes nothing: no audit line, and a colleague's open matrix stays current
    // (issue 36 item 14).
    if (added.length === 0 && removed.length === 0) return after;
    await tx
      .update(rolePermissions)
      .set({ permissions: after, updatedAt: new Date() })
      .where(eq(rolePermissions.roleName, MANAGER_ROLE));
    await recordAudit(tx, actor, {
      action: "update",
      entity: "role_permissions",
      entityId: MANAGER_ROLE,
      data: { before, after, added, removed },
    });
    return after;
  });
}
