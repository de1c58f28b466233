// `npx tsx bench/memory.ts`: the production server's resident memory and CPU per request (issue 18 point 5).
// Starts the server the way `npm start` does (bench/lib.ts startProductionServer) on the embedded database
// (the demo data plus generated courses) or on a fresh PostgreSQL database (--pg; created and dropped), then:
//   idle       RSS 5 s after /readyz answered;
//   mixed      2,000 requests, 10 at a time: public pages in both languages, a catalogue search, a 404 and an
//              enrollment POST; RSS at the end and its peak (sampled every 50 ms), CPU ms/request;
//   uncached   /en/courses with PUBLIC_PAGE_CACHE=false (a second server), CPU ms/request;
//   admin      /admin/courses signed in, CPU ms/request.
// CPU is the server process's own user + system time (/proc/<pid>/stat) divided by the requests. Options:
//   --pg                 PostgreSQL (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
//   --requests N         mixed requests (2000)
//   --node-args "..."    extra node flags for the server (e.g. "--max-old-space-size=128")
//   --env K=V            extra server environment (repeatable)
import fs from "node:fs";
import pg from "pg";
import { prepareDemoCatalogue, requireProductionBuild, startProductionServer, type ServerProcess } from "./lib.ts";

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => argv.flatMap((a, i) => (a === name && argv[i + 1] !== undefined ? [argv[i + 1]!] : []));
const usePg = flag("--pg");
const total = Number(option("--requests")[0] ?? 2000);
const nodeArgs = (option("--node-args")[0] ?? "").split(" ").filter(Boolean);
const extraEnv = Object.fromEntries(option("--env").map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
const ADMIN = { email: "memory-bench@example.com", password: "Memory-Bench-Passw0rd!" };
const AUTH_SECRET = "memory-bench-secret-".padEnd(48, "x");
const PG_BASE = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}

/** The process's user + system CPU time in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

async function firstSlug(server: ServerProcess): Promise<{ slug: string; id: string; runId?: string }> {
  const html = await (await fetch(`${server.url}/en/courses`)).text();
  const slug = html.match(/href="\/en\/courses\/([a-z0-9-]+)"/)?.[1];
  if (!slug) throw new Error("no course link on /en/courses");
  const page = await (await fetch(`${server.url}/en/courses/${slug}/enroll`)).text();
  const id = page.match(/name="courseId"[^>]*value="([^"]+)"/)?.[1] ?? page.match(/value="([^"]+)"[^>]*name="courseId"/)?.[1];
  if (!id) throw new Error(`no courseId field on /en/courses/${slug}/enroll`);
  // A course with runs asks for one (issue 20): the first offered (a full one files a waiting request).
  const runId = page.match(/name="runId"[^>]*value="([^"]+)"/)?.[1] ?? page.match(/value="([^"]+)"[^>]*name="runId"/)?.[1];
  return { slug, id, runId };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams(ADMIN),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

type Job = () => Promise<Response>;

/** Runs `count` requests, `concurrency` at a time; answers the statuses seen and the server's CPU ms/request. */
async function load(server: ServerProcess, count: number, job: (i: number) => Job, onTick?: () => void) {
  const pid = server.proc.pid!;
  const statuses = new Map<number, number>();
  let next = 0;
  const cpu0 = cpuMs(pid);
  const started = performance.now();
  const timer = onTick ? setInterval(onTick, 50) : undefined;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < count) {
        const res = await job(next++)();
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  return { statuses: Object.fromEntries(statuses), cpuPerRequest: (cpuMs(pid) - cpu0) / count, rps: Math.round(count / seconds) };
}

/**
 * A figure measured on failing answers says nothing: the run stops when a load saw a status it does not
 * expect (a 500, a 429 from a rate limit, a 400 from a changed form), naming every status seen.
 */
function expectStatuses(what: string, statuses: Record<string, number>, allowed: readonly number[]): void {
  const unexpected = Object.keys(statuses).filter((status) => !allowed.includes(Number(status)));
  if (unexpected.length > 0) throw new Error(`memory bench: ${what} answered ${JSON.stringify(statuses)}; expected only ${allowed.join(", ")}`);
}

async function run(): Promise<void> {
  requireProductionBuild("memory");
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  const env: Record<string, string> = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_ENROLLMENT: "100000/60", RATE_LIMIT_ENROLLMENT_EMAIL: "100000/60", RATE_LIMIT_LOGIN: "1000/60", ...extraEnv };
  if (usePg) {
    const name = `memory_${process.pid}`;
    await adminQuery(`create database "${name}"`);
    drop = () => adminQuery(`drop database if exists "${name}" with (force)`);
    Object.assign(env, { DATABASE_URL: databaseUrl(name), AUTH_SECRET, SEED_DEMO: "true" });
    dataDir = fs.mkdtempSync("/tmp/memory-bench-");
  } else {
    dataDir = (await prepareDemoCatalogue()).dataDir;
  }
  const results: Record<string, unknown> = { database: usePg ? "postgresql" : "embedded", nodeArgs: nodeArgs.join(" ") || "(none)" };
  try {
    const server = await startProductionServer({ dataDir, env, nodeArgs });
    const pid = server.proc.pid!;
    try {
      await new Promise((r) => setTimeout(r, 5000));
      results.idleRssMb = rssMb(pid);
      const course = await firstSlug(server);
      let seq = 0;
      const pages = ["/en", "/ar", "/en/courses", "/ar/courses", `/en/courses/${course.slug}`, `/ar/courses/${course.slug}`, "/en/about", "/ar/about", "/en/courses?q=design", "/ar/courses?q=data", "/en/no-such-page"];
      const mixed: (i: number) => Job = (i) => {
        const slot = i % (pages.length + 1);
        if (slot < pages.length) return () => fetch(`${server.url}${pages[slot]}`, { redirect: "manual" });
        seq += 1;
        const body = new URLSearchParams({ courseId: course.id, studentName: `Memory Bench ${String(seq).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)))}`, studentEmail: `memory-${process.pid}-${seq}@example.com`, countryCode: "+20", phoneNumber: `0100${String(1000000 + seq).slice(-7)}`, message: "", website: "", ...(course.runId ? { runId: course.runId } : {}) });
        return () => fetch(`${server.url}/en/courses/${course.slug}/enroll`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url }, body });
      };
      let peak = 0;
      const m = await load(server, total, mixed, () => (peak = Math.max(peak, rssMb(pid))));
      // Pages and accepted enrollments 200 (the confirmation is rendered in place), the unknown page 404.
      expectStatuses("the mixed load", m.statuses, [200, 404]);
      results.mixed = { ...m, requests: total, rssEndMb: rssMb(pid), rssPeakMb: Math.max(peak, rssMb(pid)) };
      const cookie = await signIn(server.url);
      const admin = await load(server, 300, () => () => fetch(`${server.url}/admin/courses`, { headers: { cookie } }));
      expectStatuses("/admin/courses", admin.statuses, [200]);
      results.adminCourses = { ...admin, requests: 300 };
      results.rssAfterAdminMb = rssMb(pid);
    } finally {
      await server.stop();
    }
    const uncached = await startProductionServer({ dataDir, env: { ...env, PUBLIC_PAGE_CACHE: "false" }, nodeArgs });
    try {
      await load(uncached, 50, () => () => fetch(`${uncached.url}/en/courses`));
      const u = await load(uncached, 500, () => () => fetch(`${uncached.url}/en/courses`));
      expectStatuses("uncached /en/courses", u.statuses, [200]);
      results.uncachedCourses = { ...u, requests: 500, rssEndMb: rssMb(uncached.proc.pid!) };
    } finally {
      await uncached.stop();
    }
  } finally {
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(results));
}

await run();
