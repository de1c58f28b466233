// The bench's pure helpers: reading CPU time from /proc, the backends' CPU between two readings, and the
// targets' evaluation. In the unit project (`npm test`): the bench itself is not a test, its arithmetic is.
import { describe, expect, it } from "vitest";
import { median, summaryLine } from "./ab.ts";
import { evaluate, type Figures, type Lookup } from "./gates.ts";
import { backendDelta, cpuMs, parseCpuMs, type SizeReport } from "./measure.ts";
import { seqScannedTables } from "./plans.ts";

describe("parseCpuMs", () => {
  it("adds utime and stime (fields 14 and 15) in ms, whatever the command name holds", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    const stat = "4242 (node ) (x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 37 0 0 20 0 11 0";
    expect(parseCpuMs(stat)).toBe(2870);
  });

  it("reads this process's own CPU time, which only grows", () => {
    const before = cpuMs(process.pid)!;
    let x = 0;
    for (let i = 0; i < 5e7; i++) x += i;
    expect(x).toBeGreaterThan(0);
    expect(cpuMs(process.pid)!).toBeGreaterThan(before);
    expect(cpuMs(2 ** 30)).toBeNull();
  });
});

describe("backendDelta", () => {
  it("counts a backend that appeared between the readings from zero and ignores one that went", () => {
    const before = new Map([[1, 100], [2, 50]]);
    const after = new Map([[1, 130], [3, 20]]);
    expect(backendDelta(before, after)).toBe(50);
  });
});

const fig = (rps: number, p99: number, cpuPerRequest: number, bad = 0): Figures => ({ rps, p50: p99 / 2, p99, cpuPerRequest, bad });

function lookup(table: Record<string, Figures>): Lookup {
  return (target, encoding, c) => table[`${target}|${encoding}|${c}`];
}

const size = (bytes: number, oneShot: number): SizeReport => ({
  identity: oneShot * 5,
  chrome: { encoding: "br", bytes },
  chromeOneShot: oneShot,
  gzip: bytes,
  gzipOneShot: oneShot,
});

describe("evaluate", () => {
  const allMet: Record<string, Figures> = {
    "floor|none|10": fig(1000, 10, 1),
    "floor|none|50": fig(1000, 60, 1),
    "floor|chrome|10": fig(200, 20, 5),
    "floor|chrome|50": fig(200, 300, 5),
    "emb:/courses|none|10": fig(2000, 10, 0.3),
    "emb:/courses|none|50": fig(2000, 40, 0.3),
    "pg2:/courses|chrome|10": fig(150, 40, 1),
    "pg2:/courses|chrome|50": fig(120, 400, 1),
    "pg:/courses|chrome|10": fig(40, 300, 19),
    "pg:/|chrome|10": fig(60, 200, 14),
    "pg:/courses/:slug|chrome|10": fig(60, 200, 15),
    "pg:/admin/courses|chrome|10": fig(30, 400, 29),
    "pg:/admin/enrollments|chrome|10": fig(30, 400, 30),
  };
  const sizes = new Map(["pg:/", "pg:/courses", "pg:/courses/:slug", "pg:/about", "pg2:/courses"].map((id) => [id, size(1050, 1000)]));

  it("meets every target when every figure is within its bound", () => {
    const checks = evaluate(lookup(allMet), sizes);
    expect(checks.filter((c) => !c.met)).toEqual([]);
    expect(checks).toHaveLength(15);
  });

  it("names a missed target with its figure and bound", () => {
    const checks = evaluate(lookup({ ...allMet, "pg:/courses|chrome|10": fig(40, 300, 21) }), sizes);
    const missed = checks.filter((c) => !c.met);
    expect(missed).toEqual([
      {
        name: "uncached render on PostgreSQL: /courses CPU, Chrome AE, 10 conns",
        figure: "21.00 ms = 4.2 × floor (5.00 ms)",
        bound: "≤ 4 × floor CPU/request",
        met: false,
      },
    ]);
  });

  it("misses throughput below half the floor, a slow p99, failed requests, a large answer and what was not measured", () => {
    const figures = {
      ...allMet,
      "pg2:/courses|chrome|50": fig(99, 400, 1),
      "emb:/courses|none|10": fig(2000, 51, 0.3),
      "pg:/|chrome|10": fig(60, 200, 14, 3),
    };
    delete (figures as Record<string, Figures | undefined>)["pg:/admin/courses|chrome|10"];
    const checks = evaluate(lookup(figures), new Map([...sizes, ["pg:/about", size(1101, 1000)]]), { embedded: 280, postgres: null });
    expect(checks.filter((c) => !c.met).map((c) => c.name)).toEqual([
      "QUALITY: embedded /courses, no encoding, 10 conns",
      "production path: /courses, 2 instances, cache on, Chrome AE, 50 conns",
      "uncached render on PostgreSQL: / CPU, Chrome AE, 10 conns",
      "uncached render on PostgreSQL: /admin/courses CPU, Chrome AE, 10 conns",
      "compressed answer: pg:/about",
      "resident memory after 2,000 mixed requests, PostgreSQL",
    ]);
  });
});

describe("seqScannedTables (bench:scale --plans)", () => {
  it("names each large table a plan reads whole, once, and nothing for index scans or other tables", () => {
    const plan = [
      "Limit  (cost=1.0..2.0 rows=24)",
      "  ->  Hash Right Join",
      "        ->  Index Only Scan using course_runs_open_starts_idx on course_runs  (cost=0.29..807.78)",
      "        ->  Seq Scan on courses  (cost=0.00..853.00 rows=7104)",
      "              Filter: is_published",
      "  ->  Parallel Seq Scan on enrollments e  (cost=0.00..1.0)",
      "  ->  Seq Scan on courses  (cost=0.00..853.00 rows=7104)",
      "  ->  Seq Scan on categories  (cost=0.00..1.10 rows=10)",
      "  ->  Seq Scan on course_documents  (cost=0.00..1.10 rows=10)",
    ].join("\n");
    expect(seqScannedTables(plan)).toEqual(["courses", "enrollments"]);
    expect(seqScannedTables("Index Scan using courses_pkey on courses\n  Filter: (status = 'Seq Scan on courses')")).toEqual([]);
    expect(seqScannedTables("Seq Scan on course_runs  (cost=0.00..1.0)")).toEqual(["course_runs"]);
  });
});

describe("bench:ab's summary", () => {
  it("takes the median of the rounds, odd or even", () => {
    expect(median([9, 7, 8])).toBe(8);
    expect(median([10, 7, 8, 9])).toBe(8.5);
  });

  it("prints each side's rounds, the medians and the change from base to head", () => {
    expect(summaryLine("/en", { name: "base", rounds: [8, 10, 9] }, { name: "head", rounds: [7.2, 6.8, 7] })).toBe(
      "| /en | 8.00, 10.00, 9.00 | 7.20, 6.80, 7.00 | 9.00 → 7.00 | −22 % |",
    );
    expect(summaryLine("/en", { name: "base", rounds: [5] }, { name: "head", rounds: [5.5] })).toBe("| /en | 5.00 | 5.50 | 5.00 → 5.50 | +10 % |");
  });
});
