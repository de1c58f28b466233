// The e2e suites' shared fixtures and page helpers (issue 35 item 5). harness.ts stays the infrastructure
// (servers, Chromium's path and flags, screenshots); this file is what a test file uses to drive the browser:
//
//   import { test, field, open, toast } from "./fixtures.ts";
//   test("…", async ({ newPage, signIn }) => {
//     const page = await newPage({ locale: "ar", viewport: "phone" });
//     await signIn(page, "admin");
//     await open(page, "/admin/categories?lang=ar");
//   });
//
// `browser` is one per test file: connected to the Chromium the global setup launched for the whole run
// (inject("browserWsEndpoint")), or launched by the file when it runs without that setup. Suite hooks use it
// as `test.beforeAll(async ({ browser }) => …)`. `newPage` makes a fresh browser context per page and closes
// every context it made when the test ends.
//
// A file that needs data of its own (a PostgreSQL database, an SMTP server, settings the shared server does
// not have) calls `ownApp({ name, env })` at its top: its server runs from the file's first hook to its last,
// and pages reach it with `newPage({ baseURL: own.url })`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, inject, test as base } from "vitest";
import { createPgDatabase, type PgDatabase } from "../setup/pg.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";
import { assertNoSecretsInOutput, launchBrowser, startApp, type RunningApp } from "./harness.ts";

export const VIEWPORTS = {
  /** A phone (the width the phone checks use). */
  phone: { width: 375, height: 812 },
  /** A laptop: the default. */
  laptop: { width: 1366, height: 900 },
  /** Playwright's own default, for the pages that never chose one. */
  playwright: { width: 1280, height: 720 },
} as const;

/** Playwright's own default timeout, for the files that never set one. */
export const PLAYWRIGHT_TIMEOUT = 30_000;

export type Viewport = keyof typeof VIEWPORTS | { width: number; height: number };

export interface NewPageOptions {
  /** The browser's language: "en" is en-US, "ar" is ar-EG; null leaves Chromium's own. Default "en". */
  locale?: "en" | "ar" | null;
  /** Default "laptop" (1366×900). */
  viewport?: Viewport;
  /** JavaScript on (default) or off, for the no-JS journeys. */
  js?: boolean;
  /** The server to open: default the suite's shared one (inject("baseUrl")); a file's own startApp() url. */
  baseURL?: string;
  /** The context's default timeout for actions and waits. Default 15 s; PLAYWRIGHT_TIMEOUT is Playwright's own. */
  timeout?: number;
  /** Cookies and storage to start from (a signed-in state saved from another context). */
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
  /** Any other context option (isMobile, hasTouch, …), given as it is. */
  context?: BrowserContextOptions;
}

export const LOCALES = { en: "en-US", ar: "ar-EG" } as const;

/** Creates a context with the options above and a page in it. */
export async function pageIn(browser: Browser, options: NewPageOptions = {}): Promise<Page> {
  const viewport = options.viewport ?? "laptop";
  const locale = options.locale === undefined ? "en" : options.locale;
  const context = await browser.newContext({
    baseURL: options.baseURL ?? inject("baseUrl"),
    ...(locale ? { locale: LOCALES[locale] } : {}),
    viewport: typeof viewport === "string" ? VIEWPORTS[viewport] : viewport,
    javaScriptEnabled: options.js ?? true,
    ...(options.storageState ? { storageState: options.storageState } : {}),
    ...options.context,
  });
  context.setDefaultTimeout(options.timeout ?? 15_000);
  return context.newPage();
}

/** The staff the shared server seeds (global-setup.ts: ADMIN_EMAIL / ADMIN_PASSWORD). */
export const SEEDED = {
  admin: { email: "admin@example.com", password: "Admin-Passw0rd!" },
} as const;

export interface Credentials {
  email: string;
  password: string;
}

export interface SignInOptions {
  /** Wait for React to hydrate the sign-in page before typing. Default false. */
  hydrated?: boolean;
  /** Where the sign-in lands; false: do not wait. Default /\/admin$/. */
  waitForURL?: RegExp | false;
  /** How the Email and Password fields are found; see field(). Default "exact". */
  labels?: FieldMatch;
}

/**
 * Signs in on the English sign-in page: `who` is a seeded role of the shared server, or the credentials of a
 * file's own server.
 */
export async function signIn(page: Page, who: keyof typeof SEEDED | Credentials = "admin", options: SignInOptions = {}): Promise<void> {
  const { email, password } = typeof who === "string" ? SEEDED[who] : who;
  await page.goto("/login?lang=en");
  if (options.hydrated) await page.waitForSelector("html[data-hydrated]");
  await field(page, "Email", { match: options.labels }).fill(email);
  await field(page, "Password", { match: options.labels }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const landing = options.waitForURL ?? /\/admin$/;
  if (landing) await page.waitForURL(landing);
}

/**
 * "exact": the label is the text, or the text and the "*" of a required field. "prefix": the label starts
 * with the text (some files find "Email" and "Password" this way).
 */
export type FieldMatch = "exact" | "prefix";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A field by its label; required fields carry a trailing "*". */
export function field(scope: Page | Locator, label: string, options: { match?: FieldMatch } = {}): Locator {
  const escaped = escapeRegExp(label);
  return scope.getByLabel(new RegExp(options.match === "prefix" ? `^${escaped}` : `^${escaped}(\\s*\\*)?$`));
}

/** Opens a page and waits until React has hydrated it (buttons then open dialogs instead of following links). */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForSelector("html[data-hydrated]");
  return response;
}

/** A message in the toast region. */
export function toast(page: Page, text: string): Locator {
  return page.locator('[role="status"][aria-live="polite"] p', { hasText: text });
}

/** Collects the page's uncaught errors from now on. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function connectBrowser(): Promise<Browser> {
  const wsEndpoint = inject("browserWsEndpoint");
  return wsEndpoint ? chromium.connect(wsEndpoint) : launchBrowser();
}

/** The `newPage` fixture: a page in a context of its own, closed when the test ends. */
export type NewPage = (options?: NewPageOptions) => Promise<Page>;

export const test = base.extend<{
  $file: { browser: Browser };
  $test: {
    newPage: NewPage;
    signIn: typeof signIn;
  };
}>({
  browser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const browser = await connectBrowser();
      await provide(browser);
      await browser.close();
    },
    { scope: "file" },
  ],
  newPage: async ({ browser }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (options) => {
      const page = await pageIn(browser, options);
      contexts.push(page.context());
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  // eslint-disable-next-line no-empty-pattern
  signIn: async ({}, provide: (value: typeof signIn) => Promise<void>) => {
    await provide(signIn);
  },
});

export { describe, expect } from "vitest";

export interface OwnAppOptions {
  /** Names the file's database (`e2e_<name>_…`) and its AUTH_SECRET. */
  name: string;
  /** The server's environment (SEED_DEMO, ADMIN_EMAIL, limits, …), over what ownApp sets. */
  env?: Record<string, string>;
  /** A PostgreSQL database of its own (default); false: PGlite in the server's data directory. */
  postgres?: boolean;
  /** A test SMTP server, given to the app as SMTP_URL with a quick outbox (OUTBOX_POLL_MS 200). */
  smtp?: boolean;
  /** Instances on the one database and one DATA_DIR, started one after the other (the first migrates). */
  instances?: number;
  /** After the servers stop: no secret reached their output (assertNoSecretsInOutput). */
  checkSecrets?: boolean;
  /** The start hook's timeout; default the project's hookTimeout. */
  timeout?: number;
}

/** A file's own server and what came with it; read its members in hooks and tests, not at import time. */
export interface OwnApp {
  /** The (first) server's URL, for newPage({ baseURL }) and fetch. */
  readonly url: string;
  readonly app: RunningApp;
  readonly apps: readonly RunningApp[];
  /** The database's URL (postgres only). */
  readonly dbUrl: string;
  /** A small pool on the database (postgres only). */
  readonly pool: pg.Pool;
  /** The SMTP server (smtp only). */
  readonly smtp: TestSmtpServer;
}

/**
 * Starts the file's own server before its tests (beforeAll, where the call stands among the file's hooks)
 * and stops it after them, with the database, SMTP server and data directory it made.
 */
export function ownApp(options: OwnAppOptions): OwnApp {
  const state: { apps: RunningApp[]; db?: PgDatabase; pool?: pg.Pool; smtp?: TestSmtpServer; dataDir?: string } = { apps: [] };
  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (options.postgres ?? true) {
      state.db = await createPgDatabase(`e2e_${options.name.replaceAll("-", "_")}`);
      Object.assign(env, { DATABASE_URL: state.db.url, AUTH_SECRET: `e2e-${options.name}-secret-`.padEnd(48, "x") });
    }
    if (options.smtp) {
      state.smtp = await startSmtpServer();
      Object.assign(env, { SMTP_URL: state.smtp.url, OUTBOX_POLL_MS: "200" });
    }
    const instances = options.instances ?? 1;
    if (instances > 1) env.DATA_DIR = state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${options.name}-data-`));
    Object.assign(env, options.env);
    for (let i = 0; i < instances; i++) state.apps.push(await startApp(env));
    if (state.db) state.pool = new pg.Pool({ connectionString: state.db.url, max: 2 });
  }, options.timeout);
  afterAll(async () => {
    await state.pool?.end();
    for (const app of state.apps) await app.stop();
    await state.smtp?.stop();
    await state.db?.drop();
    if (state.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
    if (options.checkSecrets) for (const app of state.apps) assertNoSecretsInOutput(app.output());
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`ownApp(${options.name}): no ${what} (not started yet, or not asked for)`);
    return value;
  };
  return {
    get url() {
      return need(state.apps[0], "server").url;
    },
    get app() {
      return need(state.apps[0], "server");
    },
    get apps() {
      return state.apps;
    },
    get dbUrl() {
      return need(state.db, "database").url;
    },
    get pool() {
      return need(state.pool, "database");
    },
    get smtp() {
      return need(state.smtp, "SMTP server");
    },
  };
}
