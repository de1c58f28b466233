// The audit log page (issue 4 point 7, D18: admin only): newest first, filtered by user and entity,
// 50 per page. Three queries whatever the number of rows: the count, the page and the entity list.
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { auditLog } from "@db/schema/index.ts";
import { db } from "~/lib/db.server.ts";
import { requireAdmin, type Actor } from "~/lib/permissions.server.ts";
import { AUDIT_PAGE_SIZE } from "./audit-log.schema.ts";

export interface AuditLogQuery {
  /** Exact id of the acting user. */
  userId?: string;
  /** Part of the acting user's email, case-insensitive. */
  actorEmail?: string;
  /** Exact entity name. */
  entity?: string;
  /** 1-based; a page past the end gives the last page. */
  page?: number;
  pageSize?: number;
}

export interface AuditLogEntry {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  ip: string | null;
  /** The recorded details without the IP (shown in its own column). */
  details: Record<string, unknown> | null;
  createdAt: Date;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Every entity name in the log, for the filter. */
  entities: string[];
}

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listAuditLog(actor: Actor, query: AuditLogQuery = {}): Promise<AuditLogPage> {
  requireAdmin(actor);
  const pageSize = Math.min(Math.max(1, Math.trunc(query.pageSize ?? AUDIT_PAGE_SIZE)), 200);
  const conditions: SQL[] = [];
  if (query.userId) conditions.push(eq(auditLog.actorId, query.userId));
  if (query.actorEmail?.trim()) conditions.push(ilike(auditLog.actorEmail, containsPattern(query.actorEmail.trim())));
  if (query.entity?.trim()) conditions.push(eq(auditLog.entity, query.entity.trim()));
  const where = conditions.length ? and(...conditions) : undefined;

  const [[totalRow], entityRows] = await Promise.all([
    db().select({ n: count() }).from(auditLog).where(where),
    db().selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
  ]);
  const total = Number(totalRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1)), pageCount);
  const rows = await db()
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  return {
    entries: rows.map((r) => {
      const data = r.data && typeof r.data === "object" && !Array.isArray(r.data) ? { ...(r.data as Record<string, unknown>) } : null;
      const ip = typeof data?.ip === "string" ? data.ip : null;
      if (data) delete data.ip;
      return {
        id: r.id,
        actorId: r.actorId,
        actorEmail: r.actorEmail,
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        ip,
        details: data && Object.keys(data).length ? data : null,
        createdAt: r.createdAt,
      };
    }),
    total,
    page,
    pageSize,
    pageCount,
    entities: entityRows.map((r) => r.entity),
  };
}
