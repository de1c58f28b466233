// Migration 0008 (D26): stored Egyptian phone numbers become E.164 where that is unambiguous; anything
// else is left as it was. The test database is already migrated, so the rows written here in the old
// forms are converted by running the migration's statements again (it creates and drops its helper).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { enrollments, siteSettings } from "@db/schema/index.ts";
import { foldEnrollmentQuery } from "~/features/enrollments/enrollments-admin.server.ts";
import { toE164 } from "~/lib/phone.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";

const MIGRATION = path.resolve(import.meta.dirname, "../../db/migrations/0008_phones_e164.sql");

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
beforeEach(async () => {
  await resetDatabase(database.db);
});

async function runMigration(): Promise<void> {
  const statements = fs
    .readFileSync(MIGRATION, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

/** Stored form before → after the migration. */
const ENROLLMENT_PHONES: [string, string][] = [
  // What the enrollment form stored before D26: the code, a space, the number as typed (without spaces).
  ["+20 01012345678", "+201012345678"],
  ["+20 1001234567", "+201001234567"],
  ["+20 (010)1234-5678", "+201012345678"],
  ["+20 (02)2345-6789", "+20223456789"],
  ["+20 03-456-7890", "+2034567890"],
  ["+20 040 123 4567", "+20401234567"],
  ["+201012345678", "+201012345678"],
  ["0020 10 1234 5678", "+201012345678"],
  ["01000000000", "+201000000000"],
  ["٠١٠١٢٣٤٥٦٧٨", "+201012345678"],
  // Left alone: not a valid Egyptian number, another country, or ambiguous without a country code.
  ["+20 0123456", "+20 0123456"],
  ["+20 010123456789", "+20 010123456789"],
  ["+966 0501234567", "+966 0501234567"],
  ["+44 7700900123", "+44 7700900123"],
  ["0223456789", "0223456789"],
  ["1234567", "1234567"],
  ["call me", "call me"],
];

describe("migration 0008: phone numbers in E.164", () => {
  it("converts the unambiguous Egyptian enrollment phones and leaves the rest", async () => {
    await database.db.insert(enrollments).values(
      ENROLLMENT_PHONES.map(([phone], i) => ({
        enrollmentId: `ENR-MIG-${i}`,
        courseName: "Course",
        studentName: "Student",
        studentEmail: "s@example.com",
        studentPhone: phone,
        status: i % 3 === 0 ? ("approved" as const) : ("pending" as const),
      })),
    );
    const statusCounts = async () =>
      ((await database.db.execute(sql`select status, n::int as n from enrollment_status_counts order by status`)) as unknown as { rows: unknown[] }).rows;
    const countsBefore = await statusCounts();

    await runMigration();

    for (const [i, [before, after]] of ENROLLMENT_PHONES.entries()) {
      const [row] = await database.db.select().from(enrollments).where(eq(enrollments.enrollmentId, `ENR-MIG-${i}`));
      expect(row?.studentPhone, before).toBe(after);
      // The search column follows, and a search typed the usual way finds the row.
      expect(row?.searchText).toContain(after.replace(/ /g, ""));
      if (after.startsWith("+20") && !after.includes(" ")) expect(row?.searchText).toContain(foldEnrollmentQuery(before));
      // What the migration converted is what the application itself reads from that text.
      if (before !== after) expect(toE164(before)).toBe(after);
    }
    // The status counters (kept by triggers) are untouched by the update.
    expect(await statusCounts()).toEqual(countsBefore);

    // Running it again changes nothing.
    await runMigration();
    const rows = await database.db.select({ id: enrollments.enrollmentId, phone: enrollments.studentPhone }).from(enrollments);
    expect(new Map(rows.map((r) => [r.id, r.phone]))).toEqual(new Map(ENROLLMENT_PHONES.map(([, after], i) => [`ENR-MIG-${i}`, after])));
  });

  it("converts the site's phone numbers and the chat number in the contact setting", async () => {
    await database.db.insert(siteSettings).values([
      {
        key: "contact",
        value: {
          email: "info@example.com",
          phones: ["+20 10 1234 5678", "(02) 2345-6789", "+44 20 7946 0958", "0223456789", "٠١٢٢٣٤٥٦٧٨٩"],
          chatNumber: "201012345678",
          chatGreeting: { en: "Hi", ar: "مرحبًا" },
        },
      },
      { key: "brand", value: { name: { en: "Nile" }, description: {}, phones: ["01012345678"] } },
    ]);
    await runMigration();
    const [contact] = await database.db.select().from(siteSettings).where(eq(siteSettings.key, "contact"));
    expect(contact!.value).toEqual({
      email: "info@example.com",
      phones: ["+201012345678", "(02) 2345-6789", "+44 20 7946 0958", "0223456789", "+201223456789"],
      chatNumber: "+201012345678",
      chatGreeting: { en: "Hi", ar: "مرحبًا" },
    });
    // Only the contact setting is touched.
    const [brand] = await database.db.select().from(siteSettings).where(eq(siteSettings.key, "brand"));
    expect(brand!.value).toEqual({ name: { en: "Nile" }, description: {}, phones: ["01012345678"] });
  });

  it("leaves a contact setting without phones, or with an odd chat number, as it is", async () => {
    await database.db.insert(siteSettings).values({ key: "contact", value: { email: "a@b.co", chatNumber: "0100 000 0001" } });
    await runMigration();
    const [contact] = await database.db.select().from(siteSettings).where(eq(siteSettings.key, "contact"));
    expect(contact!.value).toEqual({ email: "a@b.co", chatNumber: "0100 000 0001" });
  });
});
