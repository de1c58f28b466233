// A payment's receipt as the student reads and prints it (issue 37 item 6): opened with their enrollment's
// token and the receipt's number; a wrong token, a number of another enrollment, an unknown number or a
// malformed one are all null (the same 404). Bilingual by design, so it reads the academy's name and
// address in both languages; what the student owes after this payment comes from the ledger up to it.
import { and, eq } from "drizzle-orm";
import { courseRuns, enrollmentLedger, enrollments } from "@db/schema/index.ts";
import { verifyEnrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { ledgerOf, summarize } from "~/domain/payments/ledger.server.ts";
import { db } from "~/lib/db.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";

const RECEIPT_NUMBER = /^[A-Z]{1,8}-\d{4}-\d{5,}$/;

export interface StudentReceipt {
  number: string;
  reference: string;
  studentName: string;
  courseName: string;
  runStartsAt: string | null;
  at: string;
  amountPiastres: number;
  method: string;
  /** What was due in all, and what was left to pay right after this payment (0 or less: paid in full). */
  duePiastres: number;
  balanceAfterPiastres: number;
  academy: { name: { en?: string; ar?: string }; address: { en?: string; ar?: string }; email?: string; phone?: string };
}

export async function getStudentReceipt(reference: string, token: string | null, number: string): Promise<StudentReceipt | null> {
  if (!verifyEnrollmentToken(reference, token) || !RECEIPT_NUMBER.test(number)) return null;
  const [row] = await db()
    .select({
      id: enrollments.id,
      reference: enrollments.enrollmentId,
      studentName: enrollments.studentName,
      courseName: enrollments.courseName,
      runStartsAt: courseRuns.startsAt,
      entryId: enrollmentLedger.id,
      at: enrollmentLedger.createdAt,
      amount: enrollmentLedger.amountPiastres,
      method: enrollmentLedger.method,
    })
    .from(enrollmentLedger)
    .innerJoin(enrollments, eq(enrollments.id, enrollmentLedger.enrollmentId))
    .leftJoin(courseRuns, eq(courseRuns.id, enrollments.runId))
    .where(and(eq(enrollmentLedger.receiptNumber, number), eq(enrollmentLedger.kind, "payment"), eq(enrollments.enrollmentId, reference)))
    .limit(1);
  if (!row || !row.method) return null;
  const ledger = await ledgerOf(db(), row.id);
  const upTo = summarize(ledger.entries.filter((e) => e.id <= row.entryId));
  const { brand, contact } = await readSiteSettings(db(), ["brand", "contact"]);
  return {
    number,
    reference: row.reference,
    studentName: row.studentName,
    courseName: row.courseName,
    runStartsAt: row.runStartsAt?.toISOString() ?? null,
    at: row.at.toISOString(),
    amountPiastres: row.amount,
    method: row.method,
    duePiastres: upTo.due,
    balanceAfterPiastres: upTo.balance,
    academy: {
      name: brand.name ?? {},
      address: contact.address ?? {},
      ...(contact.email ? { email: contact.email } : {}),
      ...(contact.phones?.[0] ? { phone: contact.phones[0] } : {}),
    },
  };
}
