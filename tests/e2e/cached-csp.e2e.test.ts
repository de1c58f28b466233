// Cached public pages under a hash-based CSP (issue 18 point 2, ADR 017). A public page is stored compressed
// once and answered as a copy of stored bytes, so it cannot carry a per-answer nonce: its CSP allows the
// site's own files and exactly the sha256 hashes of its own inline scripts. Here, in both languages: the
// first (rendered) answer and the stored copies carry the same policy; a copy arrives brotli-compressed
// with its length; Chromium hydrates it with no CSP violation; and a script injected into the page without
// a matching hash is refused.
import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { inject } from "vitest";
import { describe, expect, PLAYWRIGHT_TIMEOUT, test as it } from "./fixtures.ts";

const baseUrl = inject("baseUrl");
const CHROME_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  html: string;
  wireBytes: number;
}

/** One GET as Chrome asks for it, the body read as it came over the wire and decoded here. */
function get(path: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${path}`, { headers: { "Accept-Encoding": CHROME_ACCEPT_ENCODING }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body = encoding === "br" ? zlib.brotliDecompressSync(wire) : encoding === "gzip" ? zlib.gunzipSync(wire) : wire;
        resolve({ status: res.statusCode!, headers: res.headers, html: body.toString("utf8"), wireBytes: wire.length });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

function scriptSrc(csp: string): string[] {
  const directive = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src "));
  return directive!.split(/\s+/).slice(1);
}

/** The hashes of the page's executable inline scripts, computed here from the HTML the browser gets. */
function inlineHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/.test(attrs!)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes].sort();
}

describe.each(["en", "ar"] as const)("a cached public page in %s", (lang) => {
  // A URL no other test asks for: its first answer is a render, the next ones copies. (Only the catalogue's
  // own parameters make a stored page, so no random marker: `?csp=<random>` would never be stored.)
  const path = `/${lang}/courses?page=1`;

  it("carries the same hash CSP rendered and stored: exactly its inline scripts, no nonce, no 'unsafe-inline'", async () => {
    const first = await get(path);
    expect(first.status).toBe(200);
    let copy = await get(path);
    for (let i = 0; i < 20 && copy.headers["content-length"] === undefined; i++) {
      await new Promise((r) => setTimeout(r, 100));
      copy = await get(path);
    }
    // The copy: stored brotli bytes, with their length, for a browser that prefers it.
    expect(copy.headers["content-encoding"]).toBe("br");
    expect(Number(copy.headers["content-length"])).toBe(copy.wireBytes);
    expect(copy.headers.vary).toMatch(/Accept-Encoding/i);
    expect(copy.html).toBe(first.html);
    expect(copy.headers["cache-control"]).toBe(first.headers["cache-control"]);
    expect(copy.headers["cache-control"]).toContain("stale-if-error=");

    const csp = copy.headers["content-security-policy"] as string;
    expect(first.headers["content-security-policy"]).toBe(csp);
    const sources = scriptSrc(csp);
    expect(sources[0]).toBe("'self'");
    expect(sources.join(" ")).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'nonce-|\*/);
    const expected = inlineHashes(copy.html);
    expect(expected.length).toBeGreaterThan(0);
    expect(sources.slice(1).sort()).toEqual(expected);
    expect(copy.html).not.toMatch(/\bnonce="[^"]+"/);
    expect(copy.headers["x-script-hashes"]).toBeUndefined();
  });

  it("hydrates in Chromium without a CSP violation, and refuses an injected inline script", async ({ newPage }) => {
    await get(path); // stored by now (the previous test), or stored by this request
    // Playwright's own viewport and timeout, as this check always had (it opens absolute URLs).
    const page = await newPage({ locale: lang, viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT });
    const consoleCsp: string[] = [];
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
      // A hydration mismatch (the stored copy has no nonce attributes) would be reported here.
      else if (m.type() === "error") consoleErrors.push(m.text());
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response!.status()).toBe(200);
    const headers = await response!.allHeaders();
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-length"]).toBeDefined();
    expect(scriptSrc(headers["content-security-policy"]!).join(" ")).not.toContain("nonce-");
    await page.waitForSelector("html[data-hydrated]", { timeout: 20_000 });
    expect(await page.getAttribute("html", "dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    expect(consoleCsp).toEqual([]);
    expect(consoleErrors).toEqual([]);

    // An inline script the server did not send (as an injection would add it) does not run.
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true;";
      document.body.appendChild(s);
    });
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect(violations).toEqual([expect.stringMatching(/^script-src(-elem)? inline$/)]);
  });
});
