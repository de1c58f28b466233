// The embedded database is sized for a small site (issue 18 point 5): PostgreSQL's 128 MB of shared buffers,
// zeroed and so resident from the start, are 16 MB (docs/performance.md, "Memory").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server.ts";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe("PGlite settings", () => {
  it("runs with 16 MB of shared buffers and PGlite's own start parameters kept", async () => {
    const show = async (name: string) => Object.values((await database.pglite!.query<Record<string, string>>(`show ${name}`)).rows[0]!)[0];
    expect(await show("shared_buffers")).toBe("16MB");
    expect(await show("search_path")).toBe("public");
    expect(await show("max_worker_processes")).toBe("0");
  });
});
