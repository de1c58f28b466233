// "Delete my data" (issue 38 item 6): the signed-in student asks; an admin confirms from Admin › Erase
// requests; confirming erases the person's data everywhere (app/domain/privacy/erase.server.ts), deletes the
// files they sent, marks the request done (keeping only the address's keyed hash) and is audited with the
// counts, never the address. One waiting request per address (a unique index): asking twice, or many times
// at once, leaves one.
import { and, desc, eq, sql } from "drizzle-orm";
import { dataRequests, enrollments } from "@db/schema/index.ts";
import { emailHash, eraseEmailData, type ErasureSummary } from "~/domain/privacy/erase.server.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { contentChanged } from "~/lib/content-version.server.ts";
import { db } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import type { Locale } from "~/lib/i18n.ts";
import { logger } from "~/lib/logger.server.ts";
import { requireAdmin, type Actor } from "~/lib/permissions.server.ts";
import { getStorage } from "~/lib/storage.server.ts";

export const DATA_REQUEST_ERRORS = {
  notFound: "adminDataRequests.errors.notFound",
  done: "adminDataRequests.errors.done",
  unexpected: "adminDataRequests.errors.unexpected",
} as const;

/** The student asks for their data to be erased; answers when the waiting request was made. */
export async function requestErasure(email: string, locale: Locale): Promise<Date> {
  const lower = email.trim().toLowerCase();
  const hash = emailHash(lower);
  return db().transaction(async (tx) => {
    const [made] = await tx.insert(dataRequests).values({ email: lower, emailHash: hash, locale }).onConflictDoNothing().returning();
    if (made) await recordAudit(tx, null, { action: "data.erase.request", entity: "data_request", entityId: made.id, data: { by: "student" } });
    const [pending] = await tx
      .select({ at: dataRequests.requestedAt })
      .from(dataRequests)
      .where(and(eq(dataRequests.emailHash, hash), eq(dataRequests.status, "pending")));
    return pending!.at;
  });
}

/** When the address's waiting erasure request was made, or null. */
export async function pendingErasure(email: string): Promise<Date | null> {
  const [row] = await db()
    .select({ at: dataRequests.requestedAt })
    .from(dataRequests)
    .where(and(eq(dataRequests.emailHash, emailHash(email)), eq(dataRequests.status, "pending")));
  return row?.at ?? null;
}

export interface AdminDataRequest {
  id: string;
  status: "pending" | "done";
  /** While waiting only. */
  email: string | null;
  requestedAt: Date;
  /** Whole days since it was asked (the law's clock), as the server counts them. */
  waitingDays: number;
  doneAt: Date | null;
  /** Waiting: how many requests the address made (what erasing will touch). */
  requests: number;
  summary: ErasureSummary | null;
}

/** Admin › Erase requests: waiting first (oldest first: the law's clock), then the last 100 done. */
export async function listDataRequests(actor: Actor): Promise<AdminDataRequest[]> {
  requireAdmin(actor);
  const rows = await db()
    .select({
      id: dataRequests.id,
      status: dataRequests.status,
      email: dataRequests.email,
      requestedAt: dataRequests.requestedAt,
      doneAt: dataRequests.doneAt,
      summary: dataRequests.summary,
      requests: sql<number>`(select count(*)::int from ${enrollments} where lower(${enrollments.studentEmail}) = ${dataRequests.email})`,
    })
    .from(dataRequests)
    .orderBy(sql`${dataRequests.status} = 'done'`, sql`case when ${dataRequests.status} = 'pending' then ${dataRequests.requestedAt} end asc`, desc(dataRequests.doneAt))
    .limit(200);
  const now = Date.now();
  return rows.map((r) => ({
    ...r,
    status: r.status === "done" ? "done" : "pending",
    waitingDays: Math.floor((now - r.requestedAt.getTime()) / (24 * 60 * 60 * 1000)),
    requests: Number(r.requests),
    summary: (r.summary as ErasureSummary | null) ?? null,
  }));
}

/** An admin confirms: the person's data is erased, the request done. 404 unknown, 409 already done. */
export async function confirmErasure(actor: Actor, id: string): Promise<ErasureSummary> {
  requireAdmin(actor);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("not_found", DATA_REQUEST_ERRORS.notFound);
  const { summary, files } = await db().transaction(async (tx) => {
    const [row] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id)).for("update");
    if (!row) throw new AppError("not_found", DATA_REQUEST_ERRORS.notFound);
    if (row.status !== "pending" || !row.email) throw new AppError("conflict", DATA_REQUEST_ERRORS.done);
    const erased = await eraseEmailData(tx, row.email);
    await tx
      .update(dataRequests)
      .set({ status: "done", email: null, doneAt: new Date(), doneBy: actor.id, summary: erased.summary })
      .where(eq(dataRequests.id, id));
    await recordAudit(tx, actor, { action: "data.erase", entity: "data_request", entityId: id, data: { ...erased.summary } });
    return erased;
  });
  // The files they sent, once the erasure is committed (a failed delete is logged; the record no longer points to it).
  for (const key of files) {
    await getStorage()
      .delete(key, "private")
      .catch((err: unknown) => logger.warn({ err, key }, "erased proof file could not be deleted"));
  }
  await contentChanged();
  return summary;
}
