// In-process cache of rendered public pages (issue 8 item 1, issue 18; docs/performance.md, ADR 017). A
// public page is the same for every visitor who asks for the same URL: home, about, the catalogues, a
// course page... So each instance keeps the finished page, compressed once, and answers the next such
// visitor with a copy of stored bytes: no loaders, no render, no compressor.
//
// How it fits together:
// - server.ts asks publicPage() before React Router. For a URL that is not cacheable it gets null and the
//   request goes on as any other (per-request nonce CSP). For a cacheable one it drops the nonce CSP and
//   answers either a stored copy or, on a miss, whatever the router renders.
// - The root middleware (publicPageCache, app/root.tsx) renders a miss in full, computes the sha256 of each
//   inline script that carries the render's nonce (the app's own: React's, React Router's, ours), removes
//   the nonce, stores identity, gzip and brotli bytes, and answers with the hashes in X-Script-Hashes;
//   server.ts turns them into the page's CSP (script-src 'self' + hashes: the first answer and every copy
//   carry the same policy, no nonce, no 'unsafe-inline'). A stored copy is sent in the encoding the
//   request's Accept-Encoding prefers (br > gzip > identity), with Content-Length and Vary.
//
// Correctness:
// - A public page depends on its URL alone: the language is its first path segment (D19 revised, ADR 010)
//   and nothing on these pages depends on a session or a cookie. The key is the URL. An old `?lang=` on a
//   localized path is redirected by the root middleware, so such URLs are never cached.
// - Only GET documents of the public pages, and only 200 HTML answers without Set-Cookie; not searches
//   (`?q=`: unbounded keys), HEAD or POST, data requests (`.data`) or anything else.
// - Invalidation, on both databases and across instances: each copy carries the content version read
//   before its render began (content-version.server.ts) and is served only while that is the current
//   version. Writes that change public pages bump it after their commit (admin-action.server.ts). A short
//   lifetime (PAGE_TTL_MS) bounds what depends on time (the footer's year, "starts soon"...).
// - Stale-if-error: while the database cannot be read, a copy made at the last version known is served
//   for up to STALE_IF_ERROR_MS past its lifetime; pages not stored answer the friendly 503.
// - Memory is bounded (MAX_BYTES, all encodings counted; the least recently used pages go first).
//   PUBLIC_PAGE_CACHE=false turns the cache off (npm run bench measures both).
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareFunction } from "react-router";
import { storedBrotliParams } from "./compression.server.ts";
import { currentVersion, lastKnownVersion, pageVersionContext } from "./content-version.server.ts";
import { requestInfoContext } from "./context.server.ts";
import { getDatabase } from "./db.server.ts";
import { env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { metrics } from "./metrics.server.ts";

/** Public page paths; everything else always goes to the router. A course's slug only as slugs are written. */
const PUBLIC_PAGE = /^\/(?:en|ar)(?:|\/about|\/services|\/contact|\/courses|\/english-courses|\/arabic-courses|\/courses\/[a-z0-9-]+(?:\/enroll)?)$/;
export const PAGE_TTL_MS = 60_000;
/** How long past its lifetime a copy may still answer while the database is down (Cache-Control too). */
export const STALE_IF_ERROR_MS = 3_600_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** The header that hands the page's script hashes to server.ts, which makes the CSP of them. */
export const SCRIPT_HASHES_HEADER = "X-Script-Hashes";

export type Encoding = "br" | "gzip" | "identity";

interface Entry {
  version: string;
  bodies: Record<Encoding, Buffer>;
  headers: [string, string][];
  /** CSP sources of the page's inline scripts: 'sha256-…'. */
  scriptHashes: string[];
  expires: number;
  bytes: number;
}

const pages = new Map<string, Entry>();
/** Keys being compressed right now (one compression per page at a time), and their work. */
const storing = new Map<string, Promise<void>>();
let bytes = 0;

function drop(key: string): void {
  const entry = pages.get(key);
  if (!entry) return;
  pages.delete(key);
  bytes -= entry.bytes;
}

/** Forgets every stored page (tests). Writes invalidate through the content version instead. */
export function clearPublicCache(): void {
  pages.clear();
  bytes = 0;
}

/** Number of stored pages (tests, diagnostics). */
export function publicCacheSize(): number {
  return pages.size;
}

function enabled(): boolean {
  try {
    getDatabase();
    return env().PUBLIC_PAGE_CACHE;
  } catch {
    return false;
  }
}

/** The cache key of a request, or null when its answer is not cached. */
export function publicPageKey(method: string, pathAndQuery: string): string | null {
  if (method !== "GET" || !pathAndQuery.startsWith("/")) return null;
  let url: URL;
  try {
    // Appended, not resolved: "//host/x" must stay a path, as React Router reads it.
    url = new URL(`http://localhost${pathAndQuery}`);
  } catch {
    return null;
  }
  if (!PUBLIC_PAGE.test(url.pathname)) return null;
  // Only the page's own parameters, once each, well formed and spelled as the site writes them (no
  // percent-escape: none of their values needs one) make a key: anything else (a search, `?lang`, `utm_*`,
  // `?x=<random>`, a filter on a page that has none) is rendered for its request and never stored, so a
  // stream of made-up URLs cannot push the real pages out of the cache. Another spelling of a page's URL
  // (`?category=%74echnology`) is not answered with its copy either: its loader answers 301 to the one
  // spelling (app/lib/canonical-url.ts). A filter naming no category answers 404, which is not stored.
  const allowed = KEY_PARAMS.get(url.pathname.slice("/en".length)) ?? NO_PARAMS;
  const names = new Set<string>();
  for (const pair of url.search ? url.search.slice(1).split("&") : []) {
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq);
    if (eq === -1 || names.has(name) || !allowed.get(name)?.test(pair.slice(eq + 1))) return null;
    names.add(name);
  }
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/** The catalogues' parameters, and the values they may take. */
const CATALOGUE_PARAMS: ReadonlyMap<string, RegExp> = new Map([
  ["page", /^[1-9]\d{0,3}$/],
  // Issue 20: the catalogue's start-date filter and next-start sort (catalog.schema.ts), a few values each.
  // Part of the key, so /courses?sort=start is never answered with the newest-first copy of /courses.
  ["starts", /^(?:soon|upcoming)$/],
  ["sort", /^start$/],
]);
const SLUG_VALUE = /^[a-z0-9-]{1,100}$/;
const NO_PARAMS: ReadonlyMap<string, RegExp> = new Map();

/**
 * The query parameters each stored page may have (by its path without the language); a page not named
 * has none. Only /courses filters by category: the language catalogues ignore one (catalog-page.server.ts).
 * A Map, not an object: `?constructor=x` must find nothing, not Object's own members.
 */
const KEY_PARAMS: ReadonlyMap<string, ReadonlyMap<string, RegExp>> = new Map([
  ["/courses", new Map([...CATALOGUE_PARAMS, ["category", SLUG_VALUE], ["subcategory", SLUG_VALUE]])],
  ["/english-courses", CATALOGUE_PARAMS],
  ["/arabic-courses", CATALOGUE_PARAMS],
]);

/** br when the request accepts it, else gzip, else identity (q=0 refuses; `*` accepts). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

export interface StoredPage {
  headers: [string, string][];
  body: Buffer;
  encoding: Encoding;
  scriptHashes: string[];
}

/** What server.ts learns about a request: not a cached URL (null), or a cacheable one with its copy if any. */
export type PublicPageLookup = null | { page: StoredPage | null };

/**
 * server.ts asks this before React Router: null when the URL is not cached (or the cache is off);
 * otherwise the stored copy, in the preferred encoding, when a current one exists.
 */
export async function publicPage(method: string, pathAndQuery: string, acceptEncoding?: string): Promise<PublicPageLookup> {
  const key = enabled() ? publicPageKey(method, pathAndQuery) : null;
  if (!key) return null;
  const page = await lookup(key, preferredEncoding(acceptEncoding));
  (page ? metrics().pageCacheHits : metrics().pageCacheMisses).inc();
  return { page };
}

async function lookup(key: string, encoding: Encoding): Promise<StoredPage | null> {
  if (!pages.has(key)) return null;
  let version: string | undefined;
  let failed = false;
  try {
    version = await currentVersion();
  } catch {
    failed = true;
  }
  // Read again after the wait: the entry may have been replaced or dropped meanwhile.
  const hit = pages.get(key);
  if (!hit) return null;
  const now = Date.now();
  if (failed) {
    // The database cannot be read: the copy made at the last version seen, within the stale bound.
    if (hit.version !== lastKnownVersion() || hit.expires + STALE_IF_ERROR_MS <= now) return null;
  } else if (hit.version !== version || hit.expires <= now) {
    // Outdated, or past its lifetime. Kept while it may serve in an outage; a newer version never will.
    if (hit.version !== version || hit.expires + STALE_IF_ERROR_MS <= now) drop(key);
    return null;
  }
  // Most recently used last: the oldest entries go first when memory runs short.
  pages.delete(key);
  pages.set(key, hit);
  return { headers: hit.headers, body: hit.bodies[encoding], encoding, scriptHashes: hit.scriptHashes };
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources ('sha256-…') of the inline scripts the app itself wrote into the page — those carrying
 * this render's nonce (React, React Router, our components all put it there) — in order, without repeats.
 * A script without it (markup that slipped into content) gets no hash, so it stays refused, as it was
 * under the nonce policy.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  if (!nonce) return [];
  const marker = `nonce="${nonce}"`;
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs!) || !attrs!.includes(marker)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Compresses once (the thread pool, not the event loop) and keeps the page; the memory bound applies. */
function store(key: string, html: string, headers: [string, string][], scriptHashes: string[], version: string): void {
  if (storing.has(key)) return;
  storing.set(key, compressAndKeep(key, html, headers, scriptHashes, version).finally(() => storing.delete(key)));
}

/** Resolves once the pages being stored are in (tests). */
export async function publicCacheSettled(): Promise<void> {
  await Promise.all(storing.values());
}

async function compressAndKeep(key: string, html: string, headers: [string, string][], scriptHashes: string[], version: string): Promise<void> {
  try {
    const identity = Buffer.from(html, "utf8");
    // Levels measured on /en/courses (76 KB; docs/performance.md): gzip 6 gives 14.3 KB in 1.1 ms, brotli
    // 8 gives 11.4 KB in 1.8 ms (10 would give 10.4 KB for 28 ms, 11 10.4 KB for 81 ms). It runs once per
    // page and version, and again each lifetime (PAGE_TTL_MS), so the cheap end of the curve it is.
    const [gz, br] = await Promise.all([
      gzip(identity, { level: 6 }),
      brotli(identity, { params: storedBrotliParams(identity.length) }),
    ]);
    const entry: Entry = {
      version,
      bodies: { identity, gzip: gz, br },
      headers,
      scriptHashes,
      expires: Date.now() + PAGE_TTL_MS,
      bytes: identity.length + gz.length + br.length,
    };
    drop(key);
    pages.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of pages.keys()) {
      if (bytes <= MAX_BYTES) break;
      drop(oldest);
    }
  } catch (err) {
    logger.warn({ err, key }, "public page not stored");
  }
}

/** Headers a copy does not keep: the encoding and length are the answer's own, the CSP is made per answer. */
const NOT_STORED = new Set(["content-length", "content-encoding", "content-security-policy", SCRIPT_HASHES_HEADER.toLowerCase()]);

function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type")?.startsWith("text/html") ?? false) &&
    !response.headers.has("Set-Cookie")
  );
}

/**
 * The first root middleware after the language redirects, for cacheable URLs server.ts had no copy of:
 * the page is rendered in full, the inline scripts carrying the render's nonce are hashed, the nonce is
 * taken out, and the page is kept. The version is read before the render and handed to the root loader
 * (pageVersionContext).
 */
export const publicPageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const key = enabled() ? publicPageKey(request.method, url.pathname + url.search) : null;
  if (!key) return next();
  // This render's nonce marks the scripts the app wrote; the stored copy keeps their hashes, not the nonce.
  const { nonce } = context.get(requestInfoContext);
  // The cost the cache saves: a full render of a page every visitor shares (`npm run bench` reads it).
  metrics().pageCacheRenders.inc();

  let version: string | undefined;
  try {
    version = await currentVersion();
    context.set(pageVersionContext, version);
  } catch {
    // The database is unavailable: the render answers (the friendly 503), nothing is stored.
  }
  const response = await next();
  // Redirects and data carry no script: server.ts gives them script-src 'self' alone.
  if (!response.headers.get("Content-Type")?.startsWith("text/html") || !response.body) return response;
  // Every HTML answer of a cacheable URL is read in full: its CSP names the hashes of all its scripts.
  const rendered = await response.text();
  const scriptHashes = inlineScriptHashes(rendered, nonce);
  const html = nonce ? rendered.replaceAll(` nonce="${nonce}"`, "") : rendered;
  const headers = new Headers(response.headers);
  headers.set(SCRIPT_HASHES_HEADER, scriptHashes.join(" "));
  if (version !== undefined && isStorable(response)) {
    const kept = [...headers].filter(([name]) => !NOT_STORED.has(name.toLowerCase()));
    store(key, html, kept, scriptHashes, version);
  }
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
};
