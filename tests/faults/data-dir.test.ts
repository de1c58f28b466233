// DATA_DIR owner-only (issue 14, item 11), on the real server process with the embedded database: a start
// on a data directory that does not exist yet leaves every file and directory in it owner-only (0600/0700)
// even when the server is started with a permissive umask; a start on a directory an older version left
// open (files 0666, directories 0777) repairs it before the database opens, and says so in its log.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { openEntries } from "~/lib/data-dir.server.ts";
import type { RunningApp } from "../e2e/harness.ts";
import { ensureBuild, startServerProcess, stopApp } from "./helpers.ts";

let tmp: string;
let app: RunningApp | undefined;

beforeAll(() => {
  // The embedded database's filesystem (app/lib/pglite-fs.server.ts) runs from the build.
  ensureBuild();
});

afterEach(async () => {
  await stopApp(app);
  app = undefined;
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Starts the server as `umask 000` would (how the 0666 files came about) on `dataDir`. */
async function start(dataDir: string): Promise<RunningApp> {
  const previous = process.umask(0o000); // inherited by the child process
  try {
    return await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "Admin-Passw0rd!",
      SEED_DEMO: "true",
    });
  } finally {
    process.umask(previous);
  }
}

function fileCount(dir: string): number {
  const out = spawnSync("find", [dir, "-type", "f"], { encoding: "utf8" }).stdout;
  return out.split("\n").filter(Boolean).length;
}

describe("DATA_DIR permissions", () => {
  it("a fresh data directory holds only owner-only files and directories", async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-fault-"));
    const dataDir = path.join(tmp, "data");
    app = await start(dataDir);
    // A page with images and a sign-in page: the running server has written its files by now.
    expect((await fetch(`${app.url}/en/courses`)).status).toBe(200);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fileCount(path.join(dataDir, "db"))).toBeGreaterThan(100);
    expect(fs.existsSync(path.join(dataDir, "auth-secret"))).toBe(true);
    expect(openEntries(dataDir)).toEqual([]);
    await stopApp(app);
    app = undefined;
    // Files written while stopping (the database's last checkpoint) too.
    expect(openEntries(dataDir)).toEqual([]);
  });

  it("a data directory left open is repaired at start", async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-fault-"));
    const dataDir = path.join(tmp, "data");
    fs.mkdirSync(path.join(dataDir, "uploads/public/images"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads/public/images/old.webp"), "x");
    fs.writeFileSync(path.join(dataDir, "notes.txt"), "x");
    for (const file of ["uploads/public/images/old.webp", "notes.txt"]) fs.chmodSync(path.join(dataDir, file), 0o666);
    for (const dir of [".", "uploads", "uploads/public", "uploads/public/images"]) fs.chmodSync(path.join(dataDir, dir), 0o777);
    expect(openEntries(dataDir)).toHaveLength(6);

    app = await start(dataDir);
    expect(openEntries(dataDir)).toEqual([]);
    expect(fs.statSync(path.join(dataDir, "notes.txt")).mode & 0o777).toBe(0o600);
    expect(app.output()).toMatch(/DATA_DIR: made files owner-only/);
    expect(app.output()).toMatch(/"count":6/);
  });
});
