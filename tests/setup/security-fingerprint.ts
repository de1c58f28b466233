// A fingerprint of the whole database: the row count and an MD5 of the sorted rows of every table in the
// public schema, read in one query. Two equal fingerprints mean no row was added, removed or changed;
// the security tests take one before and one after a refused request to prove "no partial write".
// Works with the tests' Drizzle handle (integration) and with a pg Pool on the server's database (e2e).

/** Runs one SQL text and returns its rows. */
export type QueryRows = (text: string) => Promise<Record<string, unknown>[]>;

export type Fingerprint = Record<string, { rows: number; hash: string }>;

/** A QueryRows over anything with `query(text)` answering `{ rows }` (pg Pool or Client). */
export function pgQuery(client: { query(text: string): Promise<{ rows: unknown[] }> }): QueryRows {
  return async (text) => (await client.query(text)).rows as Record<string, unknown>[];
}

/** A QueryRows over a Drizzle database (PGlite or node-postgres: both answer `{ rows }` to execute). */
export function drizzleQuery(db: { execute(query: unknown): Promise<unknown> }, raw: (text: string) => unknown): QueryRows {
  return async (text) => ((await db.execute(raw(text))) as { rows: Record<string, unknown>[] }).rows;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Not data: the public-page cache's counter (ADR 017). Every admin action bumps it once its work is over,
 * refused ones too (app/lib/admin-action.server.ts runThenBump), so that no cached page can outlive a write;
 * a bump only costs the next visitor a render.
 */
const NOT_DATA = new Set(["content_version"]);

/** The application's tables (public schema; the migration journal lives in its own schema), data only. */
export async function listTables(query: QueryRows): Promise<string[]> {
  const rows = await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  return rows.map((r) => String(r.tablename)).filter((t) => !NOT_DATA.has(t));
}

/** Row count and content hash of every table (or of `tables`), in one statement. */
export async function fingerprint(query: QueryRows, tables?: string[]): Promise<Fingerprint> {
  const names = tables ?? (await listTables(query));
  if (names.length === 0) throw new Error("fingerprint: no tables found (database not migrated?)");
  const parts = names.map(
    (t) =>
      `select ${`'${t.replace(/'/g, "''")}'`} as t, count(*)::int as n, ` +
      `md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from ${quoteIdent(t)} x`,
  );
  const rows = await query(parts.join(" union all "));
  const result: Fingerprint = {};
  for (const r of rows) result[String(r.t)] = { rows: Number(r.n), hash: String(r.h) };
  return result;
}

/** Human-readable differences ("courses: 12 → 13 rows", "settings: content changed"); empty when equal. */
export function diffFingerprints(before: Fingerprint, after: Fingerprint): string[] {
  const out: string[] = [];
  for (const t of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[t];
    const b = after[t];
    if (!a || !b) out.push(`${t}: table ${a ? "dropped" : "created"}`);
    else if (a.rows !== b.rows) out.push(`${t}: ${a.rows} → ${b.rows} rows`);
    else if (a.hash !== b.hash) out.push(`${t}: content changed (${a.rows} rows)`);
  }
  return out;
}
