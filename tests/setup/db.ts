// Test databases: PGlite in memory by default; a fresh PostgreSQL database per test file with TEST_DB=pg.
// The global setup migrates once (PGlite: a dumped data dir; PostgreSQL: a template database), so each
// test file pays only for a copy, not for migrations.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, setDatabase, type Database, type Executor } from "~/lib/db.server.ts";
import { createPgDatabase } from "./pg.ts";

export { adminQuery, testDatabaseUrl } from "./pg.ts";

export interface TestDatabase extends Database {
  /** Drops the per-file PostgreSQL database (no-op on PGlite). */
  destroy(): Promise<void>;
  /** The per-file PostgreSQL URL (TEST_DB=pg only), to open a second connection pool. */
  url?: string;
}

/** Opens a migrated, empty database for one test file and installs it as the process database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  let database: Database;
  let drop = async () => {};
  let url: string | undefined;
  if (process.env.TEST_DB === "pg") {
    const created = await createPgDatabase("test", inject("pgTemplate"));
    url = created.url;
    database = await openDatabase({ url, poolMax: 4 });
    drop = created.drop;
  } else if (inject("pgliteSnapshot") && fs.existsSync(inject("pgliteSnapshot"))) {
    const blob = new Blob([fs.readFileSync(inject("pgliteSnapshot"))]);
    database = await openDatabase({ dataDir: "memory://", loadDataDir: blob });
  } else {
    database = await openDatabase({ dataDir: "memory://" });
    await database.migrate();
  }
  setDatabase(database);
  return {
    ...database,
    url,
    destroy: async () => {
      setDatabase(undefined);
      await database.close();
      await drop();
    },
  };
}

/**
 * The test file's database, opened before its tests (beforeAll) and destroyed after them (afterAll), where
 * the call stands among the file's hooks. The answer stands for it: read its members in hooks and tests,
 * not while the file is being imported.
 */
export function setUpTestDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.destroy();
  });
  return new Proxy({} as TestDatabase, {
    get(_target, member) {
      if (!current) throw new Error("setUpTestDatabase: the database is open only between beforeAll and afterAll");
      return Reflect.get(current, member);
    },
  });
}

/** Empties every application table (keeps the migration journal). */
export async function resetDatabase(db: Executor): Promise<void> {
  const res = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: { tablename: string }[] };
  const tables = res.rows.map((r) => `"${r.tablename}"`);
  if (tables.length) await db.execute(sql.raw(`truncate ${tables.join(", ")} restart identity cascade`));
}
