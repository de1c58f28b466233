// The admin dashboard (SPEC §2 Dashboard, §7 counts, §8 'count helpers log errors and return 0').
// Five queries whatever the size of the tables: courses (total, published, drafts), instructors,
// categories, enrollments (total, pending), and the weekly enrollment requests. Each runs on its own:
// one that fails is logged and reads 0 (the chart: null), the others still show.
//
// Enrollments are not counted row by row (a million rows take ~150 ms, bench/scale.ts): the totals
// come from `enrollment_status_counts` and the chart from `enrollment_daily_counts`, both kept exact by
// triggers on `enrollments` in the same transaction as every insert, update and delete.
import { count, sql } from "drizzle-orm";
import { categories, courses, enrollmentDailyCounts, enrollmentStatusCounts, instructors } from "@db/schema/index.ts";
import { db, type Executor } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { hasPermission, requireStaffRole, type Actor } from "~/lib/permissions.server.ts";

/** Weeks of the chart, and where weeks are counted: Cairo time, weeks starting on Saturday (CLDR, Egypt). */
export const CHART_WEEKS = 12;
export const DASHBOARD_TIME_ZONE = "Africa/Cairo";

export interface DashboardStats {
  totalCourses: number;
  publishedCourses: number;
  /** Only for staff who may publish courses (SPEC); null otherwise. */
  draftCourses: number | null;
  instructors: number;
  /** Only for staff who may view categories (SPEC); null otherwise. */
  categories: number | null;
  totalEnrollments: number;
  pendingEnrollments: number;
}

export interface WeekCount {
  /** The Saturday that starts the week, as a Cairo calendar date (YYYY-MM-DD). */
  weekStart: string;
  count: number;
}

export interface DashboardData {
  stats: DashboardStats;
  /** The last 12 weeks, oldest first, the current week last; null when the query failed. */
  weekly: WeekCount[] | null;
}

/** Runs one count; a failure is logged and gives the fallback (SPEC §8). */
async function safely<T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    logger.error({ err, count: what }, "dashboard count failed; showing 0");
    return fallback;
  }
}

const num = (v: unknown) => Number(v ?? 0) || 0;

/**
 * Enrollment requests per week for the 12 weeks up to and including the week of `now`, in Cairo
 * time. Weeks start on Saturday; each week runs from Saturday 00:00 to the next Saturday 00:00 Cairo
 * time (PostgreSQL converts, daylight saving included). One query over the per-day counts (kept by
 * Cairo calendar day, so a week is exactly its seven days); weeks without requests read 0.
 */
export async function weeklyEnrollmentCounts(now: Date = new Date(), executor: Executor = db()): Promise<WeekCount[]> {
  const tz = DASHBOARD_TIME_ZONE;
  const result = await executor.execute(sql`
    with today as (
      select (${now.toISOString()}::timestamptz at time zone ${tz})::date as d
    ), this_week as (
      select d - ((extract(isodow from d)::int + 1) % 7) as start from today
    ), weeks as (
      select (this_week.start - 7 * g)::date as week_start
      from this_week, generate_series(0, ${sql.raw(String(CHART_WEEKS - 1))}) as g
    )
    select to_char(weeks.week_start, 'YYYY-MM-DD') as week_start, coalesce(sum(d.n), 0)::int as n
    from weeks
    left join ${enrollmentDailyCounts} d
      on d.day >= weeks.week_start
     and d.day < weeks.week_start + 7
    group by weeks.week_start
    order by weeks.week_start
  `);
  const rows = (result as unknown as { rows: { week_start: string; n: number | string }[] }).rows;
  return rows.map((r) => ({ weekStart: r.week_start, count: num(r.n) }));
}

/** The dashboard's numbers for this staff member: what they may see, each count on its own. */
export async function getDashboard(actor: Actor, options: { now?: Date; executor?: Executor } = {}): Promise<DashboardData> {
  requireStaffRole(actor);
  const q = options.executor ?? db();
  const mayPublish = hasPermission(actor, "courses:publish");
  const mayViewCategories = hasPermission(actor, "categories:view");

  const [courseCounts, instructorCount, categoryCount, enrollmentCounts, weekly] = await Promise.all([
    safely("courses", { total: 0, published: 0, drafts: 0 }, async () => {
      const [row] = await q
        .select({
          total: count(),
          published: sql<number>`count(*) filter (where ${courses.isPublished})`,
          drafts: sql<number>`count(*) filter (where not ${courses.isPublished})`,
        })
        .from(courses);
      return { total: num(row?.total), published: num(row?.published), drafts: num(row?.drafts) };
    }),
    safely("instructors", 0, async () => {
      const [row] = await q.select({ n: count() }).from(instructors);
      return num(row?.n);
    }),
    mayViewCategories
      ? safely("categories", 0, async () => {
          const [row] = await q.select({ n: count() }).from(categories);
          return num(row?.n);
        })
      : Promise.resolve(null),
    safely("enrollments", { total: 0, pending: 0 }, async () => {
      const [row] = await q
        .select({
          total: sql<number>`coalesce(sum(${enrollmentStatusCounts.n}), 0)`,
          pending: sql<number>`coalesce(sum(${enrollmentStatusCounts.n}) filter (where ${enrollmentStatusCounts.status} = 'pending'), 0)`,
        })
        .from(enrollmentStatusCounts);
      return { total: num(row?.total), pending: num(row?.pending) };
    }),
    safely<WeekCount[] | null>("weekly enrollments", null, () => weeklyEnrollmentCounts(options.now, q)),
  ]);

  return {
    stats: {
      totalCourses: courseCounts.total,
      publishedCourses: courseCounts.published,
      draftCourses: mayPublish ? courseCounts.drafts : null,
      instructors: instructorCount,
      categories: categoryCount,
      totalEnrollments: enrollmentCounts.total,
      pendingEnrollments: enrollmentCounts.pending,
    },
    weekly,
  };
}
