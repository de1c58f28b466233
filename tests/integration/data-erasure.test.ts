// "Delete my data" (issue 38 item 6) on PGlite and PostgreSQL (TEST_DB=pg): a student with two requests
// (one paid, with a receipt and a proof of payment; one pending with a message), a contact message, a
// student-area session and a saved profile asks for erasure; an admin confirms. Then no text or jsonb column
// of any table holds her email, names or phone (searched in every column the database has), the proof's
// file is gone and no stored file mentions her, while the receipt keeps its number and amount; another
// student's data is untouched; the erasure is audited without her address. Asking many times at once
// leaves one waiting request; confirming twice is refused.
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { dataRequests, enrollmentLedger, enrollments } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { recordPayment } from "~/domain/payments/ledger.server.ts";
import { rejectProof, submitProof } from "~/domain/payments/proofs.server.ts";
import { createContactMessage } from "~/features/contact/contact.server.ts";
import { confirmErasure, listDataRequests, pendingErasure, requestErasure } from "~/features/students/data-requests.server.ts";
import { saveStudentProfile } from "~/features/students/student-profile.server.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import { queryRows } from "~/lib/db.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { getStorage } from "~/lib/storage.server.ts";
import { z } from "zod";
import { createAdmin, createManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse } from "../setup/factories.ts";
import { approvedRequest } from "../setup/requests.ts";
import { studentCookie } from "../setup/students.ts";

const database = setUpTestDatabase();
let admin: Actor;
let courseId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Data Analysis", slug: "data-analysis", isPublished: true, price: 2800 })).id;
});

// A family name of this run's own (stored files outlive a test database): letters only, as names are.
const FAMILY = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("").replace(/^./, (c) => c.toUpperCase());
const MONA = { name: `Mona Adel ${FAMILY}`, email: `mona.${FAMILY.toLowerCase()}@example.com`, nameAr: "منى عادل زكي" };
const OMAR = { name: "Omar Fathy Nour", email: "omar.nour@example.com" };
/** What identifies Mona, as any record may hold it. */
const NEEDLES = [MONA.email, MONA.name, MONA.nameAr, "+201012345678", "+20 10 1234 5678", "1012345678"];

/** Every text, varchar and jsonb column of every table, with the rows whose value contains a needle. */
async function findAnywhere(needles: string[]): Promise<string[]> {
  const columns = await queryRows(
    database.db,
    sql`select table_schema, table_name, column_name from information_schema.columns
        where table_schema in ('public', 'rate_limit') and data_type in ('text', 'character varying', 'jsonb', 'json')
        and table_name not like 'pg_%' and table_name not like '\\_\\_%'`,
    z.object({ table_schema: z.string(), table_name: z.string(), column_name: z.string() }),
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const c of columns) {
    const col = sql.raw(`"${c.table_schema}"."${c.table_name}"."${c.column_name}"`);
    const from = sql.raw(`"${c.table_schema}"."${c.table_name}"`);
    for (const n of needles) {
      const rows = await queryRows(database.db, sql`select count(*)::int as n from ${from} where ${col}::text ilike ${`%${n}%`}`, z.object({ n: z.number() }));
      if (rows[0]!.n > 0) found.push(`${c.table_name}.${c.column_name} ∋ ${n} (${rows[0]!.n})`);
    }
  }
  return found;
}

/** Every stored file (both visibilities) whose bytes contain a needle, and whether `key` still exists. */
async function filesMentioning(needles: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const visibility of ["private", "public"] as const) {
    for await (const f of getStorage().list(visibility, "")) {
      const file = await getStorage().get(f.key, visibility);
      if (!file) continue;
      const chunks: Buffer[] = [];
      for await (const c of file.body) chunks.push(Buffer.from(c as Uint8Array));
      const text = Buffer.concat(chunks).toString("utf8");
      for (const n of needles) if (text.includes(n)) out.push(`${f.key} ∋ ${n}`);
    }
  }
  return out;
}

async function monaWithEverything() {
  const paid = await approvedRequest(admin, { courseId, name: MONA.name, emailPrefix: "x" });
  await database.db.update(enrollments).set({ studentEmail: MONA.email }).where(eq(enrollments.id, paid.id));
  const after = await recordPayment(admin, paid.id, { amountPiastres: 100000, method: "instapay", reference: "IP-5511" });
  const receipt = { receiptNumber: after.entries.find((e) => e.kind === "payment")!.receiptNumber };
  // A proof she sent (its file really stored), refused with a reason that names her.
  const key = `proofs/2026/${crypto.randomUUID().replaceAll("-", "")}.webp`;
  await getStorage().put(key, Buffer.from(`RIFF....WEBP proof of ${MONA.name}`), { contentType: "image/webp", visibility: "private", originalName: `${MONA.name}.jpg` });
  const proofId = await submitProof(paid.reference, { fileKey: key, contentType: "image/webp", sizeBytes: 40, originalName: `${MONA.name}.jpg`, amountPiastres: 180000, method: "instapay", reference: "IP-7788" });
  await rejectProof(admin, proofId!, `Amount differs, ${MONA.name}: please send the rest`);
  const other = (await makeCourse({ title: "Excel", slug: "excel", isPublished: true, price: 900 })).id;
  const { enrollmentId: pending } = await createEnrollment(
    { courseId: other, studentName: MONA.name, studentEmail: MONA.email.toUpperCase(), countryCode: "+20", phoneNumber: "010 1234 5678", message: `I am ${MONA.name}, call me on 010 1234 5678`, website: "" },
    { locale: "ar" },
  );
  await createContactMessage({ name: MONA.name, email: MONA.email, message: `Hello, this is ${MONA.name}.`, website: "" } as never, { locale: "en" });
  await studentCookie(MONA.email);
  await saveStudentProfile(MONA.email, { nameEn: MONA.name, nameAr: MONA.nameAr, phone: "+201012345678", locale: "ar", reminders: true });
  return { paid, receipt, key, pending };
}

describe("erasing a student's data", () => {
  it("leaves nothing of her in any table or file; receipts keep number and amount; another student untouched; audited without her address", async () => {
    const mona = await monaWithEverything();
    const omar = await approvedRequest(admin, { courseId, name: OMAR.name });
    await database.db.update(enrollments).set({ studentEmail: OMAR.email, studentPhone: "+201098765432" }).where(eq(enrollments.id, omar.id));
    expect((await findAnywhere(NEEDLES)).length).toBeGreaterThan(8);
    expect(await filesMentioning([MONA.name])).toEqual([`${mona.key} ∋ ${MONA.name}`]);
    expect(await findAnywhere([MONA.nameAr])).not.toEqual([]);

    const at = await requestErasure(MONA.email.toUpperCase(), "ar");
    expect(await pendingErasure(MONA.email)).toEqual(at);
    const [waiting] = await listDataRequests(admin);
    expect(waiting).toMatchObject({ status: "pending", email: MONA.email, requests: 2 });
    const summary = await confirmErasure(admin, waiting!.id);
    expect(summary).toMatchObject({ requests: 2, messages: 1, proofs: 1, studentRecord: 1 });

    expect(await findAnywhere(NEEDLES)).toEqual([]);
    expect(await filesMentioning([MONA.name, MONA.email])).toEqual([]);
    expect(await getStorage().head(mona.key, "private")).toBeNull();
    // The receipt: its number, amount and method stand; the name on it is gone.
    const [entry] = await database.db.select().from(enrollmentLedger).where(eq(enrollmentLedger.receiptNumber, mona.receipt.receiptNumber!));
    expect(entry).toMatchObject({ amountPiastres: 100000, method: "instapay", kind: "payment" });
    const [row] = await database.db.select().from(enrollments).where(eq(enrollments.id, mona.paid.id));
    expect(row).toMatchObject({ studentName: "Erased", status: "approved", enrollmentId: mona.paid.reference });
    expect(row!.studentEmail).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/);
    // Omar: as he was.
    const [his] = await database.db.select().from(enrollments).where(eq(enrollments.id, omar.id));
    expect(his).toMatchObject({ studentName: OMAR.name, studentEmail: OMAR.email });
    // The request: done, only the hash left; the audit entry names no address.
    const [done] = await database.db.select().from(dataRequests);
    expect(done).toMatchObject({ status: "done", email: null, doneBy: admin.id });
    expect(await pendingErasure(MONA.email)).toBeNull();
    await expect(confirmErasure(admin, waiting!.id)).rejects.toMatchObject({ code: "conflict" });
  });

  it("many asks at once leave one waiting request; only an admin lists and confirms", async () => {
    await approvedRequest(admin, { courseId, name: MONA.name });
    const email = (await database.db.select({ e: enrollments.studentEmail }).from(enrollments))[0]!.e;
    const times = await Promise.all(Array.from({ length: 12 }, () => requestErasure(email, "en")));
    expect(new Set(times.map((t) => t.getTime())).size).toBe(1);
    expect(await database.db.select().from(dataRequests)).toHaveLength(1);
    const manager = await createManager(admin, "manager.erase@example.com", ["enrollments:view", "enrollments:edit", "payments:view"]);
    await expect(listDataRequests(manager)).rejects.toMatchObject({ code: "forbidden" });
    const [waiting] = await listDataRequests(admin);
    await expect(confirmErasure(manager, waiting!.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(confirmErasure(admin, crypto.randomUUID())).rejects.toMatchObject({ code: "not_found" });
  });
});
