// The process as an operator meets it: configuration errors, PostgreSQL, readiness, graceful shutdown.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { productionServerCommand } from "../../scripts/lib/server-command.ts";
import { freePort, ROOT, startApp } from "./harness.ts";

const PG_BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

// The production server as `npm start` runs it after its build check: the compiled entry with plain node
// (scripts/lib/server-command.ts; the e2e global setup has built it).
const [NODE, SERVER_ARGS] = productionServerCommand(ROOT);

function runStart(env: Record<string, string>) {
  return spawnSync(NODE, SERVER_ARGS, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("configuration errors", () => {
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ DATABASE_URL: "definitely not a url" }, "DATABASE_URL"],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://u@127.0.0.1:1/x" }, "AUTH_SECRET"],
  ])("%o stops the start with one line naming %s", (env, name) => {
    const result = runStart(env);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n").filter((l) => !l.includes("nodedir"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(result.stdout).not.toContain("Site running");
  });
});

/** Runs `npm start`'s script until its last start line, then Ctrl-C; answers everything it printed. */
async function startAndStop(env: Record<string, string>): Promise<{ lines: string[]; code: number | null }> {
  const child = spawn(NODE, SERVER_ARGS, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const started = await poll(async () => out.includes("Site running at"), 90_000);
  expect(started, out).toBe(true);
  child.kill("SIGINT");
  const code = await exited;
  return { lines: out.trimEnd().split("\n"), code };
}

describe("the start output (issue 15 point 5)", () => {
  it("a first start is a few readable lines ending with the URL and how to create the first admin; Ctrl-C says stopped", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-first-start-"));
    try {
      const port = String(await freePort());
      const first = await startAndStop({ DATA_DIR: dataDir, PORT: port, LOG_FORMAT: "pretty" });
      expect(first.code).toBe(0);
      expect(first.lines.length).toBeLessThanOrEqual(25);
      expect(first.lines.join("\n")).not.toContain('{"level"');
      const urlLine = first.lines.findIndex((l) => l.includes("Site running at"));
      // The URL line ends the start; only the shutdown follows it.
      expect(first.lines.slice(urlLine + 1).map((l) => l.replace(/^\[[\d:]+\] \w+: /, ""))).toEqual(['shutting down {"signal":"SIGINT"}', "stopped"]);
      // It names the storage too (issue 33): where uploads go.
      const storage = `Storage: local ${path.join(dataDir, "uploads")}.`;
      expect(first.lines[urlLine]).toContain(`Site running at http://localhost:${port}. ${storage} No admin yet: stop the server (Ctrl-C), run npm run admin:create`);

      // With an admin, the line says where to sign in, and nothing about creating one.
      const second = await startAndStop({ DATA_DIR: dataDir, PORT: port, LOG_FORMAT: "pretty", ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "Owner-Own-Passw0rd" });
      const line = second.lines.find((l) => l.includes("Site running at"))!;
      expect(line).toContain(`Site running at http://localhost:${port}. ${storage} Staff sign in at http://localhost:${port}/login`);
      expect(line).not.toContain("admin:create");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("PostgreSQL refusing at start (issue 15 point 4)", () => {
  const secret = "e2e-refusal-secret-".padEnd(40, "r");
  it.each([
    ["postgres://postgres:hunter2@127.0.0.1:1/x", "Cannot use PostgreSQL at 127.0.0.1:1/x: connection refused"],
    [PG_BASE.replace(/\/[^/]*$/, "/no_such_database_here"), "/no_such_database_here: the database does not exist"],
  ])("%s: one line with the host and the cause, no stack, no password", (url, expected) => {
    const result = runStart({ DATABASE_URL: url, AUTH_SECRET: secret, PORT: "1" });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n").filter((l) => !l.includes("nodedir"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(expected);
    expect(result.stderr).not.toContain("hunter2");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("a port already taken (issue 15 point 1)", () => {
  it("stops the start with one line and exit code 1, the embedded database closed again", async () => {
    const port = await freePort();
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(port, "0.0.0.0", resolve));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-busy-"));
    try {
      const result = runStart({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: "false" });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split("\n").filter((l) => !l.includes("nodedir"));
      expect(lines).toEqual([`Cannot listen on 0.0.0.0:${port}: port ${port} is already in use. Stop the other server or set PORT.`]);
      expect(result.stdout).not.toContain("Site running");
      // The database was shut down, not left open (its lock file is gone).
      expect(fs.existsSync(path.join(dataDir, "db", "postmaster.pid"))).toBe(false);
    } finally {
      busy.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

/** A TCP proxy to PostgreSQL that the test can cut and restore, to make the database unreachable. */
async function startProxy(port: number, target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function poll(fn: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe("on PostgreSQL", () => {
  it("migrates, seeds on request, serves the site, reports readiness through an outage, and stops cleanly", async () => {
    const dbName = `e2e_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    const target = new URL(PG_BASE);
    const proxyPort = await freePort();
    let proxy = await startProxy(proxyPort, { host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(PG_BASE);
    url.host = `127.0.0.1:${proxyPort}`;
    url.pathname = `/${dbName}`;
    try {
      const app = await startApp({ DATABASE_URL: url.toString(), SEED_DEMO: "true", AUTH_SECRET: "e2e-secret-".padEnd(40, "x") });
      try {
        const home = await fetch(`${app.url}/ar`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('dir="rtl"');

        const direct = new pg.Client({ connectionString: `${PG_BASE.replace(/\/[^/]*$/, "")}/${dbName}` });
        await direct.connect();
        const counts = await direct.query(
          "select (select count(*) from courses)::int as courses, (select count(*) from courses where is_published)::int as published",
        );
        await direct.end();
        expect(counts.rows[0]).toEqual({ courses: 14, published: 12 });

        await proxy.close();
        expect(await poll(async () => (await fetch(`${app.url}/readyz`)).status === 503)).toBe(true);
        const down = await fetch(`${app.url}/en`);
        expect(down.status).toBe(503);
        expect(await down.text()).toContain("Service temporarily unavailable");

        proxy = await startProxy(proxyPort, { host: target.hostname, port: Number(target.port || 5432) });
        expect(await poll(async () => (await fetch(`${app.url}/readyz`)).status === 200)).toBe(true);
        expect((await fetch(`${app.url}/en`)).status).toBe(200);
      } finally {
        const code = await app.stop("SIGTERM");
        expect(code).toBe(0);
        expect(app.output()).not.toMatch(/unhandled|uncaught/i);
      }
    } finally {
      await proxy.close();
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
  });
});
