// Shared parts of the fault suite (`npm run test:faults`): the production build, real PostgreSQL
// databases (a fresh one on the shared server, or a private cluster the test may stop), enrollment
// POSTs as a browser without JavaScript sends them, and small polling helpers. Nothing here mocks
// the app: every test drives the real server process (tests/e2e/harness.ts startApp).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { staleReason } from "../../scripts/lib/build.ts";
import { productionServerCommand } from "../../scripts/lib/server-command.ts";
import { freePort, ROOT, type RunningApp } from "../e2e/harness.ts";

export const PG_BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const AUTH_SECRET = "fault-suite-secret-".padEnd(48, "x");

// ---- the production build ------------------------------------------------------------------------

/**
 * The servers run the production build (`npm run build`, as CI does before this suite). Builds only when
 * there is none or what it is made from changed, as `npm start` does (scripts/lib/build.ts staleReason);
 * the suite's files run one at a time (vitest.config.ts), so two builds never overlap.
 */
export function ensureBuild(): void {
  if (!staleReason(ROOT)) return;
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("production build failed");
}

// ---- a server process that gets the signal itself ---------------------------------------------------

/**
 * Like startApp (tests/e2e/harness.ts), and started the same way (productionServerCommand: plain node on the
 * compiled entry, as `npm start` runs it): ONE process, so a signal reaches the server itself and its memory
 * is the server's. (A loader's CLI in between, like tsx's, relays signals to a child and SIGKILLs it when it
 * does not acknowledge within 30 ms, which a busy event loop does not: see tests/faults/sigterm.test.ts.)
 */
export async function startServerProcess(extraEnv: Record<string, string>, timeoutMs = 120_000): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fault-data-"));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...extraEnv,
  };
  for (const key of ["VITEST", "VITEST_WORKER_ID", "VITEST_POOL_ID"]) delete env[key];
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const [command, args] = productionServerCommand(ROOT);
  const proc = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server not ready after ${timeoutMs} ms:\n${out}`);
    }
    await sleep(250);
  }
  return {
    url,
    dataDir,
    proc,
    output: () => out,
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        const done = () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve(proc.exitCode);
        };
        if (proc.exitCode !== null) return done();
        const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
        proc.once("exit", () => {
          clearTimeout(timer);
          done();
        });
        proc.kill(signal);
      }),
  };
}

/** Stops a server (SIGTERM) and removes its data directory even when the process had already died. */
export async function stopApp(app: RunningApp | undefined): Promise<void> {
  if (!app) return;
  await app.stop();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}

// ---- databases -----------------------------------------------------------------------------------

export function databaseUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(base: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface FaultDatabase {
  url: string;
  /** Runs one query on a fresh connection (so a stopped server fails this call only). */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A new, empty database on the given server (the app migrates and seeds it at start). */
export async function createDatabase(base = PG_BASE, prefix = "fault"): Promise<FaultDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(base, `create database "${name}"`);
  const url = databaseUrl(base, name);
  return {
    url,
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => adminQuery(base, `drop database if exists "${name}" with (force)`),
  };
}

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Runs a PostgreSQL server program as the postgres user (initdb and postgres refuse to run as root). */
function asPostgres(program: string, args: string[]): { status: number | null; output: string } {
  const bin = path.join(PG_BIN, program);
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync("runuser", ["-u", "postgres", "--", bin, ...args], { encoding: "utf8", timeout: 60_000 })
    : spawnSync(bin, args, { encoding: "utf8", timeout: 60_000 });
  return { status: result.status, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

export interface PrivateCluster {
  /** postgres:// URL of the cluster's `postgres` database. */
  base: string;
  port: number;
  stop(): void;
  start(): void;
  destroy(): void;
}

/**
 * A PostgreSQL cluster of our own (initdb into a temporary directory, its own port and socket
 * directory), so a test can stop and start the server without touching the machine's shared one.
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fault-pg-"));
  if (process.getuid?.() === 0) {
    const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    fs.chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  const data = path.join(dir, "data");
  const init = asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.output}`);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  let running = false;
  const cluster: PrivateCluster = {
    base: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      const r = asPostgres("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
      if (r.status !== 0) throw new Error(`pg_ctl start failed:\n${r.output}\n${readLog()}`);
      running = true;
    },
    stop() {
      // Fast: active sessions are cut, open transactions roll back, committed ones are on disk.
      const r = asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
      if (r.status !== 0) throw new Error(`pg_ctl stop failed:\n${r.output}`);
      running = false;
    },
    destroy() {
      if (running) asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  function readLog(): string {
    try {
      return fs.readFileSync(path.join(dir, "server.log"), "utf8");
    } catch {
      return "";
    }
  }
  cluster.start();
  return cluster;
}

// ---- requests ------------------------------------------------------------------------------------

export interface Course {
  id: string;
  slug: string;
}

/** A published course of the seeded demo data. */
export async function publishedCourse(database: FaultDatabase): Promise<Course> {
  const [course] = await database.query<Course>("select id, slug from courses where is_published order by created_at, id limit 1");
  if (!course) throw new Error("no published course: the app did not seed its demo data");
  return course;
}

let studentSeq = 0;

/** Digits as letters (0 → a … 9 → j), other characters that a name may not hold dropped. */
export function spelled(text: string): string {
  return text.replace(/\d/g, (d) => String.fromCharCode(97 + Number(d))).replace(/[^\p{L} ]/gu, "") || "x";
}

/** The enrollment form's fields, as the browser sends them without JavaScript. */
export function enrollmentForm(course: Course, tag: string): { body: string; email: string } {
  studentSeq += 1;
  const email = `student-${tag}-${process.pid}-${studentSeq}@example.com`;
  const body = new URLSearchParams({
    courseId: course.id,
    // A name is letters only (issue 34 item 6): the tag's and the number's digits spelled as letters.
    studentName: `Student ${spelled(tag)} ${spelled(String(studentSeq))}`,
    studentEmail: email,
    countryCode: "+20",
    phoneNumber: `0100${String(1000000 + studentSeq).slice(-7)}`,
    message: "",
    website: "",
  }).toString();
  return { body, email };
}

const ENROLLMENT_ID = /ENR-[0-9A-Z]+-[0-9A-Z]{6}/;

export interface Outcome {
  /** HTTP status, or undefined when the request failed at the connection level. */
  status?: number;
  /** The enrollment id the success message showed. */
  enrollmentId?: string;
  /** Connection-level error code (ECONNREFUSED, ECONNRESET, …). */
  error?: string;
  /** When the TCP connection was established (performance.now()), if it was. */
  connectedAt?: number;
  body?: string;
}

/**
 * One request on its own connection (no keep-alive), so every outcome belongs to one request: a status,
 * or the connection-level error code.
 */
export function request(
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = {};
    const req = http.request(url, {
      method: options.method ?? "GET",
      agent: false,
      headers: {
        ...(options.body !== undefined
          ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(options.body)) }
          : {}),
        ...options.headers,
      },
      timeout: options.timeoutMs ?? 30_000,
    });
    req.on("socket", (socket) => {
      socket.once("connect", () => (outcome.connectedAt = performance.now()));
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        outcome.status = res.statusCode;
        outcome.body = Buffer.concat(chunks).toString("utf8");
        outcome.enrollmentId = res.statusCode === 200 ? ENROLLMENT_ID.exec(outcome.body)?.[0] : undefined;
        resolve(outcome);
      });
      res.on("error", (err: NodeJS.ErrnoException) => {
        outcome.error = err.code ?? err.message;
        resolve(outcome);
      });
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (err: NodeJS.ErrnoException) => {
      outcome.error = err.code ?? err.message;
      resolve(outcome);
    });
    req.end(options.body);
  });
}

/** Posts one enrollment request for `course` to the app at `baseUrl`. */
export async function postEnrollment(baseUrl: string, course: Course, tag: string): Promise<Outcome & { email: string }> {
  const { body, email } = enrollmentForm(course, tag);
  const outcome = await request(`${baseUrl}/en/courses/${course.slug}/enroll`, { method: "POST", body });
  return { ...outcome, email };
}

// ---- waiting -------------------------------------------------------------------------------------

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` until it returns true; false after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return true;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}

/** The app's log lines (pino JSON) that parse, for assertions on what each instance did. */
export function logLines(output: string): Record<string, unknown>[] {
  return output.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** True while the process exists (signal 0 checks without sending anything). */
export function isAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
