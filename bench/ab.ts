// `npm run bench:ab -- --base DIR`: this checkout's production build against another's, side by side.
//
// Between two runs of `npm run bench` the same build moves by up to 30 % on a shared machine, more than most
// changes to the render are worth. This measures both builds in one sitting instead: two production servers
// on one fresh PostgreSQL database (the bench's demo catalogue, PUBLIC_PAGE_CACHE=false, so every answer is
// rendered), Chrome's Accept-Encoding, and for each page the two servers take turns, the order swapped every
// round. It prints each round's CPU ms per request and the medians.
//
//   DIR                a checkout with a production build, e.g. the commit before a change:
//                        git worktree add /tmp/base HEAD~1 && ln -s "$PWD/node_modules" /tmp/base/node_modules
//                        (cd /tmp/base && npm run build)
//   --rounds N         rounds (3)
//   --requests N       requests per page, side and round (600; the admin lists a third of it)
//   --pages a,b        only these pages (ids below)
//
// Both servers migrate the one database at start: compare builds with the same migrations.
import fs from "node:fs";
import path from "node:path";
import { CHROME_ACCEPT_ENCODING, createBenchDatabase, measure, signIn } from "./measure.ts";
import { ROOT, prepareDemoCatalogue, requireProductionBuild, startProductionServer, type ServerProcess } from "./lib.ts";
import { SERVER_ENTRY } from "../scripts/lib/server-command.ts";

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ADMIN = { email: "ab-admin@example.com", password: "Ab-Bench-Admin-Passw0rd-1" };
const AUTH_SECRET = "bench-ab-secret-".padEnd(48, "x");

export interface Side {
  name: string;
  /** CPU ms per request, one per round. */
  rounds: number[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One line of the table: the page, each side's rounds, the medians and the change from base to head. */
export function summaryLine(page: string, base: Side, head: Side): string {
  const b = median(base.rounds);
  const h = median(head.rounds);
  const change = b > 0 ? `${h >= b ? "+" : "−"}${Math.abs(Math.round(((h - b) / b) * 100))} %` : "n/a";
  const list = (s: Side) => s.rounds.map((r) => r.toFixed(2)).join(", ");
  return `| ${page} | ${list(base)} | ${list(head)} | ${b.toFixed(2)} → ${h.toFixed(2)} | ${change} |`;
}

async function run(): Promise<void> {
  const baseDir = option("--base");
  if (!baseDir || !fs.existsSync(path.join(baseDir, SERVER_ENTRY))) {
    console.error(`bench:ab: --base DIR must be a checkout with a production build (${SERVER_ENTRY}); see bench/ab.ts.`);
    process.exit(2);
  }
  requireProductionBuild("bench:ab");
  const rounds = Number(option("--rounds") ?? 3);
  const requests = Number(option("--requests") ?? 600);
  const database = await createBenchDatabase();
  const servers: ServerProcess[] = [];
  let dataDir: string | undefined;
  try {
    const demo = await prepareDemoCatalogue({ databaseUrl: database.url });
    dataDir = demo.dataDir;
    const env = {
      DATABASE_URL: database.url,
      AUTH_SECRET,
      PUBLIC_PAGE_CACHE: "false",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    // One after the other: both migrate the database at start.
    const base = await startProductionServer({ dataDir: demo.dataDir, env, root: path.resolve(baseDir) });
    servers.push(base);
    const head = await startProductionServer({ dataDir: demo.dataDir, env, root: ROOT });
    servers.push(head);
    const cookie = await signIn(head.url, ADMIN.email, ADMIN.password);
    const all = [
      { id: "/en", path: "/en" },
      { id: "/en/courses", path: "/en/courses" },
      { id: "course page", path: `/en/courses/${demo.slug}` },
      { id: "/ar/about", path: "/ar/about" },
      { id: "/admin/courses", path: "/admin/courses", admin: true },
      { id: "/admin/enrollments", path: "/admin/enrollments", admin: true },
    ];
    const only = option("--pages")?.split(",");
    const pages = only ? all.filter((p) => only.includes(p.id) || only.includes(p.path)) : all;
    const sides = new Map(pages.map((p) => [p.id, { base: { name: baseDir, rounds: [] as number[] }, head: { name: "this checkout", rounds: [] as number[] } }]));
    const once = async (server: ServerProcess, page: (typeof pages)[number], amount: number) => {
      const headers: Record<string, string> = { "accept-encoding": CHROME_ACCEPT_ENCODING, ...(page.admin ? { cookie } : {}) };
      const sample = await measure({ urls: [server.url + page.path], connections: 10, amount, headers }, [server]);
      if (sample.non2xx > 0 || sample.errors > 0) {
        throw new Error(`bench:ab: ${page.path} on ${server === base ? "base" : "head"} answered ${JSON.stringify(sample.statuses)}, ${sample.errors} errors`);
      }
      return sample.cpuMs / sample.answers;
    };
    for (const page of pages) for (const server of [base, head]) await once(server, page, 300);
    console.log(`bench:ab: warmed up; ${rounds} rounds of ${requests} requests per page and side`);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ([["base", base], ["head", head]] as const) : ([["head", head], ["base", base]] as const);
      for (const page of pages) {
        for (const [which, server] of order) {
          sides.get(page.id)![which].rounds.push(await once(server, page, page.admin ? Math.ceil(requests / 3) : requests));
        }
      }
      console.log(`bench:ab: round ${round + 1} done`);
    }
    console.log(`\nCPU ms per request, uncached, PostgreSQL, Chrome's Accept-Encoding, 10 connections (base: ${baseDir})\n`);
    console.log("| page | base, by round | head, by round | median base → head | change |");
    console.log("|---|---|---|---:|---:|");
    for (const page of pages) {
      const { base: b, head: h } = sides.get(page.id)!;
      console.log(summaryLine(page.id, b, h));
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
