// "My requests" (issue 38 item 2): every request made with the signed-in student's email, any course, any
// language, newest first, each with its status, its group's start in Cairo time, what is left to pay and
// the link to its own page (which carries the payment options, the proofs and the receipts). The words
// come ready-made in the page's language (the page loads no status strings of its own).
import { desc, eq, sql } from "drizzle-orm";
import { courseRuns, enrollments } from "@db/schema/index.ts";
import { enrollmentPagePath } from "~/domain/enrollments/enrollment-link.server.ts";
import { ledgerOf } from "~/domain/payments/ledger.server.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { db } from "~/lib/db.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import { formatPiastres } from "~/lib/money.ts";

/** At most this many requests are listed (newest first); nobody sends more with one address. */
const MAX_LISTED = 100;

export interface MyRequest {
  reference: string;
  courseName: string;
  /** The status shown: "paid" for an approved request paid in full. */
  status: string;
  statusLabel: string;
  requestedAt: string;
  /** "Starts Monday, 28 December 2026 at 8:00 PM (Cairo time)", or null without a group. */
  starts: string | null;
  /** What is left to pay, formatted; null when nothing is owed. */
  balance: string | null;
  /** The request's own page, with its key. */
  href: string;
}

export async function listMyRequests(email: string, locale: Locale, t: (key: string, options?: Record<string, unknown>) => string): Promise<MyRequest[]> {
  const rows = await db()
    .select({
      id: enrollments.id,
      reference: enrollments.enrollmentId,
      courseName: enrollments.courseName,
      status: enrollments.status,
      createdAt: enrollments.createdAt,
      startsAt: courseRuns.startsAt,
    })
    .from(enrollments)
    .leftJoin(courseRuns, eq(courseRuns.id, enrollments.runId))
    .where(sql`lower(${enrollments.studentEmail}) = lower(${email})`)
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(MAX_LISTED);
  return Promise.all(
    rows.map(async (row) => {
      const ledger = await ledgerOf(db(), row.id);
      const status = row.status === "approved" && ledger.due > 0 && ledger.balance <= 0 ? "paid" : row.status;
      const owes = row.status === "approved" && ledger.balance > 0;
      return {
        reference: row.reference,
        courseName: row.courseName,
        status,
        statusLabel: t(`myEnrollment.status.${status}`),
        requestedAt: row.createdAt.toISOString(),
        starts: row.startsAt ? t("my.requests.starts", { when: formatRunMoment(row.startsAt, locale, "long"), zone: t("runs.cairoTime") }) : null,
        balance: owes ? formatPiastres(ledger.balance, locale) : null,
        href: enrollmentPagePath(locale, row.reference),
      };
    }),
  );
}

/** The email a request was made with (its signed link's holder is that student), or null. */
export async function emailOfRequest(reference: string): Promise<string | null> {
  const [row] = await db().select({ email: enrollments.studentEmail }).from(enrollments).where(eq(enrollments.enrollmentId, reference)).limit(1);
  return row?.email ?? null;
}
