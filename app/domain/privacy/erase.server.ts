// Erasing a person's data (issue 38 item 6; Egypt's Personal Data Protection Law No. 151 of 2020): every
// record about an email address loses what identifies the person, in one transaction, and the files they
// sent are deleted after it commits. What the law requires us to keep stays, without the person:
// - requests keep their reference, course, status, dates and money (the ledger is append-only: receipts
//   keep their numbers and amounts); the name becomes "Erased", the email a per-person placeholder
//   (erased-<hash>@erased.invalid), the phone, message, level, schedule and where they came from go;
// - proofs of payment keep amount, method and reference; their files are deleted, the file's name goes;
// - contact messages from the address: name, email and text replaced;
// - the email log and outbox: the address replaced, subjects and bodies emptied (a waiting email is cancelled);
// - the audit log: the name, email and phone replaced wherever an entry's data carries them;
// - the student area's record, sessions and sign-in links: deleted.
// Also used by the retention sweep for requests that were never confirmed (retention.server.ts).
import crypto from "node:crypto";
import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { auditLog, contactMessages, emailOutbox, enrollments, paymentProofs, student, studentVerification } from "@db/schema/index.ts";
import { enrollmentRef } from "~/domain/enrollments/email-refs.ts";
import type { Tx } from "~/lib/db.server.ts";
import { formatPhone } from "~/lib/phone.ts";
import { purposeKey } from "~/lib/secret.server.ts";

export const ERASED_NAME = "Erased";

/** The keyed hash of an email (lower case), kept after erasure instead of the address. */
export function emailHash(email: string): string {
  return crypto.createHmac("sha256", purposeKey("data-request/v1")).update(email.trim().toLowerCase()).digest("hex");
}

/** The placeholder address a person's records get: the same for all of one person's records, never deliverable. */
export function erasedAddress(email: string): string {
  return `erased-${emailHash(email).slice(0, 12)}@erased.invalid`;
}

export interface ErasureSummary {
  requests: number;
  messages: number;
  emails: number;
  proofs: number;
  auditEntries: number;
  studentRecord: number;
}

/** What to find and replace in free text (audit data, reasons): the person's address, names and phones. */
function needlesOf(rows: { studentName: string; studentEmail: string; studentPhone: string }[], extra: string[]): string[] {
  const out = new Set<string>();
  for (const r of rows) {
    for (const v of [r.studentName, r.studentEmail, r.studentEmail.toLowerCase(), r.studentPhone, r.studentPhone ? formatPhone(r.studentPhone) : ""]) if (v && v.length >= 3) out.add(v);
  }
  for (const v of extra) if (v && v.length >= 3) out.add(v);
  for (const v of extra) if (v.startsWith("+")) out.add(formatPhone(v));
  return [...out].sort((a, b) => b.length - a.length);
}

/** A needle as it appears in the column's text: JSON-escaped inside a jsonb value. */
const asText = (needle: string, json: boolean) => (json ? JSON.stringify(needle).slice(1, -1) : needle);
const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether the text contains any of the needles. */
function likeAny(text: SQL, needles: string[], json: boolean): SQL {
  return sql`(${sql.join(
    needles.map((n) => sql`${text} like ${`%${likeEscape(asText(n, json))}%`}`),
    sql` or `,
  )})`;
}

/** The column's text with each needle replaced (as JSON-escaped text for jsonb). */
function replaced(column: AnyColumn, needles: string[], asJson: boolean): SQL {
  let expr = asJson ? sql`${column}::text` : sql`${column}`;
  for (const n of needles) {
    expr = sql`replace(${expr}, ${asText(n, asJson)}, ${ERASED_NAME})`;
  }
  return asJson ? sql`(${expr})::jsonb` : expr;
}

/**
 * Erases what identifies the person behind `email` (any case) in every table; returns the counts and the
 * storage keys of the files to delete once the transaction commits. `enrollmentIds` narrows it to those
 * requests (the retention sweep); otherwise every request of the address, and its messages, emails and
 * student-area record.
 */
export async function eraseEmailData(tx: Tx, email: string, enrollmentIds?: readonly string[]): Promise<{ summary: ErasureSummary; files: string[] }> {
  const lower = email.trim().toLowerCase();
  const placeholder = erasedAddress(lower);
  const rows = await tx
    .select({ id: enrollments.id, studentName: enrollments.studentName, studentEmail: enrollments.studentEmail, studentPhone: enrollments.studentPhone })
    .from(enrollments)
    .where(and(sql`lower(${enrollments.studentEmail}) = ${lower}`, enrollmentIds ? inArray(enrollments.id, [...enrollmentIds, "00000000-0000-0000-0000-000000000000"]) : undefined))
    .for("update");
  const ids = rows.map((r) => r.id);
  const whole = enrollmentIds === undefined;
  const [profile] = whole ? await tx.select().from(student).where(eq(student.email, lower)) : [];
  const messages = whole ? await tx.select({ id: contactMessages.id, name: contactMessages.name }).from(contactMessages).where(sql`lower(${contactMessages.email}) = ${lower}`) : [];
  const needles = needlesOf(rows, [lower, ...messages.map((m) => m.name), ...(profile ? [profile.nameEn ?? "", profile.nameAr ?? "", profile.phone ?? ""] : [])]);

  const summary: ErasureSummary = { requests: ids.length, messages: messages.length, emails: 0, proofs: 0, auditEntries: 0, studentRecord: profile ? 1 : 0 };
  const files: string[] = [];
  if (ids.length > 0) {
    await tx
      .update(enrollments)
      .set({
        studentName: ERASED_NAME,
        studentEmail: placeholder,
        studentPhone: "",
        message: null,
        currentLevel: null,
        preferredSchedule: null,
        sourcePage: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        utmTerm: null,
        utmContent: null,
        referrerHost: null,
      })
      .where(inArray(enrollments.id, ids));
    const proofs = await tx
      .update(paymentProofs)
      .set({ originalName: null, rejectReason: sql`case when ${paymentProofs.rejectReason} is null then null else ${replaced(paymentProofs.rejectReason, needles, false)} end` })
      .where(inArray(paymentProofs.enrollmentId, ids))
      .returning({ key: paymentProofs.fileKey });
    files.push(...proofs.map((p) => p.key));
    summary.proofs = proofs.length;
  }
  if (messages.length > 0) {
    await tx
      .update(contactMessages)
      .set({ name: ERASED_NAME, email: placeholder, message: ERASED_NAME })
      .where(inArray(contactMessages.id, messages.map((m) => m.id)));
  }
  // The email log and outbox: every email that names the person (to them, or to staff about them) loses its
  // words; those to the address lose the address too, and one still waiting is cancelled.
  if (needles.length > 0) {
    const mails = await tx
      .update(emailOutbox)
      .set({
        subject: replaced(emailOutbox.subject, needles, false),
        textBody: replaced(emailOutbox.textBody, needles, false),
        htmlBody: "",
        lastError: null,
      })
      .where(
        whole
          ? sql`(${likeAny(sql`${emailOutbox.textBody}`, needles, false)}) or (${likeAny(sql`${emailOutbox.subject}`, needles, false)}) or lower(${emailOutbox.toAddress}) = ${lower}`
          : // Narrowed (retention): only the emails about those requests; the person's others stay.
            inArray(emailOutbox.ref, [...ids.map(enrollmentRef), "-"]),
      )
      .returning({ id: emailOutbox.id });
    summary.emails = mails.length;
    await tx
      .update(emailOutbox)
      .set({ toAddress: placeholder, status: sql`case when ${emailOutbox.status} in ('pending', 'sending') then 'cancelled' else ${emailOutbox.status} end` })
      .where(and(sql`lower(${emailOutbox.toAddress}) = ${lower}`, whole ? undefined : inArray(emailOutbox.ref, [...ids.map(enrollmentRef), "-"])));
    // Staff replied to the person through the email's Reply-To (a contact message's notification).
    if (whole) await tx.update(emailOutbox).set({ replyTo: placeholder }).where(sql`lower(${emailOutbox.replyTo}) = ${lower}`);
  }
  // The audit log: entries about those requests or mentioning the person anywhere in their data.
  if (needles.length > 0) {
    const audited = await tx
      .update(auditLog)
      .set({ data: replaced(auditLog.data, needles, true) })
      .where(
        and(
          sql`${auditLog.data} is not null`,
          likeAny(sql`${auditLog.data}::text`, needles, true),
          whole ? undefined : and(eq(auditLog.entity, "enrollment"), inArray(auditLog.entityId, [...ids, "-"])),
        ),
      )
      .returning({ id: auditLog.id });
    summary.auditEntries = audited.length;
  }
  if (whole) {
    await tx.delete(studentVerification).where(sql`${studentVerification.value} like ${`%${likeEscape(lower)}%`}`);
    if (profile) await tx.delete(student).where(eq(student.id, profile.id));
  }
  return { summary, files };
}

/**
 * The retention sweep's contact messages (issue 38 item 6): each loses its sender's name, address and text,
 * and so does the notification email staff received about it (found by its Reply-To and the sender's name).
 */
export async function eraseMessages(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.select().from(contactMessages).where(inArray(contactMessages.id, [...ids])).for("update");
  for (const m of rows) {
    const lower = m.email.trim().toLowerCase();
    const needles = [m.name, m.email, lower].filter((n) => n.length >= 3).sort((a, b) => b.length - a.length);
    await tx.update(contactMessages).set({ name: ERASED_NAME, email: erasedAddress(lower), message: ERASED_NAME }).where(eq(contactMessages.id, m.id));
    await tx
      .update(emailOutbox)
      .set({ subject: replaced(emailOutbox.subject, needles, false), textBody: replaced(emailOutbox.textBody, needles, false), htmlBody: "", replyTo: erasedAddress(lower) })
      .where(and(eq(emailOutbox.kind, "contact-message"), sql`lower(${emailOutbox.replyTo}) = ${lower}`));
  }
  return rows.length;
}
