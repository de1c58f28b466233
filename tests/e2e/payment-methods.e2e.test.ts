// Issue 37 item 4 (the methods half) in Chromium on PostgreSQL with the demo: staff set up how students pay
// by hand in Settings → Payments, on a phone in Arabic: InstaPay switched on with nothing to pay to is
// refused on its field, in Arabic; given an address it saves. A student's page of an unpaid, held seat then
// shows the deadline and the methods, on a phone in Arabic (IBAN and numbers left to right, no overflow) and
// on a laptop in English. Screenshots: test-results/screenshots/payment-methods-*.png.
import type { Page } from "playwright-core";
import { enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, open, ownApp, signIn, test as it } from "./fixtures.ts";
import { ARTIFACTS, screenshot } from "./harness.ts";
import { tr } from "./strings.ts";

const NAME = "payment-methods";
const own = ownApp({ name: NAME, env: { SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!" } });
const SECRET = `e2e-${NAME}-secret-`.padEnd(48, "x");

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("how students pay by hand", () => {
  it("staff switch InstaPay on in Arabic on a phone: refused without an address, saved with one", async ({ newPage }) => {
    await own.pool.query(`update site_settings set value = jsonb_set(value, '{methods,instapay}', '{"enabled": false}') where key = 'payments'`);
    const page = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await signIn(page, "admin", { hydrated: true });
    await open(page, "/admin/settings?lang=ar");
    const group = page.locator("#payments");
    await group.getByLabel(tr("ar", "settings.payments.methods.instapay")).check();
    await page.getByRole("button", { name: tr("ar", "settings.save") }).click();
    await group.getByText(tr("ar", "settings.errors.instapayMissing")).waitFor();
    await group.getByLabel(tr("ar", "settings.payments.fields.instapayAddress")).fill("NileAcademy@InstaPay");
    await page.getByRole("button", { name: tr("ar", "settings.save") }).click();
    await expect
      .poll(async () => (await own.pool.query<{ v: unknown }>(`select value->'methods'->'instapay' as v from site_settings where key = 'payments'`)).rows[0]!.v)
      .toEqual({ enabled: true, address: "nileacademy@instapay" });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await group.scrollIntoViewIfNeeded();
    await group.screenshot({ path: `${ARTIFACTS}/screenshots/payment-methods-settings-ar-phone.png` });
  });

  it("a held seat's page shows the deadline and how to pay, in Arabic on a phone and in English on a laptop", async ({ newPage }) => {
    const { rows } = await own.pool.query<{ reference: string }>(
      `select enrollment_id as reference from enrollments where status = 'approved' and hold_expires_at > now() order by enrollment_id limit 1`,
    );
    const reference = rows[0]!.reference;
    const token = enrollmentToken(reference, SECRET);
    for (const [lang, viewport] of [
      ["ar", "phone"],
      ["en", "laptop"],
    ] as const) {
      const page = await newPage({ baseURL: own.url, locale: lang, viewport });
      await page.goto(`/${lang}/enrollment/${reference}?t=${token}`);
      await page.waitForSelector("html[data-hydrated]");
      expect(await page.locator("[data-status]").getAttribute("data-status")).toBe("approved");
      expect(await page.getByTestId("my-money").locator('[data-money="deadline"]').innerText()).toContain(tr(lang, "myEnrollment.cairoTime"));
      const methods = page.getByTestId("my-pay-methods");
      expect(await methods.locator("[data-method]").evaluateAll((els) => els.map((el) => el.getAttribute("data-method")))).toEqual(["instapay", "wallet", "bank", "cash"]);
      expect(await methods.innerText()).toContain("EG38 0019 0005 0000 0000 2631 8000 2");
      expect(await methods.innerText()).toContain(lang === "ar" ? "البنك الأهلي المصري" : "National Bank of Egypt");
      expect(await page.locator("main").innerText()).not.toMatch(/[٠-٩]|myEnrollment\.|\{\{/);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `payment-methods-student-${lang}-${viewport}`);
    }
  });
});
