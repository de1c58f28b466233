// The retention setting (issue 38 item 6; Settings → Personal data): requests never confirmed (pending, on
// the waiting list, not accepted, withdrawn or expired, with no money received) and contact messages older
// than the set number of months lose their personal data, as an erasure would take it (erase.server.ts,
// narrowed to those records: the person's other requests stay). 0 keeps everything. Every instance sweeps
// once a day; each record is taken FOR UPDATE SKIP LOCKED in its own transaction, so two instances never
// erase one twice and a failure holds back nothing else. One audit entry per sweep that erased anything.
import { and, asc, inArray, lt, notLike, sql } from "drizzle-orm";
import { contactMessages, enrollmentLedger, enrollments } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db, type Db } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { runPeriodically, type Periodic } from "~/lib/periodic.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";
import { getStorage } from "~/lib/storage.server.ts";
import { eraseEmailData, eraseMessages } from "./erase.server.ts";

const UNCONFIRMED = ["pending", "waiting", "rejected", "withdrawn", "expired"] as const;
const ERASED = "%@erased.invalid";

/** The cut-off: `months` calendar months before `now`. */
export function retentionCutoff(now: Date, months: number): Date {
  const cut = new Date(now);
  cut.setUTCMonth(cut.getUTCMonth() - months);
  return cut;
}

export async function purgeExpiredPersonalData(opts: { now?: Date; db?: Db; limit?: number } = {}): Promise<{ requests: number; messages: number }> {
  const database = opts.db ?? db();
  const months = (await readSiteSettings(database, ["privacy"])).privacy.retentionMonths ?? 0;
  if (months <= 0) return { requests: 0, messages: 0 };
  const cutoff = retentionCutoff(opts.now ?? new Date(), months);
  const limit = opts.limit ?? 500;
  const stale = await database
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        inArray(enrollments.status, [...UNCONFIRMED]),
        lt(enrollments.createdAt, cutoff),
        notLike(enrollments.studentEmail, ERASED),
        sql`not exists (select 1 from ${enrollmentLedger} where ${enrollmentLedger.enrollmentId} = ${enrollments.id} and ${enrollmentLedger.kind} = 'payment')`,
      ),
    )
    .orderBy(asc(enrollments.createdAt))
    .limit(limit);
  let requests = 0;
  for (const { id } of stale) {
    const files = await database.transaction(async (tx) => {
      const [row] = await tx
        .select({ email: enrollments.studentEmail })
        .from(enrollments)
        .where(and(sql`${enrollments.id} = ${id}`, inArray(enrollments.status, [...UNCONFIRMED]), notLike(enrollments.studentEmail, ERASED)))
        .for("update", { skipLocked: true });
      if (!row) return null;
      return (await eraseEmailData(tx, row.email, [id])).files;
    });
    if (!files) continue;
    requests += 1;
    for (const key of files) await getStorage().delete(key, "private").catch((err: unknown) => logger.warn({ err, key }, "purged proof file could not be deleted"));
  }
  const oldMessages = await database
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(lt(contactMessages.createdAt, cutoff), notLike(contactMessages.email, ERASED)))
    .orderBy(asc(contactMessages.createdAt))
    .limit(limit);
  let messages = 0;
  for (const { id } of oldMessages) {
    messages += await database.transaction(async (tx) => {
      const [free] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(and(sql`${contactMessages.id} = ${id}`, notLike(contactMessages.email, ERASED)))
        .for("update", { skipLocked: true });
      return free ? eraseMessages(tx, [id]) : 0;
    });
  }
  if (requests + messages > 0) {
    await recordAudit(database, null, { action: "data.retention", entity: "data_request", data: { months, cutoff: cutoff.toISOString(), requests, messages } });
  }
  return { requests, messages };
}

/** Every instance sweeps daily (soon after start, then every 24 hours). */
export function scheduleRetentionSweep(): Periodic {
  return runPeriodically(
    "personal data retention sweep",
    async () => {
      const done = await purgeExpiredPersonalData();
      if (done.requests + done.messages > 0) logger.info(done, "erased personal data past its retention");
    },
    { firstMs: 60_000, intervalMs: 24 * 60 * 60 * 1000 },
  );
}
