// The targets `npm run bench` checks (bench/run.ts): QUALITY.md's bar on the embedded database and issue 18's
// on the production path. Pure: given the measured figures, which bound each target has and whether it is met.
import type { Encoding, SizeReport } from "./measure.ts";

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** App processes' CPU ms per answer. */
  cpuPerRequest: number;
  /** Non-2xx answers, errors, and runs that answered nothing. */
  bad: number;
}

/** The figures of a target (bench/run.ts ids) with an encoding at a connection count, if measured. */
export type Lookup = (target: string, encoding: Encoding, connections: number) => Figures | undefined;

export interface Check {
  name: string;
  figure: string;
  bound: string;
  met: boolean;
}

/** Uncached render on PostgreSQL, Chrome's Accept-Encoding, 10 connections: CPU per request ≤ factor × the floor's. */
export const CPU_BOUNDS: [target: string, factor: number][] = [
  ["pg:/courses", 4],
  ["pg:/", 3],
  ["pg:/courses/:slug", 3],
  ["pg:/admin/courses", 6],
  ["pg:/admin/enrollments", 6],
];
/** Pages whose compressed answer must be within SIZE_SLACK of a one-shot compression of the same HTML. */
export const SIZE_CHECKED = ["pg:/", "pg:/courses", "pg:/courses/:slug", "pg:/about", "pg2:/courses"];
export const SIZE_SLACK = 1.1;
export const MIN_FLOOR_RATIO = 0.5;
export const MAX_P99_MS = 50;
export const MEMORY_BOUNDS_MB = { embedded: 300, postgres: 250 };

const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** Issue 34 item 4: pages' p95 while a crowd enrolls in one run, against the same pages alone. */
export const CROWD_P95_FACTOR = 2;

export function crowdCheck(report: {
  baselineP95: number;
  crowdP95: number;
  pageErrors: number;
  enrollments: { sent: number; ok: number };
}): Check {
  const errors = report.pageErrors + (report.enrollments.sent - report.enrollments.ok);
  return {
    name: `one run's crowd: ${report.enrollments.sent} enrollments for one run at once, 2 instances on PostgreSQL, other pages' p95`,
    figure: `p95 ${fmt(report.crowdP95, 0)} ms against ${fmt(report.baselineP95, 0)} ms alone, ${errors} errors`,
    bound: `≤ ${CROWD_P95_FACTOR} × alone, 0 errors`,
    met: errors === 0 && report.crowdP95 <= CROWD_P95_FACTOR * report.baselineP95,
  };
}

function ratioCheck(get: Lookup, name: string, target: string, encoding: Encoding, c: number): Check {
  const t = get(target, encoding, c);
  const f = get("floor", encoding, c);
  if (!t || !f) return { name, figure: "not measured", bound: `≥ ${MIN_FLOOR_RATIO} × floor req/s`, met: false };
  const ratio = t.rps / f.rps;
  return {
    name,
    figure: `${Math.round(t.rps)} req/s = ${fmt(ratio)} × floor (${Math.round(f.rps)})`,
    bound: `≥ ${MIN_FLOOR_RATIO} × floor req/s`,
    met: ratio >= MIN_FLOOR_RATIO && t.bad === 0,
  };
}

function p99Check(get: Lookup, name: string, target: string, encoding: Encoding): Check {
  const t = get(target, encoding, 10);
  if (!t) return { name, figure: "not measured", bound: `p99 ≤ ${MAX_P99_MS} ms`, met: false };
  return { name, figure: `p99 ${fmt(t.p99, 0)} ms`, bound: `p99 ≤ ${MAX_P99_MS} ms`, met: t.p99 <= MAX_P99_MS && t.bad === 0 };
}

/** Every target of QUALITY.md and issue 18 the bench can check, met or not. */
export function evaluate(get: Lookup, sizes: Map<string, SizeReport>, memory?: { embedded: number | null; postgres: number | null }): Check[] {
  const checks: Check[] = [
    // QUALITY.md's gate, as it always was measured: the embedded database, no Accept-Encoding.
    ratioCheck(get, "QUALITY: embedded /courses, no encoding, 50 conns", "emb:/courses", "none", 50),
    p99Check(get, "QUALITY: embedded /courses, no encoding, 10 conns", "emb:/courses", "none"),
    // Issue 18: Chrome's Accept-Encoding, PostgreSQL, two instances, page cache on.
    ratioCheck(get, "production path: /courses, 2 instances, cache on, Chrome AE, 10 conns", "pg2:/courses", "chrome", 10),
    ratioCheck(get, "production path: /courses, 2 instances, cache on, Chrome AE, 50 conns", "pg2:/courses", "chrome", 50),
    p99Check(get, "production path: /courses, 2 instances, cache on, Chrome AE, 10 conns", "pg2:/courses", "chrome"),
  ];
  const floor = get("floor", "chrome", 10);
  for (const [target, factor] of CPU_BOUNDS) {
    const t = get(target, "chrome", 10);
    const name = `uncached render on PostgreSQL: ${target.slice(3)} CPU, Chrome AE, 10 conns`;
    const bound = `≤ ${factor} × floor CPU/request`;
    if (!t || !floor) {
      checks.push({ name, figure: "not measured", bound, met: false });
      continue;
    }
    const ratio = t.cpuPerRequest / floor.cpuPerRequest;
    checks.push({
      name,
      figure: `${fmt(t.cpuPerRequest)} ms = ${fmt(ratio, 1)} × floor (${fmt(floor.cpuPerRequest)} ms)`,
      bound,
      met: ratio <= factor && t.bad === 0,
    });
  }
  for (const target of SIZE_CHECKED) {
    const s = sizes.get(target);
    const name = `compressed answer: ${target}`;
    const bound = `≤ ${SIZE_SLACK} × one-shot`;
    if (!s) {
      checks.push({ name, figure: "not measured", bound, met: false });
      continue;
    }
    const br = s.chrome.bytes / s.chromeOneShot;
    const gz = s.gzip / s.gzipOneShot;
    checks.push({
      name,
      figure: `${s.chrome.encoding} ${s.chrome.bytes} B = ${fmt(br)} × ${s.chromeOneShot} B; gzip ${s.gzip} B = ${fmt(gz)} × ${s.gzipOneShot} B`,
      bound,
      met: br <= SIZE_SLACK && gz <= SIZE_SLACK,
    });
  }
  if (memory) {
    for (const kind of ["embedded", "postgres"] as const) {
      const mb = memory[kind];
      checks.push({
        name: `resident memory after 2,000 mixed requests, ${kind === "embedded" ? "embedded database" : "PostgreSQL"}`,
        figure: mb === null ? "not measured" : `${Math.round(mb)} MB`,
        bound: `≤ ${MEMORY_BOUNDS_MB[kind]} MB`,
        met: mb !== null && mb <= MEMORY_BOUNDS_MB[kind],
      });
    }
  }
  return checks;
}
