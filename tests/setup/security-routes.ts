// The route list of app/routes.ts, flattened for the security suite: every URL pattern with its module
// file and the layout modules above it, which modules have an action, whether a visitor may reach it,
// how to fill its dynamic segments from the database, and the form vocabulary (field names and literal
// values) read from the module's source and the files it imports. Generated, so a route added to
// app/routes.ts is covered without touching the tests.
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { ADMIN_PAGES } from "~/lib/admin-pages.ts";
import routes from "~/routes.ts";
import type { QueryRows } from "./security-fingerprint.ts";

export const APP_DIR = path.resolve(import.meta.dirname, "../../app");
export const ROOT_MODULE = "root.tsx";

export interface FlatRoute {
  /** URL pattern, e.g. "/courses/:slug/enroll" ("/" for the index). */
  pattern: string;
  /** Module file relative to app/. */
  file: string;
  /** Layout module files between the root and this route, outermost first. */
  layouts: string[];
}

function join(parent: string, segment: string): string {
  return `${parent.replace(/\/$/, "")}/${segment}`;
}

/** Every route of app/routes.ts that answers a URL (layouts are folded into `layouts`). */
export function flattenRoutes(entries: RouteConfigEntry[] = routes, parent = "", layouts: string[] = []): FlatRoute[] {
  return entries.flatMap((e) => {
    const pattern = e.index ? parent || "/" : e.path !== undefined ? join(parent, e.path) : parent;
    if (!e.index && e.path === undefined) return flattenRoutes(e.children ?? [], parent, [...layouts, e.file]);
    const self: FlatRoute[] = [{ pattern: pattern || "/", file: e.file, layouts }];
    return [...self, ...flattenRoutes(e.children ?? [], pattern, [...layouts, e.file])];
  });
}

export interface RouteModule {
  action?: (args: unknown) => unknown;
  loader?: (args: unknown) => unknown;
  middleware?: ((args: unknown, next: () => Promise<unknown>) => unknown)[];
  default?: unknown;
}

export function importModule(file: string): Promise<RouteModule> {
  return import(path.join(APP_DIR, file)) as Promise<RouteModule>;
}

export interface ActionRoute extends FlatRoute {
  module: RouteModule;
  /** A visitor (no staff session) is meant to use it: it is outside /admin and not an admin page. */
  visitor: boolean;
  /** Open to staff who must first change a generated password (D9), as the list of admin pages says. */
  allowPasswordChange: boolean;
}

/** Staff-only routes live under /admin and are in the one list of admin pages (app/lib/admin-pages.ts). */
export function isVisitorRoute(route: FlatRoute): boolean {
  return !route.pattern.startsWith("/admin") && !ADMIN_PAGES.some((p) => p.file === route.file);
}

/** The routes whose module exports an action (one entry per module file: aliases share the module). */
export async function actionRoutes(): Promise<ActionRoute[]> {
  const seen = new Set<string>();
  const out: ActionRoute[] = [];
  for (const r of flattenRoutes()) {
    if (seen.has(r.file)) continue;
    seen.add(r.file);
    const module = await importModule(r.file);
    if (typeof module.action === "function") {
      const allowPasswordChange = ADMIN_PAGES.some((p) => p.file === r.file && p.allow === "passwordChange");
      out.push({ ...r, module, visitor: isVisitorRoute(r), allowPasswordChange });
    }
  }
  return out;
}

/**
 * Where dynamic segments get a real value. A new segment name makes `resolvePattern` fail with a message
 * asking for an entry here, so no route is skipped silently.
 */
export const PARAM_SOURCES: Record<string, string> = {
  lang: `select 'en' as v`,
  slug: `select slug as v from courses where is_published order by created_at limit 1`,
  id: `select id::text as v from course_documents order by created_at limit 1`,
  // A course's sharing image: /og/courses/<slug>.jpg.
  file: `select slug || '.jpg' as v from courses where is_published order by created_at limit 1`,
  // A student's enrollment page (without its token: the same 404 as a wrong one).
  reference: `select enrollment_id as v from enrollments order by created_at limit 1`,
  // A payment's receipt number (issue 37 item 6; without the token, the same 404).
  number: `select receipt_number as v from enrollment_ledger where receipt_number is not null order by id limit 1`,
};

/** The URL for a pattern with its `:params` filled from the database ("*" becomes a path that matches nothing). */
export async function resolvePattern(pattern: string, query: QueryRows): Promise<{ url: string; params: Record<string, string> }> {
  let url = pattern.replace(/\*$/, "no-such-page-for-security-suite");
  const params: Record<string, string> = {};
  for (const [, name] of pattern.matchAll(/:(\w+)\??/g)) {
    const source = PARAM_SOURCES[name!];
    if (!source) throw new Error(`tests/setup/security-routes.ts: add PARAM_SOURCES.${name} for ${pattern}`);
    const [row] = await query(source);
    // No such row (e.g. no document yet): a well-formed id that matches nothing still exercises the route.
    const value = row?.v === undefined ? crypto.randomUUID() : String(row.v);
    params[name!] = value;
    url = url.replace(new RegExp(`:${name}\\??`), encodeURIComponent(value));
  }
  return { url, params };
}

// ---- form vocabulary ------------------------------------------------------------------------------

function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(APP_DIR, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (candidate.startsWith(APP_DIR) && /\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

const NAME_PATTERNS = [
  /\bname=\{?\s*["'`]([A-Za-z_][\w.[\]-]{0,60})["'`]/g,
  /\b(?:formData|searchParams)\.(?:get|getAll|has)\(\s*["'`]([^"'`]{1,60})["'`]/g,
  /\bname:\s*["'`]([A-Za-z_][\w.[\]-]{0,60})["'`]/g,
  /\bfieldname\s*[!=]==?\s*["'`]([^"'`]{1,60})["'`]/g,
];
/** An object key in a schema file whose value is not a plain literal (so not a message table). */
const SCHEMA_KEY = /(?:^|[{,])\s*([A-Za-z_]\w{0,40})\s*:\s*(?![\s"'`\d{[])/gm;
/** Shorthand properties in a schema file (`z.object({ newPassword, confirmPassword })`). */
const SCHEMA_SHORTHAND = /^\s*([A-Za-z_]\w{0,40}),?\s*$/gm;
const CONST_LIST = /\[\s*((?:["'`][\w:-]{1,40}["'`]\s*,\s*)*["'`][\w:-]{1,40}["'`])\s*,?\s*\]\s*as const/g;
/** Configuration and logging: their enums are not form values. */
const SKIP_FILES = /[\\/]lib[\\/](env|logger)\.server\.ts$/;
const VALUE_PATTERNS = [
  /z\.literal\(\s*["'`]([^"'`]{1,60})["'`]/g,
  /\bvalue=\{?\s*["'`]([^"'`{}]{1,60})["'`]/g,
  /\bcase\s+["'`]([^"'`]{1,60})["'`]\s*:/g,
  /\bintent\s*={2,3}\s*["'`]([^"'`]{1,60})["'`]/g,
];
const ENUM = /z\.enum\(\s*\[([^\]]*)\]/g;
const LITERAL = /["'`]([^"'`]{1,60})["'`]/g;

export interface Vocabulary {
  names: string[];
  values: string[];
  /** Values that name an intent: z.literal(...), `intent === "..."`, `case "...":`. */
  intents: string[];
}

const INTENT_PATTERNS = [
  /z\.literal\(\s*["'`]([^"'`]{1,60})["'`]/g,
  /\bintent\s*={2,3}\s*["'`]([^"'`]{1,60})["'`]/g,
  /\bcase\s+["'`]([^"'`]{1,60})["'`]\s*:/g,
];

/** Field names and literal values found in a route module and the app files it imports (two levels). */
export function formVocabulary(file: string, depth = 2): Vocabulary {
  const names = new Set<string>(["intent"]);
  const values = new Set<string>();
  const intents = new Set<string>();
  const visited = new Set<string>();
  const visit = (abs: string, level: number) => {
    if (visited.has(abs) || SKIP_FILES.test(abs)) return;
    visited.add(abs);
    const src = fs.readFileSync(abs, "utf8");
    for (const re of NAME_PATTERNS) for (const m of src.matchAll(re)) names.add(m[1]!);
    if (/\.schema\.ts$/.test(abs)) for (const re of [SCHEMA_KEY, SCHEMA_SHORTHAND]) for (const m of src.matchAll(re)) names.add(m[1]!);
    for (const re of VALUE_PATTERNS) for (const m of src.matchAll(re)) values.add(m[1]!);
    for (const re of INTENT_PATTERNS) for (const m of src.matchAll(re)) intents.add(m[1]!);
    for (const re of [ENUM, CONST_LIST]) for (const m of src.matchAll(re)) for (const l of m[1]!.matchAll(LITERAL)) values.add(l[1]!);
    if (level >= depth) return;
    for (const m of src.matchAll(/\bfrom\s+["']([^"']+)["']/g)) {
      const target = resolveImport(abs, m[1]!);
      if (target && !target.includes(`${path.sep}locales${path.sep}`)) visit(target, level + 1);
    }
  };
  visit(path.join(APP_DIR, file), 0);
  return { names: [...names].sort(), values: [...values].sort(), intents: [...intents].sort() };
}
