// The retention setting (issue 38 item 6) on PGlite and PostgreSQL (TEST_DB=pg): Settings → Personal data
// "Erase after (months)" read with Arabic-Indic digits; the sweep erases the personal data of requests
// never confirmed and of contact messages older than that, and nothing else: a paid request, recent ones,
// and the same person's confirmed request keep theirs; 0 keeps everything; two instances sweeping at once
// erase each record once, with the sweep audited.
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { auditLog, contactMessages, enrollments } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { recordPayment } from "~/domain/payments/ledger.server.ts";
import { purgeExpiredPersonalData, retentionCutoff } from "~/domain/privacy/retention.server.ts";
import { setEnrollmentStatus } from "~/features/enrollments/enrollment-decisions.server.ts";
import { getSiteSettingsForm } from "~/features/settings/settings-admin.server.ts";
import { action as settingsAction } from "~/routes/admin/settings.tsx";
import { callAction } from "../setup/route-call.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment } from "../setup/factories.ts";

const database = setUpTestDatabase();
const MONTH = 31 * 24 * 3600_000;
let admin: Actor;
let courseId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Excel", slug: "excel", isPublished: true, price: 1000 })).id;
});

/** Settings saved as the page posts them (a ticked box "on", an unticked one nothing), with this value typed. */
async function setMonths(months: string) {
  const form = { ...(await getSiteSettingsForm(admin)), retentionMonths: months, intent: "save" };
  const posted = Object.fromEntries(
    Object.entries(form).flatMap(([k, v]) => (typeof v === "boolean" ? (v ? [[k, "on"]] : []) : v === null || v === undefined ? [] : [[k, String(v)]])),
  ) as Record<string, string>;
  return callAction(settingsAction, { url: "/admin/settings", form: posted, actor: admin });
}

const ago = (months: number) => new Date(Date.now() - months * MONTH);
const request = (name: string, status: string, months: number, email = `${name.toLowerCase().replace(/ /g, ".")}@example.com`) =>
  makeEnrollment({ courseId, courseName: "Excel", studentName: name, studentEmail: email, status: status as never, createdAt: ago(months), message: `I am ${name}` });
const row = async (id: string) => (await database.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;

describe("personal data retention", () => {
  it("reads the setting with Arabic-Indic digits and refuses what is out of range", async () => {
    expect((await setMonths("٦")).status).toBe(200);
    expect((await getSiteSettingsForm(admin)).retentionMonths).toBe(6);
    const refused = await setMonths("121");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("settings.errors.retentionMonthsInvalid");
    expect((await getSiteSettingsForm(admin)).retentionMonths).toBe(6);
  });

  it("erases old requests never confirmed and old messages; keeps paid, recent and the person's confirmed request", async () => {
    const rejected = await request("Hala Samir", "rejected", 8);
    const pending = await request("Karim Adel", "pending", 7);
    const withdrawn = await request("Nour Ali", "withdrawn", 9);
    const recent = await request("Salma Reda", "rejected", 2);
    // Hala also has a confirmed, paid seat from the same time: it keeps her name.
    const paid = await request("Hala Samir", "pending", 8, "hala.samir@example.com");
    await setEnrollmentStatus(admin, [paid.id], "approved");
    await recordPayment(admin, paid.id, { amountPiastres: 100000, method: "cash", reference: "BOOK-2" });
    const [oldMessage] = await database.db.insert(contactMessages).values({ name: "Tarek Fouad", email: "tarek@example.com", message: "Call me", createdAt: ago(7) }).returning();
    const [newMessage] = await database.db.insert(contactMessages).values({ name: "Mai Hany", email: "mai@example.com", message: "Hello", createdAt: ago(1) }).returning();

    await setMonths("0");
    expect(await purgeExpiredPersonalData()).toEqual({ requests: 0, messages: 0 });
    expect((await row(rejected.id)).studentName).toBe("Hala Samir");

    await setMonths("6");
    expect(retentionCutoff(new Date("2026-12-07T10:00:00Z"), 6).toISOString()).toBe("2026-06-07T10:00:00.000Z");
    const second: Database | undefined = database.url ? await openDatabase({ url: database.url, poolMax: 4 }) : undefined;
    let sweeps: { requests: number; messages: number }[];
    try {
      sweeps = await Promise.all([purgeExpiredPersonalData(), purgeExpiredPersonalData(second ? { db: second.db } : {})]);
    } finally {
      await second?.close();
    }
    expect(sweeps.reduce((n, s) => n + s.requests, 0)).toBe(3);
    expect(sweeps.reduce((n, s) => n + s.messages, 0)).toBe(1);
    for (const r of [rejected, pending, withdrawn]) {
      expect(await row(r.id)).toMatchObject({ studentName: "Erased", studentPhone: "", message: null, status: r.status });
      expect((await row(r.id)).studentEmail).toMatch(/@erased\.invalid$/);
    }
    expect(await row(recent.id)).toMatchObject({ studentName: "Salma Reda" });
    expect(await row(paid.id)).toMatchObject({ studentName: "Hala Samir", studentEmail: "hala.samir@example.com" });
    const messages = await database.db.select().from(contactMessages);
    expect(messages.find((m) => m.id === oldMessage!.id)).toMatchObject({ name: "Erased", message: "Erased" });
    expect(messages.find((m) => m.id === newMessage!.id)).toMatchObject({ name: "Mai Hany", message: "Hello" });
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "data.retention"));
    expect(audits.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(audits)).not.toMatch(/Hala|Karim|Nour|Tarek/);
    // A second sweep finds nothing left to do.
    expect(await purgeExpiredPersonalData()).toEqual({ requests: 0, messages: 0 });
    const leftovers = await database.db.execute(sql`select count(*)::int as n from enrollments where student_name in ('Karim Adel', 'Nour Ali')`);
    expect(JSON.stringify(leftovers)).toContain('"n":0');
  });
});
