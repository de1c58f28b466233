// Issue 19 points 5, 6 and 7 in Chromium, at 375×812 and 1366×900, in English and Arabic:
// - the catalogue's Clear Filters leaves empty controls (with JavaScript: a client navigation; and without);
//   an active subcategory is a chip named in the heading, and removing it shows all courses of the category;
//   after each client navigation the main content equals a fresh load of the same URL;
// - a page number past the last redirects to the last page;
// - without JavaScript the About page's instructor cards open the instructor's bio;
// - the 404 page's title carries the brand; a course's og:image answers a 1200×630 JPEG.
// Screenshots of the catalogue with a subcategory chip and of the About page go to test-results/screenshots.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { inject } from "vitest";
import { describe, expect, PLAYWRIGHT_TIMEOUT, test as it, type NewPageOptions } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr, type Lang } from "./strings.ts";

const baseUrl = inject("baseUrl");
const VIEWPORTS = [
  { name: "375", width: 375, height: 812 },
  { name: "1366", width: 1366, height: 900 },
] as const;
const LANGS: Lang[] = ["en", "ar"];
// Demo data (db/seed/demo-data.ts): Web Development is a subcategory of Technology & Programming.
const SUB = { slug: "web-development", en: "Web Development", ar: "تطوير الويب" };
const CAT = { slug: "technology", en: "Technology & Programming", ar: "البرمجة والتكنولوجيا" };

/** These pages keep Playwright's own default timeout. */
function pageFor(lang: Lang, viewport: { width: number; height: number }, js = true): NewPageOptions {
  return { locale: lang, viewport, js, timeout: PLAYWRIGHT_TIMEOUT };
}

const mainText = async (page: Page) => (await page.locator("main").innerText()).replace(/\s+/g, " ").trim();

/** The main content of a fresh load of the page's current URL, in a new page of the same context. */
async function freshMainText(page: Page): Promise<string> {
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  const text = await mainText(fresh);
  await fresh.close();
  return text;
}

/** The phone's Filters button (hidden from md up, still in the page): whether it shows the panel. */
const filtersExpanded = (page: Page) => page.locator("main form[role=search] button[aria-expanded]").getAttribute("aria-expanded");

/** Marks the document: still marked after a navigation means it was a client navigation. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __same?: boolean }).__same = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);

/** React has hydrated the page (the root sets html[data-hydrated]): links and forms go through the router. */
const waitForHydration = (page: Page) => page.waitForSelector("html[data-hydrated]");

function controls(page: Page, lang: Lang) {
  const search = page.getByRole("searchbox", { name: tr(lang, "catalog.searchLabel") });
  // By name: on a phone with no filter active the panel holding the select is collapsed (hidden), as on a fresh load.
  const category = page.locator('main select[name="category"]');
  return { search, category };
}

/** On a phone the filters sit in a panel; open it when Clear Filters is not in view. */
async function clearFiltersLink(page: Page, lang: Lang) {
  const link = page.getByRole("link", { name: tr(lang, "catalog.clearFilters") });
  if (!(await link.isVisible())) await page.getByRole("button", { name: tr(lang, "catalog.filters") }).click();
  return link;
}

describe.each(LANGS)("catalogue details (%s)", (lang) => {
  describe.each(VIEWPORTS)("at $name px", (viewport) => {
    it("shows the subcategory as a chip and in the heading; removing it shows the whole category, equal to a fresh load", async ({ newPage }) => {
      const page = await newPage(pageFor(lang, viewport));
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`/${lang}/courses?subcategory=${SUB.slug}`);
      await waitForHydration(page);
      const heading = await page.getByRole("heading", { level: 1 }).innerText();
      expect(heading).toContain(SUB[lang]);
      expect(heading).toContain(CAT[lang]);
      const chip = page.getByRole("link", { name: tr(lang, "catalog.removeFilter", { name: SUB[lang] }) });
      expect(await chip.isVisible()).toBe(true);
      const subCount = await page.getByRole("status").first().innerText();
      await screenshot(page, `catalogue-chip-${lang}-${viewport.name}`);

      await mark(page);
      await chip.click();
      await page.waitForURL((url) => url.searchParams.get("category") === CAT.slug && !url.searchParams.has("subcategory"));
      await expect.poll(() => page.getByRole("link", { name: tr(lang, "catalog.removeFilter", { name: SUB[lang] }) }).count()).toBe(0);
      expect(await sameDocument(page)).toBe(true);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain(CAT[lang]);
      expect(await controls(page, lang).category.inputValue()).toBe(CAT.slug);
      expect(await mainText(page)).toBe(await freshMainText(page));
      // The whole category has at least the subcategory's courses, and another count than the subcategory's.
      const catCount = await page.getByRole("status").first().innerText();
      expect(Number(/\d+/.exec(catCount)?.[0] ?? 0)).toBeGreaterThan(Number(/\d+/.exec(subCount)?.[0] ?? 0));
      expect(errors).toEqual([]);
    });

    it("Clear Filters leaves empty controls after a search and a category, equal to a fresh load", async ({ newPage }) => {
      const page = await newPage(pageFor(lang, viewport));
      await page.goto(`/${lang}/courses?category=${CAT.slug}`);
      await waitForHydration(page);
      const { search, category } = controls(page, lang);
      await search.fill("zzzz-nothing");
      await mark(page);
      await page.getByRole("button", { name: tr(lang, "catalog.search"), exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("q") === "zzzz-nothing");
      await expect.poll(() => page.getByText(tr(lang, "catalog.noMatches")).count()).toBe(1);

      await (await clearFiltersLink(page, lang)).click();
      await page.waitForURL((url) => url.search === "");
      expect(await sameDocument(page)).toBe(true);
      await expect.poll(() => search.inputValue()).toBe("");
      expect(await category.inputValue()).toBe("");
      expect(await mainText(page)).toBe(await freshMainText(page));
      // The phone's filter panel is folded again, as a fresh load of the catalogue shows it.
      expect(await filtersExpanded(page)).toBe("false");
      // Searching again searches everything: nothing of the cleared filters comes back.
      await page.getByRole("button", { name: tr(lang, "catalog.search"), exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/${lang}/courses` && !url.searchParams.get("q") && !url.searchParams.get("category"));
    });

    it("without JavaScript, Clear Filters and the chip work as links", async ({ newPage }) => {
      const page = await newPage(pageFor(lang, viewport, false));
      await page.goto(`/${lang}/courses?q=a&subcategory=${SUB.slug}`);
      const chip = page.getByRole("link", { name: tr(lang, "catalog.removeFilter", { name: SUB[lang] }) });
      await chip.click();
      await page.waitForURL((url) => url.searchParams.get("category") === CAT.slug && !url.searchParams.has("subcategory"));
      await (await clearFiltersLink(page, lang)).click();
      await page.waitForURL((url) => url.search === "");
      const { search, category } = controls(page, lang);
      expect(await search.inputValue()).toBe("");
      expect(await category.inputValue()).toBe("");
    });
  });

  it("redirects a page past the last one to the last page", async ({ newPage }) => {
    const page = await newPage(pageFor(lang, VIEWPORTS[1]));
    const res = await page.goto(`/${lang}/courses?category=${CAT.slug}&page=40`);
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).search).toBe(`?category=${CAT.slug}`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain(CAT[lang]);
  });
});

describe.each(LANGS)("About instructors (%s)", (lang) => {
  it.for(VIEWPORTS)("without JavaScript a card opens the instructor's bio, at $name px", async (viewport, { newPage }) => {
    const page = await newPage(pageFor(lang, viewport, false));
    await page.goto(`/${lang}/about`);
    const cards = page.locator(`main a[href^="#instructor-"]`);
    expect(await cards.count()).toBeGreaterThan(1);
    const card = cards.nth(1);
    const name = (await card.locator("span.font-semibold").innerText()).trim();
    const target = (await card.getAttribute("href"))!;
    const section = page.locator(target);
    expect(await section.isVisible()).toBe(false);
    await screenshot(page, `about-${lang}-${viewport.name}`);
    await card.click();
    await expect.poll(() => section.isVisible()).toBe(true);
    expect(await section.getByRole("heading", { level: 3 }).innerText()).toBe(name);
    // The bio itself (every demo instructor has one): more than the name and title.
    expect((await section.innerText()).length).toBeGreaterThan(name.length + 80);
    // The bio is in view, and only this instructor's section shows.
    expect(await section.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    expect(await page.locator('main section[id^="instructor-"]:visible').count()).toBe(1);
    await screenshot(page, `about-bio-nojs-${lang}-${viewport.name}`);
    // Back to the grid.
    await section.getByRole("link", { name: tr(lang, "actions.close") }).click();
    await expect.poll(() => section.isVisible()).toBe(false);
  });

  it("with JavaScript the card still opens the dialog", async ({ newPage }) => {
    const page = await newPage(pageFor(lang, VIEWPORTS[1]));
    await page.goto(`/${lang}/about`);
    const card = page.locator('main button[aria-haspopup="dialog"]').first();
    await card.waitFor();
    const name = (await card.locator("span.font-semibold").innerText()).trim();
    await card.click();
    await page.getByRole("dialog", { name }).waitFor();
  });
});

describe("sharing and the 404 title", () => {
  it.for(LANGS)("titles the 404 page with the brand (%s)", async (lang, { newPage }) => {
    const page = await newPage(pageFor(lang, VIEWPORTS[1]));
    const res = await page.goto(`/${lang}/no-such-page-here`);
    expect(res?.status()).toBe(404);
    expect(await page.title()).toBe(`${tr(lang, "errors.notFoundTitle")} - ${tr(lang, "brand")}`);
  });

  it("links each course page to a 1200×630 JPEG og:image that answers", async ({ newPage }) => {
    const page = await newPage(pageFor("ar", VIEWPORTS[1]));
    await page.goto("/ar/courses");
    const href = (await page.locator("main ul a[href*='/courses/']").first().getAttribute("href"))!;
    await page.goto(href);
    const og = await page.evaluate(() =>
      Object.fromEntries([...document.querySelectorAll('meta[property^="og:image"]')].map((m) => [m.getAttribute("property"), m.getAttribute("content")])),
    );
    expect(og["og:image:width"]).toBe("1200");
    expect(og["og:image:height"]).toBe("630");
    expect(og["og:image:type"]).toBe("image/jpeg");
    const image = new URL(og["og:image"]!);
    const res = await fetch(`${baseUrl}${image.pathname}${image.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // The JSON-LD never calls a course free unless its price says so.
    const ld = await page.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!)));
    const courseLd = ld.find((d) => d["@type"] === "Course");
    expect(courseLd.provider.sameAs ?? []).not.toContain(baseUrl);
  });
});
