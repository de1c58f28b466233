// Backup and restore of the embedded database (issue 8 item 7, ADR 006), end to end with the real parts:
// the app started as in production (bootstrap: embedded PGlite in a data directory, migrations, demo
// data, the control socket), `npm run db:backup` and `npm run db:restore` run as the commands an operator
// types (child processes), and the restored app started again. Always the embedded database, also under
// TEST_DB=pg (the PostgreSQL path is pg_dump's; the commands refuse it and say so).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  categories,
  courses,
  enrollmentLedger,
  enrollments,
  instructors,
  rolePermissions,
  siteSettings,
  subcategories,
} from "@db/schema/index.ts";
import { bootstrap, isReady, shutdown } from "~/bootstrap.server.ts";
import { controlSocketPath } from "~/lib/backup.server.ts";
import { openEntries } from "~/lib/data-dir.server.ts";
import { db, openDatabase, type Db } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { seedDefaults, seedDemo } from "@db/seed/demo.ts";
import { adminQuery, testDatabaseUrl } from "../setup/db.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const savedEnv = { ...process.env };
let dataDir: string;

function appEnv(): Record<string, string> {
  return { NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "true", LOG_LEVEL: "silent", OUTBOX_POLL_MS: "600000" };
}

async function start(): Promise<void> {
  Object.assign(process.env, appEnv());
  delete process.env.DATABASE_URL;
  await bootstrap(parseEnv());
}

/** Runs `tsx scripts/<name>.ts` as `npm run` would, without blocking this process (the server answers). */
function runScript(name: string, args: string[] = [], extraEnv: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = { ...savedEnv, ...appEnv(), ...extraEnv };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, `scripts/${name}.ts`), ...args], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** What the backup must bring back: row counts of every content table and a few whole rows. */
async function contents(on: Db = db()) {
  const db = () => on;
  const counted = async (table: PgTable) => Number((await db().select({ n: count() }).from(table))[0]!.n);
  return {
    counts: {
      courses: await counted(courses),
      categories: await counted(categories),
      subcategories: await counted(subcategories),
      instructors: await counted(instructors),
      enrollments: await counted(enrollments),
      siteSettings: await counted(siteSettings),
      rolePermissions: await counted(rolePermissions),
    },
    courses: await db()
      .select({ slug: courses.slug, title: courses.title, price: courses.price, isPublished: courses.isPublished, curriculum: courses.curriculum })
      .from(courses)
      .orderBy(asc(courses.slug)),
    brand: (await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, "brand")))[0]?.value,
    instructors: await db().select({ name: instructors.name, nameAr: instructors.nameAr }).from(instructors).orderBy(asc(instructors.name)),
  };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  await start();
}, 120_000);

afterAll(async () => {
  await shutdown();
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("npm run db:backup / db:restore (embedded database)", () => {
  it("round-trips the demo data: a snapshot taken while the app runs and writes, restored after a stop", async () => {
    // Demo data is there, and a first enrollment so every table has rows.
    await db().insert(enrollments).values({
      enrollmentId: "ENR-BACKUP-1",
      courseName: "Before the backup",
      studentName: "Student",
      studentEmail: "student@example.com",
      studentPhone: "+20 1001234567",
    });
    const before = await contents();
    expect(before.counts.courses).toBeGreaterThan(0);
    expect(before.counts.categories).toBeGreaterThan(0);
    expect(before.counts.instructors).toBeGreaterThan(0);

    // Writes keep coming while the backup runs: each transaction adds two categories or none.
    let writing = true;
    let pairs = 0;
    const writer = (async () => {
      while (writing) {
        const n = pairs++;
        await db().transaction(async (tx) => {
          await tx.insert(categories).values({ name: `Pair ${n} A`, slug: `pair-${n}-a` });
          await new Promise((r) => setTimeout(r, 5));
          await tx.insert(categories).values({ name: `Pair ${n} B`, slug: `pair-${n}-b` });
        });
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    const backup = await runScript("db-backup");
    writing = false;
    await writer;
    expect(backup.out).toContain("Backup written by the running server");
    expect(backup.code).toBe(0);
    const file = /: (\S+\.tar\.gz) \(\d+ bytes\)/.exec(backup.out)?.[1];
    expect(file).toBeDefined();
    expect(path.dirname(file!)).toBe(path.join(dataDir, "backups"));
    expect(path.basename(file!)).toMatch(/^db-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
    expect(fs.statSync(file!).size).toBeGreaterThan(0);
    expect(pairs).toBeGreaterThan(1);

    // Changes after the backup, which the restore must undo.
    await db().update(courses).set({ title: "Changed after the backup" });
    // Requests without money on them go (an approved one with ledger entries cannot be deleted: issue 37).
    await db().delete(enrollments).where(sql`not exists (select 1 from ${enrollmentLedger} where ${enrollmentLedger.enrollmentId} = ${enrollments.id})`);
    const leftAfterDelete = Number((await db().select({ n: count() }).from(enrollments))[0]!.n);
    await db().update(siteSettings).set({ value: { name: { en: "Changed" } } }).where(eq(siteSettings.key, "brand"));

    // Refused while the server runs; nothing changed.
    const refused = await runScript("db-restore", [file!]);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain("The server is running");
    expect(await isReady()).toBe(true);
    expect(Number((await db().select({ n: count() }).from(enrollments))[0]!.n)).toBe(leftAfterDelete);

    await shutdown();
    expect(fs.existsSync(controlSocketPath(dataDir))).toBe(false);
    const restored = await runScript("db-restore", [file!]);
    expect(restored.out).toContain("Restored");
    expect(restored.code).toBe(0);
    const kept = fs.readdirSync(dataDir).filter((f) => f.startsWith("db.before-restore-"));
    expect(kept).toHaveLength(1);
    // The restored database's files are owner-only, as they were unpacked (issue 14, item 11).
    expect(openEntries(path.join(dataDir, "db"))).toEqual([]);

    // The restored app starts, and holds exactly what the snapshot held.
    await start();
    expect(await isReady()).toBe(true);
    const after = await contents();
    const pairRows = await db()
      .select({ slug: categories.slug })
      .from(categories)
      .where(sql`${categories.slug} like 'pair-%'`);
    const slugs = new Set(pairRows.map((r) => r.slug));
    expect(slugs.size).toBeGreaterThan(0); // the snapshot did land among the writes
    // Consistent: no transaction is half there.
    for (const slug of slugs) expect(slugs.has(slug.endsWith("-a") ? slug.replace(/-a$/, "-b") : slug.replace(/-b$/, "-a"))).toBe(true);
    const demoCategories = after.counts.categories - slugs.size;
    expect(demoCategories).toBe(before.counts.categories);
    expect({ ...after, counts: { ...after.counts, categories: demoCategories } }).toEqual(before);
    expect(after.courses.some((c) => c.title === "Changed after the backup")).toBe(false);
  }, 180_000);

  it("backs up a stopped site directly, and a second server cannot open the same data directory", async () => {
    const second = await runScript("db-backup");
    // The app from the previous test is running: the server took this one.
    expect(second.code).toBe(0);
    await shutdown();
    const offline = await runScript("db-backup");
    expect(offline.out).toContain("Server not running: backup taken directly");
    expect(offline.code).toBe(0);
    await start();
    await expect(bootstrap(parseEnv())).rejects.toThrow(/another server is running/);
    expect(await isReady()).toBe(true);
  }, 120_000);

  it("refuses a file that is not a backup, and PostgreSQL (pg_dump's job)", async () => {
    await shutdown();
    const junk = path.join(dataDir, "junk.tar.gz");
    fs.writeFileSync(junk, "not a backup");
    const bad = await runScript("db-restore", [junk]);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toContain("is not a backup");
    expect(fs.existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(true);
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith("db.restoring-"))).toEqual([]);

    const pgUrl = "postgres://postgres@127.0.0.1:5432/postgres";
    const pgBackup = await runScript("db-backup", [], { DATABASE_URL: pgUrl });
    expect(pgBackup.code).not.toBe(0);
    expect(pgBackup.out).toContain("pg_dump");
    const pgRestore = await runScript("db-restore", [junk], { DATABASE_URL: pgUrl });
    expect(pgRestore.code).not.toBe(0);
    expect(pgRestore.out).toContain("pg_restore");
    await start();
  }, 120_000);
});

// The README's PostgreSQL commands, run as written (TEST_DB=pg: there is a PostgreSQL to run them on).
if (process.env.TEST_DB === "pg") {
  describe("pg_dump / pg_restore (PostgreSQL, README)", () => {
    const name = `backup_${process.pid}_${Date.now().toString(36)}`;
    const names = { source: `${name}_src`, target: `${name}_dst` };
    afterAll(async () => {
      for (const n of Object.values(names)) await adminQuery(`drop database if exists "${n}" with (force)`);
    });

    function run(cmd: string, args: string[]) {
      return new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.stderr.on("data", (d: Buffer) => (out += d.toString()));
        child.on("exit", (code) => resolve({ code, out }));
      });
    }

    it("round-trips the demo data into an empty database and back over a changed one", async () => {
      await adminQuery(`create database "${names.source}"`);
      const source = await openDatabase({ url: testDatabaseUrl(names.source), poolMax: 2 });
      const target = await (async () => {
        await adminQuery(`create database "${names.target}"`);
        return openDatabase({ url: testDatabaseUrl(names.target), poolMax: 2 });
      })();
      try {
        await source.migrate();
        await seedDefaults(source.db);
        await seedDemo(source.db, { uploadsDir: path.join(dataDir, "pg-uploads") });
        const before = await contents(source.db);
        expect(before.counts.courses).toBeGreaterThan(0);

        const dump = path.join(dataDir, "academy.dump");
        const dumped = await run("pg_dump", ["--format=custom", `--file=${dump}`, testDatabaseUrl(names.source)]);
        expect(dumped.out).toBe("");
        expect(dumped.code).toBe(0);

        // Into an empty database.
        const restored = await run("pg_restore", ["--no-owner", `--dbname=${testDatabaseUrl(names.target)}`, dump]);
        expect(restored.out).toBe("");
        expect(restored.code).toBe(0);
        expect(await contents(target.db)).toEqual(before);

        // Over the existing one after changes (--clean --if-exists, as in the README).
        await source.db.update(courses).set({ title: "Changed after the dump" });
        // Requests without money on them (one with ledger entries cannot be deleted: issue 37).
        await source.db.delete(enrollments).where(sql`not exists (select 1 from ${enrollmentLedger} where ${enrollmentLedger.enrollmentId} = ${enrollments.id})`);
        const cleaned = await run("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${testDatabaseUrl(names.source)}`, dump]);
        expect(cleaned.code).toBe(0);
        expect(await contents(source.db)).toEqual(before);
      } finally {
        await source.close();
        await target.close();
      }
    }, 120_000);
  });
}
