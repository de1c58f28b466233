// A catalogue card in a real browser (issue 18 point 4): the whole card is one link to the course page —
// one tab stop, named by the course title, with a visible focus ring — and its "Enroll Now" button opens
// the enrollment dialog in place (SPEC "Course card"), in English and Arabic, without hydration errors.
// Cards that never look broken (issue 19 point 3): at 375 and 1366 px, with the seeded titles and with
// very long ones, the summary box is three whole lines (its height 3 × its line height, clamped, no
// sliced line below the ellipsis); no card shows a zero count; every card shows a price or "Price on
// request" and its language badge.
import type { Page } from "playwright-core";
import { describe, expect, PLAYWRIGHT_TIMEOUT, test as it, type NewPage } from "./fixtures.ts";
import { tr, type Lang } from "./strings.ts";


/** The catalogue in a page with Playwright's own viewport and timeout, as these checks always had. */
async function catalogue(newPage: NewPage, lang: Lang): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage({ locale: lang, viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT });
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  await page.goto(`/${lang}/courses`);
  await page.waitForSelector("html[data-hydrated]");
  return { page, errors };
}

/** The card (article) holding the focused element, or -1. */
function focusedCard(page: Page): Promise<number> {
  return page.evaluate(() => [...document.querySelectorAll("main article")].findIndex((a) => a.contains(document.activeElement)));
}

describe("a course card", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`is one link named by its title, one tab stop with a visible focus ring (${lang})`, async ({ newPage }) => {
      const { page, errors } = await catalogue(newPage, lang);
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
    });

    it(`opens the enrollment dialog from its Enroll Now button, and the course page from anywhere else (${lang})`, async ({ newPage }) => {
      const { page, errors } = await catalogue(newPage, lang);
      const card = page.locator("main article").nth(1);
      const title = (await card.locator("h3").textContent())!.trim();
      const list = page.url();
      await card.getByText(tr(lang, "courseCard.enrollNow"), { exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(title);
      // The same list, with the dialog's place in history (#enroll=<slug>); Escape goes back to the list.
      expect(page.url().slice(list.length)).toMatch(/^#enroll=[a-z0-9-]+$/);
      expect(page.url().startsWith(list)).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
      expect(page.url()).toBe(list);

      await card.locator("img").click();
      await page.waitForURL(new RegExp(`/${lang}/courses/[a-z0-9-]+$`));
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      expect(errors).toEqual([]);
    });
  }

  /** Every card's summary box: its height and line height, whether it overflows and whether it is clamped. */
  function summaryBoxes(page: Page) {
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("main article [data-card-summary]")].map((p) => {
        const style = getComputedStyle(p);
        return {
          title: p.closest("article")!.querySelector("h3")!.textContent!.trim(),
          height: p.getBoundingClientRect().height,
          lineHeight: parseFloat(style.lineHeight),
          overflows: p.scrollHeight > p.clientHeight + 1,
          clamp: style.getPropertyValue("-webkit-line-clamp") || style.getPropertyValue("line-clamp"),
          overflow: style.overflowY,
        };
      }),
    );
  }

  for (const lang of ["en", "ar"] as const) {
    for (const width of [375, 1366]) {
      it(`shows three whole lines of summary whatever the title length, no zero count, a price or "Price on request" (${lang}, ${width} px)`, async ({ newPage }) => {
        // No locale: Chromium's own, as this check always had; Playwright's own timeout.
        const page = await newPage({ locale: null, viewport: { width, height: 900 }, timeout: PLAYWRIGHT_TIMEOUT });
        await page.goto(`/${lang}/courses`);
        await page.waitForSelector("html[data-hydrated]");
        const check = async (when: string) => {
          const boxes = await summaryBoxes(page);
          expect(boxes.length).toBeGreaterThan(1);
          // Some seeded summaries are longer than three lines: the clamp is exercised, not only short texts.
          expect(boxes.some((b) => b.overflows)).toBe(true);
          for (const b of boxes) {
            expect(b.lineHeight, `${when}: ${b.title}`).toBeGreaterThan(0);
            // Exactly three lines tall: no fourth line, not a sliver of one.
            expect(Math.abs(b.height - 3 * b.lineHeight), `${when}: ${b.title}`).toBeLessThan(0.5);
            if (b.overflows) {
              expect(b.clamp, `${when}: ${b.title}`).toBe("3");
              expect(b.overflow, `${when}: ${b.title}`).toBe("hidden");
            }
          }
        };
        await check("seeded titles");
        // Long titles in both scripts, on every other card (rows then hold cards with 1- and 4-line titles).
        await page.evaluate(() => {
          const long = [
            "Professional Certificate in Full-Stack Web Development with JavaScript, React, Node.js and PostgreSQL for Beginners",
            "الدبلومة المهنية المتكاملة في تطوير تطبيقات الويب باستخدام JavaScript وReact وNode.js من الصفر حتى الاحتراف",
          ];
          document.querySelectorAll("main article h3").forEach((h, i) => {
            if (i % 2 === 0) h.textContent = long[(i / 2) % 2]!;
          });
        });
        await check("long titles");

        const cards = await page.evaluate(() =>
          [...document.querySelectorAll("main article")].map((a) => ({
            text: a.textContent ?? "",
            price: a.querySelector("[data-price]")?.textContent?.trim() ?? "",
            language: a.querySelector("[data-badge=language]")?.textContent?.trim() ?? "",
          })),
        );
        const onRequest = tr(lang, "courseCard.priceOnRequest");
        for (const card of cards) {
          expect(card.text).not.toMatch(/(^|\D)0 students|لا يوجد طلاب/);
          expect(card.price).not.toBe("");
          expect(card.language).toMatch(new RegExp(`${tr(lang, "courseCard.languages.en")}|${tr(lang, "courseCard.languages.ar")}`));
        }
        // The seed has courses with a hidden price: they say so instead of showing a blank.
        expect(cards.some((c) => c.price === onRequest)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  }
});
