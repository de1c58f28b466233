// The admin dashboard (SPEC §2 Dashboard, §7 counts, §8 'count helpers log errors and return 0').
// At most eight queries whatever the size of the tables (the eighth: the next runs, below): courses (total, published, drafts), instructors,
// categories, enrollments (total, pending), the weekly enrollment requests, the requests by source (last 30 days) and the unread messages. Each runs on its own:
// one that fails is logged and reads 0 (the chart: null), the others still show.
//
// Enrollments are not counted row by row (a million rows take ~150 ms, bench/scale.ts): the totals
// come from `enrollment_status_counts` and the chart from `enrollment_daily_counts`, both kept exact by
// triggers on `enrollments` in the same transaction as every insert, update and delete.
//
// Each figure follows the permissions of the page it summarises (issue 14): drafts exist only for staff
// with courses:publish (course-visibility.server.ts), so without it Total Courses counts the published
// ones and Draft Courses is absent; instructors need instructors:view, categories categories:view, the
// enrollment cards and the weekly chart enrollments:view, and unread messages messages:view. A hidden
// figure is not computed and not sent: it is null (the chart: absent), and the page leaves its card out.
// Each card links to the list it counts, filtered as it counts (the page checks the viewer may open it).
//
// "Next runs" (issue 20 point 5): the next NEXT_RUNS open runs of the courses this staff member may know
// of, soonest first, read in start order from the partial index on open runs. Dates are course
// information (courses:view); the fill (approved requests) is an enrollment figure, so it is counted and
// sent only with enrollments:view, as is the link to the run's requests. Without either permission the
// card is not computed.
//
// "Finish setting up" (issue 33): a new site's open tasks (contact details, notification address, SMTP,
// first course), each only for staff who can do it; two more small queries, only for them.
import { proofsAwaiting } from "~/domain/payments/proofs.server.ts";
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { seesDraftCourses, visibleCourses } from "~/domain/courses/course-visibility.server.ts";
import {
  categories,
  contactMessages,
  courseRuns,
  courses,
  enrollmentDailyCounts,
  enrollmentLedger,
  enrollments,
  enrollmentStatusCounts,
  instructors,
} from "@db/schema/index.ts";
import { smtpConfigured } from "~/lib/admin-signals.server.ts";
import { db, queryRows, type Executor } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { hasPermission, requireStaffRole, type Actor } from "~/lib/permissions.server.ts";
import { readSiteSettings } from "~/lib/site-settings.server.ts";
import { EMAIL_PATTERN } from "~/lib/validation.ts";

/** Weeks of the chart, and where weeks are counted: Cairo time, weeks starting on Saturday (CLDR, Egypt). */
export const CHART_WEEKS = 12;
export const DASHBOARD_TIME_ZONE = "Africa/Cairo";

export interface DashboardStats {
  /** The courses this staff member may know of: without courses:publish, the published ones. */
  totalCourses: number;
  publishedCourses: number;
  /** Only for staff who may publish courses (SPEC); null otherwise. */
  draftCourses: number | null;
  /** Only with instructors:view; null otherwise. */
  instructors: number | null;
  /** Only for staff who may view categories (SPEC); null otherwise. */
  categories: number | null;
  /** Only with enrollments:view; null otherwise. */
  totalEnrollments: number | null;
  /** Only with enrollments:view; null otherwise. */
  pendingEnrollments: number | null;
  /** Contact messages nobody has read; only with messages:view, null otherwise. */
  unreadMessages: number | null;
  /** Issue 37, with payments:view (null otherwise): money received this Cairo month less refunds, in piastres. */
  collectedThisMonth: number | null;
  /** Issue 37, with payments:view: held seats whose payment deadline falls within the next 24 hours. */
  holdsExpiringSoon: number | null;
  /** Issue 37, with payments:view: proofs of payment students sent that staff have not decided. */
  proofsAwaitingReview: number | null;
}

export interface WeekCount {
  /** The Saturday that starts the week, as a Cairo calendar date (YYYY-MM-DD). */
  weekStart: string;
  count: number;
}

/** Sources listed by name on the dashboard; the rest are added up as "Other". */
export const TOP_SOURCES = 8;
/** The period of "Requests by source". */
export const SOURCE_DAYS = 30;

/**
 * One line of "Requests by source": a campaign source (utm_source, lowercased) or a referring host
 * (`source`), Direct (neither), or Other (the sources past the top TOP_SOURCES, added up).
 */
export interface SourceCount {
  kind: "source" | "direct" | "other";
  source: string | null;
  count: number;
}

/** The most runs "Next runs" lists. */
export const NEXT_RUNS = 5;

/** One of the next open runs: its course, start (UTC; shown in Cairo time) and seats. */
export interface NextRun {
  id: string;
  courseId: string;
  courseTitle: string;
  startsAt: Date;
  /** Seats; null without a limit. */
  capacity: number | null;
  /** Approved requests; only with enrollments:view (absent otherwise). */
  approved?: number;
}

/** The tasks of "Finish setting up", in the order the card lists them. */
export const SETUP_TASKS = ["contact", "notifications", "smtp", "firstCourse"] as const;
export type SetupTask = (typeof SETUP_TASKS)[number];

/** One task of "Finish setting up" and whether it is done. */
export interface SetupItem {
  task: SetupTask;
  done: boolean;
}

export interface DashboardData {
  stats: DashboardStats;
  /**
   * "Finish setting up": the tasks this staff member can do, done or not (the card shows while one is
   * open); null when they could not be read. Absent for staff who can do none of them.
   */
  setup?: SetupItem[] | null;
  /**
   * The next open runs, soonest first; null when the query failed. Absent without courses:view and
   * enrollments:view.
   */
  nextRuns?: NextRun[] | null;
  /**
   * The last 12 weeks, oldest first, the current week last; null when the query failed. Absent without
   * enrollments:view.
   */
  weekly?: WeekCount[] | null;
  /** Requests by source over the last SOURCE_DAYS days, largest first; null when the query failed. Absent without enrollments:view. */
  sources?: SourceCount[] | null;
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
  const rows = await queryRows(
    executor,
    sql`
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
  `,
    z.object({ week_start: z.string(), n: z.union([z.number(), z.string()]) }),
  );
  return rows.map((r) => ({ weekStart: r.week_start, count: num(r.n) }));
}

/**
 * Enrollment requests of the last SOURCE_DAYS days (up to `now`) by source, in one query (ADR 021): the
 * source is the request's utm_source (case folded), else its referring host, else Direct. The
 * TOP_SOURCES largest (Direct among them when it is one) by name, largest first, ties by name; the
 * rest added up as one "Other" line, last. Served by the created_at index.
 */
export async function enrollmentSourceCounts(now: Date = new Date(), executor: Executor = db()): Promise<SourceCount[]> {
  const rows = await queryRows(
    executor,
    sql`
    with counted as (
      select lower(coalesce(${enrollments.utmSource}, ${enrollments.referrerHost})) as source, count(*)::int as n
      from ${enrollments}
      where ${enrollments.createdAt} > ${now.toISOString()}::timestamptz - make_interval(days => ${SOURCE_DAYS})
        and ${enrollments.createdAt} <= ${now.toISOString()}::timestamptz
      group by 1
    ), ranked as (
      select source, n, row_number() over (order by n desc, source asc nulls first) <= ${TOP_SOURCES} as top
      from counted
    )
    select case when top then source end as source, top, sum(n)::int as n
    from ranked
    group by 1, 2
    order by top desc, n desc, source asc nulls first
  `,
    z.object({ source: z.string().nullable(), top: z.boolean(), n: z.union([z.number(), z.string()]) }),
  );
  return rows.map((r) => ({
    kind: !r.top ? "other" : r.source === null ? "direct" : "source",
    source: r.top ? r.source : null,
    count: num(r.n),
  }));
}

/**
 * The next NEXT_RUNS open runs starting after `now` of the courses `actor` may know of (drafts only with
 * courses:publish), soonest first, with their approved requests when `withFill`. One query: the open
 * runs in start order from course_runs_open_starts_idx, each course by its primary key, each count from
 * (run_id, status, …).
 */
export async function nextOpenRuns(
  actor: Actor,
  options: { now?: Date; executor?: Executor; withFill?: boolean; limit?: number } = {},
): Promise<NextRun[]> {
  const q = options.executor ?? db();
  const withFill = options.withFill ?? hasPermission(actor, "enrollments:view");
  const approved = sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.runId} = ${courseRuns.id} and ${enrollments.status} = 'approved')`;
  const rows = await q
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      courseTitle: courses.title,
      startsAt: courseRuns.startsAt,
      capacity: courseRuns.capacity,
      ...(withFill ? { approved } : {}),
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(and(eq(courseRuns.status, "open"), gt(courseRuns.startsAt, options.now ?? new Date()), visibleCourses(actor)))
    .orderBy(asc(courseRuns.startsAt), asc(courseRuns.id))
    .limit(options.limit ?? NEXT_RUNS);
  return rows.map((r) => ({
    id: r.id,
    courseId: r.courseId,
    courseTitle: r.courseTitle,
    startsAt: r.startsAt,
    capacity: r.capacity,
    ...("approved" in r ? { approved: num(r.approved) } : {}),
  }));
}

/** Which of the setup tasks this staff member can do (admins: all four). */
function setupPermissions(actor: Actor) {
  const maySettings = hasPermission(actor, "settings:edit");
  const mayCreateCourses = hasPermission(actor, "courses:create");
  return { maySettings, mayCreateCourses, any: maySettings || mayCreateCourses || actor.role === "admin" };
}

/**
 * "Finish setting up" (issue 33) for this staff member: of a new site's tasks, only those they can do,
 * in SETUP_TASKS order, each with whether it is done:
 * - contact: the public contact details hold at least an email or a phone (Settings, settings:edit);
 * - notifications: a notification address is set in Settings, or NOTIFY_EMAIL (settings:edit);
 * - smtp: SMTP_URL is set, so emails leave the server (admins, who read the email log, as the SMTP banner);
 * - firstCourse: a course exists, draft or published (courses:create).
 * At most two queries (the `contact` setting, whether any course exists), each only when needed.
 */
export async function getSetupChecklist(actor: Actor, options: { executor?: Executor } = {}): Promise<SetupItem[]> {
  requireStaffRole(actor);
  const q = options.executor ?? db();
  const { maySettings, mayCreateCourses } = setupPermissions(actor);
  const [contact, hasCourse] = await Promise.all([
    maySettings ? readSiteSettings(q, ["contact"]).then((s) => s.contact) : null,
    mayCreateCourses ? q.select({ id: courses.id }).from(courses).limit(1).then((rows) => rows.length > 0) : null,
  ]);
  const items: SetupItem[] = [];
  if (contact) {
    const email = contact.email?.trim() ?? "";
    const notifyEmail = contact.notifyEmail?.trim() ?? "";
    items.push({ task: "contact", done: email !== "" || (contact.phones ?? []).some((phone) => phone.trim() !== "") });
    // The address the notifications go to first (app/lib/email.server.ts); the public email is only a fallback.
    items.push({ task: "notifications", done: EMAIL_PATTERN.test(notifyEmail) || Boolean(env().NOTIFY_EMAIL) });
  }
  if (actor.role === "admin") items.push({ task: "smtp", done: smtpConfigured() });
  if (hasCourse !== null) items.push({ task: "firstCourse", done: hasCourse });
  return items;
}

/**
 * Issue 37: money received since the start of this month in Cairo, less refunds (piastres), and the held
 * seats whose deadline falls within the next 24 hours (the hold index serves it).
 */
export async function paymentFigures(now: Date, executor: Executor = db()): Promise<{ collected: number; expiring: number; awaiting: number }> {
  // The month's bounds on Cairo's calendar (the month is added in Cairo time, not in UTC).
  const localMonth = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${DASHBOARD_TIME_ZONE})`;
  const monthStart = sql`(${localMonth} at time zone ${DASHBOARD_TIME_ZONE})`;
  const monthEnd = sql`((${localMonth} + interval '1 month') at time zone ${DASHBOARD_TIME_ZONE})`;
  const [money] = await executor
    .select({
      collected: sql<string>`coalesce(sum(case when ${enrollmentLedger.kind} = 'payment' then ${enrollmentLedger.amountPiastres} else -${enrollmentLedger.amountPiastres} end), 0)`,
    })
    .from(enrollmentLedger)
    .where(
      and(
        inArray(enrollmentLedger.kind, ["payment", "refund"]),
        gte(enrollmentLedger.createdAt, monthStart),
        lt(enrollmentLedger.createdAt, monthEnd),
      ),
    );
  const [holds] = await executor
    .select({ n: count() })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.status, "approved"),
        isNotNull(enrollments.holdExpiresAt),
        gt(enrollments.holdExpiresAt, now),
        lte(enrollments.holdExpiresAt, new Date(now.getTime() + 24 * 60 * 60 * 1000)),
      ),
    );
  return { collected: num(money?.collected), expiring: num(holds?.n), awaiting: await proofsAwaiting(executor) };
}

/** The dashboard's numbers for this staff member: what they may see, each count on its own. */
export async function getDashboard(actor: Actor, options: { now?: Date; executor?: Executor } = {}): Promise<DashboardData> {
  requireStaffRole(actor);
  const q = options.executor ?? db();
  const mayPublish = seesDraftCourses(actor);
  const mayViewInstructors = hasPermission(actor, "instructors:view");
  const mayViewCategories = hasPermission(actor, "categories:view");
  const mayViewEnrollments = hasPermission(actor, "enrollments:view");
  const mayViewMessages = hasPermission(actor, "messages:view");
  const mayViewRuns = hasPermission(actor, "courses:view") || mayViewEnrollments;
  const mayViewPayments = hasPermission(actor, "payments:view");

  const [courseCounts, instructorCount, categoryCount, enrollmentCounts, weekly, unreadCount, sources, nextRuns, setup, money] = await Promise.all([
    safely("courses", { total: 0, published: 0, drafts: 0 }, async () => {
      const [row] = await q
        .select({
          total: count(),
          published: sql<number>`count(*) filter (where ${courses.isPublished})`,
          drafts: sql<number>`count(*) filter (where not ${courses.isPublished})`,
        })
        .from(courses)
        .where(visibleCourses(actor));
      return { total: num(row?.total), published: num(row?.published), drafts: num(row?.drafts) };
    }),
    mayViewInstructors
      ? safely("instructors", 0, async () => {
          const [row] = await q.select({ n: count() }).from(instructors);
          return num(row?.n);
        })
      : Promise.resolve(null),
    mayViewCategories
      ? safely("categories", 0, async () => {
          const [row] = await q.select({ n: count() }).from(categories);
          return num(row?.n);
        })
      : Promise.resolve(null),
    mayViewEnrollments
      ? safely("enrollments", { total: 0, pending: 0 }, async () => {
          const [row] = await q
            .select({
              total: sql<number>`coalesce(sum(${enrollmentStatusCounts.n}), 0)`,
              pending: sql<number>`coalesce(sum(${enrollmentStatusCounts.n}) filter (where ${enrollmentStatusCounts.status} = 'pending'), 0)`,
            })
            .from(enrollmentStatusCounts);
          return { total: num(row?.total), pending: num(row?.pending) };
        })
      : Promise.resolve(null),
    mayViewEnrollments
      ? safely<WeekCount[] | null>("weekly enrollments", null, () => weeklyEnrollmentCounts(options.now, q))
      : Promise.resolve(undefined),
    mayViewMessages
      ? safely("unread messages", 0, async () => {
          const [row] = await q.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
          return num(row?.n);
        })
      : Promise.resolve(null),
    mayViewEnrollments
      ? safely<SourceCount[] | null>("enrollment sources", null, () => enrollmentSourceCounts(options.now, q))
      : Promise.resolve(undefined),
    mayViewRuns
      ? safely<NextRun[] | null>("next runs", null, () =>
          nextOpenRuns(actor, { now: options.now, executor: q, withFill: mayViewEnrollments }),
        )
      : Promise.resolve(undefined),
    setupPermissions(actor).any
      ? safely<SetupItem[] | null>("setup checklist", null, () => getSetupChecklist(actor, { executor: q }))
      : Promise.resolve(undefined),
    mayViewPayments ? safely("payments", { collected: 0, expiring: 0, awaiting: 0 }, () => paymentFigures(options.now ?? new Date(), q)) : Promise.resolve(null),
  ]);

  return {
    stats: {
      totalCourses: courseCounts.total,
      publishedCourses: courseCounts.published,
      draftCourses: mayPublish ? courseCounts.drafts : null,
      instructors: instructorCount,
      categories: categoryCount,
      totalEnrollments: enrollmentCounts?.total ?? null,
      pendingEnrollments: enrollmentCounts?.pending ?? null,
      unreadMessages: unreadCount,
      collectedThisMonth: money?.collected ?? null,
      holdsExpiringSoon: money?.expiring ?? null,
      proofsAwaitingReview: money?.awaiting ?? null,
    },
    ...(setup === undefined ? {} : { setup }),
    ...(weekly === undefined ? {} : { weekly }),
    ...(sources === undefined ? {} : { sources }),
    ...(nextRuns === undefined ? {} : { nextRuns }),
  };
}
