// Admin › Payments › All payments (issue 37 item 7) in Chromium on PostgreSQL with the demo's money: staff
// reach it from the review queue, filter it (cards on an Arabic phone without JavaScript, a table on an
// English laptop), and download the filtered view as CSV. No horizontal overflow; axe.
// Screenshots: test-results/screenshots/payments-list-*.png.
import type { Page } from "playwright-core";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, open, ownApp, signIn, test as it } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr } from "./strings.ts";

const own = ownApp({ name: "payments-list", env: { SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!" } });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const demoPayments = async (where = "") =>
  Number((await own.pool.query<{ n: string }>(`select count(*) as n from enrollment_ledger where kind in ('payment', 'refund') ${where}`)).rows[0]!.n);

describe("All payments", () => {
  it("English laptop: from the queue to the list, filtered by method, and its CSV", async ({ newPage }) => {
    const page = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop" });
    await signIn(page, "admin", { hydrated: true });
    await open(page, "/admin/payments?lang=en");
    await page.getByRole("link", { name: tr("en", "adminPayments.allPayments") }).click();
    await page.waitForURL((url) => url.pathname === "/admin/payments/all");
    await page.getByRole("heading", { level: 1, name: tr("en", "adminPayments.list.title") }).waitFor();
    const total = await demoPayments();
    expect(total).toBeGreaterThan(0);
    expect(await page.locator("[data-payment-totals]").innerText()).toContain(tr("en", total === 1 ? "adminPayments.list.totals_one" : "adminPayments.list.totals_other", { count: total }));
    expect(await page.locator("[data-payment-row]").count()).toBe(Math.min(total, 50));

    await page.getByLabel(tr("en", "adminPayments.list.filters.method")).selectOption("cash");
    await page.getByRole("button", { name: tr("en", "adminPayments.list.filters.apply") }).click();
    await page.waitForURL((url) => url.searchParams.get("method") === "cash");
    const cash = await demoPayments("and method = 'cash'");
    expect(cash).toBeGreaterThan(0);
    await expect.poll(() => page.locator("[data-payment-row]").count()).toBe(Math.min(cash, 50));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "payments-list-en-laptop");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: tr("en", "adminPayments.list.export") }).click()]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = Buffer.concat(await (await download.createReadStream()).toArray());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines[0]).toMatch(/^Date,Receipt,Type,Amount,Method,/);
    expect(lines).toHaveLength(cash + 1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},.*,Cash at the office,/);
  });

  it("Arabic phone without JavaScript: the entries as cards, a filter by type, nothing wider than the screen", async ({ newPage }) => {
    const staff = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await signIn(staff, "admin", { hydrated: true });
    const page = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone", js: false, storageState: await staff.context().storageState() });
    await page.goto("/admin/payments/all?lang=ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByRole("heading", { level: 1, name: tr("ar", "adminPayments.list.title") }).waitFor();
    const rows = page.locator("[data-payment-row]");
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await page.locator("main").innerText()).not.toMatch(/[٠-٩]|adminPayments\.|\{\{/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "payments-list-ar-phone-nojs");
    // The filters are a plain GET form: Apply without JavaScript.
    await page.goto("/admin/payments/all?lang=ar&kind=payment&from=2000-01-01");
    expect(await page.locator('[data-payment-row="refund"]').count()).toBe(0);
    expect(await rows.count()).toBe(Math.min(await demoPayments("and kind = 'payment'"), 50));

    // A course, then one of its groups: the group choice appears once the course is applied (no JavaScript).
    const { rows: [paid] } = await own.pool.query<{ course_id: string; run_id: string; title: string }>(
      `select e.course_id, e.run_id, c.title from enrollment_ledger l join enrollments e on e.id = l.enrollment_id join courses c on c.id = e.course_id
        where l.kind = 'payment' and e.run_id is not null group by e.course_id, e.run_id, c.title order by count(*) desc limit 1`,
    );
    expect(paid).toBeDefined();
    await page.goto("/admin/payments/all?lang=ar");
    const group = page.getByLabel(tr("ar", "adminPayments.list.filters.run"), { exact: true });
    expect(await group.count()).toBe(0);
    // On a phone the filters fold behind a button (a checkbox's label without JavaScript).
    const unfold = () => page.locator("label", { hasText: tr("ar", "admin.filterPanel.toggle") }).click();
    await unfold();
    await page.getByLabel(tr("ar", "adminPayments.list.filters.course"), { exact: true }).selectOption(paid!.course_id);
    await page.getByRole("button", { name: tr("ar", "adminPayments.list.filters.apply") }).click();
    await page.waitForURL((url) => url.searchParams.get("course") === paid!.course_id);
    await unfold();
    await group.selectOption(paid!.run_id);
    await page.getByRole("button", { name: tr("ar", "adminPayments.list.filters.apply") }).click();
    await page.waitForURL((url) => url.searchParams.get("run") === paid!.run_id);
    const inGroup = await demoPayments(`and enrollment_id in (select id from enrollments where run_id = '${paid!.run_id}')`);
    expect(await rows.count()).toBe(Math.min(inGroup, 50));
    expect(await group.inputValue()).toBe(paid!.run_id);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "payments-list-ar-phone-group");
  });
});
