// Issue 37's first acceptance journey in Chromium on PostgreSQL with the demo and a real SMTP server, entered
// as people enter it: a visitor requests a priced group from a course page; staff approve it on a phone; the
// student opens the approval email's link, sends an InstaPay proof; staff on a phone mark it paid; the
// student reads the receipt email and opens its link, and the enrollment page says paid. Once in Arabic on a
// phone (with JavaScript), once in English on a laptop without JavaScript (the student's side).
// Screenshots: test-results/screenshots/payment-journey-*.png.
import sharp from "sharp";
import type { Page } from "playwright-core";
import { formatPiastres } from "~/lib/money.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, open, ownApp, signIn, test as it } from "./fixtures.ts";
import { chooseOpenRun, screenshot, uniqueWord } from "./harness.ts";
import { tr } from "./strings.ts";

const own = ownApp({
  name: "payment-journey",
  smtp: true,
  env: { SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!", DECISION_UNDO_SECONDS: "2", RATE_LIMIT_ENROLLMENT: "50/600" },
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, own.url);

/** The one email to `email` whose subject starts as `key`'s does in `lang` (up to its first value), once it has arrived. */
async function mailTo(email: string, lang: "en" | "ar", key: string) {
  const start = tr(lang, key, { number: "\u0001", course: "\u0001", id: "\u0001" }).split("\u0001")[0]!;
  const find = () => own.smtp.messages.find((m) => m.to.includes(email) && (m.subject ?? "").startsWith(start));
  await expect.poll(() => Boolean(find()), { timeout: 30_000 }).toBe(true);
  return find()!;
}

/** A link of `kind` in an email's text. */
function linkIn(text: string | undefined, lang: "en" | "ar", kind: "page" | "receipt"): string {
  const pattern =
    kind === "page"
      ? new RegExp(`https?://\\S+/${lang}/enrollment/ENR-[A-Z0-9-]+\\?t=[A-Za-z0-9_-]{22}`)
      : new RegExp(`https?://\\S+/${lang}/enrollment/ENR-[A-Z0-9-]+/receipt/[A-Z]+-\\d{4}-\\d{5}\\?t=[A-Za-z0-9_-]{22}`);
  const found = pattern.exec(text ?? "")?.[0];
  expect(found, text).toBeDefined();
  return found!;
}

/** A published course with a priced, open group that still has seats: its address and the group's price. */
async function pricedCourse() {
  const { rows } = await own.pool.query<{ slug: string }>(
    `select c.slug from courses c join course_runs r on r.course_id = c.id
      where c.is_published and r.status = 'open' and r.starts_at > now() + interval '3 days' and coalesce(r.price, c.price, 0) > 0
        and (r.capacity is null or r.capacity > (select count(*) from enrollments e where e.run_id = r.id and e.status = 'approved') + 2)
      order by c.slug limit 1`,
  );
  expect(rows[0]).toBeDefined();
  return rows[0]!.slug;
}

const JOURNEYS = [
  { lang: "ar", viewport: "phone", js: true, name: "سلمى عبد الرحمن", reference: "IPN-JOURNEY-AR-1" },
  { lang: "en", viewport: "laptop", js: false, name: "Omar Farouk", reference: "IPN-JOURNEY-EN-2" },
] as const;

describe("from a request to a paid, receipted seat", () => {
  for (const j of JOURNEYS) {
    it(`${j.lang === "ar" ? "Arabic phone" : "English laptop without JavaScript"}: request, approval, InstaPay proof, marked paid on a phone, the receipt`, async ({ newPage }) => {
      const { lang } = j;
      const email = `journey-${uniqueWord().toLowerCase()}@example.com`;
      const slug = await pricedCourse();

      // 1. The request, from the course page's enroll page (its own address: it works without JavaScript).
      const visitor = await newPage({ baseURL: own.url, locale: lang, viewport: j.viewport, js: j.js });
      await visitor.goto(`/${lang}/courses/${slug}/enroll`);
      if (j.js) await visitor.waitForSelector("html[data-hydrated]");
      await visitor.getByLabel(tr(lang, "enrollment.fields.studentName.label")).fill(j.name);
      await visitor.getByLabel(tr(lang, "enrollment.fields.studentEmail.label")).fill(email);
      await visitor.getByLabel(tr(lang, "enrollment.fields.phoneNumber.label")).fill("010 2345 6789");
      await chooseOpenRun(visitor);
      await visitor.getByRole("button", { name: tr(lang, "enrollment.submit") }).click();
      await visitor.locator("[data-enrollment-page]").waitFor();
      const { rows: [request] } = await own.pool.query<{ id: string; reference: string; status: string }>(
        "select id, enrollment_id as reference, status from enrollments where student_email = $1",
        [email],
      );
      expect(request).toMatchObject({ status: "pending" });
      const received = await mailTo(email, lang, "enrollmentEmails.confirmation.subject");
      expect(new URL(linkIn(received.text, lang, "page")).pathname).toBe(`/${lang}/enrollment/${request!.reference}`);

      // 2. Staff approve it on a phone, in the same language.
      const staff = await newPage({ baseURL: own.url, locale: lang, viewport: "phone" });
      await signIn(staff, "admin", { hydrated: true });
      await open(staff, `/admin/enrollments?lang=${lang}&q=${request!.reference}`);
      await staff.getByRole("button", { name: tr(lang, "adminEnrollments.actions.approveFor", { name: j.name }) }).click();
      const approval = await mailTo(email, lang, "adminEnrollments.email.approved.subject");
      const { rows: [due] } = await own.pool.query<{ due: string }>(
        "select sum(amount_piastres) as due from enrollment_ledger where enrollment_id = $1 and kind = 'charge'",
        [request!.id],
      );
      const owed = Number(due!.due);
      expect(owed).toBeGreaterThan(0);
      // The approval says what is due, in the student's language, with the page's link.
      expect(approval.text).toContain(formatPiastres(owed, lang));

      // 3. The student opens the approval's link (a fresh page, as a mail app opens it) and sends a proof.
      const student = await newPage({ locale: lang, viewport: j.viewport, js: j.js });
      await student.goto(local(linkIn(approval.text, lang, "page")));
      if (j.js) await student.waitForSelector("html[data-hydrated]");
      expect(await student.locator("[data-status]").getAttribute("data-status")).toBe("approved");
      expect(await student.getByTestId("my-money").locator('[data-money="balance"]').innerText()).toBe(formatPiastres(owed, lang));
      expect(await overflow(student)).toBeLessThanOrEqual(0);
      await screenshot(student, `payment-journey-held-${lang}-${j.viewport}`);
      const form = student.getByTestId("my-proof");
      const picture = await sharp({ create: { width: 900, height: 1600, channels: 3, background: "#eef6f3" } }).jpeg().toBuffer();
      await form.getByLabel(tr(lang, "myEnrollment.proof.file")).setInputFiles({ name: "instapay.jpg", mimeType: "image/jpeg", buffer: picture });
      await form.getByLabel(tr(lang, "myEnrollment.proof.method")).selectOption("instapay");
      await form.getByLabel(tr(lang, "myEnrollment.proof.reference")).fill(j.reference);
      await form.getByRole("button", { name: tr(lang, "myEnrollment.proof.submit") }).click();
      await student.getByText(tr(lang, "myEnrollment.proof.sent")).waitFor();
      await mailTo(email, lang, "paymentEmails.proofReceived.subject");

      // 4. Staff, on the phone: the proof beside what is owed; Mark paid.
      await open(staff, `/admin/payments?lang=${lang}`);
      const card = staff.locator("[data-proof-id]", { hasText: j.reference });
      await card.waitFor();
      expect(await card.innerText()).toContain(formatPiastres(owed, lang));
      expect(await overflow(staff)).toBeLessThanOrEqual(0);
      await screenshot(staff, `payment-journey-queue-${lang}-phone`);
      await card.getByRole("button", { name: tr(lang, "adminPayments.markPaidFor", { name: j.name }) }).click();
      await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);

      // 5. The receipt email, and its link: the receipt page, with the amount and the same number.
      const receiptMail = await mailTo(email, lang, "paymentEmails.receipt.subject");
      const { rows: [entry] } = await own.pool.query<{ receipt: string; amount: number; method: string; reference: string }>(
        "select receipt_number as receipt, amount_piastres::int as amount, method, reference from enrollment_ledger where enrollment_id = $1 and kind = 'payment'",
        [request!.id],
      );
      expect(entry).toMatchObject({ amount: owed, method: "instapay", reference: j.reference });
      expect(receiptMail.subject).toContain(entry!.receipt);
      const receiptLink = linkIn(receiptMail.text, lang, "receipt");
      expect(receiptLink).toContain(`/receipt/${entry!.receipt}?`);
      await student.goto(local(receiptLink));
      const half = student.locator(`[data-receipt-lang="${lang}"]`);
      expect(await half.innerText()).toContain(entry!.receipt);
      expect(await half.innerText()).toContain(formatPiastres(owed, lang));
      expect(await half.innerText()).toContain(tr(lang, "receiptPage.paidInFull"));
      expect(await overflow(student)).toBeLessThanOrEqual(0);
      await screenshot(student, `payment-journey-receipt-${lang}-${j.viewport}`);

      // 6. The enrollment page: paid in full, nothing left, the receipt one tap away.
      await student.goto(local(linkIn(approval.text, lang, "page")));
      expect(await student.locator("[data-status]").getAttribute("data-status")).toBe("paid");
      expect(await student.getByTestId("my-money").locator('[data-money="balance"]').innerText()).toBe(formatPiastres(0, lang));
      expect(await student.locator("[data-receipt]").filter({ hasText: entry!.receipt }).count()).toBe(1);
      // Nothing more to send: the proofs section keeps the accepted proof, without its form.
      expect(await student.getByTestId("my-proof").locator("form").count()).toBe(0);
      expect(await student.getByTestId("my-proof").getByRole("heading").allInnerTexts()).toEqual([tr(lang, "myEnrollment.proof.sentList")]);
      expect(await student.locator('[data-proof="accepted"]').innerText()).toContain(j.reference);
      expect(await student.locator("main").innerText()).not.toMatch(/[٠-٩]|myEnrollment\.|\{\{/);
      expect(await overflow(student)).toBeLessThanOrEqual(0);
      if (j.js) await expectNoAxeViolations(student);
      await screenshot(student, `payment-journey-paid-${lang}-${j.viewport}`);
    });
  }
});
