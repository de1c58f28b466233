// Security suite (issue 8 item 5): fast-check fuzzing of every form action. The list comes from
// app/routes.ts (every module that exports an action), so a new action is fuzzed without touching this
// file. The app is started as in production (bootstrap: migrations, defaults, demo data, first admin,
// better-auth) on PGlite, or on PostgreSQL with TEST_DB=pg; each request goes through the route's real
// middleware chain (root i18next, the admin layout's session check with a real better-auth cookie) and
// then its action, as React Router runs them. Arbitrary bodies: field names from the module's own
// vocabulary (and random ones), values mixing Arabic, bidi marks, NUL, very long strings, numbers as
// strings, known ids; repeated keys; with and without an intent; urlencoded and multipart.
//
// For every request: never a 5xx; a refusal (4xx, ok:false, a form error) leaves every table exactly as
// it was (row counts and content hash); each message in the reply exists in en AND ar.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import i18next from "i18next";
import { RouterContextProvider } from "react-router";
import { account, user } from "@db/schema/index.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetAuthRateLimits } from "~/features/auth/auth.server.ts";
import { resetInstructorLoginLimits } from "~/features/instructor-accounts/portal.server.ts";
import { bootstrap, shutdown } from "~/bootstrap.server.ts";
import { appState } from "~/lib/app.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { db } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { hashPassword } from "~/lib/password.server.ts";
import { resetRateLimits } from "~/lib/rate-limit.server.ts";
import { bodyLimitFor, isUploadPath } from "~/lib/request-limits.server.ts";
import { enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { resources } from "~/locales/index.ts";
import { createTestDatabase, type TestDatabase } from "../setup/db.ts";
import { diffFingerprints, drizzleQuery, fingerprint, type QueryRows } from "../setup/security-fingerprint.ts";
import {
  actionRoutes,
  flattenRoutes,
  formVocabulary,
  importModule,
  isVisitorRoute,
  resolvePattern,
  ROOT_MODULE,
  type ActionRoute,
  type RouteModule,
  type Vocabulary,
} from "../setup/security-routes.ts";

const NUM_RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 30);
/** Replays a reported failure: SECURITY_FUZZ_SEED=<seed printed by fast-check>. */
const SEED = process.env.SECURITY_FUZZ_SEED ? Number(process.env.SECURITY_FUZZ_SEED) : undefined;
const PUBLIC_URL = "http://academy.test";
const ADMIN = { email: "admin@example.com", password: "Admin-Passw0rd!" };
/** A manager who still has to replace a generated password (D9): the caller of the forced-change page. */
const FORCED = { email: "forced@example.com", password: "Gener4ted!pw" };

// ---- translations ---------------------------------------------------------------------------------

const i18n = i18next.createInstance();
await i18n.init({
  resources,
  lng: "en",
  defaultNS: "common",
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

function localeValues(node: unknown, out = new Set<string>()): Set<string> {
  if (typeof node === "string") out.add(node);
  else if (node && typeof node === "object") for (const v of Object.values(node)) localeValues(v, out);
  return out;
}
const VALUES = { en: localeValues(resources.en), ar: localeValues(resources.ar) };

/** A message is a locale key present in both languages, or text that one of the locale files holds. */
function untranslated(message: string): string | null {
  if (i18n.exists(message, { lng: "en" }) && i18n.exists(message, { lng: "ar" })) return null;
  if (VALUES.en.has(message) || VALUES.ar.has(message)) return null;
  return message;
}

/** Properties of a reply that carry messages for people; `initialValue` echoes the input and is skipped. */
const MESSAGE_PROPS = new Set(["messageKey", "formError", "message", "error", "errors", "fields", "fieldErrors"]);
const ECHO_PROPS = new Set(["initialValue", "intendedValue", "payload"]);

function collectMessages(node: unknown, inMessage = false, out: string[] = []): string[] {
  if (typeof node === "string") {
    if (inMessage) out.push(node);
  } else if (Array.isArray(node)) {
    for (const v of node) collectMessages(v, inMessage, out);
  } else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (ECHO_PROPS.has(k)) continue;
      // Conform's `result.fields` lists field names; an AppError's `fields` maps fields to messages.
      if (k === "fields" && Array.isArray(v)) continue;
      collectMessages(v, inMessage || MESSAGE_PROPS.has(k), out);
    }
  }
  return out;
}

// ---- the app --------------------------------------------------------------------------------------

let database: TestDatabase | undefined;
let dataDir: string;
let query: QueryRows;
let adminCookie = "";
let forcedCookie = "";
let forced: { id: string; hash: string };
const savedEnv = { ...process.env };

const ROUTES: ActionRoute[] = await actionRoutes();
const ROOT: RouteModule = await importModule(ROOT_MODULE);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "security-fuzz-"));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    PUBLIC_URL,
    AUTH_SECRET: "security-fuzz-secret-".padEnd(48, "f"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "true",
    TRUST_PROXY: "false",
  });
  delete process.env.SMTP_URL;
  delete process.env.DATABASE_URL;
  if (process.env.TEST_DB === "pg") {
    // A fresh migrated database for this file; the app opens its own pool on it.
    database = await createTestDatabase();
    process.env.DATABASE_URL = database.url;
  }
  await bootstrap(parseEnv());
  // Emails stay queued: a worker changing outbox rows in the background would blur the fingerprints.
  await appState().worker.stop();
  query = drizzleQuery(db(), (text) => sql.raw(text));
  adminCookie = await signInAdmin();
  forced = { id: crypto.randomUUID(), hash: await hashPassword(FORCED.password) };
  const now = new Date();
  await db().insert(user).values({
    id: forced.id,
    email: FORCED.email,
    name: "Forced",
    emailVerified: true,
    role: "instructor_course_manager",
    mustChangePassword: true,
    createdAt: now,
    updatedAt: now,
  });
  await db()
    .insert(account)
    .values({ id: crypto.randomUUID(), accountId: forced.id, providerId: "credential", userId: forced.id, password: forced.hash, createdAt: now, updatedAt: now });
  forcedCookie = await signInAs(FORCED);
}, 120_000);

afterAll(async () => {
  await shutdown();
  await database?.destroy();
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function signInAdmin(): Promise<string> {
  return signInAs(ADMIN);
}

async function signInAs(who: { email: string; password: string }): Promise<string> {
  const res = await appState().auth.api.signInEmail({ body: who, asResponse: true });
  if (res.status !== 200) throw new Error(`sign-in of ${who.email} failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The fuzzed logout (or a password reset) may end the admin's session: sign in again when it did. */
async function ensureAdminSession(): Promise<void> {
  const current = await appState().auth.api.getSession({ headers: new Headers({ cookie: adminCookie }) });
  if (!current) adminCookie = await signInAdmin();
}

/** A fuzzed request may have completed the forced change: put the generated password and the flag back. */
async function ensureForcedSession(): Promise<void> {
  const [row] = await db().select({ must: user.mustChangePassword }).from(user).where(eq(user.id, forced.id));
  const current = await appState().auth.api.getSession({ headers: new Headers({ cookie: forcedCookie }) });
  if (row?.must && current) return;
  await db().update(user).set({ mustChangePassword: true }).where(eq(user.id, forced.id));
  await db().update(account).set({ password: forced.hash }).where(eq(account.userId, forced.id));
  forcedCookie = await signInAs(FORCED);
}

// ---- running one request the way React Router does -----------------------------------------------

interface Outcome {
  status: number;
  data?: unknown;
  location?: string | null;
  error?: unknown;
}

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return !!value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit";
}

async function normalize(value: unknown, thrown: boolean): Promise<Outcome> {
  if (value instanceof Response) {
    const type = value.headers.get("content-type") ?? "";
    const data = type.includes("json") ? await value.json().catch(() => undefined) : undefined;
    if (!type.includes("json")) await value.body?.cancel();
    return { status: value.status, data, location: value.headers.get("location") };
  }
  if (isDataWithInit(value)) return { status: value.init?.status ?? 200, data: value.data };
  // Anything else thrown (an Error, a string) is what React Router answers with a 500.
  if (thrown) return { status: 500, error: value };
  return { status: 200, data: value };
}

const layoutModules = new Map<string, RouteModule>();

async function invoke(
  route: ActionRoute,
  request: Request,
  params: Record<string, string>,
  ip: string,
  kind: "action" | "loader" = "action",
): Promise<Outcome> {
  const chain = [ROOT];
  for (const file of route.layouts) {
    if (!layoutModules.has(file)) layoutModules.set(file, await importModule(file));
    chain.push(layoutModules.get(file)!);
  }
  chain.push(route.module);
  const middleware = chain.flatMap((m) => m.middleware ?? []);
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: "fuzz", requestId: crypto.randomUUID(), ip });
  const args = { request, params, context, unstable_pattern: route.pattern };
  let reached = false;
  let result: unknown;
  const run = async (i: number): Promise<unknown> => {
    const mw = middleware[i];
    if (mw) return mw(args, () => run(i + 1));
    reached = true;
    result = await route.module[kind]!(args);
    return new Response(null, { status: 204 });
  };
  try {
    const returned = await run(0);
    return normalize(reached ? result : returned, false);
  } catch (err) {
    return normalize(err, true);
  }
}

function isRefusal(o: Outcome): boolean {
  if (o.status >= 400) return true;
  const d = o.data as Record<string, unknown> | undefined;
  if (!d || typeof d !== "object") return false;
  const result = d.result as { status?: unknown } | undefined;
  return d.ok === false || typeof d.messageKey === "string" || result?.status === "error";
}

// ---- arbitrary input --------------------------------------------------------------------------------

const ARABIC = [..."ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأإؤئةى٠١٢٣٤٥٦٧٨٩"];
const TASHKEEL = ["\u064B", "\u064E", "\u064F", "\u0650", "\u0651", "\u0652", "\u0640"];
const BIDI = ["\u200F", "\u200E", "\u202E", "\u202D", "\u202B", "\u2066", "\u2067", "\u2069", "\u061C", "\uFEFF", "\u200B"];

const arabicText = fc.string({ unit: fc.constantFrom(...ARABIC, ...TASHKEEL, " "), maxLength: 40 });
const bidiText = fc
  .array(fc.oneof(arabicText, fc.string({ maxLength: 8 }), fc.constantFrom(...BIDI)), { maxLength: 6 })
  .map((parts) => parts.join(""));
const nulText = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`);
const longText = fc
  .tuple(fc.constantFrom("x", "ب", "😀", "a ", "\u0000", "<script>"), fc.constantFrom(101, 256, 2_001, 10_000, 100_000))
  .map(([unit, n]) => unit.repeat(n));
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.constantFrom("0", "-1", "-0", "1e309", "NaN", "Infinity", "0x1F", "1_000", " 7 ", "٣", "2147483648", "9".repeat(40), "0.1"),
);
const oddText = fc.constantFrom("", " ", "on", "true", "false", "null", "undefined", "[]", "{}", "__proto__", "constructor", "../../etc/passwd", "' or 1=1 --", "%00", "<img src=x onerror=alert(1)>");

function genericValue(vocabulary: Vocabulary, known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...vocabulary.values, "x"), weight: 3 },
    { arbitrary: fc.constantFrom(...known.values, "x"), weight: 3 },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 2 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 20 }), weight: 1 },
    { arbitrary: arabicText, weight: 2 },
    { arbitrary: bidiText, weight: 1 },
    { arbitrary: nulText, weight: 1 },
    { arbitrary: longText, weight: 1 },
    { arbitrary: numberText, weight: 2 },
    { arbitrary: fc.emailAddress(), weight: 1 },
    { arbitrary: oddText, weight: 1 },
  );
}

/** Ids of the rows of the table a field like `courseId` points at (any table for `id`/`ids`). */
function idsFor(name: string, known: Known): string[] {
  const stem = name.replace(/Ids?$/, "").replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
  const tables = Object.keys(known.ids).filter((t) => stem === "id" || stem === "" || t.startsWith(stem));
  const ids = (tables.length ? tables : Object.keys(known.ids)).flatMap((t) => known.ids[t]!);
  return ids.length ? ids : ["x"];
}

/** A value that looks right for a field of that name, so some requests get past validation. */
function plausibleValue(name: string, known: Known): fc.Arbitrary<string> {
  if (/email/i.test(name)) return fc.oneof(fc.emailAddress(), fc.constantFrom(...known.values.filter((k) => k.includes("@")), "a@b.co"));
  if (/(^ids?$|Ids?$)/.test(name)) return fc.oneof({ arbitrary: fc.constantFrom(...idsFor(name, known)), weight: 4 }, { arbitrary: fc.uuid(), weight: 1 });
  if (/slug/i.test(name)) return fc.oneof(fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,8}){0,3}$/), fc.constantFrom(...known.values));
  if (/phone/i.test(name)) return fc.stringMatching(/^\+?[0-9]{6,14}$/);
  if (/price|hours|minutes|sort|page|students|partners|years|figure|size|count/i.test(name)) {
    return fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), numberText);
  }
  if (/url|facebook|instagram|linkedin|tiktok/i.test(name)) return fc.oneof(fc.webUrl(), fc.constant("javascript:alert(1)"));
  if (/lang|locale/i.test(name)) return fc.constantFrom("en", "ar", "both", "fr", "");
  if (/^is[A-Z]|published|active|visible/i.test(name)) return fc.constantFrom("on", "true", "false", "1", "0", "");
  if (/password/i.test(name)) return fc.oneof(fc.constant("Admin-Passw0rd!"), fc.string({ minLength: 8, maxLength: 20 }).map((x) => `Aa1!${x}`));
  // Free text: plain, Arabic, or otherwise fine text carrying a NUL or a bidi override (valid to a
  // length check, poison to a careless store or renderer).
  const text = fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), arabicText.map((x) => `ب${x}`));
  return fc.oneof(
    { arbitrary: text, weight: 3 },
    { arbitrary: text.map((x) => `${x}\u0000`), weight: 1 },
    { arbitrary: text.map((x) => `\u202E${x}\u202C`), weight: 1 },
  );
}

/** Values for conform's reserved fields: its own intents, broken JSON, wrong shapes, huge list positions. */
const reservedValue = fc.oneof(
  fc.constantFrom(
    '{"type":"validate","payload":{"name":"email"}}',
    '{"type":"reset","payload":{}}',
    '{"type":"update","payload":{"name":"title","value":"x"}}',
    '{"type":"insert","payload":{"name":"curriculum","index":0,"defaultValue":"x"}}',
    '{"type":"remove","payload":{"name":"ids","index":0}}',
    '{"type":"reorder","payload":{"name":"ids","from":0,"to":1}}',
    '{"listKeys":{}}',
    "",
    "{",
    "null",
    "[]",
    '"x"',
    '{"type":1,"payload":{}}',
    '{"type":"update"}',
    '{"type":"update","payload":null}',
    '{"type":"update","payload":{"name":"ids","index":4294967294,"value":"x"}}',
    '{"type":"reorder","payload":{"name":"ids","from":"a","to":{}}}',
    '{"type":"update","payload":{"name":"__proto__.polluted","value":"x"}}',
    '{"type":"update","payload":{"name":"email","value":"a\\u0000b"}}',
  ),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 30 }),
);

interface FuzzInput {
  intent: string | undefined;
  entries: [string, string][];
  repeat: boolean;
  query: [string, string][];
  /** How the body is sent: a form (as browsers do), or JSON, text or nothing (issue 14 item 6: 4xx). */
  encoding: "urlencoded" | "multipart" | "json" | "text" | "none";
  /** One of conform's reserved fields (`__intent__`, `__state__`), well formed or not. */
  reserved: [string, string] | null;
  file: { field: string; bytes: Uint8Array; filename: string; type: string } | null;
  json: boolean;
  lang: "en" | "ar";
  /** Copy a field into its confirmation (`confirmPassword` ← `newPassword`), as a person would type it. */
  mirror: boolean;
}

function inputArb(vocabulary: Vocabulary, known: Known): fc.Arbitrary<FuzzInput> {
  const generic = genericValue(vocabulary, known);
  const valueFor = (name: string) =>
    fc.oneof({ arbitrary: plausibleValue(name, known), weight: 2 }, { arbitrary: generic, weight: 1 });
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...vocabulary.names), weight: 8 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
    { arbitrary: fc.constantFrom("__proto__", "constructor", "a[0]", "a.b", "intent[]", "file"), weight: 1 },
  );
  // A few arbitrary fields, or nearly the whole form with mostly plausible values.
  const someFields = fc.array(
    name.chain((n) => valueFor(n).map((v) => [n, v] as [string, string])),
    { maxLength: 12 },
  );
  const formNames = vocabulary.names.filter((n) => n !== "intent");
  const wholeForm = fc
    .tuple(
      ...formNames.map((n) =>
        fc.option(fc.oneof({ arbitrary: plausibleValue(n, known), weight: 5 }, { arbitrary: generic, weight: 1 }), { nil: undefined, freq: 6 }),
      ),
    )
    .map((values) =>
      values.flatMap((v, i) => (v === undefined ? [] : [[formNames[i]!, v] as [string, string]])),
    );
  return fc.record({
    // Missing intent, one of the module's own intents, another of its values, or anything.
    intent: fc.option(
      fc.oneof(
        { arbitrary: fc.constantFrom(...vocabulary.intents, "x"), weight: 6 },
        { arbitrary: fc.constantFrom(...vocabulary.values, "x"), weight: 1 },
        { arbitrary: generic, weight: 1 },
      ),
      { nil: undefined, freq: 6 },
    ),
    entries: fc.oneof(someFields, wholeForm),
    // Every key sent twice (arrays where the schema expects one value) in one request out of five.
    repeat: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    query: fc.array(name.chain((n) => valueFor(n).map((v) => [n, v] as [string, string])), { maxLength: 2 }),
    encoding: fc.oneof(
      // Rarely: the root middleware refuses these before the action, which the fixed malformed set below
      // covers on every action; the runs are better spent reaching the actions.
      { arbitrary: fc.constantFrom("urlencoded" as const, "multipart" as const), weight: 15 },
      { arbitrary: fc.constantFrom("json" as const, "text" as const, "none" as const), weight: 1 },
    ),
    reserved: fc.option(fc.tuple(fc.constantFrom("__intent__", "__state__"), reservedValue), { nil: null, freq: 9 }),
    file: fc.option(
      fc.record({
        field: fc.constantFrom("file", ...vocabulary.names),
        bytes: fc.uint8Array({ maxLength: 512 }),
        filename: fc.oneof(fc.constantFrom("a.png", "x.pdf", "../../x.svg", "ملف.pdf", "a.php.jpg"), fc.string({ maxLength: 20 })),
        type: fc.constantFrom("image/png", "image/svg+xml", "application/pdf", "text/html", ""),
      }),
      { nil: null, freq: 3 },
    ),
    json: fc.boolean(),
    lang: fc.constantFrom("en" as const, "ar" as const),
    mirror: fc.boolean(),
  });
}

function buildRequest(url: string, input: FuzzInput, cookie: string | null): Request {
  const target = new URL(url, PUBLIC_URL);
  target.searchParams.set("lang", input.lang);
  for (const [k, v] of input.query) target.searchParams.append(k, v.slice(0, 200));
  let fields = input.entries;
  if (input.mirror) {
    fields = fields.map(([name, value]) => {
      const confirmed = /^confirm(.+)$/.exec(name)?.[1]?.toLowerCase();
      const source = confirmed && fields.find(([n]) => !n.startsWith("confirm") && n.toLowerCase().endsWith(confirmed));
      return source ? [name, source[1]] : [name, value];
    });
  }
  const entries: [string, string][] = [
    ...(input.intent === undefined ? [] : [["intent", input.intent] as [string, string]]),
    ...fields,
    ...(input.repeat ? fields : []),
    ...(input.reserved ? [input.reserved] : []),
  ];
  let body: BodyInit | null;
  if (input.encoding === "none") {
    body = null;
  } else if (input.encoding === "json") {
    body = new Blob([JSON.stringify(Object.fromEntries(entries))], { type: "application/json" });
  } else if (input.encoding === "text") {
    body = new URLSearchParams(entries).toString(); // a string body is sent as text/plain
  } else if (input.encoding === "urlencoded") {
    body = new URLSearchParams(entries);
  } else {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    if (input.file) form.append(input.file.field, new Blob([new Uint8Array(input.file.bytes)], { type: input.file.type }), input.file.filename);
    body = form;
  }
  const headers = new Headers({ origin: PUBLIC_URL, "user-agent": "security-fuzz" });
  if (cookie) headers.set("cookie", cookie);
  if (input.json) headers.set("accept", "application/json");
  return new Request(target, { method: "POST", headers, body });
}

interface Known {
  /** Some row ids per table. */
  ids: Record<string, string[]>;
  /** Every id, course slugs, staff emails, role names. */
  values: string[];
}

/** Values an action recognises: ids of rows in every table, course slugs, staff emails, role names. */
async function knownValues(): Promise<Known> {
  const tables = await query(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' order by 1`,
  );
  const parts = tables.map(
    (t) => `(select '${String(t.table_name)}' as t, id::text as v from "${String(t.table_name)}" order by random() limit 6)`,
  );
  parts.push(
    `(select '' as t, slug as v from courses limit 4)`,
    `(select '' as t, email as v from "user")`,
    `(select '' as t, role_name as v from role_permissions)`,
  );
  const rows = await query(parts.join(" union all "));
  const ids: Record<string, string[]> = {};
  for (const r of rows) if (r.t) (ids[String(r.t)] ??= []).push(String(r.v));
  return { ids, values: [...new Set(rows.map((r) => String(r.v)))] };
}

// ---- the property, per action and per kind of caller ------------------------------------------------

describe("fuzzing every form action (generated from app/routes.ts)", () => {
  it("finds the actions, public and staff", () => {
    const files = ROUTES.map((r) => r.file);
    // The known ones at least; anything added later joins automatically.
    for (const f of ["routes/site/contact.tsx", "routes/site/enroll.tsx", "routes/auth/login.tsx", "routes/admin/users.tsx"]) {
      expect(files).toContain(f);
    }
    expect(ROUTES.filter((r) => r.visitor).length).toBeGreaterThanOrEqual(4);
    expect(ROUTES.filter((r) => !r.visitor).length).toBeGreaterThanOrEqual(5);
  });

  // An admin everywhere; a visitor on the public actions; a staff member with a generated password on the
  // forced-change page (the one caller it serves).
  type Caller = "admin" | "visitor" | "forced";
  const cases = ROUTES.flatMap((route) => {
    const callers: Caller[] = ["admin"];
    if (route.visitor) callers.push("visitor");
    if (route.allowPasswordChange) callers.push("forced");
    return callers.map((who) => ({ route, who }));
  });

  it.each(cases.map((c) => [`${c.route.pattern} (${c.route.file}) as ${c.who}`, c] as const))(
    "POST %s: no 5xx, no partial write, translated messages",
    async (_label, { route, who }) => {
      const vocabulary = formVocabulary(route.file);
      const known = await knownValues();
      const { url, params } = await resolvePattern(route.pattern, query);
      const statuses = new Map<number, number>();
      // Untranslated messages are collected over the whole run (with the input that produced each), so one
      // report lists them all; a 5xx or a partial write stops the run and is shrunk to a minimal input.
      const untranslatedSeen = new Map<string, string>();
      await fc.assert(
        fc.asyncProperty(inputArb(vocabulary, known), fc.ipV4(), async (input, ip) => {
          // Each run starts with fresh limits (the limiters themselves are tested in the e2e suite).
          resetRateLimits();
          resetAuthRateLimits();
          // The instructor sign-in too: failures for one account from many addresses now slow it down (a
          // growing delay, issue 14 point 5) rather than refuse it, which would make every later run wait.
          resetInstructorLoginLimits();
          if (who === "admin") await ensureAdminSession();
          if (who === "forced") await ensureForcedSession();
          const before = await fingerprint(query);
          const request = buildRequest(url, input, who === "admin" ? adminCookie : who === "forced" ? forcedCookie : null);
          const outcome = await invoke(route, request, params, ip);
          statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
          if (process.env.SECURITY_FUZZ_DEBUG) {
            console.info(route.pattern, JSON.stringify(input.intent)?.slice(0, 40), outcome.status, JSON.stringify((outcome.data as { result?: { error?: unknown } })?.result?.error ?? outcome.data ?? null).slice(0, 400));
          }
          const where = `${route.pattern} as ${who}: ${outcome.status} ${JSON.stringify(outcome.data ?? null).slice(0, 300)}`;
          if (outcome.error !== undefined) {
            const err = outcome.error as Error;
            throw new Error(`${route.pattern} as ${who} threw (500): ${err?.stack ?? String(err)}`);
          }
          expect(outcome.status, where).toBeLessThan(500);
          if (who !== "visitor") {
            // The harness really is signed in: the admin area never sends this caller to the sign-in page.
            expect(outcome.location ?? "", where).not.toMatch(/^\/login\?from=/);
          }
          if (isRefusal(outcome)) {
            const after = await fingerprint(query);
            expect(diffFingerprints(before, after), `${where}: a refused request changed the database`).toEqual([]);
          }
          // A refusal's messages wherever they sit; an accepted request's own message key (a toast).
          const d = outcome.data as { messageKey?: unknown } | undefined;
          const messages = isRefusal(outcome) ? collectMessages(outcome.data) : typeof d?.messageKey === "string" ? [d.messageKey] : [];
          for (const message of messages) {
            if (untranslated(message) !== null && !untranslatedSeen.has(message)) {
              untranslatedSeen.set(message, JSON.stringify({ ...input, entries: input.entries.map(([k, v]) => [k, v.slice(0, 40)]) }).slice(0, 400));
            }
          }
        }),
        { numRuns: NUM_RUNS, seed: SEED },
      );
      console.info(`fuzz ${route.pattern} as ${who}: ${JSON.stringify(Object.fromEntries(statuses))}`);
      const report = [...untranslatedSeen].map(([message, input]) => `${JSON.stringify(message)} ← ${input}`);
      expect(report, `${route.pattern} as ${who}: messages that are neither a key in en and ar nor a translation`).toEqual([]);
    },
    180_000,
  );
});

// ---- malformed requests (issue 14, items 1, 2 and 6) --------------------------------------------------
// Every action gets the same set of broken requests: other content types, no body, conform's reserved
// fields malformed, repeated fields, too many fields, bodies over the cap, NUL in the query. Each must be
// a 4xx with a translated message that leaves the database as it was; the body-size attacks must be
// refused in well under 100 ms (the form library's parse is quadratic in a repeated name: it must never
// see such a body). Every page (every route with a loader) refuses NUL in its path or query with 400.

const FORM = "application/x-www-form-urlencoded";

interface Malformed {
  label: string;
  status: number[];
  method?: string;
  type?: string;
  body?: (pattern: string) => string;
  query?: string;
  /** Must be refused in under 100 ms (the timing is the attack). */
  fast?: boolean;
}

const intent = (control: unknown) => `__intent__=${encodeURIComponent(JSON.stringify(control))}`;

const MALFORMED: Malformed[] = [
  { label: "a JSON body", status: [415], type: "application/json", body: () => '{"email":"a@b.c","intent":"save"}' },
  { label: "a text/plain body", status: [415], type: "text/plain", body: () => "email=a@b.c&intent=save" },
  { label: "an XML body", status: [415], type: "application/xml", body: () => "<a>b</a>" },
  { label: "no body at all", status: [415] },
  { label: "PUT with a JSON body", status: [415], method: "PUT", type: "application/json", body: () => "{}" },
  { label: "DELETE without a body", status: [415], method: "DELETE" },
  { label: "multipart without its boundary", status: [400], type: "multipart/form-data", body: () => "--x\r\n" },
  { label: "multipart cut short", status: [400], type: "multipart/form-data; boundary=x", body: () => '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb' },
  { label: "__intent__ that is not JSON", status: [400], type: FORM, body: () => "intent=save&__intent__=%7B" },
  { label: "__intent__ without a payload", status: [400], type: FORM, body: () => intent({ type: "update" }) },
  { label: "__intent__ with a wrong payload", status: [400], type: FORM, body: () => intent({ type: "reorder", payload: { name: "ids", from: "a", to: {} } }) },
  { label: "__intent__ making a 4-billion-item list", status: [400], type: FORM, body: () => intent({ type: "update", payload: { name: "ids", index: 4294967294, value: "x" } }) },
  { label: "__intent__ naming __proto__", status: [400], type: FORM, body: () => intent({ type: "update", payload: { name: "__proto__.polluted", value: "x" } }) },
  { label: "__intent__ twice", status: [400], type: FORM, body: () => `${intent({ type: "validate", payload: { name: "email" } })}&${intent({ type: "validate", payload: { name: "email" } })}` },
  { label: "__state__ that is not JSON", status: [400], type: FORM, body: () => "__state__=%7B" },
  { label: "a list position past the field cap", status: [400], type: FORM, body: () => "ids[4294967294]=x" },
  { label: "a single-valued field twice", status: [400], type: FORM, body: () => "intent=save&intent=delete" },
  { label: "201 fields", status: [413], type: FORM, body: () => Array.from({ length: 201 }, (_, i) => `f${i}=x`).join("&") },
  { label: "320 KB of one repeated field", status: [413], type: FORM, body: () => "email=x&".repeat(40_000), fast: true },
  { label: "320 KB of one repeated field, multipart", status: [413], type: "multipart/form-data; boundary=b", body: () => '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n'.repeat(6_000) + "--b--\r\n", fast: true },
  {
    label: "one field repeated up to the cap",
    status: [400, 413],
    type: FORM,
    body: (pattern) => "email=x&".repeat(Math.floor(bodyLimitFor(pattern) / 8) - 1),
    fast: true,
  },
  { label: "NUL in the query", status: [400], type: FORM, body: () => "a=b", query: "?q=%00&user=%00" },
];

function malformedRequest(url: string, m: Malformed, pattern: string, cookie: string | null): Request {
  const target = new URL(url, PUBLIC_URL);
  if (m.query) target.search = m.query;
  const headers = new Headers({ origin: PUBLIC_URL, "user-agent": "security-fuzz" });
  if (m.type) headers.set("content-type", m.type);
  if (cookie) headers.set("cookie", cookie);
  return new Request(target, { method: m.method ?? "POST", headers, body: m.body ? m.body(pattern) : null });
}

describe("malformed requests to every form action get 4xx (issue 14)", () => {
  type Caller = "admin" | "visitor";
  const cases = ROUTES.flatMap((route) => (route.visitor ? (["admin", "visitor"] as Caller[]) : (["admin"] as Caller[])).map((who) => ({ route, who })));

  it.each(cases.map((c) => [`${c.route.pattern} as ${c.who}`, c] as const))("POST %s", async (_label, { route, who }) => {
    const resolved = await resolvePattern(route.pattern, query);
    const { params } = resolved;
    // A student's page answers its own link only: with the token its body is read (and must refuse well).
    const url = params.reference ? `${resolved.url}?t=${enrollmentToken(params.reference)}` : resolved.url;
    const problems: string[] = [];
    for (const m of MALFORMED) {
      resetRateLimits();
      resetAuthRateLimits();
      resetInstructorLoginLimits();
      if (who === "admin") await ensureAdminSession();
      const before = await fingerprint(query);
      const request = malformedRequest(url, m, route.pattern, who === "admin" ? adminCookie : null);
      const started = performance.now();
      const outcome = await invoke(route, request, params, "203.0.113.9");
      const ms = performance.now() - started;
      const where = `${m.label}: ${outcome.status} ${JSON.stringify(outcome.data ?? null).slice(0, 200)}`;
      // The upload routes read their own bodies (with their own limits and messages): any 4xx of theirs.
      const expected = isUploadPath(new URL(url, "http://localhost").pathname) ? (s: number) => s >= 400 && s < 500 : (s: number) => m.status.includes(s);
      if (!expected(outcome.status)) problems.push(`${where} (expected ${m.status.join(" or ")})`);
      if (m.fast && ms >= 100) problems.push(`${m.label}: took ${Math.round(ms)} ms`);
      const changed = diffFingerprints(before, await fingerprint(query));
      if (changed.length) problems.push(`${m.label}: changed the database: ${JSON.stringify(changed).slice(0, 200)}`);
      for (const message of collectMessages(outcome.data)) {
        if (untranslated(message) !== null) problems.push(`${m.label}: untranslated ${JSON.stringify(message)}`);
      }
    }
    expect(problems, route.pattern).toEqual([]);
  });
});

const PAGE_ROUTES: ActionRoute[] = [];
for (const r of flattenRoutes()) {
  const module = await importModule(r.file);
  if (typeof module.loader === "function") PAGE_ROUTES.push({ ...r, module, visitor: isVisitorRoute(r), allowPasswordChange: false });
}

describe("NUL in a path or a query string gets 400 on every page (issue 14)", () => {
  it("covers the pages the attack used", () => {
    const patterns = PAGE_ROUTES.map((r) => r.pattern);
    for (const p of ["/:lang/courses", "/:lang/courses/:slug", "/admin/audit"]) expect(patterns).toContain(p);
  });

  it.each(PAGE_ROUTES.map((r) => [`${r.pattern} (${r.file})`, r] as const))("GET %s", async (_label, route) => {
    await ensureAdminSession();
    const cookie = route.visitor ? null : adminCookie;
    const { url, params } = await resolvePattern(route.pattern, query);
    const attempts: { url: string; params: Record<string, string> }[] = [
      { url: `${url}?q=%00`, params },
      { url: `${url}?user=x%00y&page=1`, params },
    ];
    // A NUL inside each dynamic segment (`/en/courses/a%00b`).
    for (const name of Object.keys(params)) {
      if (name === "lang") continue;
      attempts.push({ url: url.replace(encodeURIComponent(params[name]!), "a%00b"), params: { ...params, [name]: "a\0b" } });
    }
    for (const attempt of attempts) {
      const headers = new Headers({ "user-agent": "security-fuzz" });
      if (cookie) headers.set("cookie", cookie);
      const outcome = await invoke(route, new Request(new URL(attempt.url, PUBLIC_URL), { headers }), attempt.params, "203.0.113.9", "loader");
      // A public URL without its language is sent to the language URL first (which then answers 400).
      if (outcome.status === 302 && /^\/(en|ar)([/?]|$)/.test(outcome.location ?? "")) continue;
      expect(outcome.status, `${attempt.url}: ${JSON.stringify(outcome.data ?? null).slice(0, 200)}`).toBe(400);
      expect(outcome.data).toMatchObject({ messageKey: "errors.invalidAddress" });
    }
  });
});
