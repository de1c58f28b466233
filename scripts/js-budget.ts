// `npm run budget` (after `npm run build`): the JavaScript a first visit to each public page downloads,
// gzipped, against the 150 KB budget (QUALITY.md), and a guard that no admin code and no PDF.js ever
// ships on a public page (issue 8 item 2). Exit code 1 on any breach.
//
// How a page's JavaScript is found, from the build's own records (never from file names):
// - React Router's manifest (build/client/assets/manifest-*.js) gives the route tree; each public URL is
//   matched against it (react-router's matchRoutes, so `/courses/:slug` and the 404 splat resolve as the
//   server resolves them) and gives the entry module and each matched route's module chunks.
// - Vite's manifest (build/client/.vite/manifest.json) gives the chunk graph: `imports` are followed
//   recursively (static imports load with the page; `dynamicImports` only on interaction, so they are
//   not counted), `src` says which source an entry chunk comes from.
// - Shared chunks have no `src` in Vite's manifest, so the build also records which modules each chunk
//   holds (build/client/.vite/chunk-modules.json, written by chunkModulesPlugin below); a forbidden module
//   inside a shared chunk is found that way.
// - Locale strings: the entry client loads, in the page's language, the locale files its routes need
//   (publicLocaleFilesFor in app/lib/locale-files.ts); each language is measured, the larger one counts.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";
import type { Plugin } from "vite";
import { publicLocaleFilesFor } from "../app/lib/locale-files.ts";

export const BUDGET_BYTES = 150 * 1024;

/** Public pages: what a visitor may open first. Each is measured on its own (a cold cache). */
export const PUBLIC_PAGES: readonly { label: string; url: string }[] = [
  // English URLs; the Arabic ones load the same scripts (the language is a path segment, D19 revised).
  { label: "/", url: "/en" },
  { label: "/about", url: "/en/about" },
  { label: "/services", url: "/en/services" },
  { label: "/contact", url: "/en/contact" },
  { label: "/courses", url: "/en/courses" },
  { label: "/english-courses", url: "/en/english-courses" },
  { label: "/arabic-courses", url: "/en/arabic-courses" },
  { label: "/courses/:slug", url: "/en/courses/any-course" },
  { label: "/courses/:slug/enroll", url: "/en/courses/any-course/enroll" },
  // "Send me my request's link" (issue 37 item 3).
  { label: "/enrollment", url: "/en/enrollment" },
  // The student's own enrollment page, opened from an email (issue 37 item 3).
  { label: "/enrollment/:reference", url: "/en/enrollment/ENR-ANY-REFERENCE" },
  // A payment's receipt, opened from the receipt email (issue 37 item 6).
  { label: "/enrollment/:reference/receipt/:number", url: "/en/enrollment/ENR-ANY-REFERENCE/receipt/NA-2026-00001" },
  // The student area: sign in by emailed link, then the requests (issue 38).
  { label: "/my", url: "/en/my" },
  { label: "/my/verify", url: "/en/my/verify" },
  { label: "/my/profile", url: "/en/my/profile" },
  { label: "404", url: "/en/no-such-page-budget-check" },
];

export const LANGUAGES = ["en", "ar"] as const;

/** Code that must never reach a public page, by source path (relative to the project, `/` separators). */
export const FORBIDDEN: readonly { reason: string; pattern: RegExp }[] = [
  { reason: "admin route", pattern: /(^|\/)app\/routes\/admin\// },
  { reason: "admin feature code", pattern: /(^|\/)app\/features\/(?:[^/]+\/)*[^/]*admin[^/]*(\/|$)/i },
  { reason: "admin component", pattern: /(^|\/)app\/components\/admin\// },
  { reason: "PDF.js", pattern: /(^|\/)node_modules\/pdfjs-dist\// },
];

export interface ViteManifestEntry {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  assets?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestEntry>;

export interface RouterManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}
export interface RouterManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, RouterManifestRoute>;
}

/** Build output file (e.g. "assets/x.js") → the modules it contains, relative to the project. */
export type ChunkModules = Record<string, string[]>;

/** The object assigned in build/client/assets/manifest-*.js (`window.__reactRouterManifest={...};`). */
export function parseRouterManifest(source: string): RouterManifest {
  const start = source.indexOf("{");
  const end = source.lastIndexOf("}");
  if (!source.includes("__reactRouterManifest") || start < 0 || end < start) {
    throw new Error("not a React Router manifest (window.__reactRouterManifest=…)");
  }
  return JSON.parse(source.slice(start, end + 1)) as RouterManifest;
}

/** The route tree of the manifest as react-router route objects (ids only: enough to match URLs). */
export function routeTree(manifest: RouterManifest): RouteObject[] {
  const byParent = new Map<string | undefined, RouterManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) {
    const list = byParent.get(route.parentId) ?? [];
    list.push(route);
    byParent.set(route.parentId, list);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) },
    );
  return build(undefined);
}

/** The route ids a URL renders, outermost first (root … leaf), as the server would match them. */
export function matchRouteIds(manifest: RouterManifest, url: string): string[] {
  const matches = matchRoutes(routeTree(manifest), url);
  if (!matches?.length) throw new Error(`no route matches ${url}`);
  return matches.map((m) => m.route.id!);
}

/** "/assets/x.js" (React Router) → "assets/x.js" (Vite's `file`). */
function toFile(url: string): string {
  return url.replace(/^\//, "");
}

/** Vite manifest keys by output file. */
export function keysByFile(manifest: ViteManifest): Map<string, string> {
  const map = new Map<string, string>();
  for (const [key, entry] of Object.entries(manifest)) map.set(entry.file, key);
  return map;
}

/**
 * Every chunk a page loads up front: the starting chunks and, recursively, their static `imports`
 * (cycles allowed). Keys that are not in the manifest are an error: the build and the manifest disagree.
 */
export function staticClosure(manifest: ViteManifest, startKeys: Iterable<string>): string[] {
  const seen = new Set<string>();
  const stack = [...startKeys];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    const entry = manifest[key];
    if (!entry) throw new Error(`chunk "${key}" is not in the Vite manifest`);
    seen.add(key);
    for (const next of entry.imports ?? []) if (!seen.has(next)) stack.push(next);
  }
  return [...seen];
}

/** The module files React Router fetches for a route on a first visit (main module and split chunks). */
function routeModules(route: RouterManifestRoute): string[] {
  return [route.module, route.clientActionModule, route.clientLoaderModule, route.clientMiddlewareModule, route.hydrateFallbackModule]
    .filter((m): m is string => typeof m === "string" && m !== "")
    .map(toFile);
}

/** The locale chunks of one language that a public page loads (see app/lib/locale-files.ts). */
export function localeKeys(manifest: ViteManifest, lng: string, publicFiles: readonly string[]): string[] {
  const wanted = new Set(publicFiles.map((f) => `app/locales/${lng}/${f}.json`));
  const keys = Object.entries(manifest)
    .filter(([, entry]) => entry.src && wanted.has(stripQuery(entry.src)))
    .map(([key]) => key);
  if (keys.length !== wanted.size) {
    const found = new Set(keys.map((k) => stripQuery(manifest[k]!.src!)));
    throw new Error(`locale chunks missing from the Vite manifest: ${[...wanted].filter((w) => !found.has(w)).join(", ")}`);
  }
  return keys;
}

function stripQuery(id: string): string {
  const q = id.indexOf("?");
  return q < 0 ? id : id.slice(0, q);
}

/** Project-relative, `/`-separated; ids outside the project keep their `node_modules/...` tail. */
export function normalizeModuleId(id: string, root: string): string {
  const clean = stripQuery(id.replace(/^\0/, "")).split(path.sep).join("/");
  const rel = path.isAbsolute(clean) ? path.relative(root, clean).split(path.sep).join("/") : clean;
  const nm = rel.lastIndexOf("node_modules/");
  return rel.startsWith("..") && nm >= 0 ? rel.slice(nm) : rel;
}

export interface Violation {
  file: string;
  module: string;
  reason: string;
}

/** Forbidden code in these chunks: by each chunk's `src`, its assets' `src`, and the modules it holds. */
export function findForbidden(manifest: ViteManifest, keys: Iterable<string>, chunkModules: ChunkModules): Violation[] {
  const byFile = keysByFile(manifest);
  const found: Violation[] = [];
  const check = (file: string, module: string) => {
    const rule = FORBIDDEN.find((f) => f.pattern.test(module));
    if (rule && !found.some((v) => v.file === file && v.module === module)) found.push({ file, module, reason: rule.reason });
  };
  for (const key of keys) {
    const entry = manifest[key]!;
    if (entry.src) check(entry.file, stripQuery(entry.src));
    for (const asset of entry.assets ?? []) {
      const src = manifest[byFile.get(asset) ?? ""]?.src;
      check(entry.file, src ? stripQuery(src) : asset);
    }
    for (const module of chunkModules[entry.file] ?? []) check(entry.file, module);
  }
  return found;
}

export interface PageReport {
  label: string;
  url: string;
  routeIds: string[];
  /** Output files, sorted. */
  files: string[];
  /** Gzipped bytes per language (code + that language's locale chunks). */
  bytes: Record<string, number>;
  violations: Violation[];
  overBudget: boolean;
}

export interface BudgetInput {
  viteManifest: ViteManifest;
  routerManifest: RouterManifest;
  chunkModules: ChunkModules;
  /** The locale files a page made of these routes loads (publicLocaleFilesFor in app/lib/locale-files.ts). */
  localeFilesFor: (routeIds: readonly string[]) => readonly string[];
  /** Gzipped size of a build output file ("assets/x.js"). */
  gzipSize: (file: string) => number;
  pages?: readonly { label: string; url: string }[];
  budget?: number;
}

/** The report for every public page; pure, given the manifests and a size function. */
export function analyse(input: BudgetInput): PageReport[] {
  const { viteManifest, routerManifest, chunkModules, localeFilesFor, gzipSize } = input;
  const budget = input.budget ?? BUDGET_BYTES;
  const byFile = keysByFile(viteManifest);
  const keyOf = (file: string) => {
    const key = byFile.get(file);
    if (!key) throw new Error(`${file} (from the React Router manifest) is not in the Vite manifest`);
    return key;
  };

  return (input.pages ?? PUBLIC_PAGES).map(({ label, url }) => {
    const routeIds = matchRouteIds(routerManifest, url);
    const starts = new Set<string>([keyOf(toFile(routerManifest.entry.module))]);
    for (const file of routerManifest.entry.imports ?? []) starts.add(keyOf(toFile(file)));
    for (const id of routeIds) {
      const route = routerManifest.routes[id]!;
      for (const file of routeModules(route)) starts.add(keyOf(file));
      for (const file of route.imports ?? []) starts.add(keyOf(toFile(file)));
    }
    const code = staticClosure(viteManifest, starts);
    const bytes: Record<string, number> = {};
    const files = new Set<string>();
    const violations = findForbidden(viteManifest, code, chunkModules);
    const localeFiles = localeFilesFor(routeIds);
    for (const lng of LANGUAGES) {
      const keys = staticClosure(viteManifest, [...code, ...localeKeys(viteManifest, lng, localeFiles)]);
      const jsFiles = keys.map((k) => viteManifest[k]!.file).filter((f) => /\.m?js$/.test(f));
      bytes[lng] = jsFiles.reduce((sum, f) => sum + gzipSize(f), 0);
      for (const f of jsFiles) files.add(f);
    }
    return {
      label,
      url,
      routeIds,
      files: [...files].sort(),
      bytes,
      violations,
      overBudget: Math.max(...Object.values(bytes)) > budget,
    };
  });
}

export function formatReport(reports: PageReport[], budget = BUDGET_BYTES): string {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const rows = reports.map((r) => [
    r.label,
    String(r.files.length),
    ...LANGUAGES.map((lng) => kb(r.bytes[lng] ?? 0)),
    r.violations.length ? "FORBIDDEN CODE" : r.overBudget ? "OVER BUDGET" : "ok",
  ]);
  const header = ["Public route", "JS files", ...LANGUAGES.map((l) => `KB gzip (${l})`), `Budget ${kb(budget)} KB`];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const out = [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)];
  for (const r of reports) {
    for (const v of r.violations) out.push(`${r.label}: ${v.file} contains ${v.reason}: ${v.module}`);
  }
  return out.join("\n");
}

export const CHUNK_MODULES_FILE = ".vite/chunk-modules.json";

/**
 * Vite plugin (vite.config.ts): records, for the browser build, which source modules each output chunk
 * holds — build/client/.vite/chunk-modules.json. Not served: the static server ignores dot folders.
 */
export function chunkModulesPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "course-academy:chunk-modules",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      if (this.environment && this.environment.name !== "client") return;
      const map: ChunkModules = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        map[output.fileName] = [...new Set(output.moduleIds.map((id) => normalizeModuleId(id, root)))].sort();
      }
      this.emitFile({ type: "asset", fileName: CHUNK_MODULES_FILE, source: `${JSON.stringify(map, null, 1)}\n` });
    },
  };
}

function readJson<T>(file: string, hint: string): T {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is missing: ${hint}`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as T;
}

export function main(root = process.cwd()): number {
  const client = path.join(root, "build/client");
  const hint = "run `npm run build` first (vite.config.ts needs build.manifest and chunkModulesPlugin)";
  const viteManifest = readJson<ViteManifest>(path.join(client, ".vite/manifest.json"), hint);
  const chunkModules = readJson<ChunkModules>(path.join(client, CHUNK_MODULES_FILE), hint);
  const assets = path.join(client, "assets");
  const routerFiles = fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f)) : [];
  if (routerFiles.length !== 1) throw new Error(`expected one build/client/assets/manifest-*.js, found ${routerFiles.length}: ${hint}`);
  const routerManifest = parseRouterManifest(fs.readFileSync(path.join(assets, routerFiles[0]!), "utf8"));
  const sizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(client, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  const reports = analyse({ viteManifest, routerManifest, chunkModules, localeFilesFor: publicLocaleFilesFor, gzipSize });
  console.log(formatReport(reports));
  const failed = reports.filter((r) => r.overBudget || r.violations.length > 0);
  if (failed.length) {
    console.error(`\nJS budget failed for ${failed.map((r) => r.label).join(", ")}.`);
    return 1;
  }
  console.log(`\nEvery public route is within ${BUDGET_BYTES / 1024} KB gzip, with no admin or PDF.js code.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.exitCode = main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
