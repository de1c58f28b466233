// The admin shell's signals (issue 17 point 4), read by the admin layout's loader on every admin page:
// one small query per count, each only for staff who may open the list it points to. The pending count
// is one row of `enrollment_status_counts` (kept exact by triggers); the unread count is the same count
// the inbox shows. A count that fails is logged and shows no badge rather than breaking every page.
import { count, eq, isNull } from "drizzle-orm";
import { contactMessages, enrollmentStatusCounts } from "@db/schema/index.ts";
import type { AdminSignals } from "./admin-signals.ts";
import { db } from "./db.server.ts";
import { env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { hasPermission, requireStaffRole, type Actor } from "./permissions.server.ts";

async function safeCount(what: string, run: () => Promise<number>): Promise<number | null> {
  try {
    return await run();
  } catch (err) {
    logger.error({ err, count: what }, "admin signal count failed; no badge shown");
    return null;
  }
}

/** Whether emails leave the server: an SMTP server is configured (SMTP_URL). */
export function smtpConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

export async function getAdminSignals(actor: Actor): Promise<AdminSignals> {
  requireStaffRole(actor);
  const [pendingEnrollments, unreadMessages] = await Promise.all([
    hasPermission(actor, "enrollments:view")
      ? safeCount("pending enrollments", async () => {
          const [row] = await db()
            .select({ n: enrollmentStatusCounts.n })
            .from(enrollmentStatusCounts)
            .where(eq(enrollmentStatusCounts.status, "pending"));
          return Number(row?.n ?? 0);
        })
      : null,
    hasPermission(actor, "messages:view")
      ? safeCount("unread messages", async () => {
          const [row] = await db().select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
          return Number(row?.n ?? 0);
        })
      : null,
  ]);
  // The email log, where the logged-only emails are, is for admins (D18): so is the banner.
  return { pendingEnrollments, unreadMessages, smtpMissing: actor.role === "admin" && !smtpConfigured() };
}
