// Issue 14 items 3 and 8 against the real route modules, as React Router runs them (root middleware, the
// route's own middleware, then its loader or action), on an app started as in production (bootstrap:
// migrations, defaults, demo data, first admin, better-auth) on PGlite, or PostgreSQL with TEST_DB=pg.
// - Every route that redirects to a target taken from the request answers every bypass of the corpus
//   (tests/setup/redirect-bypasses.ts) with a Location on this site: /api/language `to`, the login `from`
//   (loader echo and action), the admin area's /login?from=…, the root middleware's language redirects.
// - A staff URL in another letter case is answered 301/308 to its lower-case spelling before anything
//   runs, and every staff and instructor response (page, `.data`, resource, redirect) is
//   `Cache-Control: private, no-store` with `Vary: Cookie`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MiddlewareFunction, Params } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as authServer from "~/features/auth/auth.server.ts";
import { bootstrap, shutdown } from "~/bootstrap.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { adminMiddleware } from "~/lib/staff-session.server.ts";
import { i18nextMiddleware } from "~/middleware/i18next.server.ts";
import { localeRouting } from "~/middleware/locale.server.ts";
import * as languageRoute from "~/routes/api/language.ts";
import * as loginRoute from "~/routes/auth/login.tsx";
import { createTestDatabase, type TestDatabase } from "../setup/db.ts";
import { REDIRECT_BYPASSES } from "../setup/redirect-bypasses.ts";
import { contextFor, routeArgs, type DataArgs } from "../setup/route-call.ts";

const PUBLIC_URL = "http://academy.test";
const ADMIN = { email: "admin@example.com", password: "Admin-Passw0rd!" };

let dataDir = "";
let database: TestDatabase | undefined;
const savedEnv = { ...process.env };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "redirect-targets-"));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    PUBLIC_URL,
    AUTH_SECRET: "redirect-targets-secret-".padEnd(48, "r"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "false",
    TRUST_PROXY: "false",
  });
  delete process.env.SMTP_URL;
  delete process.env.DATABASE_URL;
  if (process.env.TEST_DB === "pg") {
    database = await createTestDatabase();
    process.env.DATABASE_URL = database.url;
  }
  await bootstrap(parseEnv());
}, 120_000);

afterAll(async () => {
  await shutdown();
  await database?.destroy();
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  // Dozens of successful sign-ins from one address: the limiter is not what this file tests.
  (authServer as { resetAuthRateLimits?: () => void }).resetAuthRateLimits?.();
});

// ---- running a request the way React Router does --------------------------------------------------

type Middleware = MiddlewareFunction<Response>;
type Handler = (args: DataArgs<Params>) => unknown;

/**
 * The middleware chain, then the handler; what the browser would get: a returned or thrown Response
 * (the handler's plain data becomes a 200 page response here).
 */
async function run(request: Request, middleware: Middleware[], handler?: Handler): Promise<{ response: Response; data?: unknown }> {
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "test", requestId: crypto.randomUUID(), ip: "203.0.113.7" });
  const args = routeArgs<Params>(request, {}, context);
  let data: unknown;
  const step = async (i: number): Promise<Response> => {
    const mw = middleware[i];
    if (mw) {
      const out = await mw(args, () => step(i + 1));
      if (!(out instanceof Response)) throw new Error(`not a Response: ${String(out)}`);
      return out;
    }
    const result = handler ? await handler(args) : undefined;
    if (result instanceof Response) return result;
    data = result;
    return new Response("<html>page</html>", {
      status: 200,
      headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0, s-maxage=60" },
    });
  };
  try {
    const out = await step(0);
    if (!(out instanceof Response)) throw new Error(`not a Response: ${String(out)}`);
    return { response: out, data };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, data };
    throw thrown;
  }
}

const ROOT: Middleware[] = [localeRouting, i18nextMiddleware];
const WITH_ADMIN: Middleware[] = [...ROOT, adminMiddleware];

/** A Location a browser (or a server decoding the path once or twice more) follows stays on this site. */
function expectOnSite(location: string | null, where: string): void {
  expect(location, `${where}: a Location`).toBeTruthy();
  const value = location!;
  expect(value, `${where}: a path`).toMatch(/^\/(?![/\\])/);
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  expect(value, `${where}: no backslash, control or space`).not.toMatch(/[\\\s\u0000-\u001f\u007f]/);
  let current = value;
  for (let i = 0; i < 3; i += 1) {
    const resolved = new URL(current, PUBLIC_URL);
    expect(resolved.origin, `${where}: ${value} resolves on the site`).toBe(PUBLIC_URL);
    expect(resolved.pathname.startsWith("//"), `${where}: ${value} is no //host path`).toBe(false);
    try {
      current = decodeURIComponent(resolved.pathname);
    } catch {
      break;
    }
  }
}

const label = (target: string) => JSON.stringify(target);

// ---- item 3: redirect targets ---------------------------------------------------------------------

describe("/api/language?to=: never an off-site Location", () => {
  it.each(REDIRECT_BYPASSES.map((t) => [label(t), t]))("to=%s", async (_l, target) => {
    for (const lang of ["ar", "en", "xx"]) {
      const request = new Request(`${PUBLIC_URL}/api/language?lang=${lang}&to=${encodeURIComponent(target)}`);
      const { response } = await run(request, ROOT, languageRoute.loader);
      expect(response.status, `lang=${lang}`).toBe(302);
      expectOnSite(response.headers.get("location"), `lang=${lang} to=${label(target)}`);
      // Refused targets land on the home page (in the chosen language when there is one).
      expect(response.headers.get("location")).toBe(lang === "xx" ? "/" : `/${lang}`);
    }
  });

  it("still returns to the same page in the other language", async () => {
    const cases: [string, string, string][] = [
      ["ar", "/en/courses?category=x&page=2", "/ar/courses?category=x&page=2"],
      ["en", "/ar/about", "/en/about"],
      ["ar", "/admin/courses?status=draft", "/admin/courses?status=draft"],
      ["en", "/login?from=%2Fadmin%2Fusers", "/login?from=%2Fadmin%2Fusers"],
    ];
    for (const [lang, to, expected] of cases) {
      const request = new Request(`${PUBLIC_URL}/api/language?lang=${lang}&to=${encodeURIComponent(to)}`);
      const { response } = await run(request, ROOT, languageRoute.loader);
      expect(response.headers.get("location"), `${lang} ${to}`).toBe(expected);
    }
  });
});

function loginPost(from: string): Request {
  return new Request(`${PUBLIC_URL}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL, "user-agent": "vitest" },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, from }).toString(),
  });
}

describe("login `from`: never an off-site Location", () => {
  it.each(REDIRECT_BYPASSES.map((t) => [label(t), t]))("from=%s", async (_l, target) => {
    const { response } = await run(loginPost(target), ROOT, loginRoute.action);
    expect(response.status, await response.clone().text()).toBe(302);
    expectOnSite(response.headers.get("location"), `from=${label(target)}`);
    expect(response.headers.get("location")).toBe("/admin");

    // The form's hidden field never carries it either.
    const page = await run(new Request(`${PUBLIC_URL}/login?from=${encodeURIComponent(target)}`), ROOT, loginRoute.loader);
    expect((page.data as { from?: string } | undefined)?.from ?? "").toBe("");
  });

  it("keeps a same-site admin path", async () => {
    const { response } = await run(loginPost("/admin/courses?status=draft"), ROOT, loginRoute.action);
    expect(response.headers.get("location")).toBe("/admin/courses?status=draft");
  });
});

describe("the admin area's sign-in redirect and the root middleware's redirects", () => {
  /** The bypasses that make a request URL of this site (the rest cannot reach the server as a path). */
  const PATHS = REDIRECT_BYPASSES.filter((t) => {
    try {
      return new URL(`${PUBLIC_URL}${t}`).origin === PUBLIC_URL && t.startsWith("/");
    } catch {
      return false;
    }
  });

  it("has paths to try", () => {
    expect(PATHS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(PATHS.map((t) => [label(t), t]))("path %s (bare, ?lang=, under /admin, in upper case)", async (_l, target) => {
    for (const url of [
      `${PUBLIC_URL}${target}`,
      `${PUBLIC_URL}${target}?lang=ar`,
      `${PUBLIC_URL}/en${target}?lang=ar`,
      `${PUBLIC_URL}/admin${target}?lang=ar`,
      `${PUBLIC_URL}/ADMIN${target}`,
    ]) {
      const { response } = await run(new Request(url), WITH_ADMIN);
      const location = response.headers.get("location");
      if (location !== null) expectOnSite(location, url);
    }
  });
});

// ---- item 8: private responses, one spelling of staff URLs -----------------------------------------

const STAFF_PAGES = ["/admin", "/admin/messages", "/login", "/instructor-dashboard", "/instructor-login", "/reset-password", "/admin/enrollments/export.csv"];

function variantsOf(path: string): string[] {
  const upper = path.toUpperCase().replace(".CSV", ".csv");
  const title = path.replace(/\/(\w)/g, (_m, c: string) => `/${c.toUpperCase()}`);
  return [upper, title, `${upper}.data`, `${title}.data?_routes=root,routes/admin/layout`];
}

function expectPrivate(response: Response, where: string): void {
  expect(response.headers.get("cache-control"), `${where}: Cache-Control`).toBe("private, no-store");
  const vary = (response.headers.get("vary") ?? "").split(",").map((v) => v.trim().toLowerCase());
  expect(vary, `${where}: Vary`).toContain("cookie");
}

describe("staff URLs in another letter case", () => {
  it.each(STAFF_PAGES.map((p) => [p]))("%s: 301 (308 for a form) to the lower-case page before anything runs, private", async (page) => {
    for (const variant of variantsOf(page)) {
      for (const method of ["GET", "POST"]) {
        let reached = false;
        const request = new Request(`${PUBLIC_URL}${variant}`, { method, ...(method === "POST" ? { body: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } } : {}) });
        const { response } = await run(request, WITH_ADMIN, () => {
          reached = true;
          return { admin: "content" };
        });
        const where = `${method} ${variant}`;
        expect(reached, `${where}: nothing ran`).toBe(false);
        expect(response.status, where).toBe(method === "GET" ? 301 : 308);
        // A data request redirects the navigation to the page, not to its .data file.
        expect(response.headers.get("location"), where).toBe(page);
        expectPrivate(response, where);
      }
    }
  });

  it("keeps the query of a page (not the router's _routes)", async () => {
    const { response } = await run(new Request(`${PUBLIC_URL}/Admin/Courses.data?status=draft&_routes=root`), ROOT);
    expect(response.headers.get("location")).toBe("/admin/courses?status=draft");
  });
});

describe("every staff and instructor response is private and varies by cookie", () => {
  it.each(STAFF_PAGES.map((p) => [p]))("%s: page, .data, anonymous redirect", async (page) => {
    for (const url of [page, `${page}.data`, `${page}.data?_routes=root`, `${page}?x=1`]) {
      const { response } = await run(new Request(`${PUBLIC_URL}${url}`), ROOT);
      expectPrivate(response, url);
      expect(await response.text(), url).toBe("<html>page</html>");
    }
    // The admin area's own redirect to the sign-in page (nobody signed in), for the page and its data.
    if (page.startsWith("/admin")) {
      for (const url of [page, `${page}.data`]) {
        const { response } = await run(new Request(`${PUBLIC_URL}${url}`), WITH_ADMIN);
        expect(response.status, url).toBe(302);
        expectPrivate(response, url);
      }
    }
  });

  it("a staff page's ?lang= redirect is private; public pages stay cacheable by URL", async () => {
    const staff = await run(new Request(`${PUBLIC_URL}/admin/messages?lang=ar`), ROOT);
    expect(staff.response.status).toBe(302);
    expectPrivate(staff.response, "/admin/messages?lang=ar");
    const publicPage = await run(new Request(`${PUBLIC_URL}/en/courses`), ROOT);
    expect(publicPage.response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(publicPage.response.headers.get("vary")).toBeNull();
  });

  it("a private document's response varies by cookie", async () => {
    const { response } = await run(new Request(`${PUBLIC_URL}/files/documents/00000000-0000-0000-0000-000000000000`), ROOT);
    expectPrivate(response, "/files/documents/…");
  });
});
