import { auditLog } from "@db/schema/index.ts";
import type { Executor } from "./db.server.ts";

export interface AuditEntry {
  /** e.g. "create", "update", "delete", "role.change", "password.change", "sign_in". */
  action: string;
  /** e.g. "user", "course", "role_permissions". */
  entity: string;
  entityId?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Appends one line to the audit log, inside the caller's transaction so the record and the change
 * commit together. Never pass secrets in `data`.
 */
export async function recordAudit(
  tx: Executor,
  actor: { id: string; email: string; ip?: string } | null,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    data: { ...(entry.data ?? {}), ...(actor?.ip ? { ip: actor.ip } : {}) },
  });
}
