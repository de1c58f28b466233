import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import * as schema from "@db/schema/index.ts";
import { errorChain, errorField } from "./error-codes.ts";
import { OwnerOnlyNodeFS } from "./pglite-fs.server.ts";

type Schema = typeof schema;
/** One type for both drivers: PGlite is PostgreSQL, so the query builder is the same. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run queries: the database or a transaction. */
export type Executor = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "db/migrations");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `select 1` within `timeoutMs`; false when the database does not answer. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Applies the migrations not applied yet; answers the names of those this call applied, in order. */
  migrate(): Promise<string[]>;
  close(): Promise<void>;
  /** The PGlite instance, for snapshot/restore in tests and backups. */
  pglite?: PGlite;
  /** The pg pool (PostgreSQL only): the rate limiters' shared store runs on it (rate-limit.server.ts). */
  pool?: pg.Pool;
  /**
   * One connection of its own for the content version (PostgreSQL only; content-version.server.ts): every
   * public page asks for it, and it must answer even while requests hold every connection of `pool`.
   */
  versionPool?: pg.Pool;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; "memory://" for an in-memory database. */
  dataDir?: string;
  /** Preloaded PGlite data (a dumpDataDir tarball), used by tests to skip migrations. */
  loadDataDir?: Blob | File;
  poolMax?: number;
  onPoolError?: (err: Error) => void;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * PostgreSQL settings of the embedded database, sized for a small site (issue 18 point 5). PostgreSQL's
 * default shared_buffers (128 MB) is zeroed when PGlite starts, so it was resident before the first query;
 * a small site's tables and indexes (a few MB) fit in 16 MB, and the pages PGlite reads beyond that come from
 * the operating system's file cache. Measured in docs/performance.md ("Memory"): 115-140 MB less resident,
 * the same CPU per query.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB"] as const;

/**
 * What a request may wait for on PostgreSQL (issue 34 item 4): a row lock 5 s (an approval behind another
 * approval of the same run), a statement 30 s, a connection from the pool 10 s. Beyond that the request ends
 * with the friendly 503 (isDatabaseUnavailable) instead of holding a connection while others queue behind
 * it: 200 requests waiting on one run's row lock had exhausted the pool and pages answered 503 for minutes.
 */
const REQUEST_TIMEOUTS = {
  // A burst (200 requests for one run at once on two instances) queues here, in order, for a few seconds:
  // waiting for a connection holds nothing (issue 34 item 4; bench/one-run-crowd.ts).
  connectionTimeoutMillis: 10_000,
  idleTimeoutMillis: 30_000,
  lock_timeout: 5_000,
  statement_timeout: 30_000,
  idle_in_transaction_session_timeout: 60_000,
} as const;

function watchedPool(options: DatabaseOptions, config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionString: options.url, ...config });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (err) => options.onPoolError?.(err));
  // Nor may a checked-out one: a client held between two statements of a transaction when the server
  // ends its session (shutdown, restart, failover: FATAL 57P01) emits 'error' with nobody else
  // listening — an unhandled 'error' event would end the process. The pending or next query fails,
  // the transaction rolls back, and the pool discards the client (tests/faults/database-restart).
  pool.on("connect", (client) => {
    client.on("error", (err) => options.onPoolError?.(err));
  });
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = watchedPool(options, { max: options.poolMax ?? 10, ...REQUEST_TIMEOUTS });
    const versionPool = watchedPool(options, { max: 1, ...REQUEST_TIMEOUTS });
    const db: Db = drizzlePg(pool, { schema, casing: "snake_case" });
    return {
      db,
      kind: "postgres",
      pool,
      versionPool,
      ping: async (timeoutMs = 2000) => {
        try {
          await withTimeout(pool.query("select 1"), timeoutMs);
          return true;
        } catch {
          return false;
        }
      },
      // Migrations on a connection of their own, without the requests' time limits (an index on a big
      // table may take minutes).
      migrate: async () => {
        const migrator = new pg.Pool({ connectionString: options.url, max: 1 });
        try {
          return await migrateListed(db, () => migratePg(drizzlePg(migrator), { migrationsFolder: MIGRATIONS_DIR }));
        } finally {
          await migrator.end();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), versionPool.end()]);
      },
    };
  }

  const dataDir = options.dataDir ?? "memory://";
  const onDisk = !dataDir.startsWith("memory://");
  if (onDisk) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true, mode: 0o700 });
  const client = await PGlite.create(onDisk ? dataDir : undefined, {
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])],
    // On disk: files 0600, directories 0700 (pglite-fs.server.ts).
    ...(onDisk ? { fs: new OwnerOnlyNodeFS(path.resolve(dataDir)) } : {}),
  });
  const db: Db = drizzlePglite(client, { schema, casing: "snake_case" });
  let closed = false;
  return {
    db,
    kind: "pglite",
    pglite: client,
    ping: async (timeoutMs = 2000) => {
      if (closed) return false;
      try {
        await withTimeout(client.query("select 1"), timeoutMs);
        return true;
      } catch {
        return false;
      }
    },
    migrate: () => migrateListed(db, () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR })),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * The rows of a raw SQL statement (for what the query builder cannot say: recursive or generated series),
 * each checked by `row`. Both drivers answer `{ rows }`; a row of another shape is an error, not a guess.
 */
export async function queryRows<T>(executor: Executor, query: SQL, row: z.ZodType<T>): Promise<T[]> {
  const result = await executor.execute(query);
  return z.object({ rows: z.array(row) }).parse(result).rows;
}

/** The moments (drizzle's `created_at`, the journal's `when`) of the migrations the database has applied. */
async function appliedMigrations(db: Executor): Promise<Set<number>> {
  const [table] = await queryRows(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    z.object({ present: z.boolean() }),
  );
  if (!table?.present) return new Set();
  const rows = await queryRows(db, sql`select created_at from drizzle.__drizzle_migrations`, z.object({ created_at: z.coerce.number() }));
  return new Set(rows.map((row) => row.created_at));
}

const journal = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() })) });

/**
 * Runs drizzle's migrator and names what it applied (issue 33: the start lists them). drizzle records each
 * migration by its journal moment; the ones recorded now and not before are this run's, named by their
 * journal tag (0010_metrics…).
 */
async function migrateListed(db: Executor, migrate: () => Promise<void>): Promise<string[]> {
  const before = await appliedMigrations(db);
  await migrate();
  const added = [...(await appliedMigrations(db))].filter((when) => !before.has(when)).sort((a, b) => a - b);
  if (added.length === 0) return [];
  const { entries } = journal.parse(JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")));
  const tags = new Map(entries.map((entry) => [entry.when, entry.tag]));
  return added.map((when) => tags.get(when) ?? String(when));
}

/** True when the database has no demo-relevant rows yet (used to decide first-start seeding). */
export async function isCatalogEmpty(db: Executor): Promise<boolean> {
  const [row] = await queryRows(
    db,
    sql`select (select count(*) from courses) + (select count(*) from categories) + (select count(*) from instructors) as n`,
    z.object({ n: z.coerce.number() }),
  );
  return (row?.n ?? 0) === 0;
}

/** Connection-level failures: the database is unreachable, shutting down or starting up. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  // A request's own limits (REQUEST_TIMEOUTS): it waited too long for a row lock or a statement.
  "55P03", // lock_not_available
  "57014", // query_canceled (statement_timeout)
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed/i;

/**
 * True when `err` (or an error it wraps) says the database could not be reached, rather than that a
 * query was wrong: the caller answers 503 (try again later), not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return errorChain(err).some((e) => {
    const code = errorField(e, "code");
    const message = errorField(e, "message");
    return (typeof code === "string" && UNAVAILABLE_CODES.has(code)) || (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message));
  });
}

let current: Database | undefined;

/** Installs the process-wide database (at start-up, or per test worker). */
export function setDatabase(database: Database | undefined): void {
  current = database;
}

/** The process-wide database handle. Throws when start-up has not opened it. */
export function getDatabase(): Database {
  if (!current) throw new Error("Database is not initialised");
  return current;
}

export function db(): Db {
  return getDatabase().db;
}
