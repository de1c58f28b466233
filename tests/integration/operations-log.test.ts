// What the log tells an operator about the database (issue 33 item 5), on real databases: the migrations a
// start applied, by name; one warn line when the database stops answering and one info line when it answers
// again (app/lib/db-health.server.ts), whatever number of failures and probes come in between.
import { Writable } from "node:stream";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseHealth } from "~/lib/db-health.server.ts";
import { MIGRATIONS_DIR, openDatabase, type Database } from "~/lib/db.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import { createTestDatabase, type TestDatabase } from "../setup/db.ts";

let shared: TestDatabase;
/** A database of this file's own: migrated from nothing here, closed for the outage below. */
let fresh: Database;

beforeAll(async () => {
  shared = await createTestDatabase();
  fresh = await openDatabase({ dataDir: "memory://" });
});
afterAll(async () => {
  await fresh?.close();
  await shared?.destroy();
});

function captured() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger("info", stream), lines };
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("migrations at start", () => {
  it("names those applied by this run, in order, and none when the database is up to date", async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const all = journal.entries.map((entry) => entry.tag);
    expect(all.length).toBeGreaterThan(5);
    expect(await fresh.migrate()).toEqual(all);
    expect(await fresh.migrate()).toEqual([]);
    expect(await shared.migrate()).toEqual([]);
  });
});

describe("the database's comings and goings", () => {
  it("logs one warn line when it stops answering and one info line when it answers again", async () => {
    const { log, lines } = captured();
    let target: Database = shared;
    const health = createDatabaseHealth({ ping: () => target.ping(500), log, recheckMs: 50 });
    try {
      // Up and answering: probes and a false alarm (one connection lost) write nothing.
      health.observed(true);
      await health.suspect("connection lost");
      expect(lines).toEqual([]);
      expect(health.up).toBe(true);

      // The database goes away: a real closed database that no longer answers.
      await fresh.close();
      target = fresh;
      await Promise.all([health.suspect("Connection terminated unexpectedly"), health.suspect("ECONNREFUSED")]);
      health.observed(false);
      await health.suspect("ECONNREFUSED");
      expect(health.up).toBe(false);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: "warn", msg: "database unreachable", reason: "Connection terminated unexpectedly" });
      expect(lines[0]).not.toHaveProperty("err");

      // It comes back: found by the tracker's own pings, with no request needed.
      target = shared;
      await until(() => lines.length === 2);
      expect(health.up).toBe(true);
      expect(lines[1]).toMatchObject({ level: "info", msg: "database reachable again" });
      expect(lines[1]!.downMs).toEqual(expect.any(Number));

      // Readiness probes report both ways too, each change once.
      health.observed(false);
      health.observed(false);
      health.observed(true);
      health.observed(true);
      expect(lines.slice(2).map((l) => [l.level, l.msg])).toEqual([
        ["warn", "database unreachable"],
        ["info", "database reachable again"],
      ]);
    } finally {
      health.stop();
    }
  });

  it("says nothing once stopped (shutdown closes the database on purpose)", async () => {
    const { log, lines } = captured();
    const health = createDatabaseHealth({ ping: () => fresh.ping(200), log, recheckMs: 20 });
    health.stop();
    health.observed(false);
    await health.suspect("closed");
    expect(lines).toEqual([]);
  });
});
