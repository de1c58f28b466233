// The version of what public pages show (issue 18, ADR 017). Every cache of public data — rendered pages
// (public-cache.server.ts), the layout's settings and menu (app/root.tsx) — keeps what it holds with the
// version it read BEFORE reading the data, and uses it only while that is still the current version.
//
// - A write that changes what public pages show calls contentChanged() AFTER its transaction commits (the
//   admin action path, app/lib/admin-action.server.ts; seeding and start-up). So a version read after the
//   bump belongs to data that includes the write, and whatever was read before it stops being served.
// - Embedded database (PGlite): one process owns the data; the version is a counter in this process.
// - PostgreSQL: several instances share the data; the version is the one row of `content_version`, read
//   per lookup with one cheap query, coalesced: at most one query in flight plus one queued, and a caller
//   never joins a query that began before it asked. So a page is never older than a write whose commit the
//   visitor could have seen (the admin's answer is sent after the bump). The row value is paired with this
//   process's own counter, so a bump whose UPDATE fails still drops this instance's copies.
// - While the database cannot be read, currentVersion() rejects; lastKnownVersion() is what it was last
//   (stale-if-error: the page cache may still serve copies made at that version).
import { createContext, type RouterContextProvider } from "react-router";
import { getDatabase } from "./db.server.ts";
import { logger } from "./logger.server.ts";

let local = 0;
let lastKnown: string | undefined;
let inflight: Promise<string> | undefined;
let queued: Promise<string> | undefined;

/** How long a version query may take before the database counts as unavailable. */
const QUERY_TIMEOUT_MS = 1_500;

const READ = { name: "content-version-read", text: "select version::text as v from content_version where id = 1" };
/** The bump, for scripts that write to a PostgreSQL database servers run on (seed:scale). */
// Monotonic even across a restore of an older dump: never below the clock in milliseconds.
export const BUMP_CONTENT_VERSION_SQL = `insert into content_version (id, version) values (1, (extract(epoch from clock_timestamp()) * 1000)::bigint)
         on conflict (id) do update set version = greatest(content_version.version + 1, excluded.version)
         returning version::text as v`;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`content version: no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

function startQuery(): Promise<string> {
  // Its own connection (Database.versionPool): requests holding every connection of the main pool must not
  // make every public page wait for its version (issue 34 item 4).
  const database = getDatabase();
  const pool = database.versionPool ?? database.pool!;
  const atStart = local;
  const query = withTimeout(pool.query<{ v: string }>(READ), QUERY_TIMEOUT_MS).then((result) => {
    const version = `${result.rows[0]?.v ?? "0"}.${atStart}`;
    lastKnown = version;
    return version;
  });
  const running = query.finally(() => {
    if (inflight === running) inflight = undefined;
  });
  inflight = running;
  return running;
}

/**
 * The current version. Immediate on the embedded database; on PostgreSQL a query that started after this
 * call (one in flight is not joined, a queued one is). Rejects while the database cannot be read.
 */
export function currentVersion(): Promise<string> {
  if (getDatabase().kind !== "postgres") {
    lastKnown = String(local);
    return Promise.resolve(lastKnown);
  }
  if (queued) return queued;
  if (!inflight) return startQuery();
  const before = inflight;
  const next = before
    .catch(() => undefined)
    .then(() => {
      if (queued === next) queued = undefined;
      return startQuery();
    });
  queued = next;
  return next;
}

/** The version last read successfully (stale-if-error), if any. */
export function lastKnownVersion(): string | undefined {
  return lastKnown;
}

/**
 * Call after a write that changes what public pages show has COMMITTED, before answering: every cached
 * copy made before is dropped on this instance at once and, on PostgreSQL, on every instance at its next
 * lookup. A failed bump is logged; this instance's copies are dropped anyway, other instances' copies
 * expire with their lifetime (public-cache.server.ts PAGE_TTL_MS).
 */
export async function contentChanged(): Promise<void> {
  local++;
  let database;
  try {
    database = getDatabase();
  } catch {
    return; // no database open (tests of pure code): nothing is cached either
  }
  if (database.kind !== "postgres") return;
  try {
    await withTimeout(database.pool!.query(BUMP_CONTENT_VERSION_SQL), QUERY_TIMEOUT_MS);
  } catch (err) {
    logger.error({ err }, "content version not bumped: other instances may show the old page for up to a minute");
  }
}

/** The version a page render read before it began (set by the page cache, read by the root loader). */
export const pageVersionContext = createContext<string | null>(null);

const requestVersions = new WeakMap<object, Promise<string>>();

/**
 * The version a request's loaders read their kept data at: the page cache's (read before the render), or
 * else one read at the first ask and shared by every loader of the request (the root's and the page's run
 * side by side), so an uncached page asks once.
 */
export function requestVersion(context: Readonly<RouterContextProvider>): Promise<string> {
  const known = context.get(pageVersionContext);
  if (known) return Promise.resolve(known);
  let version = requestVersions.get(context);
  if (!version) requestVersions.set(context, (version = currentVersion()));
  return version;
}

/**
 * Values computed from the database, one per key, kept per instance for as long as the content version does
 * not change (the catalogue's course counts per language and category). At most `maxKeys` are kept for a
 * version; past that a value is computed and not kept. A failed computation is not kept. The caller gives
 * the version it read before its own reads began (requestVersion).
 */
export function perVersionKeyed<T>(maxKeys: number): (key: string, version: string, load: () => Promise<T>) => Promise<T> {
  let heldVersion: string | undefined;
  const held = new Map<string, Promise<T>>();
  return (key, version, load) => {
    if (heldVersion !== version) {
      held.clear();
      heldVersion = version;
    }
    const kept = held.get(key);
    if (kept) return kept;
    const value = load();
    if (held.size < maxKeys) {
      held.set(key, value);
      value.catch(() => {
        if (held.get(key) === value) held.delete(key);
      });
    }
    return value;
  };
}

/**
 * A value computed from the database and kept per instance for as long as the content version does not
 * change (the layout's settings and navigation, the home page's content-only sections). A failed
 * computation is not kept. Give it the request's version (requestVersion) where there is a request.
 */
export function perVersion<T>(load: () => Promise<T>): (known?: string | null) => Promise<T> {
  const kept = perVersionKeyed<T>(1);
  // A version read before the caller's own reads began (pageVersionContext) serves as well as a new one.
  return async (known) => kept("", known ?? (await currentVersion()), load);
}
