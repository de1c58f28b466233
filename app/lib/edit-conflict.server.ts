// The server side of app/lib/edit-version.ts: a save names the version its form was opened at; when the
// record has changed since, the save is refused (409) with who changed it and when, read from the audit log.
// Called inside the save's transaction, after the row was locked (FOR UPDATE), so two saves of one version
// cannot both pass.
import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "@db/schema/index.ts";
import type { Executor } from "./db.server.ts";
import { editVersion } from "./edit-version.ts";
import { AppError } from "./errors.ts";

export const EDIT_CONFLICT_KEY = "admin.errors.editConflict";

/**
 * The 409 for a record a colleague changed since the form was opened: who made its last recorded change
 * (of `action`, when given) and when, from the audit log. The message (`messageKey`) gets `who` and `at`.
 */
export async function editConflict(
  executor: Executor,
  record: { entity: string; entityId: string; action?: string; updatedAt?: Date | null },
  messageKey: string = EDIT_CONFLICT_KEY,
): Promise<AppError> {
  const [last] = await executor
    .select({ by: auditLog.actorEmail, at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, record.entity),
        eq(auditLog.entityId, record.entityId),
        record.action === undefined ? undefined : eq(auditLog.action, record.action),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const at = (last?.at ?? record.updatedAt ?? new Date()).toISOString();
  return new AppError("conflict", messageKey, { conflict: { by: last?.by ?? null, at } });
}

/**
 * Throws the 409 when `sent` (the form's version) is not the record's current version. A save without a
 * version (a caller other than a form: scripts, older tests) is not checked.
 */
export async function assertCurrentVersion(
  executor: Executor,
  record: { entity: string; entityId: string; updatedAt: Date | null },
  sent: string | undefined,
): Promise<void> {
  if (sent === undefined || sent === "" || sent === editVersion(record.updatedAt)) return;
  throw await editConflict(executor, record);
}
