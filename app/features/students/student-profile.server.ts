// The student's profile (issue 38 item 5), kept on their student-area record: the name as it should appear
// on a certificate in English and in Arabic, a phone, the language emails come in, email reminders on/off.
// Until saved, the form starts from the latest request (its name goes to the field of its script, its
// phone, its language). Saving:
// - a new language moves the student's open requests (pending, waiting list, approved) to it, so every email
//   about them comes in it, and rewrites the reminders already waiting;
// - reminders off withdraws the waiting run and payment reminders and the senders queue no more; on again
//   queues them back for the requests still approved;
// - is audited (which fields changed, never their values).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { enrollments, student } from "@db/schema/index.ts";
import { requeueReminders, withdrawReminders } from "~/domain/enrollments/student-reminders.server.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { isLocale, type Locale } from "~/lib/i18n.ts";
import { formatPhone } from "~/lib/phone.ts";
import type { StudentProfileValues } from "./student-profile.schema.ts";

export interface StudentProfile {
  nameEn: string;
  nameAr: string;
  /** As typed back into the field: the stored E.164 number, spaced for reading. */
  phone: string;
  locale: Locale;
  reminders: boolean;
  /** Never saved yet: the values come from the latest request. */
  fromRequest: boolean;
}

const ARABIC = /\p{Script=Arabic}/u;
const OPEN = ["pending", "waiting", "approved"] as const;

export async function getStudentProfile(email: string, pageLocale: Locale): Promise<StudentProfile> {
  const [row] = await db().select().from(student).where(eq(student.email, email.toLowerCase())).limit(1);
  const [latest] = await db()
    .select({ name: enrollments.studentName, phone: enrollments.studentPhone, locale: enrollments.locale })
    .from(enrollments)
    .where(sql`lower(${enrollments.studentEmail}) = lower(${email})`)
    .orderBy(desc(enrollments.createdAt))
    .limit(1);
  const saved = Boolean(row && (row.nameEn !== null || row.nameAr !== null || row.phone !== null || row.locale !== null));
  if (row && saved) {
    return {
      nameEn: row.nameEn ?? "",
      nameAr: row.nameAr ?? "",
      phone: row.phone ? formatPhone(row.phone) : "",
      locale: isLocale(row.locale) ? row.locale : pageLocale,
      reminders: row.reminders,
      fromRequest: false,
    };
  }
  const name = latest?.name ?? "";
  return {
    nameEn: ARABIC.test(name) ? "" : name,
    nameAr: ARABIC.test(name) ? name : "",
    phone: latest?.phone ? formatPhone(latest.phone) : "",
    locale: isLocale(latest?.locale) ? latest.locale : pageLocale,
    reminders: row?.reminders ?? true,
    fromRequest: true,
  };
}

export async function saveStudentProfile(email: string, values: Omit<StudentProfileValues, "intent">): Promise<{ changed: string[] }> {
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(student).where(eq(student.email, email.toLowerCase())).for("update");
    if (!before) throw new AppError("not_found", "errors.notFoundText");
    const next = { nameEn: values.nameEn || null, nameAr: values.nameAr || null, phone: values.phone, locale: values.locale, reminders: values.reminders };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== before[k]);
    if (changed.length === 0) return { changed };
    await tx.update(student).set(next).where(eq(student.id, before.id));
    const open = await tx
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(sql`lower(${enrollments.studentEmail}) = ${before.email}`, inArray(enrollments.status, [...OPEN])));
    const ids = open.map((r) => r.id);
    if (changed.includes("locale") && ids.length > 0) await tx.update(enrollments).set({ locale: values.locale }).where(inArray(enrollments.id, ids));
    if (!values.reminders) await withdrawReminders(tx, ids);
    else if (changed.includes("reminders") || changed.includes("locale")) await requeueReminders(tx, ids);
    await recordAudit(tx, null, { action: "student.profile.update", entity: "student", entityId: before.id, data: { changed, by: "student" } });
    return { changed };
  });
}
