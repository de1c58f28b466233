// "Download my data" (issue 38 item 6; Egypt's Personal Data Protection Law No. 151 of 2020, the right of
// access): everything the site holds about the signed-in student's email, as one JSON document and the same
// as one CSV (one line per field: section, record, field, value). Every row is read whole, so a column added
// later is exported too. Left out: secrets that would let someone act as the student (session tokens, the
// sign-in links' stored hashes) and what belongs to staff (who did an action: their id and email).
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  auditLog,
  contactMessages,
  emailOutbox,
  enrollmentLedger,
  enrollments,
  onlinePayments,
  paymentProofs,
  student,
  dataRequests,
  studentSession,
} from "@db/schema/index.ts";
import { csvCell } from "~/lib/csv.ts";
import { db } from "~/lib/db.server.ts";
import { emailHash } from "~/domain/privacy/erase.server.ts";

export interface MyData {
  /** What this file is, and when it was made. */
  about: { email: string; generatedAt: string; law: string };
  sections: Record<string, Record<string, unknown>[]>;
}

const sameEmail = (column: AnyPgColumn, email: string) => sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/** Every row about `email`, by table; session tokens and staff identities left out. */
export async function collectMyData(email: string): Promise<MyData> {
  const address = email.trim().toLowerCase();
  const requests = await db().select().from(enrollments).where(sameEmail(enrollments.studentEmail, address)).orderBy(enrollments.createdAt);
  const ids = requests.map((r) => r.id);
  const messages = await db().select().from(contactMessages).where(sameEmail(contactMessages.email, address)).orderBy(contactMessages.createdAt);
  const messageIds = messages.map((m) => m.id);
  const ofRequests = <T>(read: () => Promise<T[]>) => (ids.length ? read() : Promise.resolve([] as T[]));
  const [students, ledger, proofs, online, emails, audit] = await Promise.all([
    db().select().from(student).where(eq(student.email, address)),
    ofRequests(() => db().select().from(enrollmentLedger).where(inArray(enrollmentLedger.enrollmentId, ids)).orderBy(enrollmentLedger.id)),
    ofRequests(() => db().select().from(paymentProofs).where(inArray(paymentProofs.enrollmentId, ids)).orderBy(paymentProofs.createdAt)),
    ofRequests(() => db().select().from(onlinePayments).where(inArray(onlinePayments.enrollmentId, ids)).orderBy(onlinePayments.createdAt)),
    db().select().from(emailOutbox).where(sameEmail(emailOutbox.toAddress, address)).orderBy(emailOutbox.createdAt),
    ids.length || messageIds.length
      ? db()
          .select({ at: auditLog.createdAt, action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId, data: auditLog.data })
          .from(auditLog)
          .where(
            or(
              ids.length ? and(eq(auditLog.entity, "enrollment"), inArray(auditLog.entityId, ids)) : undefined,
              messageIds.length ? and(eq(auditLog.entity, "message"), inArray(auditLog.entityId, messageIds)) : undefined,
            ),
          )
          .orderBy(auditLog.createdAt)
      : Promise.resolve([]),
  ]);
  // The student area's own: its profile's changes (audited on the student's record) and requests about the data.
  const [accountAudit, dataRequestRows] = await Promise.all([
    students.length
      ? db()
          .select({ at: auditLog.createdAt, action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId, data: auditLog.data })
          .from(auditLog)
          .where(and(eq(auditLog.entity, "student"), eq(auditLog.entityId, students[0]!.id)))
          .orderBy(auditLog.createdAt)
      : Promise.resolve([]),
    db()
      .select({ kind: dataRequests.kind, status: dataRequests.status, requestedAt: dataRequests.requestedAt, doneAt: dataRequests.doneAt })
      .from(dataRequests)
      .where(eq(dataRequests.emailHash, emailHash(address))),
  ]);
  const sessions = students.length
    ? await db()
        .select({ createdAt: studentSession.createdAt, expiresAt: studentSession.expiresAt, ipAddress: studentSession.ipAddress, userAgent: studentSession.userAgent })
        .from(studentSession)
        .where(eq(studentSession.userId, students[0]!.id))
    : [];
  return {
    about: { email: address, generatedAt: new Date().toISOString(), law: "Egypt, Personal Data Protection Law No. 151 of 2020" },
    sections: {
      account: students,
      sessions,
      requests,
      payments: ledger.map(({ actorId: _staff, ...row }) => row),
      proofsOfPayment: proofs.map(({ reviewedBy: _staff, ...row }) => row),
      onlinePayments: online,
      messages,
      emails,
      audit: [...audit, ...accountAudit],
      dataRequests: dataRequestRows,
    },
  };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** The same data as CSV: UTF-8 with a byte order mark, CRLF, one line per field of each record. */
export function myDataCsv(data: MyData): string {
  const lines = [["section", "record", "field", "value"].join(",")];
  for (const [field, value] of Object.entries(data.about)) lines.push(["about", "1", field, csvCell(value)].join(","));
  for (const [section, rows] of Object.entries(data.sections)) {
    rows.forEach((row, i) => {
      for (const [field, value] of Object.entries(row)) lines.push([section, String(i + 1), field, csvCell(cellText(value))].join(","));
    });
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
