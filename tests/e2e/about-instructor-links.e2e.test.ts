// Issue 36 items 3 and 4 (About's instructors), in English and Arabic, at 375×812 and 1366×900, on the
// shared server's demo instructors:
// - an instructor on the home page links to `/about#instructor-<id>`; followed there (a client navigation)
//   and loaded afresh (also a link from the other language's page), About opens that instructor's dialog
//   with the bio in view, over the page scrolled to their card; closing it puts focus on that card;
// - the dialog opened from a card is a place in history: Back closes it and stays on About (where the page
//   was scrolled), Forward opens it again; without JavaScript the same address shows the bio section.
// Screenshots go to test-results/screenshots/about-link-*.png.
import type { Locator, Page } from "playwright-core";
import { describe, expect, open, test as it } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr, type Lang } from "./strings.ts";

const VIEWPORTS = { phone: { width: 375, height: 812 }, laptop: { width: 1366, height: 900 } } as const;
const LANGS: Lang[] = ["en", "ar"];

/** The home page's instructor links (the strip under its heading). */
const homeInstructors = (page: Page) => page.locator('section[aria-labelledby="home-instructors-title"] ul a');

/** Entirely inside the viewport. */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width;
}

/** The open dialog of the instructor `name`, and its bio (the paragraph under "Bio"). */
function instructorDialog(page: Page, lang: Lang, name: string) {
  const dialog = page.getByRole("dialog", { name });
  const bio = dialog.locator("h3 + p");
  return { dialog, bio, bioTitle: dialog.getByRole("heading", { name: tr(lang, "about.instructors.bioTitle") }) };
}

/** The About card (a button once hydrated) of the instructor `name`. */
const aboutCard = (page: Page, name: string) => page.locator('main button[aria-haspopup="dialog"]', { hasText: name });

/** Checks the dialog of `name` is open with its bio in view, then closes it: focus goes to the card, in view. */
async function expectBioInViewThenClose(page: Page, lang: Lang, name: string, shot: string) {
  const { dialog, bio, bioTitle } = instructorDialog(page, lang, name);
  await bio.waitFor();
  expect(await bioTitle.isVisible()).toBe(true);
  expect((await bio.innerText()).trim().length).toBeGreaterThan(20);
  expect(await inViewport(page, bio)).toBe(true);
  await screenshot(page, shot);
  await dialog.getByRole("button", { name: tr(lang, "actions.close") }).first().click();
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  const card = aboutCard(page, name);
  await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await inViewport(page, card)).toBe(true);
  expect(new URL(page.url()).hash).toBe("");
}

describe.each(LANGS)("About's instructors from a link (%s)", (lang) => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`a home page instructor opens their bio on About after a client navigation, at ${size}`, async ({ newPage }) => {
      const page = await newPage({ locale: lang, viewport });
      await open(page, `/${lang}`);
      const link = homeInstructors(page).nth(1);
      const name = (await link.locator("span.font-semibold").innerText()).trim();
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(new RegExp(`^/${lang}/about#instructor-[0-9a-f-]{36}$`));
      await page.evaluate(() => ((window as unknown as { __same?: boolean }).__same = true));
      await link.click();
      await page.waitForURL(`**${href}`);
      await expectBioInViewThenClose(page, lang, name, `about-link-client-${lang}-${size}`);
      // It was a client navigation, and About is the page behind.
      expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(tr(lang, "about.headline"));
    });

    it(`a fresh load of an instructor's address opens their bio, also from a link in the other language, at ${size}`, async ({ newPage }) => {
      const other: Lang = lang === "en" ? "ar" : "en";
      const page = await newPage({ locale: lang, viewport });
      await open(page, `/${other}`);
      const hash = new URL((await homeInstructors(page).nth(2).getAttribute("href"))!, "http://x").hash;
      await open(page, `/${lang}`);
      const name = (await homeInstructors(page).and(page.locator(`a[href$="${hash}"]`)).locator("span.font-semibold").innerText()).trim();
      // The same instructor's address in this page's language, loaded as a shared link would be.
      await open(page, `/${lang}/about${hash}`);
      await expectBioInViewThenClose(page, lang, name, `about-link-fresh-${lang}-${size}`);
    });
  }

  it("Back closes a card's dialog and stays on About where it was; Forward opens it again (375 px)", async ({ newPage }) => {
    const page = await newPage({ locale: lang, viewport: "phone", context: { isMobile: true, hasTouch: true } });
    await open(page, `/${lang}`);
    // Into About from the home page's "all instructors" link (so Back from About would leave for the home page).
    await page.getByRole("link", { name: tr(lang, "homePage.instructors.all") }).tap();
    await page.waitForURL(`**/${lang}/about`);
    const card = page.locator('main button[aria-haspopup="dialog"]').nth(1);
    const name = (await card.locator("span.font-semibold").innerText()).trim();
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await card.tap();
    const { dialog, bio } = instructorDialog(page, lang, name);
    await bio.waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#instructor-[0-9a-f-]{36}$/);

    await page.goBack();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/${lang}/about`);
    expect(new URL(page.url()).hash).toBe("");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(tr(lang, "about.headline"));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.goForward();
    await bio.waitFor();
    expect(await dialog.isVisible()).toBe(true);
    // Its own Close goes back to the entry it was opened from: one more Back is the home page.
    await dialog.getByRole("button", { name: tr(lang, "actions.close") }).first().tap();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/${lang}/about`);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/${lang}`);
  });

  it("without JavaScript the instructor's address shows their bio section in view (375 px)", async ({ newPage }) => {
    const page = await newPage({ locale: lang, viewport: "phone", js: false });
    await page.goto(`/${lang}`);
    const link = homeInstructors(page).nth(1);
    const name = (await link.locator("span.font-semibold").innerText()).trim();
    await link.click();
    await page.waitForURL(/\/about#instructor-/);
    const section = page.locator(new URL(page.url()).hash);
    await expect.poll(() => section.isVisible()).toBe(true);
    expect(await section.getByRole("heading", { level: 3 }).innerText()).toBe(name);
    expect(await section.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await screenshot(page, `about-link-nojs-${lang}-375`);
  });
});
