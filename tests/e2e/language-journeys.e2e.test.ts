// A visitor never loses their language (issue 13, D19 revised). The suite used to load pages directly; real
// people arrive from a shared link in the other language and click around. This file does that:
// - the journey matrix: entry by an old shared `?lang=` link in each language × browser language en/ar ×
//   JavaScript on/off; every header, footer, menu and in-page link is clicked, then Back; every page keeps
//   the entry language (`lang`, `dir`, URL) and shows no translation key. The same for the admin shell.
// - parity: for every public route and every admin page, in both languages, what a client navigation
//   renders equals a fresh load of the same URL (language, title, headings, labels, which courses).
// Its own server: signing in saves the admin's language, which must not leak into other files' journeys.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { ADMIN_NAV } from "../../app/lib/admin-pages.ts";
import { describe, expect, ownApp, PLAYWRIGHT_TIMEOUT, signIn, test as it, type NewPageOptions } from "./fixtures.ts";
import { ROOT, screenshot } from "./harness.ts";

const ADMIN = { email: "admin@example.com", password: "Admin-Passw0rd!" };
const LANGS = ["en", "ar"] as const;
type Lang = (typeof LANGS)[number];

const own = ownApp({ name: "language-journeys", postgres: false, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
let slug: string;

/** This file's server as a browser of `locale` sees it, with Playwright's own viewport and timeout. */
const on = (locale: "en" | "ar", js = true): NewPageOptions => ({ baseURL: own.url, locale, js, viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT });

/** Every translation key (`nav.home`, `about.headline`…): none may ever be shown to a person. */
const KEYS: string[] = (() => {
  const out: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") out.push(prefix);
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  const dir = path.join(ROOT, "app/locales/en");
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), "");
  return out.filter((k) => k.includes("."));
})();

function rawKeys(text: string): string[] {
  return KEYS.filter((k) => text.includes(k));
}

it.beforeAll(async () => {
  const list = await (await fetch(`${own.url}/en/courses`)).text();
  slug = /href="\/en\/courses\/([a-z0-9-]+)"/.exec(list)![1]!;
});

interface Snapshot {
  url: string;
  lang: string;
  dir: string;
  title: string;
  h1: string;
  headings: string[];
  labels: string[];
  buttons: string[];
  courseLangs: string[];
  keys: string[];
  /** Arabic-Indic digits on the page: the interface uses Western digits in both languages (D26). */
  easternDigits: string[];
}

/** What a person sees of a page, without the rows other journeys may add meanwhile. */
async function snapshot(page: Page): Promise<Snapshot> {
  const seen = await page.evaluate(() => {
    const text = (el: Element | null) => ((el as HTMLElement | null)?.innerText ?? "").replace(/\s+/g, " ").trim();
    const outsideRows = (el: Element) => !el.closest("article, tbody, li[data-row], [role='dialog']");
    const all = (sel: string) => [...document.querySelectorAll(sel)].filter(outsideRows).map(text).filter(Boolean);
    return {
      url: location.pathname + location.search,
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      title: document.title,
      h1: text(document.querySelector("h1")),
      headings: all("main h2, main h3, nav h2, th"),
      labels: all("main label"),
      buttons: all("main button, main a.btn-primary, main a.btn-secondary"),
      courseLangs: [...new Set([...document.querySelectorAll("main article[lang]")].map((a) => a.getAttribute("lang") ?? ""))].sort(),
      body: document.body.innerText,
    };
  });
  const { body, ...rest } = seen;
  return { ...rest, keys: rawKeys(body), easternDigits: body.match(/[\u0660-\u0669\u06f0-\u06f9]+/g) ?? [] };
}

/** A client navigation, as a click on a <Link> makes one (React Router's own router). */
async function clientNavigate(page: Page, to: string): Promise<void> {
  await page.evaluate(async (target) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter;
    await router.navigate(target);
  }, to);
}

async function hydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector("html[data-hydrated]");
}

function publicRoutes(): string[] {
  return [
    "/",
    "/about",
    "/services",
    "/contact",
    "/courses",
    "/english-courses",
    "/arabic-courses",
    "/courses?category=languages",
    `/courses/${slug}`,
    `/courses/${slug}/enroll`,
  ];
}

describe("client navigation renders exactly what a fresh load of the same URL renders", () => {
  it("on every public route, in both languages, from a page of the same and of the other language", async ({ newPage }) => {
    const page = await newPage(on("en"));
    const fresh = await page.context().newPage();
    for (const lang of LANGS) {
      // Start on a page of the other language, so the first navigation also changes language.
      await hydrated(page, `/${lang === "en" ? "ar" : "en"}/about`);
      for (const route of publicRoutes()) {
        const url = `/${lang}${route === "/" ? "" : route}`;
        await hydrated(fresh, url);
        const expected = await snapshot(fresh);
        expect(expected.lang, url).toBe(lang);
        expect(expected.keys, `${url}: translation keys on a fresh load`).toEqual([]);
        await clientNavigate(page, url);
        await expect.poll(() => snapshot(page), { timeout: 10_000, message: `client navigation to ${url}` }).toEqual(expected);
      }
    }
    // The catalogue variants stay themselves after a client navigation (the `.data` bug).
    await hydrated(page, "/ar/courses");
    await clientNavigate(page, "/ar/arabic-courses");
    await expect.poll(async () => (await snapshot(page)).courseLangs).toEqual(["ar"]);
    await clientNavigate(page, "/ar/english-courses");
    await expect.poll(async () => (await snapshot(page)).courseLangs).toEqual(["en"]);
  }, 180_000);

  it("on every admin page, in both languages", async ({ newPage }) => {
    const page = await newPage(on("en"));
    await signIn(page, ADMIN, { hydrated: true });
    const fresh = await page.context().newPage();
    for (const lang of LANGS) {
      // ?lang on a staff page sets the saved language; the address then drops it.
      await hydrated(fresh, `/admin?lang=${lang}`);
      expect(new URL(fresh.url()).pathname + new URL(fresh.url()).search).toBe("/admin");
      await hydrated(page, "/admin");
      for (const { to } of ADMIN_NAV) {
        await hydrated(fresh, to);
        const expected = await snapshot(fresh);
        expect(expected.lang, to).toBe(lang);
        expect(expected.keys, `${to}: translation keys on a fresh load`).toEqual([]);
        await clientNavigate(page, to);
        await expect.poll(() => snapshot(page), { timeout: 10_000, message: `client navigation to ${to} (${lang})` }).toEqual(expected);
      }
    }
  }, 180_000);
});

/** The internal links of a page a visitor can click: header, menus, main content, footer (not the switcher). */
async function internalLinks(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval("a[href^='/']", (links) => links.map((a) => a.getAttribute("href") ?? ""));
  return [...new Set(hrefs)].filter((h) => !/^\/(api|files|media|assets)\//.test(h) && !h.startsWith("//"));
}

/** What a click on a link to `href` did: went there, opened a dialog in place, or nothing (15 s). */
async function outcomeOf(page: Page, href: string): Promise<"moved" | "dialog" | "none"> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const url = new URL(page.url());
    if (url.pathname + url.search === href) return "moved";
    if ((await page.getByRole("dialog").count().catch(() => 0)) > 0) return "dialog";
    await page.waitForTimeout(100);
  }
  return "none";
}

/** The page in `lang`, without a translation key (read again while a navigation is still settling). */
async function expectInLanguage(page: Page, lang: Lang, where: string): Promise<void> {
  const read = async () => {
    try {
      await page.waitForLoadState("load");
      const seen = await snapshot(page);
      return { lang: seen.lang, dir: seen.dir, keys: seen.keys, easternDigits: seen.easternDigits };
    } catch {
      return null; // the document changed while it was read
    }
  };
  await expect.poll(read, { timeout: 10_000, message: where }).toEqual({ lang, dir: lang === "ar" ? "rtl" : "ltr", keys: [], easternDigits: [] });
}

describe("a visitor arriving on a shared link keeps its language on every click", () => {
  for (const lang of LANGS) {
    for (const browserLang of ["en-US", "ar-EG"] as const) {
      for (const javaScriptEnabled of [true, false]) {
        it(`shared /courses?lang=${lang}, browser ${browserLang}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ newPage }) => {
          const page = await newPage(on(browserLang === "ar-EG" ? "ar" : "en", javaScriptEnabled));
          await page.goto(`/courses?lang=${lang}`);
          expect(new URL(page.url()).pathname).toBe(`/${lang}/courses`);
          if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated]");
          const entry = page.url();
          const links = await internalLinks(page);
          expect(links.length).toBeGreaterThan(20);
          const entryPath = new URL(entry).pathname + new URL(entry).search;
          const idle = () =>
            page.waitForFunction(
              () => (window as unknown as { __reactRouterDataRouter: { state: { navigation: { state: string } } } }).__reactRouterDataRouter.state.navigation.state === "idle",
            );
          for (const href of links.filter((h) => h !== entryPath)) {
            const where = `${href} clicked from ${entryPath}`;
            // Menu entries may be hidden until the menu opens: a click event reaches them all the same.
            await page.locator(`a[href="${href}"]`).first().dispatchEvent("click");
            let outcome = await outcomeOf(page, href);
            if (outcome === "none") {
              // A click that landed while the page was still settling after Back: a person clicks again.
              await page.locator(`a[href="${href}"]`).first().dispatchEvent("click");
              outcome = await outcomeOf(page, href);
            }
            expect(outcome, `${where}: the link led nowhere`).not.toBe("none");
            if (outcome === "dialog") {
              // With JavaScript, "Enroll Now" opens the enrollment dialog in place: it too is in the entry language.
              expect(javaScriptEnabled, where).toBe(true);
              await expectInLanguage(page, lang, `${where} (dialog)`);
              await page.keyboard.press("Escape");
              await expect.poll(() => page.getByRole("dialog").count(), { message: where }).toBe(0);
              continue;
            }
            if (javaScriptEnabled) await idle();
            expect(new URL(page.url()).pathname, where).toMatch(new RegExp(`^/${lang}(/|$)`));
            await expectInLanguage(page, lang, where);
            await page.goBack();
            await expect.poll(() => page.url(), { message: `Back from ${href}` }).toBe(entry);
            if (javaScriptEnabled) await idle();
            await expectInLanguage(page, lang, `Back from ${href}`);
          }
          await screenshot(page, `journey-${lang}-${browserLang}-${javaScriptEnabled ? "js" : "nojs"}`);
        }, 180_000);
      }
    }
  }

  it("keeps the staff member's language from the login page (and its Forgot password link) through every admin menu click to View site", async ({ newPage }) => {
    for (const javaScriptEnabled of [true, false]) {
      for (const lang of LANGS) {
        const page = await newPage(on(lang === "ar" ? "en" : "ar", javaScriptEnabled));
        const context = page.context();
        try {
          await page.goto(`/login?lang=${lang}`);
          await expectInLanguage(page, lang, "login");
          // "Forgot password?" keeps the language.
          await page.locator('a[href="/forgot-password"]').first().click();
          await page.waitForURL(/\/forgot-password$/);
          await expectInLanguage(page, lang, "forgot password");
          await page.goto("/login");
          await page.locator('input[name="email"]').fill(ADMIN.email);
          await page.locator('input[name="password"]').fill(ADMIN.password);
          await page.locator('form button[type="submit"]').click();
          await page.waitForURL(/\/admin$/);
          if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated]");
          await expectInLanguage(page, lang, "admin after sign-in");
          for (const { to } of ADMIN_NAV) {
            await page.locator(`nav a[href="${to}"]`).first().click();
            await page.waitForURL((u) => u.pathname === to);
            if (javaScriptEnabled) await page.waitForFunction(() => (window as unknown as { __reactRouterDataRouter: { state: { navigation: { state: string } } } }).__reactRouterDataRouter.state.navigation.state === "idle");
            await expectInLanguage(page, lang, `${to} (JavaScript ${javaScriptEnabled ? "on" : "off"})`);
          }
          // "View site" opens the public site in the same language, in a new tab (issue 17).
          const [site] = await Promise.all([context.waitForEvent("page"), page.locator(`a[href="/${lang}"]`).first().click()]);
          await site.waitForURL((u) => u.pathname === `/${lang}`);
          await expectInLanguage(site, lang, "view site");
        } finally {
          await context.close();
        }
      }
    }
  }, 180_000);
});
