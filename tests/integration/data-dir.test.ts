// DATA_DIR is owner-only (issue 14, item 11): the start-up step server.ts runs before the database opens
// (owner-only umask, then the repair walk), followed by what a start writes there — the embedded
// database, the generated auth secret, the backup socket, an upload, a backup — leaves no file or directory
// open to group or others; files an older version left at 0666 are repaired.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startControlServer, writeSnapshot } from "~/lib/backup.server.ts";
import { DIR_MODE, FILE_MODE, openEntries, restrictUmask, secureDataDir } from "~/lib/data-dir.server.ts";
import { openDatabase } from "~/lib/db.server.ts";
import { resolveAuthSecret } from "~/lib/secret.server.ts";
import { createLocalStorage } from "~/lib/storage.server.ts";

let tmp: string;
let umask: number;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-"));
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(tmp, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.lstatSync(file).mode & 0o7777;

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}

describe("the data directory", () => {
  it("is created owner-only, and everything a start writes into it stays owner-only", async () => {
    // What a permissive environment gives by default (the issue found 968 files at 0666).
    process.umask(0o000);
    const dataDir = path.join(tmp, "nested", "data");
    expect(restrictUmask()).toBe(true);
    const result = secureDataDir(dataDir);
    expect(result).toMatchObject({ dir: dataDir, repaired: [], failed: [] });
    expect(result.skipped).toBeUndefined();
    expect(modeOf(dataDir)).toBe(DIR_MODE);

    // What bootstrap and the routes then write there.
    const control = await startControlServer({ dataDir, pglite: () => database.pglite });
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      await database.migrate();
      expect(resolveAuthSecret({ DATA_DIR: dataDir, AUTH_SECRET: undefined }).generated).toBe(true);
      const storage = createLocalStorage(path.join(dataDir, "uploads"));
      await storage.put("images/2026/0123456789abcdef0123456789abcdef.webp", Buffer.from("x"), {
        contentType: "image/webp",
        visibility: "public",
      });
      await storage.put("documents/2026/0123456789abcdef0123456789abcdef.pdf", Buffer.from("%PDF"), {
        contentType: "application/pdf",
        visibility: "private",
      });
      await writeSnapshot(database.pglite!, dataDir);
      expect(fs.existsSync(path.join(dataDir, "control.sock"))).toBe(true);
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      await database.close();
      await control.close();
    }
    // The embedded database wrote its files there (so the check above looked at them all).
    expect(countFiles(path.join(dataDir, "db"))).toBeGreaterThan(100);
    expect(openEntries(dataDir)).toEqual([]);
    expect(modeOf(path.join(dataDir, "auth-secret"))).toBe(FILE_MODE);
  });

  it("the embedded database writes owner-only files whatever the process umask (scripts open it too)", async () => {
    // PGlite chmods what it creates to PostgreSQL's modes (mostly 0666); its filesystem masks them.
    process.umask(0o000);
    const dbDir = path.join(tmp, "data", "db");
    const database = await openDatabase({ dataDir: dbDir });
    try {
      await database.migrate();
      await database.pglite!.exec("create table t (x int); insert into t values (1); checkpoint");
    } finally {
      await database.close();
    }
    expect(countFiles(dbDir)).toBeGreaterThan(100);
    expect(openEntries(dbDir)).toEqual([]);
    // And it opens again from those files.
    const again = await openDatabase({ dataDir: dbDir });
    try {
      expect((await again.pglite!.query<{ x: number }>("select x from t")).rows).toEqual([{ x: 1 }]);
    } finally {
      await again.close();
    }
    expect(openEntries(dbDir)).toEqual([]);
  });

  it("repairs files and directories left open (0666/0777), without following symbolic links", () => {
    process.umask(0o000);
    const dataDir = path.join(tmp, "data");
    const open = [
      ["db", 0o777],
      ["db/base", 0o755],
      ["uploads/public/images", 0o775],
    ] as const;
    for (const [dir] of open) fs.mkdirSync(path.join(dataDir, dir), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "db/PG_VERSION"), "17\n", { mode: 0o666 });
    fs.writeFileSync(path.join(dataDir, "db/base/1"), "x", { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, "auth-secret"), "s\n", { mode: 0o600 });
    fs.writeFileSync(path.join(dataDir, "uploads/public/images/a.webp"), "x", { mode: 0o755 });
    for (const [dir, mode] of open) fs.chmodSync(path.join(dataDir, dir), mode);
    fs.chmodSync(dataDir, 0o777);
    // A link out of DATA_DIR: neither followed nor changed.
    const outside = path.join(tmp, "outside.txt");
    fs.writeFileSync(outside, "x", { mode: 0o644 });
    fs.symlinkSync(outside, path.join(dataDir, "link"));
    expect(openEntries(dataDir).length).toBeGreaterThanOrEqual(7);

    restrictUmask();
    const result = secureDataDir(dataDir);
    expect(result.failed).toEqual([]);
    expect(result.repaired.sort()).toEqual(
      [". 0777", "db 0777", "db/base 0755", "db/PG_VERSION 0666", "db/base/1 0644", "uploads 0777", "uploads/public 0777", "uploads/public/images 0775", "uploads/public/images/a.webp 0755"].sort(),
    );
    expect(openEntries(dataDir)).toEqual([]);
    expect(modeOf(path.join(dataDir, "db/PG_VERSION"))).toBe(FILE_MODE);
    expect(modeOf(path.join(dataDir, "db/base"))).toBe(DIR_MODE);
    expect(modeOf(path.join(dataDir, "auth-secret"))).toBe(FILE_MODE);
    expect(modeOf(outside)).toBe(0o644);
    // A second start finds nothing to repair.
    expect(secureDataDir(dataDir).repaired).toEqual([]);
  });

  it("does not walk a DATA_DIR that contains the application (DATA_DIR=. or /)", () => {
    const appRoot = path.join(tmp, "app");
    fs.mkdirSync(path.join(appRoot, "node_modules/.bin"), { recursive: true });
    fs.writeFileSync(path.join(appRoot, "node_modules/.bin/tool"), "#!/bin/sh\n", { mode: 0o755 });
    fs.chmodSync(path.join(appRoot, "node_modules/.bin/tool"), 0o755);
    const result = secureDataDir(tmp, appRoot);
    expect(result.skipped).toContain(appRoot);
    expect(result.checked).toBe(0);
    expect(modeOf(path.join(appRoot, "node_modules/.bin/tool"))).toBe(0o755);
  });
});
