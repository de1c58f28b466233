// Roles & permissions (D13, D18): admins edit what the manager role may do. The matrix is stored in
// role_permissions; permissions are loaded per request (permissions.server.ts), so a change applies
// from the manager's next request.
import { eq } from "drizzle-orm";
import { rolePermissions } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin, type Actor } from "~/lib/permissions.server.ts";
import { ALL_PERMISSIONS, isPermission, missingDependencies, type Permission } from "~/lib/permissions.ts";
import { MANAGER_ROLE, permissionListSchema, requiresKey } from "./roles.schema.ts";

function inRegistryOrder(keys: readonly unknown[]): Permission[] {
  return ALL_PERMISSIONS.filter((p) => keys.includes(p));
}

/** The manager role's granted keys, in registry order (unknown stored keys are ignored, as the gate does). */
export async function getManagerPermissions(actor: Actor): Promise<Permission[]> {
  requireAdmin(actor);
  const [row] = await db()
    .select({ permissions: rolePermissions.permissions })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleName, MANAGER_ROLE));
  return inRegistryOrder((row?.permissions ?? []).filter(isPermission));
}

/**
 * Replaces the manager role's permissions; only registry keys, each with what it needs (ADR 014: a list
 * with Edit but not View is refused with a 400 naming the missing flag, nothing is added for the admin);
 * audited with before and after.
 */
export async function saveManagerPermissions(actor: Actor, permissions: readonly string[]): Promise<Permission[]> {
  requireAdmin(actor);
  const parsed = permissionListSchema.safeParse(permissions);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]!.message);
  const after = parsed.data;
  const [missing] = missingDependencies(after);
  if (missing) throw new AppError("bad_request", requiresKey(missing.requires));
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ permissions: rolePermissions.permissions })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleName, MANAGER_ROLE))
      .for("update");
    const before = row?.permissions ?? [];
    await tx
      .insert(rolePermissions)
      .values({ roleName: MANAGER_ROLE, permissions: after })
      .onConflictDoUpdate({ target: rolePermissions.roleName, set: { permissions: after, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      action: "update",
      entity: "role_permissions",
      entityId: MANAGER_ROLE,
      data: {
        before,
        after,
        added: after.filter((p) => !before.includes(p)),
        removed: before.filter((p) => !(after as string[]).includes(p)),
      },
    });
    return after;
  });
}
