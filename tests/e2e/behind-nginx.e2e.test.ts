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
import sharp from "sharp";
import type { BrowserContext } from "playwright-core";
import { resources } from "~/locales/index.ts";
import { startNginx, type RunningNginx } from "../setup/nginx.ts";
import { minimalPdf } from "../setup/pdf.ts";
import { describe, expect, ownApp, signIn, test as it, type NewPage } from "./fixtures.ts";
import { screenshot, type RunningApp } from "./harness.ts";

const ADMIN = { email: "admin@proxy.test", password: "Proxy-Adm1n-pass" };
const PUBLIC_PORT = 8080;
const CONTACT_LIMIT = 5;
const LOGIN_LIMIT = 5;

// Two instances on one database and one DATA_DIR.
const own = ownApp({
  name: "nginx",
  instances: 2,
  timeout: 240_000,
  env: {
    PUBLIC_URL: `http://localhost:${PUBLIC_PORT}`,
    TRUST_PROXY: "true",
    SEED_DEMO: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_CONTACT: `${CONTACT_LIMIT}/600`,
    RATE_LIMIT_LOGIN: `${LOGIN_LIMIT}/600`,
    LOG_LEVEL: "info",
  },
});
let files: string;

it.beforeAll(() => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-nginx-files-"));
  fs.writeFileSync(path.join(files, "handbook.pdf"), minimalPdf("Handbook", { minBytes: 3 * 1024 * 1024 }));
});

it.afterAll(() => {
  if (files) fs.rmSync(files, { recursive: true, force: true });
});

const upstreams = () => own.apps.map((a) => new URL(a.url).host);

/** A page on the proxy's origin (a laptop's width unless told; 900 px high). */
function proxyPage(newPage: NewPage, proxy: RunningNginx, options: { js?: boolean; locale?: "en" | "ar"; width?: number } = {}) {
  return newPage({ baseURL: proxy.url, js: options.js, locale: options.locale, viewport: { width: options.width ?? 1366, height: 900 } });
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
  it.beforeAll(async () => {
    proxy = await startNginx({ port, upstreams: upstreams(), host });
  });
  it.afterAll(async () => {
    await proxy?.stop();
  });

  it("a staff member signs in (a form POST with the browser's Origin) and lands on the dashboard", async ({ newPage }) => {
    const page = await proxyPage(newPage, proxy);
    await signIn(page, ADMIN, { labels: "prefix" });
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toBeTruthy();
  });

  it("a visitor without JavaScript sends a message from the Arabic contact page, and it is kept", async ({ newPage }) => {
    const page = await proxyPage(newPage, proxy, { js: false, locale: "ar", width: 375 });
    const stamp = `${port}${host} ${Date.now().toString(36)}`;
    await page.goto("/ar/contact");
    await page.locator('input[name="name"]').fill("سارة أحمد");
    await page.locator('input[name="email"]').fill("sara@example.com");
    await page.locator('textarea[name="message"]').fill(`أود معرفة مواعيد الدورة القادمة ${stamp}`);
    await page.getByRole("button", { name: arabic("contact.submit") }).click();
    await page.getByText(arabic("contact.success")).first().waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const { rows } = await own.pool.query("select name from contact_messages where message like $1", [`%${stamp}`]);
    expect(rows).toEqual([{ name: "سارة أحمد" }]);
    if (port === PUBLIC_PORT && host === "$host") await screenshot(page, "nginx-contact-ar-nojs");
  });

  it("a POST from another site gets the translated 403 page and changes nothing", async () => {
    const before = await own.pool.query("select count(*)::int as n from contact_messages");
    const res = await fromAddress(proxy, "127.0.0.60", {
      method: "POST",
      path: "/ar/contact",
      body: new URLSearchParams({ name: "x", email: "x@example.com", message: "from elsewhere" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toContain(arabic("errors.crossSite"));
    const after = await own.pool.query("select count(*)::int as n from contact_messages");
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe("behind nginx with the example as it is (port 8080, Host $http_host)", () => {
  let proxy: RunningNginx;
  it.beforeAll(async () => {
    proxy = await startNginx({ port: PUBLIC_PORT, upstreams: upstreams() });
  });
  it.afterAll(async () => {
    await proxy?.stop();
  });

  it("a 3 MB course document uploads from the course form (nginx's 1 MB default would refuse it)", async ({ newPage }) => {
    const page = await proxyPage(newPage, proxy);
    await signIn(page, ADMIN, { labels: "prefix" });
    await page.goto("/admin/courses?action=create&lang=en");
    await page.locator("html[data-hydrated]").waitFor();
    const dialog = page.getByRole("dialog", { name: "Create Course" });
    await dialog.getByLabel("Course Documents (PDF)").setInputFiles(path.join(files, "handbook.pdf"));
    const list = dialog.getByRole("list", { name: "Uploaded documents" });
    await expect.poll(() => list.getByRole("listitem").count(), { timeout: 30_000 }).toBe(1);
    expect(await dialog.getByRole("alert").filter({ hasText: /upload failed/ }).count()).toBe(0);
    await screenshot(page, "nginx-document-upload");
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
    // A sent message is answered with the confirmation page's address (303), the refused one with 429.
    expect(statuses).toEqual([...Array(CONTACT_LIMIT).fill(303), 429]);
    // Another client (address) is not affected.
    const other = await fromAddress(proxy, "127.0.0.71", {
      method: "POST",
      path: "/en/contact",
      body: new URLSearchParams({ name: "Other Sender", email: "other@example.com", message: "Hello" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: proxy.url, "x-forwarded-for": "127.0.0.70" },
    });
    expect(other.status).toBe(303);
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

  it("a thumbnail uploaded through one instance is served by the other", async ({ newPage }) => {
    const page = await proxyPage(newPage, proxy);
    await signIn(page, ADMIN, { labels: "prefix" });
    const cookie = await cookieHeader(page.context());
    await page.context().close();
    const [first, second] = own.apps as [RunningApp, RunningApp];
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
