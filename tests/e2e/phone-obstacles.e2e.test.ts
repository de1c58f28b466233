// Obstacles on phones (issue 19 point 4), at 375×812 in English and Arabic, on the production server:
// - the WhatsApp button covers no link, price or text on the home, catalogue and course pages, scrolled to
//   the top, the middle and the bottom: under each of 25 points of the button (elementsFromPoint), going
//   down the stack, no link, price or element with its own text is met before an opaque layer (the phone
//   dock it sits in); and at the bottom of the page, the footer ends above the dock (the page keeps room);
//   on a course page the chat button is part of the price bar (`[data-bottom-bar]`): one bar of 72 px is all
//   that is fixed at the bottom (issue 36 item 4: the dock on top of the bar made 128), the dock hidden;
// - the mobile menu starts with COURSE BOOKING, then the desktop menu's order; its icon becomes a close
//   icon; the WhatsApp button is hidden while it is open; Escape closes it and focus returns to its button; a tap
//   outside it closes it; opened before the scripts have run, it stays open through hydration;
//   (and on the catalogue at 800 to 1366 px, where it floats only when the side margins have room);
// - the catalogue search field keeps a usable width at 360 and 375 px; no page scrolls sideways;
// - without JavaScript the catalogue's Filters button opens the filters (issue 36 item 4), looking as it does with it.
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { describe, expect, PLAYWRIGHT_TIMEOUT, test as it, type NewPage } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr, type Lang } from "./strings.ts";

const baseUrl = inject("baseUrl");

/**
 * A page of its own at `path`, hydrated, with Playwright's own timeout as these checks always had; `close`
 * closes it at once (the loops below open one page after another).
 */
async function open(newPage: NewPage, lang: Lang, path: string, width = 375): Promise<{ page: Page; close: () => Promise<void> }> {
  const page = await newPage({ viewport: { width, height: 812 }, locale: lang, timeout: PLAYWRIGHT_TIMEOUT });
  await page.goto(path);
  await page.waitForSelector("html[data-hydrated]");
  return { page, close: () => page.context().close() };
}

/** A phone that is tapped, not clicked (touch events, then the mouse events a tap makes), not yet on a page. */
async function touchPhone(newPage: NewPage, lang: Lang, viewport: { width: number; height: number }) {
  const page = await newPage({ viewport, context: { isMobile: true, hasTouch: true }, locale: lang, timeout: PLAYWRIGHT_TIMEOUT });
  return { context: page.context(), page };
}

/** What lies under the chat button at one scroll position: the content elements a visitor cannot see or tap. */
function coveredContent(page: Page, selector = "[data-chat-button]"): Promise<string[]> {
  return page.evaluate((selector) => {
    const button = document.querySelector<HTMLElement>(selector);
    if (!button) return ["no chat button"];
    const box = button.getBoundingClientRect();
    const isContent = (el: Element): boolean => {
      if (el.closest("a, button, [data-price]")) return true;
      return [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== "");
    };
    const isOpaque = (el: Element): boolean => {
      const background = getComputedStyle(el).backgroundColor;
      const m = background.match(/rgba?\(([^)]+)\)/);
      if (m) {
        const parts = m[1]!.split(/[ ,/]+/).filter(Boolean);
        return parts.length < 4 || Number(parts[3]) >= 0.9;
      }
      // A colour with an alpha written after a slash (the course page's bar: `color(srgb 1 1 1 / 0.95)`).
      const alpha = background.match(/\/\s*([\d.]+)(%?)\s*\)$/);
      return alpha !== null && Number(alpha[1]) / (alpha[2] ? 100 : 1) >= 0.9;
    };
    const found = new Set<string>();
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 5; j++) {
        const x = box.left + 2 + ((box.width - 4) * i) / 4;
        const y = box.top + 2 + ((box.height - 4) * j) / 4;
        for (const el of document.elementsFromPoint(x, y)) {
          if (button.contains(el)) continue;
          if (el === document.body || el === document.documentElement) break;
          if (isContent(el)) {
            found.add(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`);
            break;
          }
          if (isOpaque(el)) break;
        }
      }
    }
    return [...found];
  }, selector);
}

/** How far up from the bottom edge the fixed elements standing on it reach (px), and how many there are. */
function fixedAtBottom(page: Page): Promise<{ height: number; count: number }> {
  return page.evaluate(() => {
    let top = window.innerHeight;
    let count = 0;
    for (const el of document.body.querySelectorAll("*")) {
      if (getComputedStyle(el).position !== "fixed") continue;
      const box = el.getBoundingClientRect();
      if (box.height === 0 || box.bottom < window.innerHeight - 1 || box.top >= window.innerHeight) continue;
      top = Math.min(top, box.top);
      count++;
    }
    return { height: window.innerHeight - top, count };
  });
}

async function scrollTo(page: Page, where: "top" | "middle" | "bottom"): Promise<void> {
  await page.evaluate((w) => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, w === "top" ? 0 : w === "middle" ? Math.round(max / 2) : max);
  }, where);
  await page.waitForTimeout(150);
}

async function coursePath(newPage: NewPage, lang: Lang): Promise<string> {
  const { page, close } = await open(newPage, lang, `/${lang}/courses`);
  try {
    return new URL((await page.locator("main article a").first().getAttribute("href"))!, baseUrl).pathname;
  } finally {
    await close();
  }
}

describe("phones at 375×812", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`the WhatsApp button covers no link, price or text on the home, catalogue and course pages (${lang})`, async ({ newPage }) => {
      const paths = [`/${lang}`, `/${lang}/courses`, await coursePath(newPage, lang)];
      for (const path of paths) {
        const { page, close } = await open(newPage, lang, path);
        try {
          // On a course page the chat button is in the price bar (one bar at the bottom); elsewhere in the dock.
          const course = path === paths[2];
          const chat = course ? "[data-bottom-bar] [data-bar-chat]" : "[data-chat-button]";
          const bar = course ? "[data-bottom-bar]" : "[data-chat-dock]";
          expect(await page.locator(chat).isVisible()).toBe(true);
          if (course) expect(await page.locator("[data-chat-dock]").isVisible()).toBe(false);
          for (const where of ["top", "middle", "bottom"] as const) {
            await scrollTo(page, where);
            expect({ path, where, covered: await coveredContent(page, chat) }).toEqual({ path, where, covered: [] });
          }
          // At the bottom the page has kept room: the footer's last line is above the bar, reachable.
          const room = await page.evaluate((bar) => {
            const dock = document.querySelector(bar)!.getBoundingClientRect();
            const footer = [...document.querySelectorAll("footer *")].filter((el) => el.getClientRects().length > 0 && el.textContent!.trim() !== "");
            return { dockTop: dock.top, lastBottom: Math.max(...footer.map((el) => el.getBoundingClientRect().bottom)) };
          }, bar);
          expect(room.lastBottom).toBeLessThanOrEqual(room.dockTop + 1);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        } finally {
          await close();
        }
      }
    });

    it(`the WhatsApp button covers nothing on the catalogue at tablet and desktop widths either (${lang})`, async ({ newPage }) => {
      for (const width of [800, 1024, 1280, 1366]) {
        const { page, close } = await open(newPage, lang, `/${lang}/courses`, width);
        try {
          for (const where of ["top", "middle", "bottom"] as const) {
            await scrollTo(page, where);
            expect({ width, where, covered: await coveredContent(page) }).toEqual({ width, where, covered: [] });
          }
        } finally {
          await close();
        }
      }
    });

    it(`the mobile menu starts with COURSE BOOKING, follows the desktop order, shows a close icon, hides the WhatsApp button and closes with Escape or a tap outside (${lang})`, async ({ newPage }) => {
      const { page, close } = await open(newPage, lang, `/${lang}/courses`);
      try {
        const menu = page.locator("details[data-mobile-menu]");
        const summary = menu.locator("summary");
        const chat = page.locator("[data-chat-button]");
        expect(await menu.locator(".lucide-menu").isVisible()).toBe(true);
        expect(await menu.locator(".lucide-x").isVisible()).toBe(false);
        await summary.click();
        await expect.poll(() => menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);

        // COURSE BOOKING first, then Home, About, Services, Courses (with its list), Contact.
        const nav = menu.locator("nav");
        expect((await nav.locator("a").first().textContent())!.trim()).toBe(tr(lang, "nav.courseBooking"));
        const top = await nav.evaluate((el) =>
          [...el.querySelectorAll(":scope > ul > li")].map((li) => (li.querySelector(":scope > a, :scope > p")?.textContent ?? "").trim()),
        );
        expect(top).toEqual(["nav.home", "nav.about", "nav.services", "nav.courses", "nav.contact"].map((k) => tr(lang, k)));

        expect(await menu.locator(".lucide-x").isVisible()).toBe(true);
        expect(await menu.locator(".lucide-menu").isVisible()).toBe(false);
        expect(await chat.isVisible()).toBe(false);

        // Escape from inside the menu closes it; focus returns to its button.
        await nav.locator("a").nth(2).focus();
        await page.keyboard.press("Escape");
        await expect.poll(() => menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
        expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await menu.locator(".lucide-menu").isVisible()).toBe(true);
        expect(await chat.isVisible()).toBe(true);

        // The keyboard opens it again (Enter on its button) and Escape closes it again.
        await page.keyboard.press("Enter");
        await expect.poll(() => menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
        await page.keyboard.press("Escape");
        await expect.poll(() => menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);

        // A tap outside it (an empty spot of the header, neither a link nor a button) closes it too.
        await summary.click();
        await expect.poll(() => menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
        const spot = await page.evaluate(() => {
          const header = document.querySelector("header")!.getBoundingClientRect();
          const y = header.top + header.height / 2;
          for (let x = 4; x < window.innerWidth - 4; x += 4) {
            const el = document.elementFromPoint(x, y);
            if (el && !el.closest("a, button, summary, details, nav")) return { x, y };
          }
          return null;
        });
        expect(spot).not.toBeNull();
        await page.mouse.click(spot!.x, spot!.y);
        await expect.poll(() => menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      } finally {
        await close();
      }
    });

    it(`a menu opened before the scripts have run stays open through hydration, and its links work (${lang})`, async ({ newPage }) => {
      const { context, page } = await touchPhone(newPage, lang, { width: 375, height: 812 });
      try {
        // The page's scripts are held back until the menu is open, as on a slow phone.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/.+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`/${lang}/courses`, { waitUntil: "domcontentloaded" });
        const menu = page.locator("details[data-mobile-menu]");
        const isOpen = () => menu.evaluate((d) => (d as HTMLDetailsElement).open);
        await menu.locator("summary").tap();
        expect(await isOpen()).toBe(true);
        expect(await page.locator("html[data-hydrated]").count()).toBe(0);
        release();
        await page.waitForSelector("html[data-hydrated]");
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        expect(await isOpen()).toBe(true);
        // The visitor's next tap is on the menu, not on the page behind it.
        await menu.getByRole("link", { name: tr(lang, "nav.englishCourses") }).tap();
        await page.waitForURL(`**/${lang}/english-courses`);
        await expect.poll(isOpen).toBe(false);
      } finally {
        await context.close();
      }
    });

    it(`a tap on Submit straight from a field with a mistake submits: the field's error does not move the button away (${lang})`, async ({ newPage }) => {
      const { context, page } = await touchPhone(newPage, lang, { width: 360, height: 740 });
      try {
        const catalogue = await (await page.request.get(`/${lang}/courses`)).text();
        const slug = new RegExp(`href="/${lang}/courses/([a-z0-9-]+)"`).exec(catalogue)?.[1];
        expect(slug).toBeTruthy();
        await page.goto(`/${lang}/courses/${slug}/enroll`);
        await page.waitForSelector("html[data-hydrated]");
        const form = page.locator("main form");
        await form.getByLabel(tr(lang, "enrollment.fields.phoneNumber.label")).fill("0101234");
        // Focus stays in the phone field: the tap both leaves it (its error appears) and presses Submit.
        await form.getByRole("button", { name: tr(lang, "enrollment.submit") }).tap();
        // Submitting checked every field: the empty name and email say so, not only the phone.
        await expect.poll(() => form.getByText(tr(lang, "enrollment.errors.studentNameRequired")).count()).toBe(1);
        expect(await form.getByText(tr(lang, "enrollment.errors.emailRequired")).count()).toBe(1);
        expect(await form.getByText(tr(lang, "enrollment.errors.phoneEgyptInvalid")).count()).toBe(1);
      } finally {
        await context.close();
      }
    });

    it(`a card's Enroll Now while the connection drops: the dialog says so and retries, the catalogue stays (${lang})`, async ({ newPage }) => {
      const { page, close } = await open(newPage, lang, `/${lang}/courses`);
      try {
        // A phone losing its connection is outside our control, so the browser is made to drop the dialog's
        // request for the course's runs (request interception); the server is untouched.
        let offline = true;
        await page.route(/\/enroll\.data/, (route) => (offline ? route.abort("internetdisconnected") : route.continue()));
        const cards = await page.locator("main article").count();
        expect(cards).toBeGreaterThan(0);
        await page.locator("main article [data-enroll]").first().click();
        const dialog = page.getByRole("dialog");
        const alert = dialog.getByRole("alert");
        await expect.poll(() => alert.innerText().catch(() => "")).toContain(tr(lang, "enrollment.runsFailed"));
        // The catalogue is still there behind the dialog, at the same address.
        expect(await page.locator("main article").count()).toBe(cards);
        expect(new URL(page.url()).pathname).toBe(`/${lang}/courses`);
        const pageLink = dialog.getByRole("link", { name: tr(lang, "enrollment.openEnrollPage") });
        expect(await pageLink.getAttribute("href")).toMatch(new RegExp(`^/${lang}/courses/[a-z0-9-]+/enroll$`));
        // Back online: Try again brings the form.
        offline = false;
        await alert.getByRole("button", { name: tr(lang, "actions.retry") }).click();
        await dialog.locator("form").waitFor();
        expect(await dialog.getByRole("alert").count()).toBe(0);
        expect(await page.locator("main article").count()).toBe(cards);
      } finally {
        await close();
      }
    });

    for (const width of [360, 375]) {
      it(`the catalogue search field keeps a usable width at ${width} px (${lang})`, async ({ newPage }) => {
        const { page, close } = await open(newPage, lang, `/${lang}/courses`, width);
        try {
          const field = await page.locator("main input[type=search]").boundingBox();
          expect(field!.width).toBeGreaterThanOrEqual(width - 40);
          for (const name of ["catalog.search", "catalog.filters"]) {
            const button = await page.getByRole("button", { name: tr(lang, name), exact: true }).boundingBox();
            expect(button!.x).toBeGreaterThanOrEqual(0);
            expect(button!.x + button!.width).toBeLessThanOrEqual(width);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        } finally {
          await close();
        }
      });
    }

    it(`a course page keeps one bar at the bottom: the chat button, the price and Enroll Now in 72 px (${lang})`, async ({ newPage }) => {
      const path = await coursePath(newPage, lang);
      const { page, close } = await open(newPage, lang, path);
      try {
        const bar = page.locator("[data-bottom-bar]");
        for (const where of ["top", "middle", "bottom"] as const) {
          await scrollTo(page, where);
          // One fixed element stands on the bottom edge, reaching 72 px up (the dock on top of the bar made 128).
          expect({ where, ...(await fixedAtBottom(page)) }).toEqual({ where, height: 72, count: 1 });
        }
        const chat = bar.getByRole("link", { name: tr(lang, "chat.label") });
        expect(await chat.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\d+/);
        expect(await bar.innerText()).toContain(tr(lang, "catalog.course.price"));
        // Each control of the bar is tappable: the topmost element at its centre, at least 44 px tall.
        for (const control of [chat, bar.getByRole("link", { name: tr(lang, "catalog.course.enrollNow") })]) {
          const box = (await control.boundingBox())!;
          expect(box.height).toBeGreaterThanOrEqual(40);
          expect(await control.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit !== null && el.contains(hit);
          })).toBe(true);
        }
        // The chat button stands at the bar's start side (left in English, right in Arabic), as the dock's did.
        const [chatBox, barBox] = [(await chat.boundingBox())!, (await bar.boundingBox())!];
        if (lang === "en") expect(chatBox.x).toBeLessThan(barBox.width / 4);
        else expect(chatBox.x + chatBox.width).toBeGreaterThan((barBox.width * 3) / 4);
        await scrollTo(page, "top");
        await screenshot(page, `phone-course-bar-${lang}-375`);
      } finally {
        await close();
      }
      // On a laptop there is no bar: the chat button floats in its corner, as on every page.
      const { page: laptop, close: closeLaptop } = await open(newPage, lang, path, 1366);
      try {
        expect(await laptop.locator("[data-bottom-bar]").isVisible()).toBe(false);
        expect(await laptop.locator("[data-chat-button]").isVisible()).toBe(true);
        await screenshot(laptop, `phone-course-bar-${lang}-1366`);
      } finally {
        await closeLaptop();
      }
    });

    it(`without JavaScript the catalogue's Filters button opens the filters, looking as it does with JavaScript (${lang})`, async ({ newPage }) => {
      const page = await newPage({ viewport: { width: 375, height: 812 }, locale: lang, js: false, timeout: PLAYWRIGHT_TIMEOUT });
      await page.goto(`/${lang}/courses`);
      const starts = page.locator('main select[name="starts"]');
      const toggle = page.locator("main form[role=search]").getByText(tr(lang, "catalog.filters"), { exact: true });
      expect(await starts.isVisible()).toBe(false);
      const noJs = (await toggle.boundingBox())!;
      await toggle.click();
      await expect.poll(() => starts.isVisible()).toBe(true);
      await screenshot(page, `catalog-filters-nojs-${lang}-375`);
      // The filters apply (the Apply button of pages without JavaScript) and stay open on the filtered page.
      await starts.selectOption("upcoming");
      await page.getByRole("button", { name: tr(lang, "catalog.apply") }).click();
      await page.waitForURL(/[?&]starts=upcoming/);
      expect(await starts.isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: tr(lang, "catalog.clearFilters") }).isVisible()).toBe(true);
      await toggle.click();
      await expect.poll(() => starts.isVisible()).toBe(false);
      await page.context().close();

      // With JavaScript: the same button, in the same place and size, now a disclosure.
      const { page: js, close } = await open(newPage, lang, `/${lang}/courses`);
      try {
        const button = js.getByRole("button", { name: tr(lang, "catalog.filters"), exact: true });
        const withJs = (await button.boundingBox())!;
        for (const key of ["x", "y", "width", "height"] as const) expect(Math.abs(withJs[key] - noJs[key]), key).toBeLessThanOrEqual(1);
        expect(await button.getAttribute("aria-expanded")).toBe("false");
        await button.click();
        expect(await button.getAttribute("aria-expanded")).toBe("true");
        expect(await js.locator('main select[name="starts"]').isVisible()).toBe(true);
      } finally {
        await close();
      }
    });

    it(`without JavaScript on a laptop the filters show at once and the Filters button does not (${lang})`, async ({ newPage }) => {
      const page = await newPage({ viewport: { width: 1366, height: 900 }, locale: lang, js: false, timeout: PLAYWRIGHT_TIMEOUT });
      await page.goto(`/${lang}/courses`);
      expect(await page.locator('main select[name="starts"]').isVisible()).toBe(true);
      expect(await page.locator("main form[role=search]").getByText(tr(lang, "catalog.filters"), { exact: true }).isVisible()).toBe(false);
      await screenshot(page, `catalog-filters-nojs-${lang}-1366`);
      await page.context().close();
    });
  }
});
