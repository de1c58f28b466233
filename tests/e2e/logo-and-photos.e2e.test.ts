// Issue 19 point 8 (and the About grid of point 4), in Chromium on the production build (PostgreSQL, demo
// data, a real SMTP server): the logo mark in the header and the footer (en/ar, 375 and 1366), /favicon.svg
// is the mark, About shows instructors' photos (and Arabic/Latin initials for one without a photo) in a
// two-column grid at 375 (four at 1366) without overflow, and an enrollment email carries the logo PNG.
import type { Page } from "playwright-core";
import { beforeAll } from "vitest";
import { describe, expect, ownApp, test as it, type NewPage } from "./fixtures.ts";
import { ARTIFACTS, chooseOpenRun } from "./harness.ts";

const own = ownApp({
  name: "logo-and-photos",
  smtp: true,
  env: { SEED_DEMO: "true", ADMIN_EMAIL: "logo-admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!" },
});

beforeAll(async () => {
  // One instructor without a photo, with an Arabic name (shown with initials).
  await own.pool.query(
    `insert into instructors (name, name_ar, title, title_ar) values ('Tarek Abdel Wahab', 'طارق عبد الوهاب', 'Trainer', 'مدرب')`,
  );
});

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A page of its own at `path` (Chromium's own locale, as these checks always had), answered 200 and hydrated. */
async function open(newPage: NewPage, viewport: { width: number; height: number }, path: string) {
  const page = await newPage({ baseURL: own.url, locale: null, viewport });
  const context = page.context();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForSelector("html[data-hydrated]");
  return { context, page };
}

describe("logo mark", () => {
  for (const lang of ["en", "ar"] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`shows in the header beside the brand and in the footer (${lang}, ${viewport.width})`, async ({ newPage }) => {
        const { context, page } = await open(newPage, viewport, `/${lang}`);
        const headerMark = page.locator("header a img[data-logo-mark]");
        await expect.poll(() => headerMark.isVisible()).toBe(true);
        const mark = (await headerMark.boundingBox())!;
        // 28px on phones, 32px from 640px up.
        expect(mark.width).toBe(viewport.width < 640 ? 28 : 32);
        expect(mark.height).toBe(mark.width);
        // The brand name is shown whole (not cut off with an ellipsis).
        const name = page.locator("header a:has(img[data-logo-mark]) span");
        expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        // Beside the brand name inside the same home link, on the reading side (first in en, right in ar).
        const brand = (await page.locator("header a:has(img[data-logo-mark]) span").boundingBox())!;
        expect(Math.abs(brand.y + brand.height / 2 - (mark.y + mark.height / 2))).toBeLessThan(4);
        if (lang === "en") expect(mark.x).toBeLessThan(brand.x);
        else expect(mark.x).toBeGreaterThan(brand.x);
        expect(mark.y).toBeGreaterThanOrEqual(0);
        const footerMark = page.locator("footer img[data-logo-mark]");
        await footerMark.scrollIntoViewIfNeeded();
        expect(await footerMark.isVisible()).toBe(true);
        expect(await noOverflow(page)).toBe(true);
        await page.screenshot({ path: `${ARTIFACTS}/screenshots/logo-header-${lang}-${viewport.width}.png` });
        await context.close();
      });
    }
  }

  it("/favicon.svg is the mark, linked as the icon", async ({ newPage }) => {
    const res = await fetch(`${own.url}/favicon.svg`);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg).toContain('fill="#115e59"');
    expect(svg).not.toMatch(/<text/);
    const { context, page } = await open(newPage, DESKTOP, "/en");
    // The header's and the footer's mark are that very file, loaded.
    for (const mark of await page.locator("img[data-logo-mark]").all()) {
      expect(await mark.getAttribute("src")).toBe("/favicon.svg");
      await mark.scrollIntoViewIfNeeded();
      await expect.poll(() => mark.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    expect(await page.locator("img[data-logo-mark]").count()).toBe(2);
    expect(await page.locator('link[rel="icon"]').getAttribute("href")).toBe("/favicon.svg");
    await context.close();
  });
});

describe("About instructors", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`show their photos in a two-column grid at 375 without overflow, and four columns at 1366 (${lang})`, async ({ newPage }) => {
      const { rows } = await own.pool.query(`select photo_url from instructors where photo_url is not null`);
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page } = await open(newPage, viewport, `/${lang}/about`);
        const items = page.locator("#instructors-title ~ * ul > li, ul:has(> li a[href^='#instructor-']) > li");
        const cards = page.locator("li:has(> a[href^='#instructor-']), li:has(> button[aria-haspopup='dialog'])");
        // Under load the instructors stream in after the page (About's Suspense for a slow store): wait for them.
        await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(6);
        await cards.first().scrollIntoViewIfNeeded();
        expect(await cards.count(), await items.count().then(String)).toBe(6);
        // Photos: each uploaded (demo) photo is shown and loaded.
        for (const { photo_url } of rows as { photo_url: string }[]) {
          // Looked up afresh on every try: hydration and the streamed instructors may replace the element.
          await expect
            .poll(() =>
              page.evaluate((src) => {
                const img = document.querySelector<HTMLImageElement>(`img[src="${src}"]`);
                if (!img) return 0;
                img.scrollIntoView({ block: "center" });
                return img.complete ? img.naturalWidth : 0;
              }, photo_url),
            )
            .toBe(400);
        }
        // The instructor without a photo: initials in the page's language.
        const karim = cards.filter({ hasText: lang === "ar" ? "طارق عبد الوهاب" : "Tarek Abdel Wahab" });
        expect(await karim.count(), (await karim.evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 300)))).join("\n")).toBe(1);
        expect(await karim.locator("img").count(), await karim.innerHTML()).toBe(0);
        expect(await karim.locator("span.rounded-full").innerText()).toBe(lang === "ar" ? "ط\u200Cع" : "TA");
        // Columns: distinct x positions of the cards on the first row.
        const boxes = await Promise.all((await cards.all()).map((c) => c.boundingBox()));
        const firstRowY = Math.min(...boxes.map((b) => b!.y));
        const firstRow = boxes.filter((b) => Math.abs(b!.y - firstRowY) < 2);
        expect(firstRow.length).toBe(viewport.width === 375 ? 2 : 4);
        for (const b of boxes) {
          expect(b!.x).toBeGreaterThanOrEqual(0);
          expect(b!.x + b!.width).toBeLessThanOrEqual(viewport.width);
        }
        expect(await noOverflow(page)).toBe(true);
        await page.locator("#instructors-title").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${ARTIFACTS}/screenshots/about-grid-${lang}-${viewport.width}.png` });
        await context.close();
      }
    });
  }
});

describe("emails", () => {
  it("the enrollment emails show the logo PNG served by the site", async ({ newPage }) => {
    const { rows } = await own.pool.query(`select slug from courses where is_published order by slug limit 1`);
    const { context, page } = await open(newPage, DESKTOP, `/en/courses/${rows[0].slug}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("link", { name: "Enroll Now" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Full Name").fill("Logo Student");
    await dialog.getByLabel("Email").fill("logo-student@example.com");
    await dialog.getByLabel("Phone").fill("100 765 4321");
    await chooseOpenRun(dialog);
    await dialog.getByRole("button", { name: /Submit/ }).click();
    const mails = await own.smtp.waitFor(2, 20_000);
    const confirmation = mails.find((m) => m.to.includes("logo-student@example.com"));
    expect(confirmation?.html).toBeTruthy();
    const src = /<img src="([^"]+)" width="32" height="32" alt=""/.exec(confirmation!.html!)?.[1];
    expect(src).toMatch(/^https?:\/\/[^/]+\/images\/logo-mark\.png$/);
    // The image the mail points at is a PNG the site serves (fetched from this server: same path).
    const res = await fetch(`${own.url}${new URL(src!).pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    await context.close();
  });
});
