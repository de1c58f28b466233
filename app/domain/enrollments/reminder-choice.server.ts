// Whether a request's student wants reminder emails (issue 38 item 5: "email reminders" in the student
// area's profile, on unless turned off). Asked by the senders of the run reminder and the payment reminder.
import { and, eq, inArray, sql } from "drizzle-orm";
import { enrollments, student } from "@db/schema/index.ts";
import type { Executor } from "~/lib/db.server.ts";

/** The emails (lower case) among these whose student turned reminders off. */
export async function remindersOff(ex: Executor, emails: readonly string[]): Promise<Set<string>> {
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (lower.length === 0) return new Set();
  const rows = await ex
    .select({ email: student.email })
    .from(student)
    .where(and(inArray(student.email, lower), eq(student.reminders, false)));
  return new Set(rows.map((r) => r.email));
}

/** The SQL condition "this request's student has not turned reminders off" (for the senders' queries). */
export function remindersWanted() {
  return sql`not exists (select 1 from ${student} where ${student.email} = lower(${enrollments.studentEmail}) and ${student.reminders} = false)`;
}
