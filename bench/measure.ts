// Measurement primitives of `npm run bench` (bench/run.ts): one autocannon run with the servers' own CPU
// time read around it, the answer's size on the wire against a one-shot compression of the same HTML, a
// staff sign-in as a browser does it, and the PostgreSQL database the bench creates and drops.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { ROOT, type ServerProcess } from "./lib.ts";

/** What Chrome sends on every navigation (Chrome 123 and later). */
export const CHROME_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export type Encoding = "chrome" | "none";

export interface Sample {
  /** Answers per second: answers ÷ the run's duration. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers received (2xx and others). */
  answers: number;
  non2xx: number;
  /** Requests that failed (autocannon's errors, timeouts included). */
  errors: number;
  /** Of which: no answer within autocannon's 10 s. */
  timeouts: number;
  /** Answers by status code other than 2xx, e.g. { "503": 8 }. */
  statuses: Record<string, number>;
  /** CPU time of the app processes (summed) over the run, ms. */
  cpuMs: number;
  /** CPU time of PostgreSQL's backends for the bench database over the run, ms (null: not on PostgreSQL). */
  dbCpuMs: number | null;
}

/** CPU time (ms) a process has used, from /proc/<pid>/stat (utime + stime); null where there is none. */
export function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    return parseCpuMs(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

/** utime + stime of a /proc/<pid>/stat line, in ms (USER_HZ is 100 on Linux). */
export function parseCpuMs(stat: string): number {
  // The command name (field 2) may hold spaces and parentheses: count from the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident memory (VmRSS) of a process in MB, from /proc/<pid>/status. */
export function residentMb(pid: number | undefined): number | null {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const sumCpu = (servers: ServerProcess[]) => servers.reduce((sum, s) => sum + (cpuMs(s.proc.pid) ?? 0), 0);

/** Waits (at most 60 s) until the servers are idle: under 5 % of a core over 300 ms. */
export async function settle(servers: ServerProcess[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const before = sumCpu(servers);
    await new Promise((r) => setTimeout(r, 300));
    if (sumCpu(servers) - before <= 15) return;
  }
}

export interface LoadSpec {
  /** One URL per server: autocannon opens connection i to urls[i % urls.length] (an even split). */
  urls: string[];
  connections: number;
  /** A fixed number of requests (all answered before the CPU is read), or a duration in seconds. */
  amount?: number;
  seconds?: number;
  method?: "POST";
  body?: string;
  /** autocannon replaces `[<id>]` in the body with a new id per request (-I). */
  idReplacement?: boolean;
  headers: Record<string, string>;
  loadCore?: number;
}

/**
 * One autocannon run, the app processes' CPU read just before it starts and just after it ends. With a
 * fixed `amount` every request sent is answered before the second reading, so CPU ÷ answers holds no
 * half-served request. `db`: also the CPU of PostgreSQL's backends serving the bench database.
 */
export async function measure(spec: LoadSpec, servers: ServerProcess[], db?: BenchDatabase): Promise<Sample> {
  // -L 50: autocannon notices the end of a fixed-amount run at its next sample tick (1 s by default).
  const cli = [path.join(ROOT, "node_modules/autocannon/autocannon.js"), "--json", "--no-progress", "-L", "50", "-c", String(spec.connections)];
  if (spec.amount !== undefined) cli.push("-a", String(spec.amount));
  else cli.push("-d", String(spec.seconds ?? 5));
  if (spec.method) cli.push("-m", spec.method);
  if (spec.body !== undefined) cli.push("-b", spec.body);
  if (spec.idReplacement) cli.push("-I");
  for (const [k, v] of Object.entries(spec.headers)) cli.push("-H", `${k}=${v}`);
  cli.push(...spec.urls);
  const [cmd, argv] = spec.loadCore === undefined ? [process.execPath, cli] : ["taskset", ["-c", String(spec.loadCore), process.execPath, ...cli]];
  const dbBefore = db ? await db.backendCpu() : undefined;
  const before = sumCpu(servers);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`autocannon exited with ${code}: ${stderr}`))));
  });
  const used = sumCpu(servers) - before;
  const dbUsed = db && dbBefore ? backendDelta(dbBefore, await db.backendCpu()) : null;
  let r: {
    requests: { total: number };
    duration: number;
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  try {
    r = JSON.parse(out) as typeof r;
  } catch (e) {
    throw new Error(`could not read autocannon's output: ${String(e)}\n${out}`, { cause: e });
  }
  const answers = r.requests.total;
  return {
    rps: r.duration > 0 ? answers / r.duration : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    answers,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statuses: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, { count }]) => [code, count]),
    ),
    cpuMs: used,
    dbCpuMs: dbUsed,
  };
}

/** CPU used between two readings of the backends: a backend that appeared counts from zero. */
export function backendDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

export interface WireSize {
  /** Content-Encoding chosen by the server ("identity" when none). */
  encoding: string;
  bytes: number;
}

/** One GET, the body counted as it comes off the wire (not decoded). */
export function wireSize(url: string, headers: Record<string, string>): Promise<WireSize & { status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on("data", (d: Buffer) => (bytes += d.length));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, encoding: String(res.headers["content-encoding"] ?? "identity"), bytes }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export interface SizeReport {
  identity: number;
  /** What Chrome's Accept-Encoding gets, and a one-shot compression of the same HTML with the same codec. */
  chrome: WireSize;
  chromeOneShot: number;
  /** With `Accept-Encoding: gzip` only, and a one-shot gzip. */
  gzip: number;
  gzipOneShot: number;
}

/**
 * The answer's size against one-shot compression of the same HTML with the `compression` middleware's
 * settings (gzip level 6, zlib's default; brotli quality 4): fetched once uncompressed, compressed in one go.
 */
export async function sizeReport(url: string, headers: Record<string, string>): Promise<SizeReport> {
  const plain = await fetch(url, { headers: { ...headers, "accept-encoding": "identity" } });
  const html = Buffer.from(await plain.arrayBuffer());
  if (plain.status !== 200) throw new Error(`${url}: HTTP ${plain.status}`);
  const chrome = await wireSize(url, { ...headers, "accept-encoding": CHROME_ACCEPT_ENCODING });
  const gzip = await wireSize(url, { ...headers, "accept-encoding": "gzip" });
  const gzipOneShot = zlib.gzipSync(html).length;
  const chromeOneShot =
    chrome.encoding === "br"
      ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length
      : chrome.encoding === "gzip"
        ? gzipOneShot
        : html.length;
  return { identity: html.length, chrome, chromeOneShot, gzip: gzip.bytes, gzipOneShot };
}

/**
 * Signs in as a browser does (ADR 011: the sign-in form's POST; a second step would redirect to
 * /login/two-factor, which the bench's fresh admin does not have): returns the Cookie header of the session.
 */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, "accept-language": "en" },
    body: new URLSearchParams({ email, password, from: "/admin/courses" }).toString(),
  });
  const location = res.headers.get("location") ?? "";
  await res.body?.cancel();
  if (res.status < 300 || res.status >= 400 || !location.startsWith("/admin/courses")) {
    throw new Error(`sign-in as ${email}: HTTP ${res.status}, to ${location || "nowhere"} (expected a redirect to /admin/courses)`);
  }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
  if (!cookie) throw new Error(`sign-in as ${email}: no session cookie`);
  return cookie;
}

export interface BenchDatabase {
  url: string;
  name: string;
  /** CPU time (ms) of each PostgreSQL backend connected to this database, by pid (what /proc lets us read). */
  backendCpu(): Promise<Map<number, number>>;
  drop(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database with a unique name on BENCH_PG_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres). `drop()` ends its sessions and drops it; it is idempotent.
 */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const admin = new URL(process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async backendCpu() {
      const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [name]);
      return new Map(rows.flatMap((r) => {
        const ms = cpuMs(r.pid);
        return ms === null ? [] : [[r.pid, ms] as [number, number]];
      }));
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
