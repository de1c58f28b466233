// Receipts (issue 37 items 6 and 8) on PGlite and PostgreSQL (TEST_DB=pg): every payment staff record
// gets a receipt number `NA-<year>-<n>` counting the year without a gap, also when payments arrive at once
// and, on PostgreSQL, from two instances (two connection pools on one database); a refused payment gives
// its number back; the student gets the receipt by email in their language, with the number, the amount,
// what is left and the link to their page.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox, enrollmentLedger } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { RECEIPT_EMAIL_KIND } from "~/domain/payments/receipt-email.server.ts";
import { nextReceiptNumber, receiptPrefix } from "~/domain/payments/receipts.server.ts";
import { recordPayment } from "~/domain/payments/ledger.server.ts";
import { setEnrollmentStatus } from "~/features/enrollments/enrollment-decisions.server.ts";
import { utcToCairoWallTime } from "~/lib/cairo-time.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { createAdmin } from "../setup/actors.ts";
import { expectCode } from "../setup/expect.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";
import { receiptPagePath } from "~/domain/enrollments/enrollment-link.server.ts";
import { loader as receiptLoader } from "~/routes/site/receipt.tsx";

const database = setUpTestDatabase();
let admin: Actor;
let courseId: string;
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
  courseId = (await makeCourse({ title: "Excel", slug: "excel", isPublished: true, price: 1000 })).id;
});

const YEAR = utcToCairoWallTime(new Date()).slice(0, 4);

async function approvedRequest(locale: "en" | "ar" = "en", email = `s${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const row = await makeEnrollment({ courseId, courseName: "Excel", studentEmail: email, locale });
  await setEnrollmentStatus(admin, [row.id], "approved");
  return row;
}

const numberOf = (receipt: string) => Number(receipt.split("-").at(-1));

describe("receipt numbers", () => {
  it("take the initials of the academy's English name", () => {
    expect(receiptPrefix("Nile Academy")).toBe("NA");
    expect(receiptPrefix("The Cairo Institute of Data Science")).toBe("TCIO");
    expect(receiptPrefix("أكاديمية")).toBe("RC");
    expect(receiptPrefix("")).toBe("RC");
  });

  it("count the year from 1 without a gap when twelve payments arrive at once, a refused one giving its number back", async () => {
    const requests = await Promise.all(Array.from({ length: 12 }, () => approvedRequest()));
    const first = requests[0]!;
    await recordPayment(admin, first.id, { amountPiastres: 100, method: "cash", reference: "BOOK-1" });
    // The same reference again is refused: its number is not used up.
    await expectCode(recordPayment(admin, first.id, { amountPiastres: 100, method: "cash", reference: "BOOK-1" }), "conflict");
    await Promise.all(requests.slice(1).map((r, i) => recordPayment(admin, r.id, { amountPiastres: 100, method: "wallet", reference: `VF-${i}` })));
    const receipts = (await database.db.select({ n: enrollmentLedger.receiptNumber }).from(enrollmentLedger).where(eq(enrollmentLedger.kind, "payment"))).map((r) => r.n!);
    expect(receipts.every((r) => r.startsWith(`NA-${YEAR}-`))).toBe(true);
    expect(receipts.map(numberOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(receipts[0]).toMatch(/^NA-\d{4}-\d{5}$/);
  });

  it("stay gapless and unique when two instances number at once (two pools on PostgreSQL; one process on PGlite)", async () => {
    const second: Database | undefined = database.url ? await openDatabase({ url: database.url, poolMax: 4 }) : undefined;
    try {
      const take = (db: typeof database.db) => db.transaction((tx) => nextReceiptNumber(tx));
      const numbers = await Promise.all(Array.from({ length: 20 }, (_, i) => take(i % 2 && second ? second.db : database.db)));
      expect(new Set(numbers).size).toBe(20);
      expect(numbers.map(numberOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await second?.close();
    }
  });
});

describe("the receipt email", () => {
  it("goes to the student in their language with the number, the amount, what is left and their page's link", async () => {
    const request = await approvedRequest("ar", "nour@example.com");
    await recordPayment(admin, request.id, { amountPiastres: 40000, method: "instapay", reference: "IPN-77" });
    const [email] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, RECEIPT_EMAIL_KIND));
    expect(email).toBeDefined();
    expect(email!.toAddress).toBe("nour@example.com");
    expect(email!.subject).toContain(`NA-${YEAR}-00001`);
    expect(email!.subject).toMatch(/إيصال/);
    expect(email!.textBody).toContain("400");
    expect(email!.textBody).toContain("600"); // still to pay: 1,000 − 400
    expect(email!.textBody).toMatch(/\/ar\/enrollment\/ENR-[A-Z0-9-]+\?t=[A-Za-z0-9_-]{22}/);
    expect(email!.textBody).not.toMatch(/[٠-٩]/);
    expect(email!.textBody).not.toContain("IPN-77"); // staff's reference stays with staff
  });
});

describe("the receipt's page", () => {
  const open = (path: string) => {
    const url = new URL(path, "http://localhost");
    const [, lang, , reference, , number] = url.pathname.split("/");
    return callLoader(receiptLoader, { url: `${url.pathname}${url.search}`, params: { lang: lang!, reference: decodeURIComponent(reference!), number: decodeURIComponent(number!) } });
  };

  it("opens from the receipt email's link, in both languages at once, with what was left after that payment", async () => {
    const request = await approvedRequest("en", "omar@example.com");
    await recordPayment(admin, request.id, { amountPiastres: 40000, method: "instapay", reference: "IPN-1" });
    await recordPayment(admin, request.id, { amountPiastres: 60000, method: "cash", reference: "BOOK-9" });
    const emails = (await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, RECEIPT_EMAIL_KIND))).sort((a, b) => a.subject.localeCompare(b.subject));
    const link = /https?:\/\/\S+\/en\/enrollment\/ENR-[A-Z0-9-]+\/receipt\/NA-\d{4}-00001\?t=[A-Za-z0-9_-]{22}/.exec(emails[0]!.textBody)?.[0];
    expect(link, emails[0]!.textBody).toBeDefined();
    const page = await open(link!);
    expect(page.status).toBe(200);
    expect(page.data?.receipt).toMatchObject({ number: `NA-${YEAR}-00001`, amountPiastres: 40000, method: "instapay", duePiastres: 100000, balanceAfterPiastres: 60000, studentName: request.studentName });
    expect(page.data?.text.en.title).toBe("Payment receipt");
    expect(page.data?.text.ar.title).toBe("إيصال استلام مبلغ");
    expect(page.data?.text.ar.method).toBe("إنستاباي");
    // The second receipt: paid in full after it. Staff's references never reach the page.
    const second = await open(link!.replace("-00001?", "-00002?"));
    expect(second.data?.receipt.balanceAfterPiastres).toBe(0);
    expect(JSON.stringify(second.data)).not.toMatch(/IPN-1|BOOK-9/);
  });

  it("is the same 404 for a wrong token, another enrollment's receipt, an unknown or malformed number", async () => {
    const a = await approvedRequest();
    const b = await approvedRequest();
    await recordPayment(admin, a.id, { amountPiastres: 100, method: "cash", reference: "A-1" });
    await recordPayment(admin, b.id, { amountPiastres: 100, method: "cash", reference: "B-1" });
    const [ra, rb] = [a.enrollmentId, b.enrollmentId];
    expect((await open(receiptPagePath("en", ra, `NA-${YEAR}-00001`))).status).toBe(200);
    const statuses = await Promise.all(
      [
        receiptPagePath("en", ra, `NA-${YEAR}-00002`), // b's receipt with a's token
        receiptPagePath("en", rb, `NA-${YEAR}-00001`),
        receiptPagePath("en", ra, `NA-${YEAR}-00009`),
        receiptPagePath("en", ra, "<script>"),
        receiptPagePath("en", ra, `NA-${YEAR}-00001`).replace(/t=.*/, "t=AAAAAAAAAAAAAAAAAAAAAA"),
        receiptPagePath("en", ra, `NA-${YEAR}-00001`).replace(/\?t=.*/, ""),
      ].map(async (path) => (await open(path)).status),
    );
    expect(statuses).toEqual(Array(6).fill(404));
  });
});
