// The links every public page repeats (header, Courses menu, phone menu, footer, course cards) are plain
// anchors followed client-side by one shared handler (app/components/ui/site-link.tsx, ADR 023), not React
// Router's <Link>. A visitor must not notice: a plain click stays in the app (no document load: a value
// set on `window` survives), Back returns, the current page is marked (aria-current) after a client
// navigation as on a fresh load, a Ctrl-click opens a new tab and leaves this one alone, and without
// JavaScript every link is an ordinary link. Both languages, laptop (1366) and phone (375) widths.
import type { Page } from "playwright-core";
import { describe, expect, PLAYWRIGHT_TIMEOUT, test as it, type NewPage } from "./fixtures.ts";
import { tr, type Lang } from "./strings.ts";

/** A page of its own at `path` (Playwright's own timeout, as these checks always had). */
async function open(newPage: NewPage, lang: Lang, width: number, path: string, javaScriptEnabled = true) {
  const page = await newPage({ viewport: { width, height: 900 }, locale: lang, js: javaScriptEnabled, timeout: PLAYWRIGHT_TIMEOUT });
  const context = page.context();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  await page.goto(path);
  if (javaScriptEnabled) {
    await page.waitForSelector("html[data-hydrated]");
    // Survives client navigations only: any document load starts a new window.
    await page.evaluate(() => ((window as unknown as { stayed: string }).stayed = "same document"));
  }
  return { context, page, errors };
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: string }).stayed ?? "reloaded");
const path = (page: Page) => new URL(page.url()).pathname;

/** The hrefs a navigation marks as the page being shown. */
function currentLinks(page: Page, navName: string): Promise<string[]> {
  return page
    .getByRole("navigation", { name: navName })
    .first()
    .locator('a[aria-current="page"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

describe("the site's own links", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`follow client-side from the header, the Courses menu, a card and the footer, and Back returns (${lang}, 1366)`, async ({ newPage }) => {
      const { context, page, errors } = await open(newPage, lang, 1366, `/${lang}/courses`);
      try {
        const mainNav = page.getByRole("navigation", { name: tr(lang, "nav.main") }).first();

        await mainNav.getByRole("link", { name: tr(lang, "nav.about"), exact: true }).click();
        await page.waitForURL(`**/${lang}/about`);
        expect(await sameDocument(page)).toBe("same document");
        await expect.poll(() => currentLinks(page, tr(lang, "nav.main"))).toEqual([`/${lang}/about`]);

        // The Courses menu opens under the pointer; pick "Arabic Courses".
        const coursesButton = mainNav.getByRole("button", { name: tr(lang, "nav.courses") });
        await coursesButton.hover();
        // The click that follows the hover keeps it open (it used to toggle it shut); a second one closes it.
        await coursesButton.click();
        expect(await coursesButton.getAttribute("aria-expanded")).toBe("true");
        await coursesButton.click();
        await expect.poll(() => coursesButton.getAttribute("aria-expanded")).toBe("false");
        await coursesButton.click();
        await expect.poll(() => coursesButton.getAttribute("aria-expanded")).toBe("true");
        await mainNav.getByRole("link", { name: tr(lang, "nav.arabicCourses"), exact: true }).click();
        await page.waitForURL(`**/${lang}/arabic-courses`);
        expect(await sameDocument(page)).toBe("same document");
        // The Courses menu marks the list being shown, as a fresh load does.
        await expect.poll(() => currentLinks(page, tr(lang, "nav.main"))).toEqual([`/${lang}/arabic-courses`]);

        // A course card leads to its course page, still in the same document.
        const card = page.locator("main article").first();
        const title = (await card.locator("h3").textContent())!.trim();
        const href = await card.locator("a").first().getAttribute("href");
        expect(href).toMatch(new RegExp(`^/${lang}/courses/[a-z0-9-]+$`));
        await card.locator("h3").click();
        await page.waitForURL(`**${href}`);
        await expect.poll(() => page.locator("main h1").first().textContent()).toBe(title);
        expect(await sameDocument(page)).toBe("same document");

        await page.goBack();
        await page.waitForURL(`**/${lang}/arabic-courses`);
        await page.locator("main article").first().waitFor();
        expect(await sameDocument(page)).toBe("same document");

        // The footer's quick links.
        await page
          .getByRole("navigation", { name: tr(lang, "footer.quickLinks") })
          .getByRole("link", { name: tr(lang, "nav.contact"), exact: true })
          .click();
        await page.waitForURL(`**/${lang}/contact`);
        expect(await sameDocument(page)).toBe("same document");
        // The header marks Contact as it does on a fresh load of the page.
        await expect.poll(() => currentLinks(page, tr(lang, "nav.main"))).toEqual([`/${lang}/contact`]);
        const fresh = await context.newPage();
        await fresh.goto(`/${lang}/contact`);
        await expect.poll(() => currentLinks(fresh, tr(lang, "nav.main"))).toEqual([`/${lang}/contact`]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`leave a Ctrl-click to the browser: a new tab, this page stays (${lang})`, async ({ newPage }) => {
      const { context, page, errors } = await open(newPage, lang, 1366, `/${lang}/courses`);
      try {
        const card = page.locator("main article").first();
        const href = (await card.locator("a").first().getAttribute("href"))!;
        const opened = context.waitForEvent("page");
        await card.locator("h3").click({ modifiers: ["Control"] });
        const tab = await opened;
        await tab.waitForLoadState();
        expect(path(tab)).toBe(href);
        expect(path(page)).toBe(`/${lang}/courses`);
        expect(await sameDocument(page)).toBe("same document");
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`follow client-side from the phone menu, which closes (${lang}, 375)`, async ({ newPage }) => {
      const { context, page, errors } = await open(newPage, lang, 375, `/${lang}`);
      try {
        const menu = page.locator("details[data-mobile-menu]");
        await menu.locator("summary").click();
        await menu.getByRole("link", { name: tr(lang, "nav.contact"), exact: true }).click();
        await page.waitForURL(`**/${lang}/contact`);
        expect(await sameDocument(page)).toBe("same document");
        await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
        const marked = () => menu.locator('a[aria-current="page"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        expect(await marked()).toEqual([`/${lang}/contact`]);
        // A catalogue of the Courses list is marked too: the language's, then a category's.
        await menu.locator("summary").click();
        await menu.getByRole("link", { name: tr(lang, "nav.englishCourses"), exact: true }).click();
        await page.waitForURL(`**/${lang}/english-courses`);
        await expect.poll(marked).toEqual([`/${lang}/english-courses`]);
        await menu.locator("summary").click();
        const category = menu.locator('a[href*="?category="]').first();
        const categoryHref = await category.getAttribute("href");
        await category.click();
        await page.waitForURL((url) => url.search.includes("category="));
        await expect.poll(marked).toEqual([categoryHref]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`close the phone menu on a tap to the page being shown (${lang}, 375)`, async ({ newPage }) => {
      // COURSE BOOKING leads to the catalogue: tapped there, the menu must not stay over the page as if
      // nothing happened.
      const { context, page, errors } = await open(newPage, lang, 375, `/${lang}/courses`);
      try {
        const menu = page.locator("details[data-mobile-menu]");
        await menu.locator("summary").click();
        await menu.getByRole("link", { name: tr(lang, "nav.courseBooking"), exact: true }).click();
        await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
        expect(path(page)).toBe(`/${lang}/courses`);
        expect(await sameDocument(page)).toBe("same document");
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`are ordinary links without JavaScript (${lang})`, async ({ newPage }) => {
      const { context, page } = await open(newPage, lang, 1366, `/${lang}/courses`, false);
      try {
        const mainNav = page.getByRole("navigation", { name: tr(lang, "nav.main") }).first();
        await mainNav.getByRole("link", { name: tr(lang, "nav.about"), exact: true }).click();
        await page.waitForURL(`**/${lang}/about`);
        await expect.poll(() => currentLinks(page, tr(lang, "nav.main"))).toEqual([`/${lang}/about`]);
        await page.locator("main").waitFor();
        await page.goto(`/${lang}/courses`);
        const href = await page.locator("main article a").first().getAttribute("href");
        await page.locator("main article h3").first().click();
        await page.waitForURL(`**${href}`);
        expect(path(page)).toBe(href);
      } finally {
        await context.close();
      }
    });
  }
});
