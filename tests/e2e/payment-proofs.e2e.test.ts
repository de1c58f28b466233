// Issue 37 item 4 (the proof half) in Chromium on PostgreSQL with the demo and a real SMTP server: a student
// with a held seat opens their page from the link their emails carry and sends a proof of payment; staff
// review it in Admin › Payments and mark it paid (the receipt is emailed and the page shows it) or reject
// it with a reason the student reads. An Arabic phone with JavaScript, an English laptop without. Two staff
// members on two instances pressing "Mark paid" on the same proof at once write one payment and one receipt.
// Screenshots: test-results/screenshots/payment-proofs-*.png.
import sharp from "sharp";
import type { Page } from "playwright-core";
import { enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, open, ownApp, signIn, test as it } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr } from "./strings.ts";

const NAME = "payment-proofs";
// Two instances on one database: two staff members, each on their own, decide the same proof at once.
const own = ownApp({ name: NAME, smtp: true, instances: 2, env: { SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!" } });
const SECRET = `e2e-${NAME}-secret-`.padEnd(48, "x");

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The `n`-th held, unpaid demo seat: its reference, the student's name, email and language, its page link. */
async function heldSeat(n: number) {
  const { rows } = await own.pool.query<{ reference: string; name: string; email: string; locale: "en" | "ar" }>(
    `select enrollment_id as reference, student_name as name, student_email as email, locale from enrollments
     where status = 'approved' and hold_expires_at > now() order by enrollment_id offset $1 limit 1`,
    [n],
  );
  const seat = rows[0]!;
  return { ...seat, path: (lang: "en" | "ar") => `/${lang}/enrollment/${seat.reference}?t=${enrollmentToken(seat.reference, SECRET)}` };
}

/** An email to `email` whose subject is the one of `key` in the student's language (up to its first value). */
const mailTo = (email: string, lang: "en" | "ar", key: string) => {
  const start = tr(lang, key, { number: "\u0001", course: "\u0001" }).split("\u0001")[0]!;
  return own.smtp.messages.find((m) => m.to.includes(email) && (m.subject ?? "").startsWith(start));
};

describe("a proof of payment, from the student to the receipt", () => {
  it("Arabic phone: the student sends an InstaPay screenshot; staff on a phone mark it paid; the receipt arrives", async ({ newPage }) => {
    const seat = await heldSeat(0);
    const student = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await open(student, seat.path("ar"));
    const form = student.getByTestId("my-proof");
    // Sent without a file: the server's answer says so beside the file field, in Arabic.
    await form.getByRole("button", { name: tr("ar", "myEnrollment.proof.submit") }).click();
    await student.locator("#proof-file-error", { hasText: tr("ar", "myEnrollment.proof.errors.fileRequired") }).waitFor();
    // A file that is not a photo or a PDF: the server's refusal, in Arabic, beside the file; the typed reference kept.
    await form.getByLabel(tr("ar", "myEnrollment.proof.file")).setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: Buffer.from("not a picture ".repeat(400)) });
    await form.getByLabel(tr("ar", "myEnrollment.proof.method")).selectOption("instapay");
    await form.getByLabel(tr("ar", "myEnrollment.proof.reference")).fill("IPN-E2E-7781");
    await form.getByRole("button", { name: tr("ar", "myEnrollment.proof.submit") }).click();
    await student.locator("#proof-file-error", { hasText: tr("ar", "myEnrollment.proof.errors.fileType") }).waitFor();
    expect(await form.getByLabel(tr("ar", "myEnrollment.proof.reference")).inputValue()).toBe("IPN-E2E-7781");
    await screenshot(student, "payment-proofs-refused-ar-phone");
    const screenshotPng = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: "#e8f5f1" } }).png().toBuffer();
    await form.getByLabel(tr("ar", "myEnrollment.proof.file")).setInputFiles({ name: "instapay.png", mimeType: "image/png", buffer: screenshotPng });
    await form.getByLabel(tr("ar", "myEnrollment.proof.method")).selectOption("instapay");
    await form.getByRole("button", { name: tr("ar", "myEnrollment.proof.submit") }).click();
    await student.getByText(tr("ar", "myEnrollment.proof.sent")).waitFor();
    expect(student.url()).toContain("proof=sent");
    await student.waitForSelector("html[data-hydrated]");
    expect(await student.locator('[data-proof="pending"]').innerText()).toContain("IPN-E2E-7781");
    expect(await student.locator("main").innerText()).not.toMatch(/[٠-٩]|myEnrollment\.|\{\{/);
    expect(await overflow(student)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(student);
    await screenshot(student, "payment-proofs-student-ar-phone");
    await expect.poll(() => Boolean(mailTo(seat.email, seat.locale, "paymentEmails.proofReceived.subject")), { timeout: 30_000 }).toBe(true);

    // Staff, on a phone: the proof beside what is owed, the picture loaded; Mark paid.
    const staff = await newPage({ baseURL: own.url, locale: "en", viewport: "phone" });
    await signIn(staff, "admin", { hydrated: true });
    await open(staff, "/admin/payments?lang=en");
    const card = staff.locator("[data-proof-id]", { hasText: "IPN-E2E-7781" });
    await card.waitFor();
    await expect.poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await overflow(staff)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(staff);
    await screenshot(staff, "payment-proofs-queue-en-phone");
    await card.getByRole("button", { name: tr("en", "adminPayments.markPaidFor", { name: seat.name }) }).click();
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => Boolean(mailTo(seat.email, seat.locale, "paymentEmails.receipt.subject")), { timeout: 30_000 }).toBe(true);

    // The student's page, loaded again: paid, the receipt one tap away.
    await open(student, seat.path("ar"));
    expect(await student.locator('[data-proof="accepted"]').count()).toBe(1);
    expect(await student.locator("[data-receipt]").count()).toBeGreaterThan(0);
  });

  it("English laptop without JavaScript: a PDF proof; staff in Arabic reject it with a reason the student then reads", async ({ newPage }) => {
    const seat = await heldSeat(1);
    const student = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop", js: false });
    await student.goto(seat.path("en"));
    const form = student.getByTestId("my-proof");
    await form.getByLabel(tr("en", "myEnrollment.proof.file")).setInputFiles({
      name: "bank-statement.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
    });
    await form.getByLabel(tr("en", "myEnrollment.proof.method")).selectOption("bank");
    await form.getByLabel(tr("en", "myEnrollment.proof.reference")).fill("FT-2026-55120");
    await form.getByRole("button", { name: tr("en", "myEnrollment.proof.submit") }).click();
    await student.getByText(tr("en", "myEnrollment.proof.sent")).waitFor();
    await screenshot(student, "payment-proofs-student-en-laptop-nojs");

    const staff = await newPage({ baseURL: own.url, locale: "ar", viewport: "laptop" });
    await signIn(staff, "admin", { hydrated: true });
    await open(staff, "/admin/payments?lang=ar");
    const card = staff.locator("[data-proof-id]", { hasText: "FT-2026-55120" });
    await card.waitFor();
    expect(await card.getByRole("link", { name: tr("ar", "adminPayments.openPdf") }).count()).toBe(1);
    expect(await overflow(staff)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(staff);
    await screenshot(staff, "payment-proofs-queue-ar-laptop");
    await card.getByText(tr("ar", "adminPayments.reject"), { exact: true }).click();
    const reason = "لم يصل إلى حسابنا تحويل بهذا المرجع.";
    await card.getByLabel(tr("ar", "adminPayments.reason")).fill(reason);
    await card.getByRole("button", { name: tr("ar", "adminPayments.rejectFor", { name: seat.name }) }).click();
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => Boolean(mailTo(seat.email, seat.locale, "paymentEmails.proofRejected.subject")), { timeout: 30_000 }).toBe(true);

    await student.goto(seat.path("en"));
    const rejected = student.locator('[data-proof="rejected"]');
    expect(await rejected.innerText()).toContain(reason);
    expect(await overflow(student)).toBeLessThanOrEqual(0);
    await screenshot(student, "payment-proofs-rejected-en-laptop");
  });

  it("two staff members on two instances mark the same proof paid at once: one payment, one receipt; the other is told", async ({ newPage }) => {
    const seat = await heldSeat(2);
    const student = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop", js: false });
    await student.goto(seat.path("en"));
    const form = student.getByTestId("my-proof");
    await form.getByLabel(tr("en", "myEnrollment.proof.file")).setInputFiles({ name: "wallet.png", mimeType: "image/png", buffer: await sharp({ create: { width: 600, height: 900, channels: 3, background: "#fdf1e6" } }).png().toBuffer() });
    await form.getByLabel(tr("en", "myEnrollment.proof.method")).selectOption("wallet");
    await form.getByLabel(tr("en", "myEnrollment.proof.reference")).fill("VC-RACE-4410");
    await form.getByRole("button", { name: tr("en", "myEnrollment.proof.submit") }).click();
    await student.getByText(tr("en", "myEnrollment.proof.sent")).waitFor();
    const [first, second] = own.apps;
    expect(second).toBeDefined();

    const staffOn = async (url: string) => {
      const page = await newPage({ baseURL: url, locale: "en", viewport: "phone" });
      await signIn(page, "admin", { hydrated: true });
      await open(page, "/admin/payments?lang=en");
      const card = page.locator("[data-proof-id]", { hasText: "VC-RACE-4410" });
      await card.waitFor();
      return { page, card, button: card.getByRole("button", { name: tr("en", "adminPayments.markPaidFor", { name: seat.name }) }) };
    };
    const a = await staffOn(first!.url);
    const b = await staffOn(second!.url);
    const decisions = Promise.all([a, b].map(({ page }) => page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/payments"))));
    await Promise.all([a.button.click(), b.button.click()]);
    const statuses = (await decisions).map((r) => r.status()).sort();
    expect(statuses).toEqual([200, 409]);

    const { rows } = await own.pool.query<{ n: string; receipts: string }>(
      `select count(*) as n, count(distinct l.receipt_number) as receipts from enrollment_ledger l join enrollments e on e.id = l.enrollment_id
        where e.enrollment_id = $1 and l.kind = 'payment'`,
      [seat.reference],
    );
    expect(rows[0]).toEqual({ n: "1", receipts: "1" });
    // The one who lost the race reads why, and the card is gone from both lists.
    const told = () => Promise.all([a, b].map(({ page }) => page.getByText(tr("en", "adminPayments.errors.decided")).count()));
    await expect.poll(async () => (await told()).sort()).toEqual([0, 1]);
    for (const { card } of [a, b]) await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => own.smtp.messages.filter((m) => m.to.includes(seat.email) && (m.subject ?? "").startsWith(tr(seat.locale, "paymentEmails.receipt.subject", { number: "\u0001", course: "\u0001" }).split("\u0001")[0]!)).length, { timeout: 30_000 }).toBe(1);
  });
});
