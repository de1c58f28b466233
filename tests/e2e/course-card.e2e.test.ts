// A catalogue card in a real browser (issue 18 point 4): the whole card is one link to the course page —
// one tab stop, named by the course title, with a visible focus ring — and its "Enroll Now" button opens
// the enrollment dialog in place (SPEC "Course card"), in English and Arabic, without hydration errors.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./harness.ts";
import { tr, type Lang } from "./strings.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function catalogue(lang: Lang): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: lang === "ar" ? "ar-EG" : "en-US" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  await page.goto(`/${lang}/courses`);
  await page.waitForSelector("html[data-hydrated]");
  return { page, errors, close: () => context.close() };
}

/** The card (article) holding the focused element, or -1. */
function focusedCard(page: Page): Promise<number> {
  return page.evaluate(() => [...document.querySelectorAll("main article")].findIndex((a) => a.contains(document.activeElement)));
}

describe("a course card", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`is one link named by its title, one tab stop with a visible focus ring (${lang})`, async () => {
      const { page, errors, close } = await catalogue(lang);
      try {
        const cards = page.locator("main article");
        const count = await cards.count();
        expect(count).toBeGreaterThan(1);
        expect(await page.locator("main article a").count()).toBe(count);
        const title = (await cards.first().locator("h3").textContent())!.trim();
        expect(await cards.first().getByRole("link", { name: title, exact: true }).count()).toBe(1);

        // Tab to the first card, then once more: the focus is on the second card, not elsewhere in the first.
        for (let i = 0; i < 80 && (await focusedCard(page)) !== 0; i++) await page.keyboard.press("Tab");
        expect(await focusedCard(page)).toBe(0);
        const ring = await cards.first().evaluate((el) => {
          const style = getComputedStyle(el);
          return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
        });
        expect(ring.style).not.toBe("none");
        expect(ring.width).toBeGreaterThanOrEqual(2);
        await page.keyboard.press("Tab");
        expect(await focusedCard(page)).toBe(1);
        await page.keyboard.press("Shift+Tab");
        expect(await focusedCard(page)).toBe(0);

        // Enter follows the card to its course page.
        await page.keyboard.press("Enter");
        await page.waitForURL(new RegExp(`/${lang}/courses/[a-z0-9-]+$`));
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`opens the enrollment dialog from its Enroll Now button, and the course page from anywhere else (${lang})`, async () => {
      const { page, errors, close } = await catalogue(lang);
      try {
        const card = page.locator("main article").nth(1);
        const title = (await card.locator("h3").textContent())!.trim();
        const list = page.url();
        await card.getByText(tr(lang, "catalog.card.enrollNow"), { exact: true }).click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(title);
        expect(page.url()).toBe(list);
        await page.keyboard.press("Escape");
        await expect.poll(() => dialog.count()).toBe(0);

        await card.locator("img").click();
        await page.waitForURL(new RegExp(`/${lang}/courses/[a-z0-9-]+$`));
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
