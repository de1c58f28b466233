// Where enrollment requests come from (issue 19 point 10, ADR 021), in Chromium on the production build
// (PostgreSQL, demo data, a real SMTP server):
// - a visitor lands on /ar/courses?utm_source=facebook&utm_campaign=spring from https://m.facebook.com/,
//   goes to a course (client navigation) and enrolls through the dialog at 375×812; the request stores
//   facebook / spring / the course page / m.facebook.com, and nothing is set as a cookie;
// - staff see those values in the enrollment details (English and Arabic) and facebook on the dashboard;
// - without JavaScript the enroll page posts its own utm_* and the page it was sent from.
// Screenshots of the details and the dashboard (375 and 1366, en and ar) go to test-results/screenshots.
import type { Page } from "playwright-core";
import { describe, expect, ownApp, signIn, test as it, type NewPage } from "./fixtures.ts";
import { ARTIFACTS, screenshot, chooseOpenRun } from "./harness.ts";

const ADMIN_EMAIL = "sources-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";

const own = ownApp({
  name: "enrollment-sources",
  smtp: true,
  env: { SEED_DEMO: "true", ADMIN_EMAIL, ADMIN_PASSWORD, RATE_LIMIT_ENROLLMENT: "50/600" },
});

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };

/** An Arabic visitor's page on this file's server. */
function visitorPage(newPage: NewPage, viewport: { width: number; height: number }, javaScriptEnabled = true): Promise<Page> {
  return newPage({ baseURL: own.url, viewport, js: javaScriptEnabled, locale: "ar" });
}

async function sourceOf(enrollmentId: string) {
  const { rows } = await own.pool.query(
    `select source_page, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer_host
       from enrollments where enrollment_id = $1`,
    [enrollmentId],
  );
  return rows[0] as Record<string, string | null> | undefined;
}

const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/** Earlier requests written straight to the database: `n` from `utm` (null: Direct). */
async function insertRequests(utm: string | null, n: number): Promise<void> {
  await own.pool.query(
    `insert into enrollments (enrollment_id, course_id, course_name, student_name, student_email, student_phone, locale, utm_source)
     select 'ENR-' || upper(substr(md5(random()::text), 1, 10)), c.id, c.title, 'Earlier Student', 'earlier@example.com', '+201001234567', 'en', $1
     from courses c cross join generate_series(1, $2) where c.is_published and c.slug = (select min(slug) from courses where is_published)`,
    [utm, n],
  );
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("enrollment sources", () => {
  let enrollmentId = "";
  let coursePath = "";
  const student = { name: "سارة من فيسبوك", email: "sara-facebook@example.com" };

  it("a visitor from a Facebook campaign enrolls through the dialog; the request stores its source", async ({ newPage }) => {
    const page = await visitorPage(newPage, PHONE);
    const context = page.context();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/ar/courses?utm_source=facebook&utm_campaign=spring", { referer: "https://m.facebook.com/" });
    await page.waitForSelector("html[data-hydrated]");

    // A course card → the course page (a client navigation: the landing values live in this tab only).
    await page.locator("article h3").first().click();
    await page.waitForURL(/\/ar\/courses\/[a-z0-9-]+$/);
    coursePath = new URL(page.url()).pathname;

    await page.getByRole("link", { name: "سجّل الآن" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("الاسم بالكامل").fill(student.name);
    await dialog.getByLabel("البريد الإلكتروني").fill(student.email);
    await dialog.getByLabel("رقم الهاتف").fill("100 765 4321");
    await chooseOpenRun(dialog);
    await dialog.getByRole("button", { name: "إرسال طلب التسجيل" }).click();
    const toast = page.locator('[role="status"][aria-live="polite"] p');
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    enrollmentId = /(ENR-[A-Z0-9]+-[A-Z0-9]+)/.exec((await toast.first().textContent())!)?.[1] ?? "";
    expect(enrollmentId).toMatch(/^ENR-/);

    expect(await sourceOf(enrollmentId)).toEqual({
      source_page: coursePath,
      utm_source: "facebook",
      utm_medium: null,
      utm_campaign: "spring",
      utm_term: null,
      utm_content: null,
      referrer_host: "m.facebook.com",
    });
    // First-party, per tab: no cookie was set for the visitor.
    expect(await context.cookies()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("staff see facebook / spring / the course page / m.facebook.com in the details, and facebook on the dashboard", async ({ newPage }) => {
    expect(enrollmentId).toMatch(/^ENR-/);
    // Ten campaigns and some Direct requests: the dashboard names the top 8 and adds up the rest as Other.
    for (let i = 1; i <= 10; i++) await insertRequests(`x-campaign-${String(i).padStart(2, "0")}`, 1);
    await insertRequests(null, 3);
    for (const [lang, viewport] of [
      ["en", DESKTOP],
      ["ar", PHONE],
    ] as const) {
      // Chromium's own locale, as this check always had.
      const page = await newPage({ baseURL: own.url, locale: null, viewport });
      const context = page.context();
      await signIn(page, ADMIN, { labels: "prefix" });
      await page.goto(`/admin/enrollments?lang=${lang}&q=${enrollmentId}`);
      await page.waitForSelector("html[data-hydrated]");
      const detailsName = lang === "ar" ? `التفاصيل: ${student.name}` : `Details: ${student.name}`;
      await page.getByRole("button", { name: detailsName }).first().click();
      const details = page.getByRole("dialog");
      await details.waitFor();
      const source = details.getByTestId("enrollment-source");
      const text = await source.innerText();
      for (const value of ["facebook", "spring", coursePath, "m.facebook.com"]) expect(text, lang).toContain(value);
      expect(text).toContain(lang === "ar" ? "مصدر الحملة" : "Campaign source");
      expect(await noOverflow(page)).toBe(true);
      // Every value stays inside the dialog (a long path wraps instead of running past its edge).
      await source.scrollIntoViewIfNeeded();
      const frame = (await details.boundingBox())!;
      for (const value of await source.locator("[data-source] bdi").all()) {
        const box = (await value.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(frame.x);
        expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
      }
      await page.screenshot({ path: `${ARTIFACTS}/screenshots/sources-details-${lang}-${viewport.width}.png` });
      await details.getByRole("button", { name: lang === "ar" ? "إغلاق" : "Close" }).first().click();

      await page.goto(`/admin?lang=${lang}`);
      const card = page.getByTestId("dashboard-sources");
      await card.waitFor();
      expect(await card.getByRole("heading").innerText()).toBe(
        lang === "ar" ? "الطلبات حسب المصدر، آخر 30 يومًا" : "Requests by source, last 30 days",
      );
      const facebook = card.locator('[data-source-kind="source"]').filter({ hasText: "facebook" });
      expect(await facebook.count()).toBe(1);
      // Western digits in both languages (D26).
      expect(await facebook.locator("[data-count]").innerText()).toMatch(/^[0-9]+$/);
      // Top 8 by count, ties by name (Direct 3; facebook and x-campaign-01…06 with 1), then Other (x-campaign-07…10: 4).
      const rows = card.locator("[data-source-kind]");
      expect(await rows.count()).toBe(9);
      expect(await rows.nth(0).innerText()).toContain(lang === "ar" ? "مباشر" : "Direct");
      expect(await rows.nth(1).innerText()).toContain("facebook");
      expect(await rows.nth(8).locator("[data-count]").innerText()).toBe("4");
      expect(await rows.nth(8).getAttribute("data-source-kind")).toBe("other");
      expect(await rows.nth(8).innerText()).toContain(lang === "ar" ? "أخرى" : "Other");
      expect(await noOverflow(page)).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `sources-dashboard-${lang}-${viewport.width}`);
      await context.close();
    }
  });

  it("without JavaScript the enroll page posts its own utm_* and the page it was sent from", async ({ newPage }) => {
    const page = await visitorPage(newPage, PHONE, false);
    const context = page.context();
    const slug = coursePath.split("/").pop()!;
    await page.goto(`/en/courses/${slug}/enroll?utm_source=newsletter&utm_medium=email`);
    await page.getByLabel("Full name").fill("No Script");
    await page.getByLabel("Email").fill("noscript-sources@example.com");
    await page.getByLabel("Phone number").fill("1001234567");
    await chooseOpenRun(page);
    await page.getByRole("button", { name: "Submit enrollment" }).click();
    await expect.poll(() => page.getByText(/Enrollment ID: ENR-/).count()).toBe(1);
    const id = /(ENR-[A-Z0-9]+-[A-Z0-9]+)/.exec((await page.getByText(/Enrollment ID: ENR-/).first().textContent())!)![1]!;
    expect(await sourceOf(id)).toMatchObject({
      source_page: `/en/courses/${slug}/enroll`,
      utm_source: "newsletter",
      utm_medium: "email",
      referrer_host: null,
    });
    // The same page without utm_* is served from the public cache to the next visitor: no campaign in it.
    const other = await context.newPage();
    await other.goto(`/en/courses/${slug}/enroll`);
    expect(await other.locator('input[name="utmSource"]').getAttribute("value")).toBe("");
    await context.close();
  });
});
