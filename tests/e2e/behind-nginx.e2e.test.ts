// Issue 33: the site deployed as the README says — two instances on one PostgreSQL database, sharing one
// DATA_DIR, behind a real nginx configured from deploy/nginx/academy.conf — on the public port 8080 and on
// 80, with the example's `Host $http_host` and with `Host $host` (which drops :8080 and made every form POST
// fail). People sign in, send a message without JavaScript in Arabic and upload a 3 MB course document; a
// client's own X-Forwarded-For never gives it a new rate-limit key; a file uploaded through one instance is
// served by the other.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/locales/index.ts";
import { startNginx, type RunningNginx } from "../setup/nginx.ts";
import { minimalPdf } from "../setup/pdf.ts";
import { launchBrowser, screenshot, startApp, type RunningApp } from "./harness.ts";

const PG_BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ADMIN = { email: "admin@proxy.test", password: "Proxy-Adm1n-pass" };
const PUBLIC_PORT = 8080;
const CONTACT_LIMIT = 5;
const LOGIN_LIMIT = 5;
const dbName = `e2e_nginx_${Date.now().toString(36)}`;

let server: pg.Client;
let pool: pg.Pool;
let apps: RunningApp[] = [];
let dataDir: string;
let browser: Browser;
let files: string;

beforeAll(async () => {
  server = new pg.Client({ connectionString: PG_BASE });
  await server.connect();
  await server.query(`create database "${dbName}"`);
  const url = PG_BASE.replace(/\/[^/]*$/, `/${dbName}`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-nginx-data-"));
  files = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-nginx-files-"));
  fs.writeFileSync(path.join(files, "handbook.pdf"), minimalPdf("Handbook", { minBytes: 3 * 1024 * 1024 }));
  const env = {
    DATABASE_URL: url,
    AUTH_SECRET: "e2e-nginx-secret-".padEnd(48, "n"),
    PUBLIC_URL: `http://localhost:${PUBLIC_PORT}`,
    TRUST_PROXY: "true",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_CONTACT: `${CONTACT_LIMIT}/600`,
    RATE_LIMIT_LOGIN: `${LOGIN_LIMIT}/600`,
    LOG_LEVEL: "info",
  };
  // One after the other: the first migrates, the second finds the database ready.
  apps.push(await startApp(env));
  apps.push(await startApp(env));
  pool = new pg.Pool({ connectionString: url, max: 2 });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  for (const app of apps) await app.stop();
  apps = [];
  await pool?.end();
  await server?.query(`drop database if exists "${dbName}" with (force)`);
  await server?.end();
  for (const dir of [dataDir, files]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const upstreams = () => apps.map((a) => new URL(a.url).host);

async function newPage(proxy: RunningNginx, options: { js?: boolean; locale?: string; width?: number } = {}) {
  const context = await browser.newContext({
    baseURL: proxy.url,
    javaScriptEnabled: options.js ?? true,
    locale: options.locale ?? "en-US",
    viewport: { width: options.width ?? 1366, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

async function signIn(page: Page): Promise<void> {
  await page.goto("/login?lang=en");
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin$/);
}

function cookieHeader(context: BrowserContext): Promise<string> {
  return context.cookies().then((cookies) => cookies.map((c) => `${c.name}=${c.value}`).join("; "));
}

/** A request through the proxy from a chosen loopback address (what nginx sees as the client). */
function fromAddress(
  proxy: RunningNginx,
  localAddress: string,
  options: { method?: string; path: string; body?: string; headers?: Record<string, string> },
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const target = new URL(options.path, proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: target.port || 80, path: `${target.pathname}${target.search}`, method: options.method ?? "GET", localAddress },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.setHeader("Host", target.host);
    for (const [name, value] of Object.entries(options.headers ?? {})) req.setHeader(name, value);
    req.end(options.body);
  });
}

/** A string of the Arabic locale by its key ("contact.submit"). */
function arabic(key: string): string {
  let node: unknown = resources.ar.common;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== "string") throw new Error(`no Arabic text for ${key}`);
  return node;
}

describe.each([
  { port: PUBLIC_PORT, host: "$http_host" as const },
  { port: PUBLIC_PORT, host: "$host" as const },
  { port: 80, host: "$http_host" as const },
  { port: 80, host: "$host" as const },
])("behind nginx on port $port with Host $host", ({ port, host }) => {
  let proxy: RunningNginx;
  beforeAll(async () => {
    proxy = await startNginx({ port, upstreams: upstreams(), host });
  });
  afterAll(async () => {
    await proxy?.stop();
  });

  it("a staff member signs in (a form POST with the browser's Origin) and lands on the dashboard", async () => {
    const { context, page } = await newPage(proxy);
    await signIn(page);
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toBeTruthy();
    await context.close();
  });

  it("a visitor without JavaScript sends a message from the Arabic contact page, and it is kept", async () => {
    const { context, page } = await newPage(proxy, { js: false, locale: "ar-EG", width: 375 });
    const stamp = `${port}${host} ${Date.now().toString(36)}`;
    await page.goto("/ar/contact");
    await page.locator('input[name="name"]').fill("سارة أحمد");
    await page.locator('input[name="email"]').fill("sara@example.com");
    await page.locator('textarea[name="message"]').fill(`أود معرفة مواعيد الدورة القادمة ${stamp}`);
    await page.getByRole("button", { name: arabic("contact.submit") }).click();
    await page.getByText(arabic("contact.success")).first().waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const { rows } = await pool.query("select name from contact_messages where message like $1", [`%${stamp}`]);
    expect(rows).toEqual([{ name: "سارة أحمد" }]);
    if (port === PUBLIC_PORT && host === "$host") await screenshot(page, "nginx-contact-ar-nojs");
    await context.close();
  });

  it("a POST from another site gets the translated 403 page and changes nothing", async () => {
    const before = await pool.query("select count(*)::int as n from contact_messages");
    const res = await fromAddress(proxy, "127.0.0.60", {
      method: "POST",
      path: "/ar/contact",
      body: new URLSearchParams({ name: "x", email: "x@example.com", message: "from elsewhere" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toContain(arabic("errors.crossSite"));
    const after = await pool.query("select count(*)::int as n from contact_messages");
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe("behind nginx with the example as it is (port 8080, Host $http_host)", () => {
  let proxy: RunningNginx;
  beforeAll(async () => {
    proxy = await startNginx({ port: PUBLIC_PORT, upstreams: upstreams() });
  });
  afterAll(async () => {
    await proxy?.stop();
  });

  it("a 3 MB course document uploads from the course form (nginx's 1 MB default would refuse it)", async () => {
    const { context, page } = await newPage(proxy);
    await signIn(page);
    await page.goto("/admin/courses?action=create&lang=en");
    await page.locator("html[data-hydrated]").waitFor();
    const dialog = page.getByRole("dialog", { name: "Create Course" });
    await dialog.getByLabel("Course Documents (PDF)").setInputFiles(path.join(files, "handbook.pdf"));
    const list = dialog.getByRole("list", { name: "Uploaded documents" });
    await expect.poll(() => list.getByRole("listitem").count(), { timeout: 30_000 }).toBe(1);
    expect(await dialog.getByRole("alert").filter({ hasText: /upload failed/ }).count()).toBe(0);
    await screenshot(page, "nginx-document-upload");
    await context.close();
  });

  it("rotating X-Forwarded-For never escapes the per-address contact limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_LIMIT; i++) {
      const res = await fromAddress(proxy, "127.0.0.70", {
        method: "POST",
        path: "/en/contact",
        body: new URLSearchParams({ name: "Rotating Sender", email: `rotate-${i}@example.com`, message: `Hello number ${i}` }).toString(),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: proxy.url,
          "x-forwarded-for": `203.0.113.${i + 1}`,
          "x-real-ip": `198.51.100.${i + 1}`,
        },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(CONTACT_LIMIT).fill(200), 429]);
    // Another client (address) is not affected.
    const other = await fromAddress(proxy, "127.0.0.71", {
      method: "POST",
      path: "/en/contact",
      body: new URLSearchParams({ name: "Other Sender", email: "other@example.com", message: "Hello" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: proxy.url, "x-forwarded-for": "127.0.0.70" },
    });
    expect(other.status).toBe(200);
  });

  it("rotating X-Forwarded-For never escapes the sign-in limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      const res = await fromAddress(proxy, "127.0.0.72", {
        method: "POST",
        path: "/login",
        body: new URLSearchParams({ email: `nobody-${i}@example.com`, password: "Wrong-passw0rd" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: proxy.url, "accept-language": "en", "x-forwarded-for": `192.0.2.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LOGIN_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses[LOGIN_LIMIT]).toBe(429);
  });

  it("the access log keeps no query string, and nginx's request id reaches the app", async () => {
    const res = await fromAddress(proxy, "127.0.0.73", { path: "/en/courses?token=secret-token-value" });
    expect(res.status).toBe(200);
    const requestId = String(res.headers["x-request-id"]);
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    // nginx writes the line once the answer has gone out: it may come a moment after the client has it.
    await expect.poll(() => proxy.accessLog()).toContain(requestId);
    const log = proxy.accessLog();
    expect(log).toContain("GET /en/courses HTTP/1.1");
    expect(log).not.toContain("secret-token-value");
  });

  it("a thumbnail uploaded through one instance is served by the other", async () => {
    const { context, page } = await newPage(proxy);
    await signIn(page);
    const cookie = await cookieHeader(context);
    await context.close();
    const [first, second] = apps as [RunningApp, RunningApp];
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 90, b: 140 } } }).png().toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "cover.png");
    const upload = await fetch(`${first.url}/admin/uploads/image?kind=thumbnail`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: first.url, accept: "application/json" },
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const { url } = (await upload.json()) as { url: string };
    expect(url).toMatch(/^\/media\/images\/\d{4}\/[a-f0-9]{32}\.webp$/);
    for (const app of [second, first]) {
      const res = await fetch(`${app.url}${url}`);
      expect(res.status, app.url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
    }
  });
});
