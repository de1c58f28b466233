import { bigint, check, pgTable, smallint } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * One row: the version of what public pages show (ADR 017). A write that changes a public page bumps it
 * after its commit; every instance's page cache serves a page only while the version it was rendered at
 * is still the current one (app/lib/content-version.server.ts).
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "bigint" }).notNull(),
  },
  (t) => [check("content_version_one_row", sql`${t.id} = 1`)],
);
