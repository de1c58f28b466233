// "Download my data" (issue 38 item 6) on PGlite and PostgreSQL (TEST_DB=pg): the signed-in student's JSON
// and CSV hold every row about their email (requests in any case, payments and refunds, proofs, online
// attempts, messages, the emails we sent them, the audit entries about their requests and messages, their
// account and sessions) and nothing about anyone else; no session token, no staff identity; signed out, the
// sign-in page.
import { beforeEach, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { seedDefaults } from "@db/seed/demo.ts";
import { auditLog, emailOutbox, enrollmentLedger, enrollments } from "@db/schema/index.ts";
import { recordPayment, recordRefund } from "~/domain/payments/ledger.server.ts";
import { setEnrollmentStatus } from "~/features/enrollments/enrollment-decisions.server.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";
import { loader as dataLoader } from "~/routes/site/my-data.ts";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeMessage } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";
import { studentCookie } from "../setup/students.ts";
import { saveStudentProfile } from "~/features/students/student-profile.server.ts";
import { requestErasure } from "~/features/students/data-requests.server.ts";

const database = setUpTestDatabase();
let admin: Actor;
let courseId: string;
let otherCourseId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  await resetRateLimits();
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true, price: 2800 })).id;
  otherCourseId = (await makeCourse({ title: "Graphic Design", slug: "graphic-design", isPublished: true })).id;
});

async function requestAs(name: string, email: string, phone: string, course = courseId) {
  const { enrollmentId } = await createEnrollment(
    { courseId: course, studentName: name, studentEmail: email, countryCode: "+20", phoneNumber: phone, message: "I work evenings", website: "" },
    { locale: "en" },
  );
  const [row] = await database.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.enrollmentId, enrollmentId));
  return { reference: enrollmentId, id: row!.id };
}

const download = (format: "json" | "csv", cookie?: string) =>
  callLoader(dataLoader, { url: `/en/my/data.${format}`, params: { lang: "en" }, headers: cookie ? { Cookie: cookie } : {} });

describe("Download my data", () => {
  it("holds every row about the student's email and nothing about anyone else's", async () => {
    const a = await requestAs("Salma Hassan", "Salma.Hassan@example.com", "010 1111 2222");
    const b = await requestAs("Salma Hassan", "salma.hassan@example.com", "010 1111 2222", otherCourseId);
    const other = await requestAs("Karim Mostafa", "karim.mostafa@example.com", "012 9999 8888");
    await setEnrollmentStatus(admin, [a.id, other.id], "approved");
    await recordPayment(admin, a.id, { amountPiastres: 100000, method: "instapay", reference: "IPN-SALMA-1" });
    await recordRefund(admin, a.id, { amountPiastres: 20000, method: "instapay", reason: "Changed group" });
    await recordPayment(admin, other.id, { amountPiastres: 50000, method: "cash", reference: "CASH-KARIM-1" });
    await makeMessage({ name: "Salma Hassan", email: "SALMA.hassan@example.com", message: "Is there a weekend group?" });
    await makeMessage({ name: "Karim Mostafa", email: "karim.mostafa@example.com", message: "Do you teach Python?" });
    const cookie = await studentCookie("salma.hassan@example.com");
    // Her profile and her request to erase her data are hers too (issue 38 items 5 and 6).
    await saveStudentProfile("salma.hassan@example.com", { nameEn: "Salma Hassan", nameAr: "سلمى حسن", phone: "+201011112222", locale: "ar", reminders: false });
    await requestErasure("salma.hassan@example.com", "en");

    const res = await download("json", cookie);
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("Content-Disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.response!.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await res.response!.text();
    const data = JSON.parse(text) as { about: { email: string }; sections: Record<string, Record<string, unknown>[]> };
    expect(data.about.email).toBe("salma.hassan@example.com");
    const s = data.sections;
    expect(s.requests!.map((r) => r.enrollmentId).sort()).toEqual([a.reference, b.reference].sort());
    // Every ledger row, outbox row and audit entry about her requests, as the database holds them.
    const ledger = await database.db.select({ id: enrollmentLedger.id }).from(enrollmentLedger).where(inArray(enrollmentLedger.enrollmentId, [a.id, b.id]));
    expect(s.payments!.map((r) => r.id).sort()).toEqual(ledger.map((r) => r.id).sort());
    const mails = await database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = 'salma.hassan@example.com'`);
    expect(mails.length).toBeGreaterThanOrEqual(3);
    expect(s.emails!.map((r) => r.id).sort()).toEqual(mails.map((r) => r.id).sort());
    const audits = await database.db.select({ id: auditLog.id }).from(auditLog).where(inArray(auditLog.entityId, [a.id, b.id]));
    expect(audits.length).toBeGreaterThan(0);
    const accountAudits = await database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, "student"));
    expect(accountAudits).toHaveLength(1);
    expect(s.audit).toHaveLength(audits.length + accountAudits.length);
    expect(s.account![0]).toMatchObject({ nameEn: "Salma Hassan", nameAr: "سلمى حسن", phone: "+201011112222", reminders: false });
    expect(s.dataRequests).toEqual([expect.objectContaining({ kind: "erase", status: "pending" })]);
    expect(s.messages!.map((m) => m.message)).toEqual(["Is there a weekend group?"]);
    expect(s.account).toHaveLength(1);
    expect(s.sessions).toHaveLength(1);
    // Nothing of Karim's; no session token; no staff identity.
    for (const foreign of ["karim", "Karim", other.reference, "CASH-KARIM-1", "9999 8888", "Python"]) expect(text).not.toContain(foreign);
    expect(text).not.toContain(cookie.split("=")[1]!.split(".")[0]!);
    expect(text).not.toContain(admin.email);
    expect(text).not.toMatch(/"token"|actorEmail|actorId/);

    const csv = await download("csv", cookie);
    const bytes = new Uint8Array(await csv.response!.arrayBuffer());
    // A byte order mark first, so spreadsheet programs read the Arabic as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = new TextDecoder().decode(bytes);
    expect(body.startsWith("section,record,field,value\r\n")).toBe(true);
    expect(body).toContain(`requests,1,enrollmentId,${a.reference}`);
    expect(body).toMatch(/^payments,\d+,kind,refund$/m);
    expect(body).not.toContain(other.reference);
  });

  it("sends a browser without a student session to the sign-in page", async () => {
    const res = await download("json");
    expect(res.status).toBe(302);
    expect(res.response!.headers.get("Location")).toBe("/en/my");
  });
});
