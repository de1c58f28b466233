// Admin Enrollments (SPEC §2 Admin Enrollments, §4 enrollment transitions, §7 enrollments; D5, D10, D17,
// D18). Every function takes the acting staff member first and asks the permission gate itself:
// enrollments:view to list, enrollments:export for the CSV. Decisions (approve, reject, undo, back to
// pending) are in enrollment-decisions.server.ts.
//
// Performance (bench/enrollments.ts, 100 000 rows): the list is a count and a page on the index
// (created_at desc, id desc) or (status, created_at desc, id desc); the search matches the folded,
// generated column `search_text` through its trigram index. The five counters, and the total of a list
// without a search, come from `enrollment_status_counts` (rows kept by triggers), not a count(*).
//
// Runs (issue 20): each row carries its run's start (a join on the run's primary key, per page row).
// A list filtered by run (?run=<id>) counts and reads on (run_id, status, created_at, id), so it stays
// a few index reads however many runs and requests there are; filtered by run and 'waiting' it is the
// run's waiting list in its order, oldest first (isWaitingListOrder).
import { containsPattern } from "~/lib/like-pattern.ts";
import { and, asc, count, desc, eq, inArray, isNull, like, sql, type SQL } from "drizzle-orm";
import { auditLog, courseRuns, courses, enrollmentStatusCounts, enrollments, student } from "@db/schema/index.ts";
import { countRequestsByRun, emptyRunCounts } from "~/domain/runs/run-seats.server.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { foldForSearch } from "~/lib/arabic.ts";
import { toWesternDigits } from "~/lib/digits.ts";
import { compactPhone, toE164 } from "~/lib/phone.ts";
import { csvCell, csvPhoneCell } from "~/lib/csv.ts";
import { displayText, emailForStaff } from "~/lib/display-text.ts";
import { db } from "~/lib/db.server.ts";
import { emailT } from "~/lib/email.server.ts";
import { formatSheetDateTime } from "~/lib/cairo-time.ts";
import { isLocale, type Locale } from "~/lib/i18n.ts";
import { logger } from "~/lib/logger.server.ts";
import { isOneOf } from "~/lib/validation.ts";
import { SOURCE_FIELDS } from "~/domain/enrollments/visit-source.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import {
  ENROLLMENT_STATUS_FILTERS,
  ENROLLMENTS_BULK_MAX,
  ENROLLMENTS_PAGE_SIZE,
  ENROLLMENTS_QUERY_MAX,
  isEnrollmentStatus,
  isUuid,
  isWaitingListOrder,
  parseRunParam,
  type EnrollmentFilter,
  type EnrollmentStatus,
  type EnrollmentStatusFilter,
} from "./enrollments-admin.schema.ts";

/** Every field of an enrollment, as the table and the details modal show it. */
export interface AdminEnrollmentRow {
  id: string;
  /** The details only (issue 38): when the student last signed in to the student area; null: never. */
  studentLastSignInAt?: Date | null;
  /** The details only (issue 38 item 7): what the student changed themselves (STUDENT_ACTIONS), newest first. */
  studentChanges?: { action: string; at: Date }[];
  /** The details only: the student's own page (its signed link, in the student's language), for staff to open or send. */
  studentPage?: string;
  enrollmentId: string;
  courseId: string | null;
  courseName: string;
  studentName: string;
  studentEmail: string;
  studentPhone: string;
  currentLevel: string | null;
  preferredSchedule: string | null;
  message: string | null;
  locale: Locale;
  status: EnrollmentStatus;
  /** Issue 37: until when an approved request's seat is held for payment, or when an expired hold ran out. */
  holdExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The run the request is for and its start (UTC; shown in Cairo time); null without a run (issue 20). */
  runId: string | null;
  runStartsAt: Date | null;
  /** Where the request came from (ADR 021): the site page, the visit's utm_*, the referring host; null when unknown. */
  sourcePage: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrerHost: string | null;
}

export interface EnrollmentList {
  rows: AdminEnrollmentRow[];
  /** Rows matching the filter (all pages); for a search, at most SEARCH_COUNT_CAP (see `capped`). */
  total: number;
  /** A search matched more than SEARCH_COUNT_CAP rows: the list shows the newest SEARCH_COUNT_CAP. */
  capped: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
  filter: EnrollmentFilter;
}

export interface EnrollmentCounters {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  waiting: number;
  expired: number;
  withdrawn: number;
}

const rowColumns = {
  id: enrollments.id,
  enrollmentId: enrollments.enrollmentId,
  courseId: enrollments.courseId,
  courseName: enrollments.courseName,
  studentName: enrollments.studentName,
  studentEmail: enrollments.studentEmail,
  studentPhone: enrollments.studentPhone,
  currentLevel: enrollments.currentLevel,
  preferredSchedule: enrollments.preferredSchedule,
  message: enrollments.message,
  locale: enrollments.locale,
  status: enrollments.status,
  holdExpiresAt: enrollments.holdExpiresAt,
  createdAt: enrollments.createdAt,
  updatedAt: enrollments.updatedAt,
  runId: enrollments.runId,
  runStartsAt: courseRuns.startsAt,
  sourcePage: enrollments.sourcePage,
  utmSource: enrollments.utmSource,
  utmMedium: enrollments.utmMedium,
  utmCampaign: enrollments.utmCampaign,
  utmTerm: enrollments.utmTerm,
  utmContent: enrollments.utmContent,
  referrerHost: enrollments.referrerHost,
};

type RawRow = Pick<typeof enrollments.$inferSelect, Exclude<keyof typeof rowColumns, "runStartsAt">> & { runStartsAt: Date | null };

/** Rows with their run's start: a left join on the run's primary key (at most one run per request). */
function selectRows<E extends Record<string, SQL.Aliased | SQL>>(extra?: E) {
  return db()
    .select({ ...rowColumns, ...(extra as E) })
    .from(enrollments)
    .leftJoin(courseRuns, eq(courseRuns.id, enrollments.runId));
}

/**
 * A row as staff see it: what the visitor typed without its direction controls (issue 34 item 7: rows
 * stored before names were cleaned at input still hold them). The email stays as stored (the mailto link
 * needs it); the Email component shows it through emailForStaff.
 */
function toRow(r: RawRow): AdminEnrollmentRow {
  return {
    ...r,
    studentName: displayText(r.studentName),
    message: displayText(r.message),
    currentLevel: displayText(r.currentLevel),
    preferredSchedule: displayText(r.preferredSchedule),
    utmSource: displayText(r.utmSource),
    utmMedium: displayText(r.utmMedium),
    utmCampaign: displayText(r.utmCampaign),
    utmTerm: displayText(r.utmTerm),
    utmContent: displayText(r.utmContent),
    locale: isLocale(r.locale) ? r.locale : "en",
    status: isEnrollmentStatus(r.status) ? r.status : "pending",
  };
}

/** Newest first; the id breaks ties. Written as the indexes are (DESC NULLS LAST), so they serve it. */
const NEWEST_FIRST = [sql`${enrollments.createdAt} desc nulls last`, sql`${enrollments.id} desc nulls last`];
const NEWEST_FIRST_REVERSED = [sql`${enrollments.createdAt} asc nulls first`, sql`${enrollments.id} asc nulls first`];
/** A run's waiting list: oldest first, as (run_id, status, created_at, id) is stored. */
const OLDEST_FIRST = [asc(enrollments.createdAt), asc(enrollments.id)];
const OLDEST_FIRST_REVERSED = [desc(enrollments.createdAt), desc(enrollments.id)];

/**
 * A search text as `search_text` holds it: Arabic-Indic digits as ASCII (phones are stored that way),
 * control characters (the field separator among them) as spaces, then the D17 folding. A query that is
 * a phone number is searched as stored (D26, E.164): "010 1234 5678" finds "+201012345678"; a part of
 * a number loses its spaces, hyphens and parentheses, and its trunk 0.
 */
export function foldEnrollmentQuery(q: string): string {
  const digits = toWesternDigits(q);
  const compact = compactPhone(digits).replace(/[()\-\u2010-\u2015\u2212]/g, "");
  if (/^\+?\d{4,}$/.test(compact)) return toE164(compact) ?? compact.replace(/^0(?=[1-9])/, "");
  // eslint-disable-next-line no-control-regex
  return foldForSearch(digits.replace(/[\u0000-\u001f\u007f]/g, " ").slice(0, ENROLLMENTS_QUERY_MAX));
}

function normalizeFilter(input: Partial<EnrollmentFilter>): EnrollmentFilter {
  const status: EnrollmentStatusFilter = isOneOf(input.status, ENROLLMENT_STATUS_FILTERS) ? input.status : "all";
  const page = Number.isInteger(input.page) && input.page! >= 1 ? input.page! : 1;
  return { q: (input.q ?? "").trim().slice(0, ENROLLMENTS_QUERY_MAX), status, run: parseRunParam(input.run), page };
}

function whereFor(filter: EnrollmentFilter): SQL | undefined {
  const search = foldEnrollmentQuery(filter.q);
  return and(
    filter.run ? eq(enrollments.runId, filter.run) : undefined,
    filter.status !== "all" ? eq(enrollments.status, filter.status) : undefined,
    // Served by the trigram index enrollments_search_text_trgm_idx.
    search ? like(enrollments.searchText, containsPattern(search)) : undefined,
  );
}

/**
 * A search counts its matches up to this many: past it the page says "more than 1,000" and shows the
 * newest 1,000 (refine the search, or export the CSV, which has them all). Counting every one of
 * thousands of matches would read all of their rows on each page load.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * One page of enrollments, newest first (a run's waiting list: oldest first), filtered by status, run
 * and an Arabic-aware search over the
 * student's name, email and phone, the enrollment id and the course name. Two queries whatever the
 * row count: the count and the page (together for page 1; otherwise the count first, so a page past
 * the end becomes the last one and a page in the older half is read from the oldest end). Without a
 * search the count is read from the status counts; with one it stops at SEARCH_COUNT_CAP + 1.
 * `known.counters`: the counters of every request (enrollmentCounters without a run) when the caller reads
 * them anyway, so the page does not read them twice.
 */
export async function listEnrollments(
  actor: Actor,
  input: Partial<EnrollmentFilter> & { pageSize?: number } = {},
  known: { counters?: Promise<EnrollmentCounters> } = {},
): Promise<EnrollmentList> {
  requirePermission(actor, "enrollments:view");
  const filter = normalizeFilter(input);
  const pageSize = Math.min(Math.max(Math.trunc(input.pageSize ?? ENROLLMENTS_PAGE_SIZE), 1), ENROLLMENTS_BULK_MAX);
  const where = whereFor(filter);
  const searching = foldEnrollmentQuery(filter.q) !== "";
  const waitingOrder = isWaitingListOrder(filter);
  const order = waitingOrder ? OLDEST_FIRST : NEWEST_FIRST;
  const reversed = waitingOrder ? OLDEST_FIRST_REVERSED : NEWEST_FIRST_REVERSED;

  /**
   * How many rows the list has: exact without a search (from the status counts, or for one run a count
   * on its index); with a search, at most SEARCH_COUNT_CAP + 1.
   */
  const countRows = async (): Promise<number> => {
    if (!searching && !filter.run) {
      const counters = await (known.counters ?? readCounters());
      return filter.status === "all" ? counters.total : counters[filter.status];
    }
    if (!searching) {
      const [row] = await db().select({ total: count() }).from(enrollments).where(where);
      return Number(row?.total ?? 0);
    }
    const matches = db().select({ one: sql`1` }).from(enrollments).where(where).limit(SEARCH_COUNT_CAP + 1).as("matches");
    const [row] = await db().select({ total: count() }).from(matches);
    return Number(row?.total ?? 0);
  };
  const newestPage = (page: number) =>
    selectRows()
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  const result = (rows: RawRow[], counted: number, page: number): EnrollmentList => {
    const capped = counted > SEARCH_COUNT_CAP && searching;
    const total = capped ? SEARCH_COUNT_CAP : counted;
    return {
      rows: rows.map(toRow),
      total,
      capped,
      page,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
      pageSize,
      filter: { ...filter, page },
    };
  };

  if (filter.page === 1) {
    // The first page (the usual case): the count and the page together.
    const [counted, rows] = await Promise.all([countRows(), newestPage(1)]);
    return result(rows, counted, 1);
  }
  const counted = await countRows();
  const capped = counted > SEARCH_COUNT_CAP && searching;
  const total = capped ? SEARCH_COUNT_CAP : counted;
  const page = Math.min(filter.page, Math.max(1, Math.ceil(total / pageSize)));
  const skip = (page - 1) * pageSize;
  if (capped || skip <= total / 2) return result(await newestPage(page), counted, page);
  // Pages in the second half are read from the other end (the same index backwards), so that the
  // last page skips few rows instead of nearly all of them; then put them in the list's order again.
  const end = Math.min(skip + pageSize, total);
  const rows = await selectRows()
    .where(where)
    .orderBy(...reversed)
    .limit(end - skip)
    .offset(total - end);
  return result(rows.reverse(), counted, page);
}

/** One query: the per-status counts the triggers keep (a status without a row counts 0). */
async function readCounters(): Promise<EnrollmentCounters> {
  const rows = await db().select({ status: enrollmentStatusCounts.status, n: enrollmentStatusCounts.n }).from(enrollmentStatusCounts);
  const counters: EnrollmentCounters = { total: 0, pending: 0, approved: 0, rejected: 0, waiting: 0, expired: 0, withdrawn: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    counters.total += n;
    if (isEnrollmentStatus(row.status)) counters[row.status] = n;
  }
  return counters;
}

/**
 * The counters (total and one per status) in one query: of every request, or,
 * with `run`, of that run's requests (its index, grouped by status).
 */
export async function enrollmentCounters(actor: Actor, options: { run?: string } = {}): Promise<EnrollmentCounters> {
  requirePermission(actor, "enrollments:view");
  const run = parseRunParam(options.run);
  if (!run) return readCounters();
  const counts = (await countRequestsByRun(db(), [run])).get(run) ?? emptyRunCounts();
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
}

/** One enrollment with every field (the details modal opened by URL), or null. */
export async function getEnrollment(actor: Actor, id: string): Promise<AdminEnrollmentRow | null> {
  requirePermission(actor, "enrollments:view");
  if (!isUuid(id)) return null;
  const [row] = await selectRows().where(eq(enrollments.id, id));
  return row ? toRow(row) : null;
}

/** What the student did themselves on a request (audited without staff): a proof sent, a withdrawal. */
export const STUDENT_ACTIONS = ["payment.proof.submit", "enrollment.withdraw"] as const;

/**
 * The student area as staff see it on a request (issue 38 item 7): when its email last signed in (null:
 * never), and what the student changed on it themselves, newest first (at most 20).
 */
export async function studentActivity(actor: Actor, row: { id: string; studentEmail: string }): Promise<{ lastSignInAt: Date | null; changes: { action: string; at: Date }[] }> {
  requirePermission(actor, "enrollments:view");
  const [signIn] = await db().select({ at: student.lastSignInAt }).from(student).where(eq(student.email, row.studentEmail.trim().toLowerCase())).limit(1);
  const changes = await db()
    .select({ action: auditLog.action, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "enrollment"), eq(auditLog.entityId, row.id), isNull(auditLog.actorId), inArray(auditLog.action, [...STUDENT_ACTIONS])))
    .orderBy(desc(auditLog.createdAt))
    .limit(20);
  return { lastSignInAt: signIn?.at ?? null, changes };
}

/** The run a list is filtered by, for the filter bar: its course, start and seats, and its course's other runs. */
export interface RunFilterInfo {
  id: string;
  courseId: string;
  courseTitle: string;
  startsAt: Date;
  status: string;
  capacity: number | null;
  /** Runs of the same course to switch to (the latest RUN_CHOICES_MAX by start, this one always among them), soonest first. */
  runs: { id: string; startsAt: Date; status: string }[];
}

/** The most runs of one course the run filter offers (a course has a handful; never all runs of the site). */
export const RUN_CHOICES_MAX = 60;

/**
 * The run of a `?run=` filter with its course's other runs (two queries on the run's primary key and
 * (course_id, starts_at)), or null when there is no such run (the list is then simply empty).
 */
export async function getRunFilter(actor: Actor, runId: string): Promise<RunFilterInfo | null> {
  requirePermission(actor, "enrollments:view");
  const id = parseRunParam(runId);
  if (!id) return null;
  const [run] = await db()
    .select({
      id: courseRuns.id,
      courseId: courseRuns.courseId,
      courseTitle: courses.title,
      startsAt: courseRuns.startsAt,
      status: courseRuns.status,
      capacity: courseRuns.capacity,
    })
    .from(courseRuns)
    .innerJoin(courses, eq(courses.id, courseRuns.courseId))
    .where(eq(courseRuns.id, id));
  if (!run) return null;
  const siblings = await db()
    .select({ id: courseRuns.id, startsAt: courseRuns.startsAt, status: courseRuns.status })
    .from(courseRuns)
    .where(eq(courseRuns.courseId, run.courseId))
    .orderBy(desc(courseRuns.startsAt), desc(courseRuns.id))
    .limit(RUN_CHOICES_MAX);
  if (!siblings.some((r) => r.id === run.id)) siblings.push({ id: run.id, startsAt: run.startsAt, status: run.status });
  siblings.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id));
  return { ...run, runs: siblings };
}

// ---- CSV export ---------------------------------------------------------------------------------

/** Rows read per query while streaming the CSV (memory stays flat whatever the row count). */
export const CSV_BATCH_SIZE = 500;

export const CSV_COLUMNS = [
  "enrollmentId",
  "status",
  "createdAt",
  "studentName",
  "studentEmail",
  "studentPhone",
  "courseName",
  // The run's start in Cairo time (issue 20); empty without a run.
  "runStart",
  "message",
  "language",
  "currentLevel",
  "preferredSchedule",
  "updatedAt",
  // Where the request came from (issue 19 point 10), in the stored order.
  ...SOURCE_FIELDS,
] as const;

/** `enrollments-YYYY-MM-DD.csv`, the date in Cairo (the provider's day). */
export function csvFilename(now = new Date()): string {
  // The date part of the Cairo time the file's rows are written in.
  return `enrollments-${formatSheetDateTime(now).slice(0, 10)}.csv`;
}

/**
 * The filtered view (same q, status and run as the page, every page, in the page's order) as CSV: UTF-8 with a byte order mark
 * so spreadsheet programs read Arabic correctly, CRLF line ends, headers and status labels in
 * `locale`. Streamed: rows are read in batches of CSV_BATCH_SIZE with a keyset cursor on
 * (created_at, id), never all at once. The export itself is recorded in the audit log.
 */
export async function streamEnrollmentsCsv(
  actor: Actor,
  input: Partial<EnrollmentFilter>,
  options: { locale: Locale; batchSize?: number },
): Promise<ReadableStream<Uint8Array>> {
  requirePermission(actor, "enrollments:export");
  const filter = normalizeFilter(input);
  const where = whereFor(filter);
  const batchSize = Math.max(1, options.batchSize ?? CSV_BATCH_SIZE);
  const t = emailT(options.locale);
  await recordAudit(db(), actor, {
    action: "export",
    entity: "enrollment",
    data: { format: "csv", q: filter.q, status: filter.status, ...(filter.run ? { run: filter.run } : {}) },
  });

  const encoder = new TextEncoder();
  // The visit's source columns are labelled as the request's details name them (issue 36 item 16: no raw utm_*).
  const sources: readonly string[] = SOURCE_FIELDS;
  const label = (c: (typeof CSV_COLUMNS)[number]) =>
    t(sources.includes(c) ? `adminEnrollments.details.source.${c}` : `adminEnrollments.export.columns.${c}`);
  const header = CSV_COLUMNS.map((c) => csvCell(label(c))).join(",");
  // The sheet shows what the page shows (toRow): a spreadsheet obeys direction controls too, and a
  // look-alike email reads in punycode there (no marker can be put in a cell).
  const line = (raw: RawRow) => {
    const r = toRow(raw);
    const text = [
      r.enrollmentId,
      isEnrollmentStatus(raw.status) ? t(`adminEnrollments.status.${raw.status}`) : raw.status,
      formatSheetDateTime(r.createdAt),
      r.studentName,
      emailForStaff(r.studentEmail).shown,
    ].map(csvCell);
    const rest = [
      r.courseName,
      r.runStartsAt ? formatSheetDateTime(r.runStartsAt) : "",
      r.message,
      isLocale(raw.locale) ? t(`adminEnrollments.details.languages.${raw.locale}`) : raw.locale,
      r.currentLevel,
      r.preferredSchedule,
      formatSheetDateTime(r.updatedAt),
      r.sourcePage,
      r.utmSource,
      r.utmMedium,
      r.utmCampaign,
      r.utmTerm,
      r.utmContent,
      r.referrerHost,
    ].map(csvCell);
    return [...text, csvPhoneCell(r.studentPhone), ...rest].join(",") + "\r\n";
  };

  // The cursor keeps created_at as PostgreSQL's text (microseconds), which a JS Date would round.
  let cursor: { ts: string; id: string } | null = null;
  const waitingOrder = isWaitingListOrder(filter);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`\uFEFF${header}\r\n`));
      },
      async pull(controller) {
        try {
          const after: SQL | undefined = !cursor
            ? undefined
            : waitingOrder
              ? sql`(${enrollments.createdAt}, ${enrollments.id}) > (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`
              : sql`(${enrollments.createdAt}, ${enrollments.id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`;
          const rows = await selectRows({ cursorTs: sql<string>`${enrollments.createdAt}::text` })
            .where(and(where, after))
            .orderBy(...(waitingOrder ? OLDEST_FIRST : NEWEST_FIRST))
            .limit(batchSize);
          if (rows.length > 0) {
            controller.enqueue(encoder.encode(rows.map(line).join("")));
            const last = rows[rows.length - 1]!;
            cursor = { ts: last.cursorTs, id: last.id };
          }
          if (rows.length < batchSize) controller.close();
        } catch (err) {
          logger.error({ err }, "enrollments CSV export failed");
          controller.error(err);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
