// Issue 37 item 6 in Chromium on PostgreSQL with the demo: a student opens a payment's receipt from their
// enrollment page (Arabic, phone): the same receipt in Arabic (first) and English, no overflow, no axe
// violation; printed (Chromium's own PDF of the page, A4) it is one page without the site's header, footer
// or chat button, its Arabic shaped text extracted by pdftotext. On a laptop in English the halves sit side by
// side, English on the left. Screenshots: test-results/screenshots/receipt-page-*.png.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, test as it } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr } from "./strings.ts";

const NAME = "receipt-page";
const own = ownApp({ name: NAME, env: { SEED_DEMO: "true" } });
const SECRET = `e2e-${NAME}-secret-`.padEnd(48, "x");

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A demo seat paid in full, with its receipt's number. */
async function paidSeat() {
  const { rows } = await own.pool.query<{ reference: string; receipt: string }>(
    `select e.enrollment_id as reference, l.receipt_number as receipt
       from enrollments e join enrollment_ledger l on l.enrollment_id = e.id
      where l.kind = 'payment' and l.method = 'instapay' order by e.enrollment_id limit 1`,
  );
  return rows[0]!;
}

describe("a payment's receipt", () => {
  it("opens from the student's page on a phone in Arabic, and prints on one A4 page", async ({ newPage }) => {
    const seat = await paidSeat();
    const page = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await page.goto(`/ar/enrollment/${seat.reference}?t=${enrollmentToken(seat.reference, SECRET)}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.locator("[data-receipt]").filter({ hasText: seat.receipt }).click();
    await page.waitForURL(new RegExp(`/ar/enrollment/${seat.reference}/receipt/${seat.receipt}\\?t=`));
    await page.locator('[data-receipt-lang="ar"]').waitFor();
    // The page's language first on a phone; both halves say the same number.
    const order = await page.locator("[data-receipt-lang]").evaluateAll((els) =>
      els.map((el) => [el.getAttribute("data-receipt-lang"), Math.round(el.getBoundingClientRect().top)] as const).sort((a, b) => a[1] - b[1]).map((x) => x[0]),
    );
    expect(order).toEqual(["ar", "en"]);
    for (const lang of ["ar", "en"] as const) {
      const half = page.locator(`[data-receipt-lang="${lang}"]`);
      expect(await half.getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      expect(await half.innerText()).toContain(seat.receipt);
      expect(await half.innerText()).toContain(tr(lang, "receiptPage.title"));
      expect(await half.innerText()).toContain(tr(lang, "receiptPage.paidInFull"));
    }
    expect(await page.locator("main").innerText()).not.toMatch(/[٠-٩]|myEnrollment\.|\{\{/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "receipt-page-ar-phone");

    // Printed: only the receipt, on one A4 page.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header.sticky").isVisible()).toBe(false);
    expect(await page.locator("footer").isVisible()).toBe(false);
    expect(await page.locator("[data-chat-dock]").isVisible()).toBe(false);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "receipt-"));
    try {
      const file = path.join(dir, "receipt.pdf");
      await page.pdf({ path: file, format: "A4", printBackground: true });
      expect(execFileSync("pdfinfo", [file]).toString()).toMatch(/Pages:\s+1\n/);
      const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
      expect(text).toContain(seat.receipt);
      expect(text).toContain("Payment receipt");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("sits side by side on a laptop in English, English on the left", async ({ newPage }) => {
    const seat = await paidSeat();
    const page = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop" });
    await page.goto(`/en/enrollment/${seat.reference}/receipt/${seat.receipt}?t=${enrollmentToken(seat.reference, SECRET)}`);
    await page.waitForSelector("html[data-hydrated]");
    const [en, ar] = await Promise.all(["en", "ar"].map((l) => page.locator(`[data-receipt-lang="${l}"]`).boundingBox()));
    expect(Math.abs(en!.y - ar!.y)).toBeLessThan(2);
    expect(en!.x).toBeLessThan(ar!.x);
    await page.getByRole("button", { name: tr("en", "receiptPage.print") }).waitFor();
    // Opened directly (not from the student's page), its words reach the browser too.
    expect(await page.locator("main").innerText()).not.toMatch(/myEnrollment\.|\{\{/);
    await screenshot(page, "receipt-page-en-laptop");
    const wrong = await page.goto(`/en/enrollment/${seat.reference}/receipt/${seat.receipt}?t=${enrollmentToken(seat.reference, "x".repeat(48))}`);
    expect(wrong?.status()).toBe(404);
  });
});
