// The audit log page (issue 4 point 7, D18: admin only): newest first, filtered by user and entity,
// 50 per page. Three queries whatever the number of rows: the count, the page and the entity list
// (figures at 200 000 lines: docs/performance.md); then the names on the page (audit-names.server.ts:
// one query per kind of row on it, at most one per entity kind and two for the actors).
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { auditLog } from "@db/schema/index.ts";
import { db, queryRows } from "~/lib/db.server.ts";
import { requireAdmin, type Actor } from "~/lib/permissions.server.ts";
import type { AuditSubject } from "./audit-details.ts";
import { AUDIT_PAGE_SIZE } from "./audit-log.schema.ts";
import { lookupAuditNames, lookupReferencedNames, referencedIds } from "./audit-names.server.ts";

/** An entry's details as stored (a JSON object; anything else shows none). */
const auditData = z.record(z.string(), z.unknown());

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
  /** The acting staff member's or instructor's own name, when they have one (the email says the rest). */
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** What the entry is about, by name (null for entries about no one row, like the site settings). */
  subject: AuditSubject | null;
  ip: string | null;
  /** The recorded details without the IP (shown in its own column). */
  details: Record<string, unknown> | null;
  /** Names of the other rows the details point to by id (lookupReferencedNames). */
  refNames?: Record<string, string>;
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
    // The distinct entity names by a skip scan of the (entity, …) index: one probe per name, not a
    // read of the whole log.
    queryRows(
      db(),
      sql`
      with recursive e as (
        select min(${auditLog.entity}) as entity from ${auditLog}
        union all
        select (select min(${auditLog.entity}) from ${auditLog} where ${auditLog.entity} > e.entity) from e where e.entity is not null
      )
      select entity from e where entity is not null`,
      z.object({ entity: z.string() }),
    ),
  ]);
  const total = Number(totalRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1)), pageCount);
  // Pages in the older half are read from the oldest end (a short index walk instead of a long offset).
  const skip = (page - 1) * pageSize;
  const fromEnd = skip > total / 2;
  const tailSkip = Math.max(0, total - skip - pageSize);
  const order = fromEnd ? [asc(auditLog.createdAt), asc(auditLog.id)] : [desc(auditLog.createdAt), desc(auditLog.id)];
  // A deferred join: the offset walks the (created_at, id) index only; just the page's rows are read.
  const pageIds = db()
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(...order)
    .limit(fromEnd ? Math.min(pageSize, total - skip) : pageSize)
    .offset(fromEnd ? tailSkip : skip);
  const pageRows = await db().select().from(auditLog).where(inArray(auditLog.id, pageIds)).orderBy(...order);
  const rows = fromEnd ? pageRows.reverse() : pageRows;

  const entries = rows.map((r) => {
    const stored = auditData.safeParse(r.data);
    const data = stored.success ? { ...stored.data } : null;
    const ip = typeof data?.ip === "string" ? data.ip : null;
    if (data) delete data.ip;
    return { row: r, ip, details: data && Object.keys(data).length ? data : null };
  });
  const [names, referenced] = await Promise.all([
    lookupAuditNames(entries.map(({ row, details }) => ({ actorId: row.actorId, entity: row.entity, entityId: row.entityId, details }))),
    lookupReferencedNames(entries.map((e) => e.details)),
  ]);
  const namesIn = (details: Record<string, unknown> | null) => {
    const own = Object.fromEntries(referencedIds(details).flatMap((id) => (referenced.has(id) ? [[id, referenced.get(id)!]] : [])));
    return Object.keys(own).length ? own : undefined;
  };

  return {
    entries: entries.map(({ row: r, ip, details }) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      actorName: (r.actorId && names.actors.get(r.actorId)) ?? null,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      subject: names.subjectOf({ actorId: r.actorId, entity: r.entity, entityId: r.entityId, details }),
      ip,
      details,
      refNames: namesIn(details),
      createdAt: r.createdAt,
    })),
    total,
    page,
    pageSize,
    pageCount,
    entities: entityRows.map((r) => r.entity),
  };
}
