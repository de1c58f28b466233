// The commands that open the embedded database (issue 15 point 2), run against a real running server: a
// second process on one PGlite directory damages it (the issue saw "Admin created", an account nobody could
// see and a lost postmaster.pid). While the server runs, db:migrate, admin:create and db:restore refuse with
// one line and change nothing, as does a second server; db:backup is taken by the server itself. With the server stopped,
// admin:create works and the next start signs the new admin in. seed:scale uses PostgreSQL only.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, ROOT, type RunningApp } from "../e2e/harness.ts";
import { ensureBuild, startServerProcess, stopApp } from "./helpers.ts";

const ADMIN = { email: "admin@example.com", password: "Admin-Passw0rd!" };
let dataDir: string;
let app: RunningApp | undefined;

function run(script: string, args: string[] = [], extra: Record<string, string> = {}) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, ...extra };
  return spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), `scripts/${script}`, ...args], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
}

function errorLines(stderr: string): string[] {
  return stderr
    .trim()
    .split("\n")
    .filter((l) => l && !l.includes("nodedir"));
}

async function signIn(url: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ email, password }),
  });
}

function start(): Promise<RunningApp> {
  return startServerProcess({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false" });
}

beforeAll(async () => {
  ensureBuild();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fault-commands-"));
  app = await start();
}, 180_000);

afterAll(async () => {
  await stopApp(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("commands against a running server on the embedded database", () => {
  it("db:migrate, admin:create and db:restore refuse with one line; the site goes on unharmed", async () => {
    const backup = run("db-backup.ts");
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("Backup written by the running server");
    const file = backup.stdout.match(/: (\S+\.tar\.gz) \(/)?.[1];
    expect(file).toBeDefined();

    const pid = app!.proc.pid;
    for (const [script, args, then] of [
      ["migrate.ts", [], "apply the migrations"],
      ["admin-create.ts", ["--email", "second@example.com"], "create the admin"],
      ["db-restore.ts", [file!], "restore"],
    ] as const) {
      const result = run(script, [...args]);
      expect(result.status, `${script}: ${result.stdout}${result.stderr}`).toBe(1);
      const lines = errorLines(result.stderr);
      expect(lines, script).toHaveLength(1);
      expect(lines[0]).toContain(`The server is running on ${path.resolve(dataDir)} (pid ${pid}). Stop it, then ${then}`);
      expect(result.stdout, script).toBe("");
    }

    // A second server on the same directory: one line, and it never opens the database.
    // (on a free port of its own: it must be refused for the directory, not for the port)
    const second = run("start.ts", [], { PORT: String(await freePort()) });
    expect(second.status).toBe(1);
    expect(errorLines(second.stderr)).toEqual([
      `Cannot start: another server is running on ${path.resolve(dataDir)} (it answers on ${path.resolve(dataDir, "control.sock")}). Stop the other server first.`,
    ]);

    // The server still holds its database and answers; the admin signs in; nobody else was created.
    expect(fs.existsSync(path.join(dataDir, "db", "postmaster.pid"))).toBe(true);
    expect((await fetch(`${app!.url}/readyz`)).status).toBe(200);
    const ok = await signIn(app!.url, ADMIN.email, ADMIN.password);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin");
    expect((await signIn(app!.url, "second@example.com", "anything-at-all")).status).toBe(401);
  });

  it("a bad argument prints the usage line, not a stack trace", () => {
    for (const args of [["second@example.com"], ["--mail", "second@example.com"], []]) {
      const result = run("admin-create.ts", args);
      expect(result.status).toBe(1);
      expect(errorLines(result.stderr)).toEqual(["Usage: npm run admin:create -- --email you@example.com [--force]"]);
    }
  });

  it("with the server stopped, admin:create works and the next start signs the new admin in", async () => {
    await app!.stop();
    app = undefined;
    const created = run("admin-create.ts", ["--email", "second@example.com"]);
    expect(created.status, created.stderr).toBe(0);
    const password = created.stdout.match(/Temporary password: (\S+)/)?.[1];
    expect(password).toBeDefined();
    // Closed cleanly: nothing left open behind it.
    expect(fs.existsSync(path.join(dataDir, "db", "postmaster.pid"))).toBe(false);

    app = await start();
    const res = await signIn(app.url, "second@example.com", password!);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/change-password");
  });
});
