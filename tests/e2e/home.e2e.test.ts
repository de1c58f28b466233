import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, PLAYWRIGHT_TIMEOUT, test as it } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const baseUrl = inject("baseUrl");
let page: Page;
let consoleErrors: string[];

// Every test starts on a fresh English page with Playwright's own viewport and timeout, as it always had
// (newPage closes it after the test).
it.beforeEach(async ({ newPage }) => {
  page = await newPage({ locale: "en", viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT });
  consoleErrors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (err) => consoleErrors.push(err.message));
});

describe("home page", () => {
  it("renders in English, left to right, with its calls to action and no accessibility violations", async () => {
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    const html = page.locator("html");
    expect(await html.getAttribute("lang")).toBe("en");
    expect(await html.getAttribute("dir")).toBe("ltr");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Transform your future with courses matched to your goals and schedule");
    expect(await page.getByRole("link", { name: "Explore our services" }).getAttribute("href")).toBe("/en/services");
    expect(await page.getByRole("link", { name: "Begin your journey" }).getAttribute("href")).toBe("/en/contact");
    expect(
      await page.getByRole("heading", { name: "Get matched with the right course, fast and easy" }).isVisible(),
    ).toBe(true);
    expect(await page.title()).toMatch(/^Online courses for your goals - .+/);
    await expectNoAxeViolations(page);
    await screenshot(page, "home-en");
    expect(consoleErrors).toEqual([]);
  });

  it("renders in Arabic, right to left, with the Arabic font class", async () => {
    const res = await page.goto("/ar");
    expect(res?.status()).toBe(200);
    const html = page.locator("html");
    expect(await html.getAttribute("lang")).toBe("ar");
    expect(await html.getAttribute("dir")).toBe("rtl");
    expect(await html.getAttribute("class")).toContain("locale-ar");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "غيّر مستقبلك مع دورات تناسب أهدافك ومواعيدك",
    );
    expect(await page.getByRole("link", { name: "ابدأ رحلتك" }).getAttribute("href")).toBe("/ar/contact");
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain("Cairo");
    await expectNoAxeViolations(page);
    await screenshot(page, "home-ar");
    expect(consoleErrors).toEqual([]);
  });

  it("has a head with title, description, canonical, hreflang alternates and structured data", async () => {
    await page.goto("/ar");
    const head = await page.evaluate(() => ({
      description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
      alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute("hreflang"),
        l.getAttribute("href"),
      ]),
      og: document.querySelector('meta[property="og:title"]')?.getAttribute("content"),
      jsonLd: document.querySelector('script[type="application/ld+json"]')?.textContent,
    }));
    expect(head.description).toContain("دورات");
    expect(head.canonical).toMatch(/\/ar$/);
    expect(head.alternates.map(([l]) => l)).toEqual(["en", "ar", "x-default"]);
    expect(head.alternates.find(([l]) => l === "x-default")?.[1]).toMatch(/\/$/);
    expect(head.og).toMatch(/ - /);
    expect(JSON.parse(head.jsonLd ?? "{}")["@type"]).toBe("EducationalOrganization");
  });

  it("switches language on the same page and remembers the choice", async () => {
    await page.goto("/en/about");
    await page.getByRole("link", { name: "عربي" }).click();
    await page.waitForURL(/\/ar\/about$/);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    // A URL without a language now goes to the remembered one.
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/ar");
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    await page.getByRole("link", { name: "English" }).click();
    await page.waitForURL(/\/en$/);
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
  });

  it("operates the Courses mega-menu with the keyboard", async () => {
    await page.goto("/en");
    await page.waitForSelector("html[data-hydrated]");
    const button = page.getByRole("button", { name: "Courses" });
    await button.focus();
    await page.keyboard.press("Enter");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    expect(await panel.isVisible()).toBe(true);
    // Tab reaches the fixed entries, then each category and its subcategories in order.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("All Courses");
    const category = panel.locator("li.group\\/cat:has(ul)").first();
    await category.locator("> a").focus();
    const firstSub = category.locator("ul a").first();
    expect(await firstSub.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toMatch(/^\/en\/courses\?subcategory=/);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Courses");
  });

  it("sends a visitor without a language in the URL or a cookie to their browser's language, once", async ({ newPage }) => {
    const arPage = await newPage({ locale: "ar", viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT });
    const res = await arPage.goto("/");
    expect(new URL(arPage.url()).pathname).toBe("/ar");
    expect(await arPage.locator("html").getAttribute("lang")).toBe("ar");
    // The redirect varied by the browser's language; the page itself is cacheable by URL alone.
    const redirect = await res!.request().redirectedFrom()!.response();
    expect(redirect?.status()).toBe(302);
    expect(redirect?.headers()["vary"]).toMatch(/Accept-Language/i);
    expect(res?.headers()["cache-control"]).toMatch(/public.*s-maxage/);
  });

  it("answers unknown paths with a translated 404 page", async () => {
    const res = await page.goto("/ar/no-such-page");
    expect(res?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("الصفحة غير موجودة");
    await expectNoAxeViolations(page);
    const en = await page.goto("/en/no-such-page");
    expect(en?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
  });
});

describe("server basics", () => {
  it("sends a nonce-based CSP and the security headers on a page that is not cached; scripts carry the nonce", async () => {
    // A search is never cached, so it renders with a fresh nonce (cached pages: tests/e2e/cached-csp.e2e.test.ts).
    const res = await fetch(`${baseUrl}/en/courses?q=english`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("cache-control")).toContain("s-maxage");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A second request gets a different nonce.
    const again = await fetch(`${baseUrl}/en/courses?q=english`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce!);
  });

  it("compresses pages and caches hashed assets immutably", async () => {
    const res = await fetch(`${baseUrl}/en`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const html = await res.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetRes = await fetch(`${baseUrl}${asset}`);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toMatch(/immutable/);
  });

  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: true, storage: true });
  });

  it("seeds demo content on first start and serves its images", async () => {
    const files = fs.readdirSync(path.join(inject("dataDir"), "uploads/public/demo"));
    expect(files.filter((f) => f.endsWith(".webp")).length).toBeGreaterThanOrEqual(19);
    const res = await fetch(`${baseUrl}/media/demo/${files[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect((await fetch(`${baseUrl}/media/demo/does-not-exist.webp`)).status).toBe(404);
  });
});
