// The PostgreSQL server the tests use (TEST_DATABASE_URL, else the local one): a database's URL on it, a
// query as its superuser, and a fresh database of a test file's own. Nothing of the app is imported here,
// so the browser suites use it too (tests/e2e/fixtures.ts ownApp).
import pg from "pg";

/** The server's URL, or the URL of database `dbName` on it. */
export function testDatabaseUrl(dbName?: string): string {
  const base = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  if (!dbName) return base;
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/** One statement on the server's own database (create or drop a database), on a connection of its own. */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface PgDatabase {
  name: string;
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

/** A new database `<prefix>_<stamp>`: empty, or a copy of `template`. */
export async function createPgDatabase(prefix: string, template?: string): Promise<PgDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await adminQuery(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  return { name, url: testDatabaseUrl(name), drop: () => adminQuery(`drop database if exists "${name}" with (force)`) };
}
