// Shared by `npm run bench` and `npm run lighthouse`: the production build check, a fresh data directory
// with the demo data plus generated published courses, and the production server started the way
// `npm start` starts it (the compiled entry with plain node, scripts/lib/server-command.ts), optionally pinned
// to one CPU core.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { MALLOC_ARENA_MAX, productionServerCommand, SERVER_ENTRY } from "../scripts/lib/server-command.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER_BUILD = path.join(ROOT, "build/server/index.js");

/** Published courses on the catalogue's first page (DEFAULT_PAGE_SIZE). */
export const CATALOGUE_CARDS = 24;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The benchmarks measure the production build and never build it themselves (a build takes the CPU
 * that others may be measuring with): exits with a message when there is none, warns when it is older
 * than the sources.
 */
export function requireProductionBuild(tool: string): void {
  if (!fs.existsSync(SERVER_BUILD) || !fs.existsSync(path.join(ROOT, SERVER_ENTRY))) {
    console.error(`${tool}: no production build in ${path.join(ROOT, "build")}. Run \`npm run build\` first.`);
    process.exit(2);
  }
  const built = fs.statSync(SERVER_BUILD).mtimeMs;
  const sources = Math.max(newestMtime(path.join(ROOT, "app")), newestMtime(path.join(ROOT, "public")));
  if (sources > built) {
    console.warn(`${tool}: WARNING the build is older than the sources; run \`npm run build\` for current figures.`);
  }
  console.log(`${tool}: production build from ${new Date(built).toISOString()} (${path.join(ROOT, "build")})`);
}

/** True when `taskset` can pin processes to cores 0 and 1 (Linux, util-linux, at least two cores). */
export function canPin(): boolean {
  if (os.availableParallelism() < 2) return false;
  const probe = spawnSync("taskset", ["-c", "1", "true"], { stdio: "ignore" });
  return probe.status === 0;
}

/** The command line, prefixed with `taskset -c <core>` when a core is given. */
export function pinned(core: number | undefined, command: string, args: string[]): [string, string[]] {
  return core === undefined ? [command, args] : ["taskset", ["-c", String(core), command, ...args]];
}

/** An environment for a child: ours without test runner and database variables, plus the extras. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith("VITEST") || k === "DATABASE_URL" || k === "NODE_OPTIONS") continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

export interface DemoCatalogue {
  dataDir: string;
  /** Slug of a published demo course (for /courses/:slug and the enrollment POST). */
  slug: string;
  courseId: string;
  /** An open run of that course with seats left, starting later (its enrollment form asks for one; issue 20). */
  runId?: string;
  /** The first catalogue page's cards as the app's domain function returns them (for the floor). */
  cardsFile: string;
}

/**
 * A fresh DATA_DIR with what a first start seeds (defaults and the demo catalogue) plus generated
 * published courses (reusing the demo categories, instructors and images) so that /courses shows
 * CATALOGUE_CARDS cards, and some approved enrollments so the student counts are not all zero.
 * Done here, before the server starts, because the embedded database is single-process. With
 * `databaseUrl` the same goes into that (empty) PostgreSQL database, and DATA_DIR holds the uploads only.
 */
export async function prepareDemoCatalogue(opts: { databaseUrl?: string } = {}): Promise<DemoCatalogue> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  // The app modules read their configuration from the environment on first use.
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL ??= "warn";
  delete process.env.DATABASE_URL;
  const { openDatabase, setDatabase } = await import("../app/lib/db.server.ts");
  const { seedDefaults, seedDemo } = await import("../db/seed/demo.ts");
  const { listPublishedCourses } = await import("../app/features/catalog/catalog.server.ts");
  const { listUpcomingRuns } = await import("../app/domain/runs/run-seats.server.ts");
  const schema = await import("../db/schema/index.ts");
  const { and, asc, eq, sql } = await import("drizzle-orm");

  const database = await openDatabase({ url: opts.databaseUrl, dataDir: path.join(dataDir, "db") });
  try {
    setDatabase(database);
    await database.migrate();
    await seedDefaults(database.db);
    await seedDemo(database.db, { uploadsDir: path.join(dataDir, "uploads") });
    const db = database.db;
    const { courses, enrollments } = schema;
    const published = await db
      .select()
      .from(courses)
      .where(eq(courses.isPublished, true))
      .orderBy(asc(courses.createdAt));
    if (published.length === 0) throw new Error("the demo seed has no published course");
    const missing = Math.max(0, CATALOGUE_CARDS - published.length);
    if (missing > 0) {
      // Older than every demo course, so the demo courses stay first; each copies a demo course's
      // category, subcategory, instructor and image, with its own title and slug.
      const oldest = published[0]!.createdAt.getTime();
      await db.insert(courses).values(
        Array.from({ length: missing }, (_, i) => {
          const model = published[i % published.length]!;
          return {
            title: `${model.title} — Cohort ${i + 2}`,
            slug: `${model.slug}-cohort-${i + 2}`.slice(0, 100),
            summary: model.summary,
            description: model.description,
            language: model.language,
            level: model.level,
            curriculum: model.curriculum,
            instructorId: model.instructorId,
            categoryId: model.categoryId,
            subcategoryId: model.subcategoryId,
            thumbnailUrl: model.thumbnailUrl,
            hours: model.hours,
            price: model.price,
            priceVisible: model.priceVisible,
            isPublished: true,
            createdAt: new Date(oldest - (i + 1) * 3_600_000),
          };
        }),
      );
    }
    // A few approved enrollments per course (0-11), so the count subquery has rows to count.
    const all = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.isPublished, true));
    const rows = all.flatMap((c, ci) =>
      Array.from({ length: ci % 12 }, (_, k) => ({
        enrollmentId: `ENR-BENCH-${ci}-${k}`,
        courseId: c.id,
        courseName: c.title,
        studentName: `Student ${ci}-${k}`,
        studentEmail: `student${ci}-${k}@example.com`,
        studentPhone: "+20 1001234567",
        status: "approved" as const,
      })),
    );
    if (rows.length) await db.insert(enrollments).values(rows);

    const page = await listPublishedCourses({});
    if (page.courses.length !== CATALOGUE_CARDS) {
      throw new Error(`expected ${CATALOGUE_CARDS} cards on /courses, the catalogue has ${page.courses.length}`);
    }
    const [first] = await db
      .select({ id: courses.id, slug: courses.slug })
      .from(courses)
      .where(and(eq(courses.isPublished, true), sql`${courses.description} is not null`))
      .orderBy(sql`${courses.createdAt} desc`)
      .limit(1);
    // The course's next open run with seats (capacity counts approved requests; the bench's stay pending).
    const run = (await listUpcomingRuns(db, first!.id)).find((r) => !r.full);
    const cardsFile = path.join(dataDir, "floor-cards.json");
    fs.writeFileSync(cardsFile, JSON.stringify(page.courses));
    return { dataDir, slug: first!.slug, courseId: first!.id, runId: run?.id, cardsFile };
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Waits until `url` answers 200 (or the process exits). */
async function waitReady(url: string, proc: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`process exited with ${proc.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`not ready after ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function track(proc: ChildProcess, url: string): ServerProcess {
  let out = "";
  proc.stdout?.on("data", (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  proc.stderr?.on("data", (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  return {
    url,
    proc,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
        proc.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        proc.kill("SIGTERM");
      }),
  };
}

/** The production server (the compiled entry, what `npm start` runs) on DATA_DIR, ready when /readyz is 200. */
export async function startProductionServer(opts: {
  dataDir: string;
  core?: number;
  env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
  /** Another checkout's production build (bench/ab.ts); default this one. */
  root?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = childEnv({
    // As `npm start` sets it (scripts/lib/server-command.ts).
    MALLOC_ARENA_MAX,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: "warn",
    ...opts.env,
  });
  // The compiled entry with npm start's heap flags, in one process (so flags and pinning apply to it).
  const root = opts.root ?? ROOT;
  const [cmd, args] = pinned(opts.core, ...productionServerCommand(root, opts.nodeArgs));
  const proc = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const server = track(proc, url);
  await waitReady(`${url}/readyz`, proc, server.output, 120_000);
  return server;
}

/** The floor: bench/floor.tsx (renderToString of the same cards, node:http). */
export async function startFloorServer(opts: { cardsFile: string; core?: number }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = childEnv({ NODE_ENV: "production", PORT: String(port), FLOOR_CARDS: opts.cardsFile });
  const [cmd, args] = pinned(opts.core, process.execPath, ["--import", "tsx", path.join(ROOT, "bench/floor.tsx")]);
  const proc = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const server = track(proc, url);
  await waitReady(url, proc, server.output, 30_000);
  return server;
}
