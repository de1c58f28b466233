// Course runs (issue 20): the reads every part of the site shares: a course's upcoming runs with their
// seats, the counts of requests per run, and the seat lock the decisions take. The run's own forms and
// actions live with the course form (features/courses); the decisions with enrollments.
import { and, asc, eq, gt, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { courseRuns, enrollments } from "@db/schema/index.ts";
import type { Executor, Tx } from "~/lib/db.server.ts";
import { isRunFull, seatsLeft, type PublicRun, type RunStatus } from "./run-rules.ts";

export type { PublicRun };

export type CourseRunRow = typeof courseRuns.$inferSelect;

// Written out with table names: inside a select, drizzle renders a column without its table, which in this
// correlated subquery would make "id" mean enrollments.id.
const approvedCount = sql<number>`(select count(*)::int from "enrollments" where "enrollments"."run_id" = "course_runs"."id" and "enrollments"."status" = 'approved')`;

function toPublicRun(row: CourseRunRow & { approved: number }): PublicRun {
  return {
    id: row.id,
    courseId: row.courseId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    schedule: row.schedule,
    scheduleAr: row.scheduleAr,
    mode: row.mode,
    location: row.location,
    locationAr: row.locationAr,
    capacity: row.capacity,
    price: row.price,
    instructorId: row.instructorId,
    sessionMinutes: row.sessionMinutes,
    repeatFrequency: row.repeatFrequency,
    repeatCount: row.repeatCount,
    updatedAt: row.updatedAt,
    approved: Number(row.approved),
    seatsLeft: seatsLeft(row.capacity, Number(row.approved)),
    full: isRunFull(row.capacity, Number(row.approved)),
  };
}

/**
 * A course's upcoming open runs (starting after `now`), soonest first, with their seats: what the course
 * page lists and what the enrollment form offers. At most `limit` (default 12).
 */
export async function listUpcomingRuns(ex: Executor, courseId: string, opts: { now?: Date; limit?: number } = {}): Promise<PublicRun[]> {
  const rows = await ex
    .select({ run: courseRuns, approved: approvedCount })
    .from(courseRuns)
    .where(and(eq(courseRuns.courseId, courseId), eq(courseRuns.status, "open"), gt(courseRuns.startsAt, opts.now ?? new Date())))
    .orderBy(asc(courseRuns.startsAt), asc(courseRuns.id))
    .limit(opts.limit ?? 12);
  return rows.map((r) => toPublicRun({ ...r.run, approved: r.approved }));
}

/**
 * Issue 36 item 1: the run (`course_runs` or an alias of it) still has a seat: no seat limit, or fewer
 * approved requests than seats. For WHERE clauses (drizzle qualifies columns there); served per run by
 * enrollments_run_status_created_idx. What a card, the catalogue's date order and the home page's
 * "Starting soon" row count as a start a visitor can take.
 */
export function runHasSeat(run: { id: AnyColumn; capacity: AnyColumn }): SQL {
  return sql`(${run.capacity} is null or ${run.capacity} > (select count(*) from ${enrollments} where ${enrollments.runId} = ${run.id} and ${enrollments.status} = 'approved'))`;
}

/** Requests per status for each run asked for (runs without requests are absent). */
export interface RunCounts {
  pending: number;
  approved: number;
  rejected: number;
  waiting: number;
  expired: number;
  withdrawn: number;
}

/** Every status at zero. */
export function emptyRunCounts(): RunCounts {
  return { pending: 0, approved: 0, rejected: 0, waiting: 0, expired: 0, withdrawn: 0 };
}

export async function countRequestsByRun(ex: Executor, runIds: readonly string[]): Promise<Map<string, RunCounts>> {
  const out = new Map<string, RunCounts>();
  if (runIds.length === 0) return out;
  const rows = await ex
    .select({ runId: enrollments.runId, status: enrollments.status, n: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(inArray(enrollments.runId, [...new Set(runIds)]))
    .groupBy(enrollments.runId, enrollments.status);
  for (const row of rows) {
    if (!row.runId) continue;
    const counts = out.get(row.runId) ?? emptyRunCounts();
    if (row.status in counts) counts[row.status as keyof RunCounts] = Number(row.n);
    out.set(row.runId, counts);
  }
  return out;
}

type RunSeats = { run: CourseRunRow; approved: number; seatsLeft: number | null; full: boolean };

/**
 * Locks a run's row (FOR NO KEY UPDATE, until the transaction ends) and counts its approved requests: every
 * change that takes or frees a seat goes through this, so two approvals of the last seat are serialised
 * and the second sees the run full. Null when the run does not exist.
 */
export function lockRunSeats(tx: Tx, runId: string): Promise<RunSeats | null> {
  return runSeats(tx, runId, true);
}

/**
 * The run and its seats as they are now, without a lock: for a request, which takes no seat (only an
 * approval does, under lockRunSeats). Issue 34 item 4: 200 requests for one run each waited for the run's
 * row lock while holding a pool connection, until the pool was exhausted and pages answered 503. A request
 * that reads "not full" while the last seat is being approved joins as pending; its approval then finds
 * the run full, as for any other pending request.
 */
export function readRunSeats(ex: Executor, runId: string): Promise<RunSeats | null> {
  return runSeats(ex, runId, false);
}

async function runSeats(ex: Executor, runId: string, lock: boolean): Promise<RunSeats | null> {
  const query = ex.select().from(courseRuns).where(eq(courseRuns.id, runId));
  // FOR NO KEY UPDATE: approvals still wait for each other, but not requests, whose insert takes FOR KEY
  // SHARE on the run for its foreign key (FOR UPDATE made every request queue behind an approval).
  const [run] = lock ? await query.for("no key update") : await query;
  if (!run) return null;
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(and(eq(enrollments.runId, runId), eq(enrollments.status, "approved")));
  const approved = Number(row?.n ?? 0);
  return { run, approved, seatsLeft: seatsLeft(run.capacity, approved), full: isRunFull(run.capacity, approved) };
}

export type { RunStatus };
