// Issue 19 point 1, "The home page server-renders at least three course cards and the category tiles":
// the HTML without JavaScript, the page in Chromium at 375 and 1366 px in both languages (no horizontal
// overflow, a card leads to its course, a tile to its category's catalogue), and staff featuring a course
// with order 0 in the course form (a phone-sized sheet) puts it first on the home page. Its own server with
// the demo catalogue, so featuring a course never changes what other suites see.
import type { Page } from "playwright-core";
import { describe, expect, ownApp, signIn, test as it, type NewPage } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const ADMIN_EMAIL = "admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";
const own = ownApp({ name: "home-sells", postgres: false, env: { ADMIN_EMAIL, ADMIN_PASSWORD } });

/** A page on this file's server, a phone's height below 500 px wide. */
function pageAt(newPage: NewPage, width: number, locale: "en" | "ar" = "en"): Promise<Page> {
  return newPage({ baseURL: own.url, locale, viewport: { width, height: width < 500 ? 812 : 900 } });
}

/** The course links of the cards in the home page's course section, in order. */
function cardLinks(page: Page) {
  return page.locator('section[aria-labelledby="home-courses-title"] article a[href*="/courses/"]');
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("home page that sells", () => {
  it("server-renders at least three course cards and the category tiles, in both languages, without JavaScript", async () => {
    for (const lang of ["en", "ar"] as const) {
      const res = await fetch(`${own.url}/${lang}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      // The featured row only, up to the end of its section (the "Starting soon" row has cards too, issue 20).
      const start = html.indexOf('aria-labelledby="home-courses-title"');
      const section = html.slice(start, html.indexOf("</section>", start));
      const cards = [...section.matchAll(new RegExp(`<article[^>]*>\\s*<a[^>]*href="/${lang}/courses/([^"?]+)"`, "g"))].map((m) => m[1]);
      expect(cards.length).toBeGreaterThanOrEqual(3);
      expect(cards.length).toBeLessThanOrEqual(6);
      expect(new Set(cards).size).toBe(cards.length);
      // Each tile is a link to its category's catalogue (attributes in any order).
      const tiles = [...html.matchAll(/<a [^>]*data-category-tile="([^"]+)"[^>]*>/g)];
      expect(tiles.length).toBeGreaterThanOrEqual(2);
      for (const [tag, slug] of tiles) expect(tag).toContain(`href="/${lang}/courses?category=${slug}"`);
      // The figures and the instructors strip are in the HTML too, with links to About's bios.
      expect(html).toContain('id="figures-title"');
      expect(html).toMatch(new RegExp(`href="/${lang}/about#instructor-[0-9a-f-]{36}"`));
      // A tile shows its count of courses ("3 courses" / "3 دورات", Western digits).
      expect(html).toMatch(lang === "en" ? /\d+ courses?</ : /(\d+ دور|دورة واحدة|دورتان)/);
    }
  });

  for (const width of [375, 1366]) {
    for (const lang of ["en", "ar"] as const) {
      it(`at ${width} px in ${lang}: no horizontal overflow; a featured card reaches its course, a tile its category's catalogue`, async ({ newPage }) => {
        const page = await pageAt(newPage, width, lang);
        await page.goto(`/${lang}`);
        await page.locator("html[data-hydrated]").waitFor();
        expect(await cardLinks(page).count()).toBeGreaterThanOrEqual(3);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `home-sells-${lang}-${width}`);

        const first = cardLinks(page).first();
        const href = (await first.getAttribute("href"))!;
        const title = (await first.locator("h3").textContent())!.trim();
        await first.scrollIntoViewIfNeeded();
        await first.locator("h3").click();
        await page.waitForURL((url) => url.pathname === href);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);

        await page.goto(`/${lang}`);
        await page.locator("html[data-hydrated]").waitFor();
        const tile = page.locator("[data-category-tile]").first();
        const slug = (await tile.getAttribute("data-category-tile"))!;
        const tileName = (await tile.locator("span[dir=auto]").textContent())!.trim();
        await tile.scrollIntoViewIfNeeded();
        await tile.click();
        await page.waitForURL((url) => url.pathname === `/${lang}/courses` && url.searchParams.get("category") === slug);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain(tileName);
        expect(await page.locator("article").count()).toBeGreaterThanOrEqual(1);
      });
    }
  }

  it("staff marks a course featured with order 0 in the course form (a full-screen sheet at 375 px) and it appears first", async ({ newPage }) => {
    // A published course that is not the first card: the last of the catalogue's first page.
    const page = await pageAt(newPage, 375);
    await page.goto("/en/courses");
    const lastTitle = page.locator("article h3").last();
    const courseId = (await lastTitle.getAttribute("id"))!.replace(/^course-/, "").replace(/-title$/, "");
    const title = (await lastTitle.textContent())!.trim();
    await page.goto("/en");
    expect((await cardLinks(page).first().locator("h3").textContent())!.trim()).not.toBe(title);

    await signIn(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { labels: "prefix" });
    await page.goto(`/admin/courses?lang=en&dialog=edit&course=${courseId}`);
    await page.locator("html[data-hydrated]").waitFor();
    const dialog = page.getByRole("dialog", { name: "Edit Course" });
    // Full width on a phone.
    expect((await dialog.boundingBox())!.width).toBeGreaterThanOrEqual(370);
    const featured = dialog.getByLabel("Featured on the home page");
    await featured.scrollIntoViewIfNeeded();
    expect(await featured.isChecked()).toBe(false);
    await featured.check();
    const order = dialog.getByLabel("Order on the home page (optional)");
    await order.fill("-1");
    await dialog.getByRole("button", { name: "Update Course" }).click();
    await expect.poll(() => dialog.getByText("The order must be a whole number from 0 to 9999").count()).toBe(1);
    await order.fill("0");
    await dialog.getByLabel("What you will learn (English)").fill("Read a balance sheet\n\n  Build a budget  ");
    await dialog.getByLabel("What you will learn (Arabic)").fill("قراءة الميزانية");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "home-sells-course-form-375");
    await dialog.getByRole("button", { name: "Update Course" }).click();
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 10_000 }).toBe(0);

    // Shown again when editing, and the list marks it.
    await page.goto(`/admin/courses?lang=en&dialog=edit&course=${courseId}`);
    await page.locator("html[data-hydrated]").waitFor();
    const again = page.getByRole("dialog", { name: "Edit Course" });
    expect(await again.getByLabel("Featured on the home page").isChecked()).toBe(true);
    expect(await again.getByLabel("Order on the home page (optional)").inputValue()).toBe("0");
    expect(await again.getByLabel("What you will learn (English)").inputValue()).toBe("Read a balance sheet\nBuild a budget");
    expect(await again.getByLabel("What you will learn (Arabic)").inputValue()).toBe("قراءة الميزانية");

    // The write dropped the cached home page: the course is now the first card, in both languages.
    for (const lang of ["en", "ar"]) {
      const html = await (await fetch(`${own.url}/${lang}`)).text();
      // The featured row only, up to the end of its section (the "Starting soon" row has cards too, issue 20).
      const start = html.indexOf('aria-labelledby="home-courses-title"');
      const section = html.slice(start, html.indexOf("</section>", start));
      expect(/id="course-([0-9a-f-]{36})-title"/.exec(section)?.[1]).toBe(courseId);
    }
    await page.goto("/en");
    expect((await cardLinks(page).first().locator("h3").textContent())!.trim()).toBe(title);
  });
});
