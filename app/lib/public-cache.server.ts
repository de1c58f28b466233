// In-process cache of rendered public pages (issue 8 item 1; docs/performance.md). A public page is the
// same for every visitor who asks for the same URL in the same language: home, about, the catalogues, a
// course page... So the server keeps the finished HTML and answers the next such visitor without running
// the loaders or rendering React again: ~0.3 ms of CPU per page instead of 10 to 20. The root middleware
// (publicPageCache) stores pages; server.ts answers stored ones before React Router (storedPublicPage,
// exported through entry.server), and the middleware answers those that reach the router anyway.
//
// Correctness:
// - A public page depends on its URL alone: the language is its first path segment (D19 revised, ADR 010)
//   and nothing on these pages depends on a session or a cookie. The key is the URL. An old `?lang=` on a
//   localized path is redirected by the root middleware, so such URLs are never cached. The per-request
//   CSP nonce is swapped in on every answer.
// - Only GET documents of the public pages are cached, and only 200 HTML answers without Set-Cookie;
//   not searches (`?q=`: unbounded keys), HEAD or POST, data requests (`.data`) or anything else.
// - Invalidation: every admin write is audited in its own transaction (recordAudit), and recordAudit
//   calls invalidatePublicCache(). On PGlite a query outside a transaction waits until any open
//   transaction ends (one connection, PGlite's transaction mutex), so a page rendered after the
//   invalidation sees the committed change; a page whose rendering started before it is not stored
//   (generation check). A short lifetime (PAGE_TTL_MS) bounds anything else (the footer's year...).
// - Only with the embedded database. On PostgreSQL several instances share the data, one instance does not
//   see another's writes, and an outage must answer 503 at once: there, CDN caching of the `?lang` URLs
//   (Cache-Control s-maxage, app/entry.server.tsx) plays this role.
// - Memory is bounded (MAX_BYTES; the least recently used pages go first). PUBLIC_PAGE_CACHE=false turns
//   the cache off (npm run bench measures both).
import type { MiddlewareFunction } from "react-router";
import { requestInfoContext } from "./context.server.ts";
import { getDatabase } from "./db.server.ts";
import { env } from "./env.server.ts";

/** Public page paths; everything else always goes to the router. */
const PUBLIC_PAGE = /^\/(?:en|ar)(?:|\/about|\/services|\/contact|\/courses|\/english-courses|\/arabic-courses|\/courses\/[^/]+(?:\/enroll)?)$/;
export const PAGE_TTL_MS = 60_000;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  /** The page's bytes, cut where the nonce goes. */
  parts: Uint8Array<ArrayBuffer>[];
  headers: [string, string][];
  expires: number;
  bytes: number;
}

const pages = new Map<string, Entry>();
let bytes = 0;
let generation = 0;

function drop(key: string): void {
  const entry = pages.get(key);
  if (!entry) return;
  pages.delete(key);
  bytes -= entry.bytes;
}

/** Forgets every stored page. Called by recordAudit, i.e. by every admin write. */
export function invalidatePublicCache(): void {
  generation++;
  pages.clear();
  bytes = 0;
}

/** Number of stored pages (tests, diagnostics). */
export function publicCacheSize(): number {
  return pages.size;
}

function enabled(): boolean {
  try {
    return env().PUBLIC_PAGE_CACHE && getDatabase().kind === "pglite";
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
  if (!PUBLIC_PAGE.test(url.pathname) || url.searchParams.has("q") || url.searchParams.has("lang")) return null;
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams.toString()}`;
}

function requestKey(request: Request): string | null {
  const url = new URL(request.url);
  return publicPageKey(request.method, url.pathname + url.search);
}

export interface StoredPage {
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

/**
 * The stored page for a request, with its nonce in place; null when there is none (or the cache is off).
 * server.ts answers with it before React Router sees the request (the cheapest path); the middleware
 * below does the same for requests that reach the router.
 */
export function storedPublicPage(method: string, pathAndQuery: string, nonce: string): StoredPage | null {
  const key = enabled() ? publicPageKey(method, pathAndQuery) : null;
  return key ? lookup(key, nonce) : null;
}

function lookup(key: string, nonce: string): StoredPage | null {
  const hit = pages.get(key);
  if (!hit) return null;
  if (hit.expires <= Date.now()) {
    drop(key);
    return null;
  }
  // Most recently used last: the oldest entries go first when memory runs short.
  pages.delete(key);
  pages.set(key, hit);
  return { headers: hit.headers, body: withNonce(hit, nonce) };
}

const encoder = new TextEncoder();

/** The stored page with this request's nonce, as bytes (no re-encoding of the text per answer). */
function withNonce(entry: Entry, nonce: string): Uint8Array<ArrayBuffer> {
  const glue = encoder.encode(nonce);
  const body = new Uint8Array(entry.bytes + glue.length * (entry.parts.length - 1));
  let at = 0;
  entry.parts.forEach((part, i) => {
    if (i > 0) {
      body.set(glue, at);
      at += glue.length;
    }
    body.set(part, at);
    at += part.length;
  });
  return body;
}

/** The first root middleware: a stored page answers at once; otherwise the page is rendered and kept. */
export const publicPageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const key = enabled() ? requestKey(request) : null;
  if (!key) return next();
  const { nonce } = context.get(requestInfoContext);
  const hit = lookup(key, nonce);
  if (hit) return new Response(hit.body, { status: 200, headers: hit.headers });

  const startedAt = generation;
  const response = await next();
  if (
    response.status !== 200 ||
    !response.headers.get("Content-Type")?.startsWith("text/html") ||
    response.headers.has("Set-Cookie") ||
    !response.body
  ) {
    return response;
  }
  const html = await response.text();
  if (startedAt === generation) {
    const parts = (nonce ? html.split(nonce) : [html]).map((p) => encoder.encode(p));
    const entry: Entry = {
      parts,
      headers: [...response.headers],
      expires: Date.now() + PAGE_TTL_MS,
      bytes: parts.reduce((n, p) => n + p.length, 0),
    };
    drop(key);
    pages.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of pages.keys()) {
      if (bytes <= MAX_BYTES) break;
      drop(oldest);
    }
  }
  return new Response(html, { status: 200, statusText: response.statusText, headers: response.headers });
};
