// Issue 20 point 2 in Chromium, in English and Arabic at 375×812 and 1366×900, on the demo data (its runs:
// db/seed/demo-runs.ts): a course card shows its next start ("Starts Jan 12"); choosing "Next start date"
// in the catalogue changes the URL and the order (soonest first, undated courses last); Back and Forward
// keep URL, controls and order together; the "Starting within 30 days" filter; the page after each client
// navigation equals a fresh load of its URL; the home page's "Starting soon" row; no horizontal overflow.
// Screenshots go to test-results/screenshots (catalog-runs-*).
import type { Page } from "playwright-core";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, PLAYWRIGHT_TIMEOUT, test as it, type NewPageOptions } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr, type Lang } from "./strings.ts";

const VIEWPORTS = [
  { name: "375", width: 375, height: 812 },
  { name: "1366", width: 1366, height: 900 },
] as const;
const LANGS: Lang[] = ["en", "ar"];
const DAY = 24 * 60 * 60 * 1000;

/** These pages keep Playwright's own default timeout. */
const pageFor = (lang: Lang, viewport: { width: number; height: number }): NewPageOptions => ({
  locale: lang,
  viewport,
  timeout: PLAYWRIGHT_TIMEOUT,
});

const waitForHydration = (page: Page) => page.waitForSelector("html[data-hydrated]");
const mainText = async (page: Page) => (await page.locator("main").innerText()).replace(/\s+/g, " ").trim();
/** Marks the document: still marked after a navigation means it was a client navigation. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __same?: boolean }).__same = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);

/** The main content of a fresh load of the page's current URL, in a new page of the same context. */
async function freshMainText(page: Page): Promise<string> {
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  const text = await mainText(fresh);
  await fresh.close();
  return text;
}

/** The cards in page order: title and next start (ISO from the <time>, null without one) and its shown text. */
function cardsOf(page: Page, scope = "main") {
  return page.locator(`${scope} article`).evaluateAll((articles) =>
    articles.map((a) => {
      const time = a.querySelector("[data-next-start] time");
      return {
        title: a.querySelector("h3")?.textContent?.trim() ?? "",
        start: time?.getAttribute("datetime") ?? null,
        shown: (a.querySelector("[data-next-start]") as HTMLElement | null)?.innerText.replace(/\s+/g, " ").trim() ?? null,
      };
    }),
  );
}

type Card = Awaited<ReturnType<typeof cardsOf>>[number];

/** Soonest first, and every course without a date after all dated ones. */
function expectStartOrder(cards: Card[]) {
  const firstUndated = cards.findIndex((c) => c.start === null);
  if (firstUndated >= 0) expect(cards.slice(firstUndated).every((c) => c.start === null)).toBe(true);
  const dated = cards.filter((c) => c.start !== null).map((c) => Date.parse(c.start!));
  expect(dated).toEqual([...dated].sort((a, b) => a - b));
}

/**
 * The catalogue shown is the one of the current URL: its sort control says the URL's sort and no loading
 * placeholder is left (the URL changes before the new page is committed; reading earlier would see the
 * old page or the placeholders).
 */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const sort = document.querySelector<HTMLSelectElement>('main select[name="sort"]');
    const starts = document.querySelector<HTMLSelectElement>('main select[name="starts"]');
    const url = new URL(location.href);
    return (
      sort !== null &&
      starts !== null &&
      sort.value === (url.searchParams.get("sort") ?? "") &&
      starts.value === (url.searchParams.get("starts") ?? "") &&
      document.querySelector("main .animate-pulse") === null
    );
  });
}

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** On a phone the filters sit in a collapsed panel: open it when the sort select is hidden. */
async function sortSelect(page: Page, lang: Lang) {
  const select = page.getByRole("combobox", { name: tr(lang, "catalog.startDates.sortLabel") });
  if (!(await select.isVisible())) await page.getByRole("button", { name: tr(lang, "catalog.filters") }).click();
  await expect.poll(() => select.isVisible()).toBe(true);
  return select;
}

describe.each(LANGS)("course runs in the catalogue and on the home page (%s)", (lang) => {
  describe.each(VIEWPORTS)("at $name px", (viewport) => {
    it("cards show the next start; the sort and the filter change URL and order, Back/Forward keep them, equal to fresh loads", async ({ newPage }) => {
      const page = await newPage(pageFor(lang, viewport));
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`/${lang}/courses`);
      await waitForHydration(page);

      // The cards: some with "Starts <date>" in the page's language, Western digits; some without a date.
      const newest = await cardsOf(page);
      const dated = newest.filter((c) => c.start !== null);
      expect(dated.length).toBeGreaterThan(0);
      expect(newest.some((c) => c.start === null)).toBe(true);
      for (const card of dated) {
        expect(card.shown!.startsWith(tr(lang, "courseCard.starts"))).toBe(true);
        expect(card.shown).toMatch(/[0-9]/);
        expect(card.shown).not.toMatch(/[٠-٩]/);
        expect(Date.parse(card.start!)).toBeGreaterThan(Date.now() - DAY);
      }
      await expectNoOverflow(page);
      await screenshot(page, `catalog-runs-cards-${lang}-${viewport.name}`);

      // Sort by next start through the interface: a client navigation to ?sort=start alone.
      await mark(page);
      await (await sortSelect(page, lang)).selectOption("start");
      await page.waitForURL((url) => url.searchParams.get("sort") === "start");
      await settled(page);
      expect([...new URL(page.url()).searchParams.keys()]).toEqual(["sort"]);
      expect(await sameDocument(page)).toBe(true);
      const sorted = await cardsOf(page);
      expectStartOrder(sorted);
      expect(sorted[0]!.start).not.toBeNull();
      expect(await mainText(page)).toBe(await freshMainText(page));
      await expectNoOverflow(page);
      await screenshot(page, `catalog-runs-sorted-${lang}-${viewport.name}`);

      // Back: the newest-first page and its control; Forward: sorted again.
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has("sort"));
      await settled(page);
      await expect.poll(async () => (await cardsOf(page)).map((c) => c.title)).toEqual(newest.map((c) => c.title));
      expect(await page.locator('main select[name="sort"]').inputValue()).toBe("");
      await page.goForward();
      await page.waitForURL((url) => url.searchParams.get("sort") === "start");
      await settled(page);
      await expect.poll(async () => (await cardsOf(page)).map((c) => c.title)).toEqual(sorted.map((c) => c.title));
      expect(await page.locator('main select[name="sort"]').inputValue()).toBe("start");
      expect(await sameDocument(page)).toBe(true);

      // Starting within 30 days: the sort stays; only courses starting in that window, soonest first.
      const starts = page.getByRole("combobox", { name: tr(lang, "catalog.startDates.label") });
      await expect.poll(() => starts.isVisible()).toBe(true);
      await starts.selectOption("soon");
      await page.waitForURL((url) => url.searchParams.get("starts") === "soon" && url.searchParams.get("sort") === "start");
      await settled(page);
      const soon = await cardsOf(page);
      expect(soon.length).toBeLessThan(sorted.length);
      expect(soon.length).toBeGreaterThan(0);
      for (const card of soon) expect(Date.parse(card.start!)).toBeLessThanOrEqual(Date.now() + 30 * DAY);
      expectStartOrder(soon);
      expect(await mainText(page)).toBe(await freshMainText(page));
      expect(await sameDocument(page)).toBe(true);
      await expectNoOverflow(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `catalog-runs-soon-${lang}-${viewport.name}`);
      expect(errors).toEqual([]);
    });

    it("without JavaScript the sort and the filter are a plain form: Apply puts them in the URL and the server orders", async ({ newPage }) => {
      const page = await newPage({ ...pageFor(lang, viewport), js: false });
      await page.goto(`/${lang}/courses`);
      // The panel is open without JavaScript only on wide screens; on a phone the shared link is the way in.
      if (viewport.width >= 768) {
        await page.locator('main select[name="sort"]').selectOption("start");
        await page.locator('main select[name="starts"]').selectOption("upcoming");
        await page.getByRole("button", { name: tr(lang, "catalog.apply") }).click();
        await page.waitForURL((url) => url.searchParams.get("sort") === "start" && url.searchParams.get("starts") === "upcoming");
      } else {
        await page.goto(`/${lang}/courses?starts=upcoming&sort=start`);
      }
      const cards = await cardsOf(page);
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.every((c) => c.start !== null)).toBe(true);
      expectStartOrder(cards);
      expect(await page.locator('main select[name="sort"]').inputValue()).toBe("start");
      expect(await page.locator('main select[name="starts"]').inputValue()).toBe("upcoming");
    });

    it("the home page's Starting soon row shows up to three courses with their dates and leads to the sorted catalogue", async ({ newPage }) => {
      const page = await newPage(pageFor(lang, viewport));
      await page.goto(`/${lang}`);
      await waitForHydration(page);
      const row = page.getByRole("region", { name: tr(lang, "homePage.startingSoon.title") });
      await row.scrollIntoViewIfNeeded();
      const cards = await cardsOf(page, "[data-starting-soon]");
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.length).toBeLessThanOrEqual(3);
      expect(cards.every((c) => c.start !== null)).toBe(true);
      expectStartOrder(cards);
      await expectNoOverflow(page);
      await expectNoAxeViolations(page);
      await row.screenshot({ path: `test-results/screenshots/catalog-runs-home-${lang}-${viewport.name}.png` });

      await mark(page);
      await row.getByRole("link", { name: tr(lang, "homePage.startingSoon.all") }).click();
      await page.waitForURL((url) => url.pathname === `/${lang}/courses` && url.searchParams.get("sort") === "start");
      await settled(page);
      expect(await sameDocument(page)).toBe(true);
      const catalogue = await cardsOf(page);
      // The catalogue sorted by start opens with the row's courses (other courses may share a date).
      expect(catalogue[0]!.start).toBe(cards[0]!.start);
      expectStartOrder(catalogue);
      expect(await mainText(page)).toBe(await freshMainText(page));
    });
  });
});
