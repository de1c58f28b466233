// Which courses a student's email holds a confirmed seat in (issue 38 items 3 and 4): a request approved
// with nothing left to pay (a free run: at approval). The student area lists those courses' materials, and
// the document route lets such a student open a document staff marked "for students". The email is
// compared without case, as the student area signs in (lower(student_email) has its index).
import { and, eq, sql } from "drizzle-orm";
import { enrollments } from "@db/schema/index.ts";
import { ledgerOf } from "~/domain/payments/ledger.server.ts";
import { db, type Executor } from "~/lib/db.server.ts";

/** Approved with nothing left to pay. */
export function isConfirmed(status: string, ledger: { balance: number }): boolean {
  return status === "approved" && ledger.balance <= 0;
}

/** The ids of the courses (still existing) where `email` holds a confirmed seat. */
export async function confirmedCourseIds(email: string, ex: Executor = db()): Promise<Set<string>> {
  const rows = await ex
    .select({ id: enrollments.id, courseId: enrollments.courseId })
    .from(enrollments)
    .where(and(sql`lower(${enrollments.studentEmail}) = lower(${email})`, eq(enrollments.status, "approved")));
  const out = new Set<string>();
  for (const row of rows) {
    if (!row.courseId || out.has(row.courseId)) continue;
    if (isConfirmed("approved", await ledgerOf(ex, row.id))) out.add(row.courseId);
  }
  return out;
}
