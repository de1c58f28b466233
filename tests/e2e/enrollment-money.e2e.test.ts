// Issue 37 item 1 in Chromium on PostgreSQL with the demo: an approved request's details show what it owes,
// what was paid and the balance, and its history on demand, in the staff member's language (English and
// Arabic; amounts in EGP with Western digits), on a phone (375 px) and a laptop (1366 px); the demo has a
// part-paid seat. Screenshots: test-results/screenshots/enrollment-money-*.png.
import { formatPiastres } from "~/lib/money.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, signIn, test as it } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr } from "./strings.ts";

const own = ownApp({ name: "enrollment-money", env: { SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!" } });

/** A demo request that has paid part of what it owes (the demo pays half in cash on every fifth seat). */
async function partPaid() {
  const { rows } = await own.pool.query<{ id: string; due: string; paid: string }>(
    `select e.id,
            sum(l.amount_piastres) filter (where l.kind in ('charge', 'adjustment')) as due,
            coalesce(sum(l.amount_piastres) filter (where l.kind = 'payment'), 0) as paid
       from enrollments e join enrollment_ledger l on l.enrollment_id = e.id
      group by e.id
     having bool_and(l.idempotency_key is null or l.idempotency_key like 'demo:%')
        and coalesce(sum(l.amount_piastres) filter (where l.kind = 'payment'), 0) between 1 and sum(l.amount_piastres) filter (where l.kind in ('charge', 'adjustment')) - 1
      limit 1`,
  );
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  return { id: row.id, due: Number(row.due), paid: Number(row.paid) };
}

/** A demo request with nothing paid yet, and what it owes. */
async function unpaid(skip: string[] = []) {
  const { rows } = await own.pool.query<{ id: string; due: string }>(
    `select e.id, sum(l.amount_piastres) as due from enrollments e join enrollment_ledger l on l.enrollment_id = e.id
      where e.status = 'approved' and not (e.id = any($1::uuid[]))
      group by e.id having bool_and(l.kind = 'charge') limit 1`,
    [skip],
  );
  expect(rows).toHaveLength(1);
  return { id: rows[0]!.id, due: Number(rows[0]!.due) };
}

const taken: string[] = [];

describe("staff record a payment from the details", () => {
  it("with JavaScript on a phone in Arabic: the balance follows, a toast says so", async ({ newPage }) => {
    const seat = await unpaid(taken);
    taken.push(seat.id);
    const page = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await signIn(page, "admin");
    await page.goto(`/admin/enrollments?lang=ar&dialog=details&enrollment=${seat.id}`);
    await page.waitForSelector("html[data-hydrated]");
    const forms = page.getByTestId("enrollment-money-forms");
    await forms.getByText(tr("ar", "adminEnrollments.payments.record"), { exact: true }).click();
    await forms.getByLabel(tr("ar", "adminEnrollments.payments.amount")).fill("٥٠٠");
    await forms.getByLabel(tr("ar", "adminEnrollments.payments.method")).selectOption("instapay");
    await forms.getByLabel(tr("ar", "adminEnrollments.payments.reference")).fill("IPN-4471");
    await forms.getByRole("button", { name: tr("ar", "adminEnrollments.payments.recordSubmit") }).click();
    await page.getByText(tr("ar", "adminEnrollments.payments.recorded")).first().waitFor();
    const balance = page.getByTestId("enrollment-money").locator('[data-money="balance"]');
    await expect.poll(() => balance.innerText()).toContain(formatPiastres(seat.due - 50000, "ar"));
    await expectNoAxeViolations(page);
    await forms.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screenshots/enrollment-money-record-ar-phone.png" });
  });

  it("without JavaScript on a laptop in English: the form posts, the page comes back with the new balance; a bad amount is said at its field", async ({ newPage }) => {
    const seat = await unpaid(taken);
    taken.push(seat.id);
    const page = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop", js: false });
    await signIn(page, "admin");
    await page.goto(`/admin/enrollments?lang=en&dialog=details&enrollment=${seat.id}`);
    const forms = page.getByTestId("enrollment-money-forms");
    await forms.getByText("Record a payment", { exact: true }).click();
    await forms.getByLabel("Amount (EGP)").fill("12.345");
    await forms.getByLabel("How it was paid").selectOption("cash");
    await forms.getByLabel("Reference").fill("Receipt 88");
    await forms.getByRole("button", { name: "Record payment" }).click();
    await page.getByText(tr("en", "adminEnrollments.payments.errors.amountInvalid")).first().waitFor();
    await page.getByTestId("enrollment-money-forms").getByLabel("Amount (EGP)").fill("1,000");
    await page.getByTestId("enrollment-money-forms").getByRole("button", { name: "Record payment" }).click();
    await page.getByText("Payment recorded.").first().waitFor();
    await page.goto(`/admin/enrollments?lang=en&dialog=details&enrollment=${seat.id}`);
    expect(await page.getByTestId("enrollment-money").locator('[data-money="paid"]').innerText()).toContain(formatPiastres(100000, "en"));
  });
});

describe("staff give money back from the details", () => {
  it("in Arabic on a phone: a refund larger than received is refused, one within it lowers what was paid", async ({ newPage }) => {
    // A seat paid in full (the demo's part-paid one is read by the cases below).
    const { rows } = await own.pool.query<{ id: string; paid: string }>(
      `select e.id, sum(l.amount_piastres) filter (where l.kind = 'payment') as paid
         from enrollments e join enrollment_ledger l on l.enrollment_id = e.id
        group by e.id having sum(l.amount_piastres) filter (where l.kind = 'payment') = sum(l.amount_piastres) filter (where l.kind = 'charge')
        order by e.id limit 1`,
    );
    const seat = { id: rows[0]!.id, paid: Number(rows[0]!.paid) };
    const page = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await signIn(page, "admin");
    await page.goto(`/admin/enrollments?lang=ar&dialog=details&enrollment=${seat.id}`);
    await page.waitForSelector("html[data-hydrated]");
    const forms = page.getByTestId("enrollment-money-forms");
    await forms.getByText(tr("ar", "adminEnrollments.payments.refund"), { exact: true }).click();
    const refund = forms.locator("details[open]");
    await refund.getByLabel(tr("ar", "adminEnrollments.payments.amount")).fill(String(seat.paid / 100 + 1));
    await refund.getByLabel(tr("ar", "adminEnrollments.payments.refundMethod")).selectOption("cash");
    await refund.getByLabel(tr("ar", "adminEnrollments.payments.reason")).fill("انسحب قبل البدء");
    await refund.getByRole("button", { name: tr("ar", "adminEnrollments.payments.refundSubmit") }).click();
    await refund.getByText(tr("ar", "adminEnrollments.payments.errors.refundTooLarge")).waitFor();
    await refund.getByLabel(tr("ar", "adminEnrollments.payments.amount")).fill("١٠٠");
    await refund.getByRole("button", { name: tr("ar", "adminEnrollments.payments.refundSubmit") }).click();
    await page.getByText(tr("ar", "adminEnrollments.payments.refundRecorded")).first().waitFor();
    const refunded = page.getByTestId("enrollment-money").locator('[data-money="refunded"]');
    await expect.poll(() => refunded.innerText()).toContain(formatPiastres(10000, "ar"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await forms.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screenshots/enrollment-money-refund-ar-phone.png" });
  });
});

describe("an approved request's money in its details", () => {
  for (const [lang, viewport] of [
    ["ar", "phone"],
    ["en", "laptop"],
    ["ar", "laptop"],
    ["en", "phone"],
  ] as const) {
    it(`shows due, paid and the balance, and the history on demand (${lang}, ${viewport})`, async ({ newPage }) => {
      const seat = await partPaid();
      const page = await newPage({ baseURL: own.url, locale: lang, viewport });
      await signIn(page, "admin");
      await page.goto(`/admin/enrollments?lang=${lang}&dialog=details&enrollment=${seat.id}`);
      // Hydrated: the panel becomes the modal then, and a disclosure opened before would be a new one.
      await page.waitForSelector("html[data-hydrated]");
      const money = page.getByTestId("enrollment-money");
      await money.waitFor();
      const amount = async (name: string) => (await money.locator(`[data-money="${name}"]`).innerText()).trim();
      expect(await amount("due")).toContain(formatPiastres(seat.due, lang));
      expect(await amount("paid")).toContain(formatPiastres(seat.paid, lang));
      expect(await amount("balance")).toContain(formatPiastres(seat.due - seat.paid, lang));
      expect(await money.innerText()).not.toMatch(/[٠-٩]/);
      // The history opens on demand: the charge, then the payment with its method.
      await money.getByText(tr(lang, "adminEnrollments.payments.history")).click();
      await money.locator("details[open]").waitFor();
      const entries = money.locator("[data-ledger-kind]");
      expect(await entries.evaluateAll((els) => els.map((el) => el.getAttribute("data-ledger-kind")))).toEqual(["charge", "payment"]);
      expect(await entries.nth(1).innerText()).toContain(tr(lang, "adminEnrollments.payments.methods.cash"));
      // Nothing sticks out of a phone's screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `enrollment-money-${lang}-${viewport}`);
      // What the staff member sees on the screen: the money rows in view.
      await money.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/enrollment-money-${lang}-${viewport}-view.png` });
    });
  }
});
