// Security suite (issue 8 item 5), over HTTP against the production server: headers on every response,
// session cookies' flags, the cross-site origin check and the rate limits of every public POST. Route
// lists are generated from app/routes.ts (tests/setup/security-routes.ts), so a new route is covered.
//
// Two servers, each on its own PostgreSQL database (so the test can read what the server wrote):
// - "proxied": behind an HTTPS proxy — TRUST_PROXY=true, PUBLIC_URL=https://academy.test;
// - "direct": plain HTTP, no proxy trusted (X-Forwarded-* headers are the client's own words).
import crypto from "node:crypto";
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/lib/password.server.ts";
import { resources } from "~/locales/index.ts";
import { diffFingerprints, fingerprint, pgQuery, type QueryRows } from "../setup/security-fingerprint.ts";
import { actionRoutes, flattenRoutes, importModule, resolvePattern, type ActionRoute } from "../setup/security-routes.ts";
import { isStaffPath } from "~/lib/locale-url.ts";
import { REDIRECT_BYPASSES } from "../setup/redirect-bypasses.ts";
import { startApp, type RunningApp } from "./harness.ts";

const PG_BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ADMIN = { email: "admin@security.test", password: "Security-Adm1n!" };
const INSTRUCTOR = { email: "instructor@security.test", password: "Instr0ctor" };
/** Requests each limiter allows per window on both servers (RATE_LIMIT_* = "3/600"). */
const LIMIT = 3;
const PROXIED_ORIGIN = "https://academy.test";
const EVIL = "https://evil.example";
const PROXY_HEADERS = { host: "academy.test", "x-forwarded-proto": "https" };

interface Site {
  name: string;
  app: RunningApp;
  pool: pg.Pool;
  dbName: string;
  query: QueryRows;
  /** The Origin a same-site browser sends. */
  origin: string;
  /** Headers a request carries to look like it came through the site's proxy. */
  viaProxy: Record<string, string>;
}

let admin: pg.Client;
let proxied: Site;
let direct: Site;
let ACTIONS: ActionRoute[] = [];

async function startSite(name: string, env: Record<string, string>, origin: (url: string) => string): Promise<Site> {
  const dbName = `e2e_security_${name}_${Date.now().toString(36)}`;
  await admin.query(`create database "${dbName}"`);
  const url = PG_BASE.replace(/\/[^/]*$/, `/${dbName}`);
  const limits = Object.fromEntries(
    ["RATE_LIMIT_CONTACT", "RATE_LIMIT_ENROLLMENT", "RATE_LIMIT_LOGIN", "RATE_LIMIT_RESET", "RATE_LIMIT_LINK"].map((k) => [k, `${LIMIT}/600`]),
  );
  const app = await startApp({
    DATABASE_URL: url,
    AUTH_SECRET: `e2e-security-${name}-secret-`.padEnd(48, "s"),
    SEED_DEMO: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The outbox worker stays idle during the suite: background sends would blur the fingerprints.
    OUTBOX_POLL_MS: "600000",
    ...limits,
    ...env,
  });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return { name, app, pool, dbName, query: pgQuery(pool), origin: origin(app.url), viaProxy: {} };
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  [proxied, direct, ACTIONS] = await Promise.all([
    startSite("proxied", { TRUST_PROXY: "true", PUBLIC_URL: PROXIED_ORIGIN }, () => PROXIED_ORIGIN),
    startSite("direct", { TRUST_PROXY: "false" }, (url) => url),
    actionRoutes(),
  ]);
  // What a TLS-terminating reverse proxy passes on: the public Host and the original scheme.
  proxied.viaProxy = PROXY_HEADERS;
  await Promise.all([addInstructorAccount(proxied), addInstructorAccount(direct)]);
}, 240_000);

afterAll(async () => {
  for (const site of [proxied, direct]) {
    if (!site) continue;
    await site.pool.end();
    await site.app.stop();
    await admin.query(`drop database if exists "${site.dbName}" with (force)`);
  }
  await admin?.end();
});

// ---- helpers ------------------------------------------------------------------------------------------

interface SendOptions {
  method?: string;
  form?: Record<string, string> | [string, string][];
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
}

/**
 * One HTTP request with full control of the headers (fetch would not send a Host of our choosing, and a
 * reverse proxy passes the public Host on). Answers a Response; redirects are not followed.
 */
function httpRequest(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing: Record<string, string | number> = { ...headers, "accept-encoding": "identity" };
    if (body !== undefined) {
      outgoing["content-type"] = "application/x-www-form-urlencoded";
      outgoing["content-length"] = Buffer.byteLength(body);
    }
    const req = http.request(url, { method, headers: outgoing }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const h = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) h.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 0;
        resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: h }));
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

function send(site: Site, path: string, options: SendOptions = {}): Promise<Response> {
  const method = options.method ?? (options.form ? "POST" : "GET");
  const headers: Record<string, string> = { ...site.viaProxy, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (method !== "GET" && options.origin !== null) headers.origin = options.origin ?? site.origin;
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return httpRequest(`${site.app.url}${path}`, method, headers, body);
}

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

function parseSetCookies(res: Response): SetCookie[] {
  return res.headers.getSetCookie().map((line) => {
    const [pair, ...attrs] = line.split(";");
    const eq = pair!.indexOf("=");
    const attributes = new Map<string, string>();
    for (const a of attrs) {
      const i = a.indexOf("=");
      attributes.set((i < 0 ? a : a.slice(0, i)).trim().toLowerCase(), i < 0 ? "" : a.slice(i + 1).trim());
    }
    return { name: pair!.slice(0, eq).trim(), value: pair!.slice(eq + 1).trim(), attributes };
  });
}

function cookieHeader(cookies: SetCookie[]): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

function translate(lng: "en" | "ar", key: string): string {
  let node: unknown = resources[lng].common;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== "string") throw new Error(`no ${lng} text for ${key}`);
  return node;
}

/** The text of an HTML page (tags kept) with character references decoded, for `toContain`. */
function decodeHtml(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

async function signInStaff(site: Site, existingCookie?: string): Promise<{ res: Response; cookies: SetCookie[] }> {
  const res = await send(site, "/login?lang=en", { form: { email: ADMIN.email, password: ADMIN.password }, cookie: existingCookie });
  expect(res.status, await res.clone().text().then((t) => t.slice(0, 300))).toBe(302);
  expect(res.headers.get("location")).toBe("/admin");
  return { res, cookies: parseSetCookies(res) };
}

async function addInstructorAccount(site: Site): Promise<void> {
  const [instructor] = (await site.pool.query(`select id from instructors order by created_at limit 1`)).rows as { id: string }[];
  if (!instructor) throw new Error("demo data has no instructor");
  await site.pool.query(
    `insert into instructor_accounts (instructor_id, email, password_hash, password_encrypted, expires_at, duration_hours)
     values ($1, $2, $3, 'not-used-by-this-test', now() + interval '2 hours', 2)`,
    [instructor.id, INSTRUCTOR.email, await hashPassword(INSTRUCTOR.password)],
  );
}

const hasRoute = (file: string) => flattenRoutes().some((r) => r.file === file);

// ---- 1. headers on every response ---------------------------------------------------------------------

const SAFE_REFERRER = /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/;

function cspDirectives(csp: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of csp.split(";")) {
    const [name, ...rest] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), rest.join(" "));
  }
  return map;
}


/** A route's URL in a language: public pages by their path, staff pages (one URL) with `?lang`. */
function inLanguage(url: string, lang: "en" | "ar"): string {
  return /^\/en(?=\/|$)/.test(url) ? url.replace(/^\/en/, `/${lang}`) : `${url}${url.includes("?") ? "&" : "?"}lang=${lang}`;
}

/** What a response's script-src allows beyond the site's files: a per-answer nonce, or script hashes (ADR 017). */
type ScriptPolicy = { nonce: string } | { hashes: string[] };

/**
 * Checks the security headers of one response; returns its script policy (null when the policy allows no
 * script at all). Cached public pages (ADR 017) carry the sha256 hashes of their inline scripts instead of
 * a nonce; a redirect from such a URL allows the site's own files only (no hashes).
 */
function expectSecurityHeaders(res: Response, where: string, https: boolean): ScriptPolicy | null {
  const csp = res.headers.get("content-security-policy");
  expect(csp, `${where}: Content-Security-Policy`).toBeTruthy();
  const directives = cspDirectives(csp!);
  const script = directives.get("script-src") ?? directives.get("default-src") ?? "";
  expect(script, `${where}: script-src`).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
  const nonce = /'nonce-([A-Za-z0-9+/_=-]+)'/.exec(script)?.[1] ?? null;
  const hashes = script.split(/\s+/).filter((s) => s.startsWith("'sha256-"));
  let policy: ScriptPolicy | null = null;
  if (script !== "'none'") {
    expect(script.split(/\s+/)[0], `${where}: script-src starts with 'self'`).toBe("'self'");
    if (nonce) {
      expect(hashes, `${where}: a nonce or hashes, not both`).toEqual([]);
      expect(Buffer.from(nonce, "base64").length, `${where}: nonce of 128 bits at least`).toBeGreaterThanOrEqual(16);
      policy = { nonce };
    } else {
      expect(script.split(/\s+/).slice(1), `${where}: script-src is 'self' and hashes (${script})`).toEqual(hashes);
      policy = { hashes };
    }
  }
  expect(directives.get("frame-ancestors"), `${where}: frame-ancestors`).toBe("'none'");
  expect(directives.get("object-src"), `${where}: object-src`).toBe("'none'");
  expect(res.headers.get("referrer-policy") ?? "", `${where}: Referrer-Policy`).toMatch(SAFE_REFERRER);
  // Exactly once (issue 14 item 9): a route's own copy must not make it "nosniff, nosniff".
  expect(res.headers.get("x-content-type-options"), `${where}: X-Content-Type-Options`).toBe("nosniff");
  const hsts = res.headers.get("strict-transport-security");
  if (https) {
    expect(hsts ?? "", `${where}: HSTS over https`).toMatch(/max-age=(\d{8,}|[2-9]\d{7})/);
    expect(Number(/max-age=(\d+)/.exec(hsts!)![1]), `${where}: HSTS max-age ≥ 180 days`).toBeGreaterThanOrEqual(15_552_000);
  } else {
    expect(hsts, `${where}: no HSTS over plain http`).toBeNull();
  }
  return policy;
}

/** The sha256 CSP sources of a page's inline scripts, computed from its HTML. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/i.test(attrs!)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes].sort();
}

/** Every executable inline or external <script> of a page carries the response's nonce; returns how many are inline. */
function expectScriptsCarryNonce(html: string, nonce: string, where: string): number {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([^<]?)/gi)].map((m) => ({ attrs: m[1]!, inline: m[2] !== "" }));
  expect(scripts.length, `${where}: the page has scripts`).toBeGreaterThan(0);
  let inline = 0;
  for (const { attrs, inline: hasBody } of scripts) {
    const type = /\btype="([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
    if (type === "application/ld+json" || type === "application/json") continue; // data, never run
    expect(/\bnonce="([^"]*)"/.exec(attrs)?.[1], `${where}: <script${attrs}>`).toBe(nonce);
    if (hasBody) inline += 1;
  }
  return inline;
}

interface Probe {
  label: string;
  path: string;
  method?: string;
  form?: Record<string, string>;
  cookie?: "admin";
  headers?: Record<string, string>;
  origin?: string;
}

/** Every route of app/routes.ts (dynamic segments from the demo data), anonymous and as an admin, plus the rest. */
async function probes(site: Site): Promise<Probe[]> {
  const list: Probe[] = [];
  const seen = new Set<string>();
  for (const route of flattenRoutes()) {
    const { url } = await resolvePattern(route.pattern, site.query);
    if (seen.has(url)) continue;
    seen.add(url);
    list.push({ label: `GET ${url}`, path: url }, { label: `GET ${url} (admin)`, path: url, cookie: "admin" });
  }
  const [media] = (await site.pool.query(`select thumbnail_url as u from courses where thumbnail_url like '/media/%' limit 1`))
    .rows as { u: string }[];
  const home = await (await send(site, "/en")).text();
  const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
  expect(media?.u, "a demo image under /media").toBeTruthy();
  expect(asset, "a built script under /assets").toBeTruthy();
  list.push(
    { label: "404 page", path: "/en/no-such-page" },
    { label: "404 course", path: "/ar/courses/no-such-course-anywhere" },
    { label: "redirect of a URL without language", path: "/courses" },
    { label: "redirect of an old ?lang URL", path: "/courses?lang=ar" },
    { label: "static asset", path: asset! },
    { label: "missing asset (404)", path: "/assets/no-such-file.js" },
    { label: "media", path: media!.u },
    { label: "missing media (404)", path: "/media/no-such-file.webp" },
    { label: "malformed path (400)", path: "/courses/%E0%A4%A" },
    { label: "healthz", path: "/healthz" },
    { label: "readyz", path: "/readyz" },
    { label: "data request", path: "/courses.data" },
    { label: "405 (POST to a route without action)", path: "/sitemap.xml", method: "POST", form: {} },
    { label: "400 (invalid form)", path: "/en/contact", method: "POST", form: { name: "", email: "", message: "" } },
    { label: "403 (cross-site POST)", path: "/en/contact", method: "POST", form: { name: "x" }, origin: EVIL },
    { label: "401 JSON (upload, anonymous)", path: "/admin/uploads/image?kind=thumbnail", method: "POST", form: {}, headers: { accept: "application/json" } },
  );
  return list;
}

describe("security headers on every response", () => {
  let adminCookie = "";

  /** Checks every probe; returns the pages seen and every failing response (all of them, not just the first). */
  async function sweep(site: Site, https: boolean, extraHeaders: Record<string, string> = {}) {
    let pages = 0;
    const failures: string[] = [];
    for (const p of await probes(site)) {
      try {
        pages += await probe(site, p, https, extraHeaders);
      } catch (err) {
        failures.push((err as Error).message.split("\n")[0]!);
      }
    }
    return { pages, failures };
  }

  async function probe(site: Site, p: Probe, https: boolean, extraHeaders: Record<string, string>): Promise<number> {
    const res = await send(site, p.path, {
      method: p.method,
      form: p.form,
      cookie: p.cookie ? adminCookie : undefined,
      origin: p.origin,
      headers: { ...p.headers, ...extraHeaders },
    });
    const where = `${site.name} ${p.label} → ${res.status}`;
    expect(res.status, where).toBeLessThan(500);
    const policy = expectSecurityHeaders(res, where, https);
    const body = await res.text();
    if ((res.headers.get("content-type") ?? "").includes("text/html") && body.includes("<html")) {
      expect(policy, `${where}: a page needs a nonce or its scripts' hashes`).not.toBeNull();
      if ("nonce" in policy!) expectScriptsCarryNonce(body, policy.nonce, where);
      // A cached public page: exactly its inline scripts are allowed, by hash.
      else expect([...policy!.hashes].sort(), `${where}: the CSP lists its inline scripts' hashes`).toEqual(inlineScriptHashes(body));
      return 1;
    }
    return 0;
  }

  it("sets CSP with a nonce, frame-ancestors 'none', Referrer-Policy, nosniff, and HSTS only over https (proxy trusted)", async () => {
    adminCookie = cookieHeader((await signInStaff(proxied)).cookies);
    const before = await fingerprint(proxied.query);
    // Through the HTTPS proxy (X-Forwarded-Proto: https, trusted): HSTS on everything.
    const viaHttps = await sweep(proxied, true);
    expect(viaHttps.pages).toBeGreaterThanOrEqual(20);
    // The same server reached over plain http (no forwarded proto): no HSTS.
    proxied.viaProxy = {};
    let viaHttp;
    try {
      viaHttp = await sweep(proxied, false);
    } finally {
      proxied.viaProxy = PROXY_HEADERS;
    }
    // Reading pages changed nothing (the refused and invalid POSTs among the probes included) — except the
    // audit trail of reads that are audited on purpose (a CSV export of personal data).
    const after = await fingerprint(proxied.query);
    const { audit_log: auditBefore, ...restBefore } = before;
    const { audit_log: auditAfter, ...restAfter } = after;
    expect(diffFingerprints(restBefore, restAfter)).toEqual([]);
    const added = auditAfter!.rows - auditBefore!.rows;
    const { rows: newAudit } = await proxied.pool.query(`select action from audit_log order by created_at desc limit $1`, [added]);
    expect(newAudit.map((r: { action: string }) => r.action).filter((a: string) => a !== "export")).toEqual([]);
    expect([...viaHttps.failures, ...viaHttp.failures]).toEqual([]);
  }, 240_000);

  it("never sends HSTS when the proxy is not trusted, even if the client claims https", async () => {
    adminCookie = cookieHeader((await signInStaff(direct)).cookies);
    expect((await sweep(direct, false, { "x-forwarded-proto": "https" })).failures).toEqual([]);
  }, 240_000);

  it("uses a fresh nonce per response, the one the inline scripts carry (pages that are not cached)", async () => {
    const nonces = new Set<string>();
    for (const path of ["/login", "/login", "/en/courses?q=english", "/instructor-login"]) {
      const res = await send(proxied, path);
      const html = await res.text();
      const policy = expectSecurityHeaders(res, path, true)!;
      expect("nonce" in policy, `${path}: a nonce`).toBe(true);
      const nonce = (policy as { nonce: string }).nonce;
      // The inline bootstrap scripts of the page (hydration data, module loader) are there and carry it.
      expect(expectScriptsCarryNonce(html, nonce, path), `${path}: inline scripts`).toBeGreaterThan(0);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });
});

// ---- 2. session cookies ---------------------------------------------------------------------------------

function expectCookieFlags(c: SetCookie, secure: boolean, where: string): void {
  expect(c.attributes.has("httponly"), `${where}: ${c.name} HttpOnly`).toBe(true);
  expect(c.attributes.get("samesite")?.toLowerCase(), `${where}: ${c.name} SameSite`).toBe("lax");
  expect(c.attributes.get("path"), `${where}: ${c.name} Path`).toBe("/");
  expect(c.attributes.has("secure"), `${where}: ${c.name} Secure`).toBe(secure);
}

async function staffSessionRows(site: Site, cookie: SetCookie): Promise<number> {
  const token = decodeURIComponent(cookie.value).split(".")[0]!;
  const { rows } = await site.pool.query(`select count(*)::int as n from session where token = $1`, [token]);
  return (rows[0] as { n: number }).n;
}

describe("session cookies", () => {
  // The app decides "https" from PUBLIC_URL (better-auth's baseURL, and the instructor cookie follows the
  // same rule or the request's own scheme behind a trusted proxy).
  for (const which of ["proxied", "direct"] as const) {
    const secure = which === "proxied";
    it(`staff: HttpOnly, SameSite=Lax, Path=/, ${secure ? "Secure (https site)" : "not Secure (http site)"}; a new token at every sign-in; logout revokes it on the server (${which})`, async () => {
      const site = which === "proxied" ? proxied : direct;
      const first = await signInStaff(site);
      const session1 = first.cookies.find((c) => /session_token$/.test(c.name));
      expect(session1, first.cookies.map((c) => c.name).join()).toBeDefined();
      const authCookies = first.cookies.filter((c) => c.name.includes("better-auth"));
      expect(authCookies.length).toBeGreaterThan(0);
      for (const c of authCookies) expectCookieFlags(c, secure, `${which} sign-in`);
      if (secure) expect(session1!.name.startsWith("__Secure-")).toBe(true);
      expect(await staffSessionRows(site, session1!)).toBe(1);

      // Signing in again, even while presenting the old cookie, gives a new token (no session fixation).
      const second = await signInStaff(site, cookieHeader([session1!]));
      const session2 = second.cookies.find((c) => c.name === session1!.name)!;
      expect(session2.value).not.toBe(session1!.value);
      expect(decodeURIComponent(session2.value).split(".")[0]).not.toBe(decodeURIComponent(session1!.value).split(".")[0]);

      // The session works, then logout ends it server-side: the old cookie no longer opens anything.
      const old = cookieHeader([session2]);
      expect((await send(site, "/admin", { cookie: old })).status).toBe(200);
      const out = await send(site, "/logout", { method: "POST", form: {}, cookie: old });
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toBe("/login");
      const cleared = parseSetCookies(out).find((c) => c.name === session2.name);
      expect(cleared?.value ?? "").toBe("");
      expect(await staffSessionRows(site, session2)).toBe(0);
      const replay = await send(site, "/admin", { cookie: old });
      expect(replay.status).toBe(302);
      expect(replay.headers.get("location")).toMatch(/^\/login\?from=/);
      // The other session (first sign-in) is untouched by this logout.
      expect(await staffSessionRows(site, session1!)).toBe(1);
    });
  }

  it("staff cookie stays without Secure on an http site even when a client claims https (proxy not trusted)", async () => {
    const res = await send(direct, "/login?lang=en", {
      form: { email: ADMIN.email, password: ADMIN.password },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.status).toBe(302);
    const authCookies = parseSetCookies(res).filter((c) => c.name.includes("better-auth"));
    expect(authCookies.length).toBeGreaterThan(0);
    for (const c of authCookies) expectCookieFlags(c, false, "direct, claimed https");
  });

  if (hasRoute("routes/instructor/login.tsx")) {
    for (const which of ["proxied", "direct"] as const) {
      const secure = which === "proxied";
      it(`instructor: HttpOnly, SameSite=Lax, Path=/, ${secure ? "Secure" : "not Secure"}; new token per sign-in; logout revokes (${which})`, async () => {
        const site = which === "proxied" ? proxied : direct;
        const signIn = async (cookie?: string) => {
          const res = await send(site, "/instructor-login?lang=en", { form: INSTRUCTOR, cookie });
          expect(res.status, await res.clone().text().then((t) => t.slice(0, 300))).toBe(302);
          expect(res.headers.get("location")).toBe("/instructor-dashboard");
          const set = parseSetCookies(res).filter((c) => c.name.includes("ca_instructor") && c.value !== "");
          // Every cookie of the sign-in has the flags: the session's and the one saying when it ends (issue 36 item 11).
          for (const c of set) expectCookieFlags(c, secure, `${which} instructor sign-in`);
          const cookies = set.filter((c) => /^(?:__Host-)?ca_instructor$/.test(c.name));
          expect(cookies).toHaveLength(1);
          return cookies[0]!;
        };
        const rows = async (c: SetCookie) =>
          Number(
            (
              (await site.pool.query(`select count(*)::int as n from instructor_sessions where token_hash = $1`, [
                crypto.createHash("sha256").update(c.value, "utf8").digest("hex"),
              ])).rows[0] as { n: number }
            ).n,
          );
        const first = await signIn();
        expect(await rows(first)).toBe(1);
        const second = await signIn(cookieHeader([first]));
        expect(second.value).not.toBe(first.value);
        const old = cookieHeader([second]);
        expect((await send(site, "/instructor-dashboard", { cookie: old })).status).toBe(200);
        const out = await send(site, "/instructor-logout", { method: "POST", form: {}, cookie: old });
        expect(out.status).toBe(302);
        expect(await rows(second)).toBe(0);
        const replay = await send(site, "/instructor-dashboard", { cookie: old });
        expect(replay.status).toBe(302);
        expect(replay.headers.get("location") ?? "").toMatch(/^\/instructor-login/);
      });
    }
  }
});

// ---- 3. origin check ------------------------------------------------------------------------------------

/** Bodies that would change data if the request were accepted (the same-origin control proves it). */
async function workingBody(site: Site, route: ActionRoute): Promise<Record<string, string>> {
  const [course] = (await site.pool.query(`select id from courses where is_published limit 1`)).rows as { id: string }[];
  const unique = crypto.randomUUID().slice(0, 8);
  switch (route.file) {
    case "routes/site/contact.tsx":
      return { name: "Mona", email: `mona-${unique}@example.com`, message: "Is there an evening group?" };
    case "routes/site/enroll.tsx":
      return {
        studentName: "Omar",
        studentEmail: `omar-${unique}@example.com`,
        countryCode: "+20",
        phoneNumber: "01012345678",
        courseId: course!.id,
      };
    case "routes/admin/categories.tsx":
      return { intent: "createCategory", name: `Security ${unique}`, nameAr: "أمن", slug: `security-${unique}` };
    default:
      return { intent: "x" };
  }
}

/**
 * A cross-site refusal (issue 33): a page request gets our 403 page with the translated reason (English or
 * Arabic, by the page's language), never React Router's bare "Bad Request"; a data request gets its 403.
 */
function expectCrossSiteRefusal(path: string, body: string, where: string): void {
  if (path.endsWith(".data")) return void expect(body, where).not.toContain("<html");
  const text = decodeHtml(body);
  const translated = [translate("en", "errors.crossSite"), translate("ar", "errors.crossSite")];
  expect(translated.some((t) => text.includes(t)), `${where}: ${text.slice(0, 300)}`).toBe(true);
}

describe("cross-site requests", () => {
  const FOREIGN = [EVIL, "null", "https://academy.test.evil.example", "http://academy.test"];

  it("refuses a POST with a foreign Origin to every action (403), anonymous or signed in, and changes nothing", async () => {
    expect(ACTIONS.length).toBeGreaterThanOrEqual(8);
    const cookie = cookieHeader((await signInStaff(proxied)).cookies);
    const before = await fingerprint(proxied.query);
    for (const route of ACTIONS) {
      const { url } = await resolvePattern(route.pattern, proxied.query);
      const body = await workingBody(proxied, route);
      for (const origin of FOREIGN) {
        for (const path of [url, `${url.replace(/\/$/, "") || "/_root"}.data`]) {
          for (const who of [undefined, cookie]) {
            const res = await send(proxied, path, { form: body, cookie: who, origin });
            const where = `${origin} → POST ${path}${who ? " (admin)" : ""}`;
            expect(res.status, where).toBe(403);
            expectCrossSiteRefusal(path, await res.text(), where);
          }
        }
      }
    }
    expect(diffFingerprints(before, await fingerprint(proxied.query))).toEqual([]);
  }, 120_000);

  it("refuses a POST without Origin that Sec-Fetch-Site or a foreign Referer calls cross-site (issue 14 item 9)", async () => {
    const before = await fingerprint(proxied.query);
    for (const route of ACTIONS) {
      const { url } = await resolvePattern(route.pattern, proxied.query);
      const body = await workingBody(proxied, route);
      for (const headers of [{ "sec-fetch-site": "cross-site" }, { referer: "https://evil.example/form.html" }] as Record<string, string>[]) {
        const res = await send(proxied, url, { form: body, headers, origin: null });
        const where = `${JSON.stringify(headers)} → POST ${url}`;
        expect(res.status, where).toBe(403);
        expectCrossSiteRefusal(url, await res.text(), where);
      }
    }
    expect(diffFingerprints(before, await fingerprint(proxied.query))).toEqual([]);
  }, 120_000);

  it("accepts the same requests from the site itself (the refusal above was the origin check)", async () => {
    const cookie = cookieHeader((await signInStaff(proxied)).cookies);
    for (const file of ["routes/site/contact.tsx", "routes/site/enroll.tsx", "routes/admin/categories.tsx"]) {
      const route = ACTIONS.find((r) => r.file === file)!;
      const { url } = await resolvePattern(route.pattern, proxied.query);
      const before = await fingerprint(proxied.query);
      const res = await send(proxied, url, {
        form: await workingBody(proxied, route),
        cookie: route.visitor ? undefined : cookie,
        headers: { "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 200) + 1}` },
      });
      // A sent contact message leads to its confirmation page (303, issue 36); the others answer in place.
      expect(res.status, `${file}: ${(await res.text()).slice(0, 200)}`).toBe(file === "routes/site/contact.tsx" ? 303 : 200);
      expect(diffFingerprints(before, await fingerprint(proxied.query)).length, file).toBeGreaterThan(0);
    }
  });
});

// ---- 4. rate limits on every public POST ----------------------------------------------------------------

interface Recipe {
  /** The body of the i-th attempt (each attempt must count against the limit). */
  body: (i: number, site: Site) => Promise<Record<string, string>> | Record<string, string>;
  messageKey: string;
}

/** One entry per public POST route: how to spend its limit, or why it has none. */
const RECIPES: Record<string, Recipe | { exempt: string }> = {
  "routes/site/contact.tsx": { body: () => ({ name: "", email: "", message: "" }), messageKey: "contact.errors.tooManyRequests" },
  "routes/site/enroll.tsx": { body: () => ({ studentName: "" }), messageKey: "enrollment.errors.tooManyRequests" },
  "routes/auth/login.tsx": {
    body: (i) => ({ email: `nobody-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "Wrong-Passw0rd" }),
    messageKey: "auth.errors.tooManyAttempts",
  },
  "routes/auth/forgot-password.tsx": {
    body: (i) => ({ email: `nobody-${i}-${crypto.randomUUID().slice(0, 6)}@example.com` }),
    messageKey: "auth.errors.tooManyResetRequests",
  },
  "routes/auth/reset-password.tsx": {
    body: () => ({ token: crypto.randomBytes(24).toString("base64url"), newPassword: "Brand-New-Passw0rd", confirmPassword: "Brand-New-Passw0rd" }),
    messageKey: "auth.errors.tooManyResetRequests",
  },
  // Without a waiting sign-in (no two_factor cookie) every code is refused, and counted per address.
  "routes/auth/login-two-factor.tsx": {
    body: () => ({ method: "totp", code: "123456" }),
    messageKey: "auth.errors.tooManyAttempts",
  },
  "routes/instructor/login.tsx": {
    body: (i) => ({ email: `nobody-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "Wrong123" }),
    messageKey: "instructorPortal.login.errors.tooManyAttempts",
  },
  // The student's proof of payment: limited per client address (RATE_LIMIT_PROOF) and, stricter, per request
  // (8 an hour), which refuses a run of posts to one page before any per-address count here could; both are
  // spent and checked in tests/integration/payment-proofs.test.ts.
  "routes/site/enrollment.tsx": { exempt: "limited per address and per request; the per-request limit (8/h) refuses first, see payment-proofs.test.ts" },
  // "Email me the link": every post counts per address (a refused one too); per reference it is 3 an hour.
  "routes/site/enrollment-find.tsx": { body: () => ({ reference: "", email: "" }), messageKey: "findLink.errors.tooManyRequests" },
  // "Pay online": the page's token is checked before anything (404 without it, as here); with it, presses are
  // limited per request (RATE_LIMIT_PAYMOB), spent in tests/integration/paymob.test.ts.
  // The student area (issue 38): "Email me a sign-in link" counts every post per address (3 an hour per email too).
  "routes/site/my.tsx": { body: () => ({ intent: "sign-in", email: "", website: "" }), messageKey: "my.signIn.errors.tooManyRequests" },
  "routes/site/my-profile.tsx": { exempt: "only for a signed-in student (303 to /my without the session); with it, 30 saves an hour per address, see student-profile.test.ts" },
  "routes/site/my-verify.tsx": { exempt: "spends a 32-letter single-use link (190 bits, 15 minutes): nothing to guess; see student-sign-in.test.ts" },
  "routes/site/enrollment-withdraw.ts": { exempt: "404 without the page's token; with it, one withdrawal (a repeat is refused as closed), see student-withdraw.test.ts" },
  "routes/site/enrollment-pay.ts": { exempt: "404 without the page's token; with it, limited per request (RATE_LIMIT_PAYMOB), see paymob.test.ts" },
  // Paymob's callback: its HMAC is checked before anything is read (401); Paymob's own retries must not be refused.
  "routes/api/paymob-callback.ts": { exempt: "signed by Paymob (401 otherwise) and idempotent; see paymob.test.ts and paymob.e2e.test.ts" },
  "routes/auth/logout.ts": { exempt: "ends the caller's own session: no lookup an attacker can repeat usefully" },
  "routes/instructor/logout.ts": { exempt: "ends the caller's own session: no lookup an attacker can repeat usefully" },
};

let ipSeq = 0;
const nextIp = () => `198.51.100.${(ipSeq += 1)}`;

describe("rate limits on every public POST", () => {
  const publicPosts = () => ACTIONS.filter((r) => r.visitor);

  it("knows every public POST route (a new one needs a recipe here)", () => {
    const files = publicPosts().map((r) => r.file);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) expect(RECIPES[f], `${f}: add a rate-limit recipe (or a stated exemption)`).toBeDefined();
  });

  async function expectRefused(res: Response, lang: "en" | "ar", key: string, where: string, https: boolean) {
    expect(res.status, where).toBe(429);
    expect(res.headers.get("retry-after") ?? "", `${where}: Retry-After`).toMatch(/^\d+$/);
    expectSecurityHeaders(res, where, https);
    expect(decodeHtml(await res.text()), `${where}: the ${lang} message`).toContain(translate(lang, key));
  }

  it(`behind the trusted proxy: ${LIMIT} requests per address, then 429 with the translated message; another address is not affected`, async () => {
    for (const route of publicPosts()) {
      const recipe = RECIPES[route.file];
      if (!recipe || "exempt" in recipe) continue;
      const { url } = await resolvePattern(route.pattern, proxied.query);
      const ip = nextIp();
      // The proxy appends the address it saw (`from`) to whatever the client wrote: a new forged entry each time.
      const post = async (i: number, lang: "en" | "ar", from: string) =>
        send(proxied, inLanguage(url, lang), { form: await recipe.body(i, proxied), headers: { "x-forwarded-for": `198.18.${i}.${i + 1}, ${from}` } });
      for (let i = 0; i < LIMIT; i++) {
        const res = await post(i, "en", ip);
        expect(res.status, `${route.pattern} attempt ${i + 1} from ${ip}`).not.toBe(429);
        expect(res.status).toBeLessThan(500);
        await res.body?.cancel();
      }
      await expectRefused(await post(LIMIT, "en", ip), "en", recipe.messageKey, `${route.pattern} after ${LIMIT} (en)`, true);
      await expectRefused(await post(LIMIT + 1, "ar", ip), "ar", recipe.messageKey, `${route.pattern} after ${LIMIT} (ar)`, true);
      const other = await post(LIMIT + 2, "en", nextIp());
      expect(other.status, `${route.pattern} from another address`).not.toBe(429);
      expect(other.status).toBeLessThan(500);
      await other.body?.cancel();
    }
  }, 120_000);

  it(`without a trusted proxy, a forged X-Forwarded-For does not escape the limit`, async () => {
    // This server's earlier tests came from the same socket address too (an invalid contact POST among
    // the header probes counts), so the refusal may come before the LIMIT+1st request — never after it.
    for (const route of publicPosts()) {
      const recipe = RECIPES[route.file];
      if (!recipe || "exempt" in recipe) continue;
      const { url } = await resolvePattern(route.pattern, direct.query);
      let refused: Response | undefined;
      for (let i = 0; i <= LIMIT && !refused; i++) {
        const res = await send(direct, inLanguage(url, "ar"), { form: await recipe.body(i, direct), headers: { "x-forwarded-for": nextIp() } });
        expect(res.status, `${route.pattern} attempt ${i + 1}`).toBeLessThan(500);
        if (res.status === 429) refused = res;
        else await res.body?.cancel();
      }
      expect(refused, `${route.pattern}: refused within ${LIMIT + 1} requests despite new X-Forwarded-For each time`).toBeDefined();
      await expectRefused(refused!, "ar", recipe.messageKey, `${route.pattern} with forged addresses`, false);
    }
  }, 120_000);
});

// ---- issue 14: redirect targets (item 3), private staff responses (item 8) --------------------------

/** A Location a browser (or anything decoding the path once or twice more) follows stays on `origin`. */
function offSite(location: string | null, origin: string): string | null {
  if (location === null) return null;
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  if (!/^\/(?![/\\])/.test(location) || /[\\\s\u0000-\u001f\u007f]/.test(location)) return `not a plain path: ${JSON.stringify(location)}`;
  let current = location;
  for (let i = 0; i < 3; i += 1) {
    const resolved = new URL(current, origin);
    if (resolved.origin !== origin || resolved.pathname.startsWith("//")) return `leaves the site: ${JSON.stringify(location)}`;
    try {
      current = decodeURIComponent(resolved.pathname);
    } catch {
      break;
    }
  }
  return null;
}

describe("redirect targets never leave the site (issue 14 item 3)", () => {
  it(`/api/language?to=: ${REDIRECT_BYPASSES.length} bypasses, never an off-site Location`, async () => {
    const failures: string[] = [];
    for (const target of REDIRECT_BYPASSES) {
      for (const lang of ["ar", "en", "xx"]) {
        const res = await send(direct, `/api/language?lang=${lang}&to=${encodeURIComponent(target)}`);
        await res.body?.cancel();
        const problem = res.status >= 500 ? `status ${res.status}` : offSite(res.headers.get("location"), direct.app.url);
        if (problem) failures.push(`lang=${lang} to=${JSON.stringify(target)}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it(`login from=: ${REDIRECT_BYPASSES.length} bypasses, the admin signs in and lands on /admin`, async () => {
    const failures: string[] = [];
    let i = 0;
    for (const target of REDIRECT_BYPASSES) {
      // Each from its own address behind the trusted proxy: the sign-in limit is not what this tests.
      const res = await send(proxied, "/login?lang=en", {
        form: { email: ADMIN.email, password: ADMIN.password, from: target },
        headers: { "x-forwarded-for": `10.0.0.1, 203.0.113.${(i += 1)}` },
      });
      await res.body?.cancel();
      const location = res.headers.get("location");
      // A target with a NUL is refused before sign-in (400, the input guard); any other signs in to /admin.
      const refusedAsInvalid = target.includes("\u0000") && res.status === 400;
      if (!refusedAsInvalid && (res.status !== 302 || location !== "/admin")) failures.push(`from=${JSON.stringify(target)}: ${res.status} ${location}`);
      const problem = offSite(location, PROXIED_ORIGIN);
      if (problem) failures.push(`from=${JSON.stringify(target)}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("raw paths (bare, under /admin, in upper case, with ?lang=) redirect only on the site", async () => {
    const failures: string[] = [];
    // eslint-disable-next-line no-control-regex -- the point is to find control characters
    const paths = REDIRECT_BYPASSES.filter((t) => t.startsWith("/") && !/[\s\u0000-\u001f\u007f-\u009f]/.test(t) && !/[^\x20-\x7e]/.test(t));
    expect(paths.length).toBeGreaterThanOrEqual(20);
    for (const path of paths) {
      for (const url of [path, `${path}?lang=ar`, `/admin${path}`, `/admin${path}?lang=ar`, `/ADMIN${path}`]) {
        const res = await send(direct, url);
        await res.body?.cancel();
        const problem = res.status >= 500 ? `status ${res.status}` : offSite(res.headers.get("location"), direct.app.url);
        if (problem) failures.push(`${JSON.stringify(url)}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("staff responses are private, in any letter case (issue 14 item 8)", () => {
  let cookie = "";
  beforeAll(async () => {
    const res = await send(proxied, "/login?lang=en", {
      form: { email: ADMIN.email, password: ADMIN.password },
      headers: { "x-forwarded-for": "203.0.113.250, 10.0.0.1" },
    });
    expect(res.status).toBe(302);
    cookie = cookieHeader(parseSetCookies(res));
  });

  function expectPrivate(res: Response, where: string): void {
    expect(res.headers.get("cache-control"), `${where}: Cache-Control`).toBe("private, no-store");
    const vary = (res.headers.get("vary") ?? "").split(",").map((v) => v.trim().toLowerCase());
    expect(vary, `${where}: Vary`).toContain("cookie");
  }

  it("/ADMIN/messages, /Admin, /LOGIN, /Instructor-Dashboard (and .data): 301 to the lower-case page, never admin content in the public layout", async () => {
    const cases: [string, string][] = [
      ["/ADMIN/messages", "/admin/messages"],
      ["/Admin/Messages", "/admin/messages"],
      ["/admin/MESSAGES", "/admin/messages"],
      ["/Admin", "/admin"],
      ["/ADMIN/", "/admin/"],
      ["/LOGIN", "/login"],
      ["/Instructor-Dashboard", "/instructor-dashboard"],
      ["/INSTRUCTOR-LOGIN", "/instructor-login"],
      ["/ADMIN/messages.data", "/admin/messages"],
      ["/ADMIN/messages.data?_routes=root,routes/admin/layout,routes/admin/messages", "/admin/messages"],
      ["/Admin.data", "/admin"],
    ];
    for (const [path, lower] of cases) {
      for (const who of ["anonymous", "admin"] as const) {
        const res = await send(proxied, path, { cookie: who === "admin" ? cookie : undefined });
        const where = `${path} (${who})`;
        const body = await res.text();
        expectPrivate(res, where);
        if (path.includes(".data")) {
          // A data request's redirect travels in the single-fetch body: a navigation to the page.
          expect([202, 204, 301]).toContain(res.status);
          if (res.status === 301) expect(res.headers.get("location"), where).toBe(lower);
          else expect(body, where).toContain(lower);
        } else {
          expect(res.status, where).toBe(301);
          expect(res.headers.get("location"), where).toBe(lower);
        }
        expect(body, `${where}: nothing rendered`).not.toContain("<html");
      }
    }
    const post = await send(proxied, "/ADMIN/messages", { form: { intent: "x" }, cookie });
    await post.body?.cancel();
    expect(post.status, "POST /ADMIN/messages").toBe(308);
    expect(post.headers.get("location")).toBe("/admin/messages");
  });

  it("every staff and instructor page, and its .data request, is private, no-store and varies by cookie", async () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    for (const route of flattenRoutes()) {
      const { url } = await resolvePattern(route.pattern, proxied.query);
      if (!isStaffPath(url) || seen.has(url)) continue;
      seen.add(url);
      // A page's data request; resource routes (CSV, uploads) have no page, so no `.data` of their own.
      const isPage = (await importModule(route.file)).default !== undefined;
      const data = isPage ? [`${url.replace(/\/$/, "")}.data`] : [];
      for (const path of [url, ...data, url.toUpperCase().replace(/\.CSV$/, ".csv")]) {
        for (const who of ["anonymous", "admin"] as const) {
          const res = await send(proxied, path, { cookie: who === "admin" ? cookie : undefined });
          await res.body?.cancel();
          try {
            expect(res.status, `${path} (${who})`).toBeLessThan(500);
            expectPrivate(res, `${path} (${who}) → ${res.status}`);
          } catch (err) {
            failures.push((err as Error).message.split("\n")[0]!);
          }
        }
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(10);
    expect(failures).toEqual([]);
  }, 120_000);
});
