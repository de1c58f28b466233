// `npm run bench` (QUALITY "Performance bar", issue 8 item 1, issue 18 point 1): what browsers do, on the
// embedded database and on the production path (PostgreSQL, two instances), next to the floor measured in
// the same run.
//
//   npm run build && npm run bench            # 11–12½ minutes under a load average of 13–15 (less when quiet)
//   npm run bench -- --quick                  # about 4 minutes so loaded: one short round, uncompressed at 10 conns only
//   npm run bench -- --memory                 # also resident memory after 2,000 mixed requests
//   npm run bench -- --no-gate                # exploration: print the targets, always exit 0
//   npm run bench -- --profile                # also the embedded app's CPU profile (test-results/bench-profiles/)
//
// Method.
// - Data: a fresh DATA_DIR on the embedded database, and a new PostgreSQL database with a unique name
//   (BENCH_PG_URL's server, default postgres://postgres@127.0.0.1:5432), dropped at the end, on failure and
//   on Ctrl-C. Both get what `npm start` gives a first start (migrations, defaults, the demo catalogue) plus
//   generated published courses so /courses has 24 cards (bench/lib.ts prepareDemoCatalogue).
// - Servers, all `startProductionServer` (what `npm start` runs, NODE_ENV=production), all pinned to core 1;
//   autocannon on core 0 (taskset; PostgreSQL itself is not pinned):
//     floor     bench/floor.tsx: renderToString of the same 24 cards behind the same `compression` middleware
//     emb       embedded database, page cache on (the default)
//     emb-nocache  a copy of the embedded data, PUBLIC_PAGE_CACHE=false
//     pg2       two app instances on the PostgreSQL database, page cache setting left at its default: each
//               run's connections are split evenly between them (autocannon opens connection i to instance
//               i mod 2), and their CPU times are summed
//     pg        one instance on the same database with PUBLIC_PAGE_CACHE=false, and the admin (ADMIN_EMAIL /
//               ADMIN_PASSWORD at start) signed in through the sign-in form for /admin/courses and /admin/enrollments
// - Every page target twice: with Chrome's `Accept-Encoding: gzip, deflate, br, zstd` (the app answers brotli)
//   and with none; each against the floor with the same encoding.
// - Checks first that what is measured is right: 24 cards on every /courses, 200 for every target (signed in
//   for the admin lists), an enrollment reference for the enrollment POST.
// - Sizes: each page fetched once uncompressed and compressed; the answer's bytes on the wire against the
//   same HTML compressed in one go with the middleware's settings (gzip level 6, brotli quality 4).
// - A warm-up run of every target (its rate sets the request count below), then interleaved rounds: for each
//   connection count (10, 50), the floor and every target one after the other (the order reversed in
//   alternate rounds), each run a fixed number of requests (≈ the run length at the warm-up rate, at least
//   one per connection) so every request is answered before the CPU is read; after each run the bench waits
//   until the servers are idle (the outbox, GC) so no run pays for the one before.
// - CPU ms/request: utime + stime of the app processes (/proc/<pid>/stat), read right before and after the
//   run, summed over the target's servers, ÷ answers. On PostgreSQL, the database backends' own CPU for the
//   bench database is shown beside ("db ms"), not added.
// - Reported: req/s (answers ÷ run time; mean over rounds), median p50/p99, CPU ms/request (mean), the
//   ratios to the floor's req/s and CPU at the same connection count and encoding.
// - Targets (bench/gates.ts): QUALITY.md's on the embedded database and issue 18's on the production path.
//   Any non-2xx answer or error fails the run; a missed target exits 1 (unless --no-gate), naming it with
//   the figure and the bound.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { crowdCheck, evaluate, type Figures } from "./gates.ts";
import { oneRunCrowd } from "./one-run-crowd.ts";
import {
  canPin,
  CATALOGUE_CARDS,
  prepareDemoCatalogue,
  requireProductionBuild,
  ROOT,
  startFloorServer,
  startProductionServer,
  type ServerProcess,
} from "./lib.ts";
import {
  CHROME_ACCEPT_ENCODING,
  createBenchDatabase,
  measure,
  residentMb,
  settle,
  signIn,
  sizeReport,
  type BenchDatabase,
  type Encoding,
  type Sample,
  type SizeReport,
} from "./measure.ts";

const args = new Set(process.argv.slice(2));
if (args.has("--help")) {
  console.log("Usage: npm run bench [-- --quick] [-- --memory] [-- --no-gate] [-- --profile]\nNeeds a production build (npm run build) and PostgreSQL (BENCH_PG_URL).");
  process.exit(0);
}
const QUICK = args.has("--quick");
const PROFILE = args.has("--profile");
const MEMORY = args.has("--memory");
const GATE = !args.has("--no-gate");
const ROUNDS = QUICK ? 1 : 2;
const RUN_S = QUICK ? 1 : 2.5;
/** Fewest requests per connection in a run (what bounds the slow targets' runs at 50 connections). */
const MIN_PER_CONNECTION = 1;
const WARMUP_S = QUICK ? 1 : 1.5;
const CONNECTIONS = [10, 50] as const;
/** --quick measures the uncompressed figures at 10 connections only, but for QUALITY.md's gate (50). */
const measured = (id: string, encoding: Encoding, c: number) =>
  !QUICK || encoding === "chrome" || c === 10 || id === "floor" || id === "emb:/courses";
const MIXED_REQUESTS = 2000;
const ADMIN = { email: "bench-admin@example.com", password: "Bench-Admin-Passw0rd-1" };
const AUTH_SECRET = "bench-secret-for-two-instances-0123456789abcdef";

const PIN = canPin();
const SERVER_CORE = PIN ? 1 : undefined;
const LOAD_CORE = PIN ? 0 : undefined;

interface Target {
  id: string;
  servers: ServerProcess[];
  path: string;
  encodings: Encoding[];
  kind: "floor" | "page" | "post";
  method?: "POST";
  body?: string;
  headers?: Record<string, string>;
  /** 24 cards expected in the answer. */
  cards?: boolean;
  onPostgres?: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const countCards = (html: string) => (html.match(/<article\b/g) ?? []).length;
const encodingHeaders = (e: Encoding): Record<string, string> => (e === "chrome" ? { "accept-encoding": CHROME_ACCEPT_ENCODING } : {});

// Everything to undo at the end, on failure and on Ctrl-C: servers, data directories, the database.
const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const undo of cleanups.reverse()) {
      try {
        await undo();
      } catch (err) {
        console.error(`bench: clean-up: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping the servers and dropping the database`);
    void cleanUp().then(() => process.exit(130));
  });
}

async function start(what: string, started: Promise<ServerProcess>): Promise<ServerProcess> {
  const server = await started.catch((err: unknown) => {
    throw new Error(`${what} did not start: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  });
  cleanups.push(() => server.stop());
  return server;
}

function table(header: string[], rows: string[][], numeric: (i: number) => boolean): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((cell, i) => (numeric(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** 2,000 requests like a day of visitors (public pages in both languages, a search, a 404, an enrollment). */
async function mixedLoad(origin: string, slug: string, course: { courseId: string; runId?: string }): Promise<void> {
  const pages: [string, number][] = [
    ["/en", 200], ["/ar", 200], ["/en/courses", 200], ["/ar/courses", 200], [`/en/courses/${slug}`, 200],
    [`/ar/courses/${slug}`, 200], ["/en/about", 200], ["/ar/about", 200], ["/en/courses?q=data", 200], ["/en/no-such-page", 404],
  ];
  let next = 0;
  const one = async (i: number) => {
    if (i % (pages.length + 1) === pages.length) {
      const res = await fetch(`${origin}/en/courses/${slug}/enroll.data`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, "accept-encoding": CHROME_ACCEPT_ENCODING },
        body: enrollBody(course, `mixed-${i}`),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`mixed load: enrollment POST answered ${res.status}`);
      return;
    }
    const [p, status] = pages[i % (pages.length + 1)]!;
    const res = await fetch(origin + p, { headers: { "accept-encoding": CHROME_ACCEPT_ENCODING } });
    await res.arrayBuffer();
    if (res.status !== status) throw new Error(`mixed load: ${p} answered ${res.status}, expected ${status}`);
  };
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < MIXED_REQUESTS) await one(next++);
    }),
  );
}

function enrollBody(course: { courseId: string; runId?: string }, id: string): string {
  return new URLSearchParams({
    studentName: "Bench Student",
    studentEmail: `bench-${id}@example.com`,
    countryCode: "+20",
    phoneNumber: "1001234567",
    message: "Measured by npm run bench.",
    courseId: course.courseId,
    ...(course.runId ? { runId: course.runId } : {}),
    website: "",
  }).toString();
}

async function main() {
  const started = Date.now();
  requireProductionBuild("bench");
  console.log(
    `bench: ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; ` + (PIN ? "servers on core 1, autocannon on core 0 (taskset)" : "WARNING: taskset unavailable, processes not pinned"),
  );
  console.log(
    `bench: ${QUICK ? "quick" : "full"} run: warm-up ${WARMUP_S} s per target, ${ROUNDS} round(s) of ≈ ${RUN_S} s per target, encoding and connection count`,
  );

  // ---- data -------------------------------------------------------------------------------------------
  const emb = await prepareDemoCatalogue();
  cleanups.push(() => fs.rmSync(emb.dataDir, { recursive: true, force: true }));
  const embCopy = (suffix: string) => {
    const dir = `${emb.dataDir}-${suffix}`;
    fs.cpSync(emb.dataDir, dir, { recursive: true });
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const embUncachedDir = embCopy("uncached");
  const embMemoryDir = MEMORY ? embCopy("memory") : undefined;
  let database: BenchDatabase;
  try {
    database = await createBenchDatabase();
  } catch (err) {
    throw new Error(`bench: cannot create a PostgreSQL database (BENCH_PG_URL): ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const db = database;
  cleanups.push(() => db.drop());
  const pgData = await prepareDemoCatalogue({ databaseUrl: db.url });
  cleanups.push(() => fs.rmSync(pgData.dataDir, { recursive: true, force: true }));
  console.log(`bench: data ready (PostgreSQL database ${db.name}), ${Math.round((Date.now() - started) / 1000)} s`);

  // ---- servers ----------------------------------------------------------------------------------------
  const profileDir = path.join(ROOT, "test-results/bench-profiles");
  if (PROFILE) fs.mkdirSync(profileDir, { recursive: true });
  // The enrollment POST is measured, not rate-limited: one client sends thousands per second here.
  const noLimit = { RATE_LIMIT_ENROLLMENT: "999999/1", RATE_LIMIT_ENROLLMENT_EMAIL: "999999/1" };
  // TRUST_PROXY as behind the README's nginx: the one-run crowd names a client address per request.
  const onPg = { DATABASE_URL: db.url, AUTH_SECRET, TRUST_PROXY: "true", ...noLimit };
  const [floor, embApp, embNoCache, pgA, pgB, pgNoCache] = await Promise.all([
    start("the floor", startFloorServer({ cardsFile: emb.cardsFile, core: SERVER_CORE })),
    start(
      "the embedded app",
      startProductionServer({
        dataDir: emb.dataDir,
        core: SERVER_CORE,
        env: noLimit,
        nodeArgs: PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : undefined,
      }),
    ),
    start("the embedded app without page cache", startProductionServer({ dataDir: embUncachedDir, core: SERVER_CORE, env: { PUBLIC_PAGE_CACHE: "false" } })),
    start("PostgreSQL instance A", startProductionServer({ dataDir: pgData.dataDir, core: SERVER_CORE, env: onPg })),
    start("PostgreSQL instance B", startProductionServer({ dataDir: pgData.dataDir, core: SERVER_CORE, env: onPg })),
    start(
      "the PostgreSQL instance without page cache",
      startProductionServer({
        dataDir: pgData.dataDir,
        core: SERVER_CORE,
        env: { ...onPg, PUBLIC_PAGE_CACHE: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      }),
    ),
  ]);
  const allServers = [floor, embApp, embNoCache, pgA, pgB, pgNoCache];
  const cookie = await signIn(pgNoCache.url, ADMIN.email, ADMIN.password);
  console.log(`bench: servers ready, admin signed in through /login, ${Math.round((Date.now() - started) / 1000)} s`);

  const both: Encoding[] = ["chrome", "none"];
  const page = (id: string, servers: ServerProcess[], p: string, extra: Partial<Target> = {}): Target => ({
    id,
    servers,
    path: p,
    encodings: both,
    kind: "page",
    ...extra,
  });
  const pg2 = [pgA, pgB];
  const targets: Target[] = [
    { id: "floor", servers: [floor], path: "/", encodings: both, kind: "floor", cards: true },
    page("emb:/", [embApp], "/en"),
    page("emb:/courses", [embApp], "/en/courses", { cards: true }),
    page("emb:/courses/:slug", [embApp], `/en/courses/${emb.slug}`),
    {
      // The enrollment action as the form's JavaScript posts it (fetcher → `.data`): validation, rate
      // limit, one transaction with the enrollment and its two outbox emails.
      id: "emb:POST enroll",
      servers: [embApp],
      path: `/en/courses/${emb.slug}/enroll.data`,
      encodings: ["chrome"],
      kind: "post",
      method: "POST",
      body: enrollBody(emb, "[<id>]"),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: embApp.url },
    },
    page("emb-nocache:/courses", [embNoCache], "/en/courses", { cards: true }),
    page("pg2:/", pg2, "/en", { onPostgres: true }),
    page("pg2:/courses", pg2, "/en/courses", { cards: true, onPostgres: true }),
    page("pg2:/courses/:slug", pg2, `/en/courses/${pgData.slug}`, { onPostgres: true }),
    page("pg2:/about", pg2, "/en/about", { onPostgres: true }),
    page("pg:/", [pgNoCache], "/en", { onPostgres: true }),
    page("pg:/courses", [pgNoCache], "/en/courses", { cards: true, onPostgres: true }),
    page("pg:/courses/:slug", [pgNoCache], `/en/courses/${pgData.slug}`, { onPostgres: true }),
    page("pg:/about", [pgNoCache], "/en/about", { onPostgres: true }),
    page("pg:/admin/courses", [pgNoCache], "/admin/courses", { headers: { cookie }, onPostgres: true }),
    page("pg:/admin/enrollments", [pgNoCache], "/admin/enrollments", { headers: { cookie }, onPostgres: true }),
  ];

  // ---- what is measured is what a visitor gets --------------------------------------------------------
  for (const t of targets) {
    for (const s of t.servers) {
      const res = await fetch(s.url + t.path, {
        method: t.method,
        headers: { ...t.headers, "accept-language": "en" },
        body: t.kind === "post" ? enrollBody(t.id.startsWith("emb") ? emb : pgData, "check") : undefined,
        redirect: "manual",
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${t.id} on ${s.url}: HTTP ${res.status} ${res.headers.get("location") ?? ""}`);
      if (t.cards && countCards(body) !== CATALOGUE_CARDS) throw new Error(`${t.id}: ${countCards(body)} cards instead of ${CATALOGUE_CARDS}`);
      if (t.kind === "post" && !/ENR-[0-9A-Z]+-[0-9A-Z]{6}/.test(body)) throw new Error(`${t.id}: no enrollment reference in the reply`);
      if (t.id.startsWith("pg:/admin") && !body.includes(ADMIN.email)) throw new Error(`${t.id}: the page does not show the signed-in admin`);
    }
  }
  const sizes = new Map<string, SizeReport>();
  for (const t of targets) {
    if (t.kind === "post") continue;
    sizes.set(t.id, await sizeReport(t.servers[0]!.url + t.path, t.headers ?? {}));
  }

  // ---- warm-up, then interleaved rounds ----------------------------------------------------------------
  const runs = targets.flatMap((t) => t.encodings.map((encoding) => ({ t, encoding })));
  const spec = (t: Target, encoding: Encoding, connections: number) => ({
    urls: t.servers.map((s) => s.url + t.path),
    connections,
    method: t.method,
    body: t.body,
    // A new email per request: the same email, course and run within ten minutes is one request (issue 34).
    idReplacement: t.kind === "post",
    headers: { ...t.headers, ...encodingHeaders(encoding) },
    loadCore: LOAD_CORE,
  });
  const rate = new Map<string, number>();
  // --quick warms each target up once, with Chrome's header; the uncompressed runs are sized by that rate.
  for (const { t, encoding } of QUICK ? runs.filter((r) => r.encoding === "chrome") : runs) {
    const s = await measure({ ...spec(t, encoding, 10), seconds: WARMUP_S }, t.servers);
    rate.set(`${t.id}|${encoding}`, s.rps);
    await settle(allServers);
  }
  console.log(`bench: warmed up, ${Math.round((Date.now() - started) / 1000)} s`);

  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? runs : [...runs].reverse();
    for (const c of CONNECTIONS) {
      for (const { t, encoding } of order) {
        if (!measured(t.id, encoding, c)) continue;
        const amount = Math.max(MIN_PER_CONNECTION * c, Math.round((rate.get(`${t.id}|${encoding}`) ?? rate.get(`${t.id}|chrome`) ?? 0) * RUN_S));
        const s = await measure({ ...spec(t, encoding, c), amount }, t.servers, t.onPostgres ? db : undefined);
        // Work left behind (the outbox sending the enrollments' emails, GC) must not land on the next run.
        await settle(allServers);
        const key = `${t.id}|${encoding}|${c}`;
        samples.set(key, [...(samples.get(key) ?? []), s]);
      }
      console.log(`bench: round ${round + 1}, ${c} connections done, ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }

  // ---- figures ---------------------------------------------------------------------------------------
  type Failures = { non2xx: number; errors: number; timeouts: number; statuses: string[] };
  const figures = (id: string, encoding: Encoding, c: number): (Figures & { db: number | null; failures: Failures }) | undefined => {
    const list = samples.get(`${id}|${encoding}|${c}`);
    if (!list) return undefined;
    const answers = list.reduce((n, s) => n + s.answers, 0);
    const dbMs = list.every((s) => s.dbCpuMs !== null) ? list.reduce((n, s) => n + s.dbCpuMs!, 0) / answers : null;
    return {
      rps: mean(list.map((s) => s.rps)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
      cpuPerRequest: list.reduce((n, s) => n + s.cpuMs, 0) / answers,
      bad: list.reduce((n, s) => n + s.non2xx + s.errors + (s.answers > 0 ? 0 : 1), 0),
      failures: list.reduce(
        (f, s) => ({
          non2xx: f.non2xx + s.non2xx,
          errors: f.errors + s.errors - s.timeouts,
          timeouts: f.timeouts + s.timeouts,
          statuses: [...f.statuses, ...Object.entries(s.statuses).map(([code, n]) => `${n} × ${code}`)],
        }),
        { non2xx: 0, errors: 0, timeouts: 0, statuses: [] as string[] },
      ),
      db: dbMs,
    };
  };
  const header = ["target", "conns", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "db ms/req", "× floor req/s", "× floor CPU", "failed"];
  for (const encoding of both) {
    const rows: string[][] = [];
    for (const { t } of runs.filter((r) => r.encoding === encoding)) {
      for (const c of CONNECTIONS) {
        const f = figures(t.id, encoding, c);
        const fl = figures("floor", encoding, c);
        if (!f || !fl) continue;
        rows.push([
          t.id,
          String(c),
          Math.round(f.rps).toLocaleString("en"),
          f.p50.toFixed(0),
          f.p99.toFixed(0),
          f.cpuPerRequest.toFixed(2),
          f.db === null ? "" : f.db.toFixed(2),
          (f.rps / fl.rps).toFixed(2),
          (f.cpuPerRequest / fl.cpuPerRequest).toFixed(1),
          String(f.bad),
        ]);
      }
    }
    console.log(
      `\n${encoding === "chrome" ? `With Chrome's Accept-Encoding (${CHROME_ACCEPT_ENCODING}): the app and the floor answer brotli` : "Without Accept-Encoding (uncompressed)"}`,
    );
    console.log(table(header, rows, (i) => i >= 1));
  }
  console.log(
    "\nemb = embedded database, page cache on; emb-nocache = the same with PUBLIC_PAGE_CACHE=false; pg2 = two instances on PostgreSQL" +
      "\n(page cache setting at its default), connections split evenly between them, CPU of both summed; pg = one instance on" +
      "\nPostgreSQL with PUBLIC_PAGE_CACHE=false (the admin lists signed in). CPU = the app processes' utime+stime ÷ answers;" +
      "\ndb = PostgreSQL backends' CPU for the bench database ÷ answers (not included in CPU). Ratios: to the floor with the same encoding.",
  );

  const sizeRows = [...sizes].map(([id, s]) => [
    id,
    String(s.identity),
    `${s.chrome.encoding} ${s.chrome.bytes}`,
    String(s.chromeOneShot),
    (s.chrome.bytes / s.chromeOneShot).toFixed(2),
    String(s.gzip),
    String(s.gzipOneShot),
    (s.gzip / s.gzipOneShot).toFixed(2),
  ]);
  console.log("\nAnswer sizes in bytes (on the wire; one-shot = the same HTML compressed in one go, brotli q4 / gzip 6)");
  console.log(table(["target", "identity", "Chrome AE", "one-shot", "ratio", "gzip", "one-shot", "ratio"], sizeRows, (i) => i >= 1));

  // ---- memory (optional) ------------------------------------------------------------------------------
  let memory: { embedded: number | null; postgres: number | null } | undefined;
  if (MEMORY) {
    const embMem = await start("the embedded app (memory)", startProductionServer({ dataDir: embMemoryDir!, core: SERVER_CORE, env: noLimit }));
    const pgMem = await start("a PostgreSQL instance (memory)", startProductionServer({ dataDir: pgData.dataDir, core: SERVER_CORE, env: onPg }));
    const idle = { embedded: residentMb(embMem.proc.pid), postgres: residentMb(pgMem.proc.pid) };
    await mixedLoad(embMem.url, emb.slug, emb);
    await mixedLoad(pgMem.url, pgData.slug, pgData);
    await settle([embMem, pgMem]);
    memory = { embedded: residentMb(embMem.proc.pid), postgres: residentMb(pgMem.proc.pid) };
    console.log(
      `\nResident memory (VmRSS), fresh servers: embedded ${Math.round(idle.embedded ?? 0)} MB at start, ${Math.round(memory.embedded ?? 0)} MB` +
        ` after ${MIXED_REQUESTS} mixed requests; PostgreSQL ${Math.round(idle.postgres ?? 0)} MB, ${Math.round(memory.postgres ?? 0)} MB.`,
    );
    await embMem.stop();
    await pgMem.stop();
  }

  // ---- one run's crowd (issue 34 item 4) -----------------------------------------------------------------
  await settle(pg2);
  const crowd = await oneRunCrowd({ origins: pg2.map((s) => s.url), slug: pgData.slug, course: pgData });
  console.log(
    `
One run's crowd: ${crowd.enrollments.sent} enrollment requests for one run at once over both PostgreSQL instances,` +
      ` answered in ${Math.round(crowd.crowdMs)} ms (${crowd.enrollments.ok} × 200${crowd.enrollments.failed.length ? `; ${crowd.enrollments.failed.join("; ")}` : ""});` +
      ` other pages (/login, /en/courses, a course, /ar/about; 4 clients) p95 ${crowd.baselineP95.toFixed(0)} ms alone` +
      ` (${crowd.pageRequests.baseline} requests), ${crowd.crowdP95.toFixed(0)} ms meanwhile (${crowd.pageRequests.crowd}), ${crowd.pageErrors} errors.`,
  );

  // ---- targets ---------------------------------------------------------------------------------------
  const checks = [...evaluate(figures, sizes, memory), crowdCheck(crowd)];
  const failedRuns = runs.flatMap(({ t, encoding }) =>
    CONNECTIONS.flatMap((c) => {
      const f = figures(t.id, encoding, c);
      if (!f || f.bad === 0) return [];
      const { non2xx, errors, timeouts, statuses } = f.failures;
      const codes = statuses.length ? ` (${statuses.join(", ")})` : "";
      return [`${t.id} ${encoding} ${c} conns: ${non2xx} non-2xx${codes}, ${errors} errors, ${timeouts} timeouts (no answer in 10 s)`];
    }),
  );
  console.log("\nTargets (QUALITY.md, issue 18):");
  for (const check of checks) console.log(`  ${check.met ? "met   " : "MISSED"}  ${check.name}: ${check.figure} (${check.bound})`);
  if (failedRuns.length) console.log(`  FAILED requests (non-2xx, errors or nothing answered): ${failedRuns.join("; ")}`);
  const missed = checks.filter((c) => !c.met).length;
  console.log(
    `\n${new Date().toISOString()}, total ${Math.round((Date.now() - started) / 1000)} s: ${checks.length - missed} of ${checks.length} targets met` +
      (failedRuns.length ? `, ${failedRuns.length} runs with failed requests` : "") +
      (GATE ? "" : " (--no-gate: missed targets do not fail the run)"),
  );
  if (PROFILE) console.log(`CPU profiles in ${profileDir} (open in Chrome DevTools → Performance).`);
  process.exitCode = failedRuns.length > 0 || (GATE && missed > 0) ? 1 : 0;
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => cleanUp().then(() => process.exit(process.exitCode ?? 0)));
