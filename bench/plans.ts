// Reading EXPLAIN output for `bench:scale --plans` (issue 20): which large tables a plan reads whole.
// Pure, so the unit project tests it (bench/bench.test.ts).

/** Tables large enough at scale that reading all of their rows on a page load is a defect. */
export const LARGE_TABLES = ["courses", "course_runs", "enrollments"] as const;

/**
 * The large tables a plan (EXPLAIN's text, one node per line) reads with a sequential scan, each once, in
 * the order of `tables`. "Seq Scan on courses c" and "Parallel Seq Scan on courses" count; an index scan,
 * a scan of another table whose name starts the same (course_runs for courses), or the word in a filter
 * does not.
 */
export function seqScannedTables(plan: string, tables: readonly string[] = LARGE_TABLES): string[] {
  const scanned = new Set<string>();
  // A plan node starts its line (after "->" below the top); a filter's text is not a node.
  for (const m of plan.matchAll(/^\s*(?:->\s+)?(?:Parallel )?Seq Scan on ([a-z_][a-z0-9_]*)/gm)) scanned.add(m[1]!);
  return tables.filter((t) => scanned.has(t));
}
