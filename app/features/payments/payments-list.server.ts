// Admin › Payments › All payments (issue 37 item 7): every payment and refund in the ledger, newest first,
// filtered by kind, method, course (and one of its groups) and Cairo days, 50 to a page, with the filtered totals; and the same view
// as a CSV download (payments:export), streamed in batches by a keyset cursor, Cairo time, the labels in the
// staff member's language. Reads only; the ledger is written elsewhere (app/domain/payments/ledger.server.ts).
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { courseRuns, courses, enrollmentLedger, enrollments } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { cairoWallTimeToUtc, formatSheetDateTime } from "~/lib/cairo-time.ts";
import { csvCell } from "~/lib/csv.ts";
import { db } from "~/lib/db.server.ts";
import { emailT } from "~/lib/email.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import { logger } from "~/lib/logger.server.ts";
import { poundsText } from "~/lib/money.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import type { PaymentListFilter } from "./payments.schema.ts";

export const PAYMENTS_PAGE_SIZE = 50;
/** Newest first by when the money moved (an entry written later may record an earlier day), then by entry. */
const NEWEST_FIRST = [desc(enrollmentLedger.createdAt), desc(enrollmentLedger.id)] as const;
const OLDEST_FIRST = [asc(enrollmentLedger.createdAt), asc(enrollmentLedger.id)] as const;
const CSV_BATCH = 500;

export interface PaymentListRow {
  id: number;
  at: Date;
  kind: "payment" | "refund";
  amountPiastres: number;
  method: string | null;
  reference: string | null;
  reason: string | null;
  receiptNumber: string | null;
  /** Who recorded it (null: no staff member: a verified Paymob callback, or the demo's seed). */
  recordedBy: string | null;
  enrollment: { id: string; reference: string; studentName: string; courseName: string; runStartsAt: Date | null };
}

/** The next day of a Cairo calendar day (YYYY-MM-DD). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function whereFor(filter: PaymentListFilter): SQL | undefined {
  // Written as the partial index enrollment_ledger_money_idx is (money that moved), so it serves every view.
  const parts: (SQL | undefined)[] = [sql`${enrollmentLedger.kind} in ('payment', 'refund')`];
  if (filter.kind) parts.push(eq(enrollmentLedger.kind, filter.kind));
  if (filter.method) parts.push(eq(enrollmentLedger.method, filter.method));
  // The course's requests, read once (an array the ledger's enrollment index is probed with): no join.
  // A group narrows it to the course's requests for that run. A run of another course (the course was changed
  // with the old group still chosen) is no filter, as the page shows it (`PaymentListPage.run`).
  const ofRun = filter.run
    ? sql` and (${enrollments.runId} = ${filter.run} or not exists (select 1 from ${courseRuns} where ${courseRuns.id} = ${filter.run} and ${courseRuns.courseId} = ${filter.course}))`
    : sql``;
  if (filter.course) parts.push(sql`${enrollmentLedger.enrollmentId} = any(array(select ${enrollments.id} from ${enrollments} where ${enrollments.courseId} = ${filter.course}${ofRun}))`);
  // Days are Cairo's: from its first minute to the first minute of the day after `to`.
  const from = filter.from ? cairoWallTimeToUtc(`${filter.from}T00:00`) : null;
  const to = filter.to ? cairoWallTimeToUtc(`${nextDay(filter.to)}T00:00`) : null;
  if (from) parts.push(gte(enrollmentLedger.createdAt, from));
  if (to) parts.push(lt(enrollmentLedger.createdAt, to));
  return and(...parts);
}

function selectRows<X extends Record<string, SQL>>(extra?: X) {
  return db()
    .select({
      ...(extra as X),
      id: enrollmentLedger.id,
      at: enrollmentLedger.createdAt,
      kind: enrollmentLedger.kind,
      amountPiastres: enrollmentLedger.amountPiastres,
      method: enrollmentLedger.method,
      reference: enrollmentLedger.reference,
      reason: enrollmentLedger.reason,
      receiptNumber: enrollmentLedger.receiptNumber,
      recordedBy: sql<string | null>`(select u.email from "user" u where u.id = ${enrollmentLedger.actorId})`,
      enrollmentId: enrollments.id,
      enrollmentRef: enrollments.enrollmentId,
      studentName: enrollments.studentName,
      courseName: enrollments.courseName,
      runStartsAt: courseRuns.startsAt,
    })
    .from(enrollmentLedger)
    .innerJoin(enrollments, eq(enrollments.id, enrollmentLedger.enrollmentId))
    .leftJoin(courseRuns, eq(courseRuns.id, enrollments.runId));
}

type Raw = Awaited<ReturnType<ReturnType<typeof selectRows>["limit"]>>[number];

const toRow = (r: Raw): PaymentListRow => ({
  id: r.id,
  at: r.at,
  kind: r.kind as PaymentListRow["kind"],
  amountPiastres: r.amountPiastres,
  method: r.method,
  reference: r.reference,
  reason: r.reason,
  receiptNumber: r.receiptNumber,
  recordedBy: r.recordedBy,
  enrollment: { id: r.enrollmentId, reference: r.enrollmentRef, studentName: r.studentName, courseName: r.courseName, runStartsAt: r.runStartsAt },
});

export interface PaymentListPage {
  rows: PaymentListRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** The filtered view's money: payments and refunds, in piastres. */
  sums: { paid: number; refunded: number };
  /** The courses to filter by. */
  courses: { id: string; title: string }[];
  /** The chosen course's groups (runs) to filter by, earliest start first; empty without a course. */
  runs: { id: string; startsAt: Date }[];
  /** The group filtered by: `filter.run` when it is one of `runs`, else "". */
  run: string;
}

export async function listPayments(actor: Actor, filter: PaymentListFilter): Promise<PaymentListPage> {
  requirePermission(actor, "payments:view");
  const where = whereFor(filter);
  // The totals, the page and the course choices are independent: asked at once, on three connections.
  const [[totals], courseList, runList] = await Promise.all([
    db()
      .select({
        total: count(),
        paid: sql<string>`coalesce(sum(${enrollmentLedger.amountPiastres}) filter (where ${enrollmentLedger.kind} = 'payment'), 0)`,
        refunded: sql<string>`coalesce(sum(${enrollmentLedger.amountPiastres}) filter (where ${enrollmentLedger.kind} = 'refund'), 0)`,
      })
      .from(enrollmentLedger)
      .where(where),
    db().select({ id: courses.id, title: courses.title }).from(courses).orderBy(courses.title).limit(500),
    filter.course
      ? db().select({ id: courseRuns.id, startsAt: courseRuns.startsAt }).from(courseRuns).where(eq(courseRuns.courseId, filter.course)).orderBy(asc(courseRuns.startsAt)).limit(200)
      : Promise.resolve([]),
  ]);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAYMENTS_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const rows = await pageRows(where, page, total);
  return {
    rows: rows.map(toRow),
    total,
    page,
    pageCount,
    pageSize: PAYMENTS_PAGE_SIZE,
    sums: { paid: Number(totals?.paid ?? 0), refunded: Number(totals?.refunded ?? 0) },
    courses: courseList,
    runs: runList,
    run: runList.some((r) => r.id === filter.run) ? filter.run : "",
  };
}

/**
 * One page's entries, newest first: their ids from the ledger alone (a deep page skips index entries, not
 * joined rows), read from the nearer end of the list (the last pages are as quick as the first), then joined.
 */
async function pageRows(where: SQL | undefined, page: number, total: number): Promise<Raw[]> {
  const skip = (page - 1) * PAYMENTS_PAGE_SIZE;
  const fromEnd = skip > total / 2;
  const ids = await db()
    .select({ id: enrollmentLedger.id })
    .from(enrollmentLedger)
    .where(where)
    .orderBy(...(fromEnd ? OLDEST_FIRST : NEWEST_FIRST))
    .limit(fromEnd ? Math.min(PAYMENTS_PAGE_SIZE, total - skip) : PAYMENTS_PAGE_SIZE)
    .offset(fromEnd ? Math.max(0, total - skip - PAYMENTS_PAGE_SIZE) : skip);
  if (ids.length === 0) return [];
  return selectRows().where(inArray(enrollmentLedger.id, ids.map((r) => r.id))).orderBy(...NEWEST_FIRST);
}

export const PAYMENT_CSV_COLUMNS = ["at", "receipt", "kind", "amount", "method", "reference", "reason", "enrollment", "student", "course", "runStarts", "recordedBy"] as const;

/** `payments-YYYY-MM-DD.csv`, the date in Cairo. */
export function paymentsCsvFilename(now = new Date()): string {
  return `payments-${formatSheetDateTime(now).slice(0, 10)}.csv`;
}

/**
 * The filtered list, every page, as CSV: UTF-8 with a byte order mark (Arabic in spreadsheets), CRLF,
 * Cairo time, amounts in pounds with two decimals (a number a sheet can add), labels in `locale`. The
 * export is audited.
 */
export async function streamPaymentsCsv(actor: Actor, filter: PaymentListFilter, options: { locale: Locale }): Promise<ReadableStream<Uint8Array>> {
  requirePermission(actor, "payments:export");
  const where = whereFor(filter);
  const t = emailT(options.locale);
  await recordAudit(db(), actor, { action: "export", entity: "payment", data: { format: "csv", ...filter, page: undefined } });
  const encoder = new TextEncoder();
  const header = PAYMENT_CSV_COLUMNS.map((c) => csvCell(t(`adminPayments.list.columns.${c}`))).join(",");
  const line = (r: PaymentListRow) =>
    [
      formatSheetDateTime(r.at),
      r.receiptNumber,
      t(`adminPayments.list.kinds.${r.kind}`),
      poundsText(r.amountPiastres),
      r.method ? t(`adminPayments.list.methods.${r.method}`) : "",
      r.reference,
      r.reason,
      r.enrollment.reference,
      r.enrollment.studentName,
      r.enrollment.courseName,
      r.enrollment.runStartsAt ? formatSheetDateTime(r.enrollment.runStartsAt) : "",
      r.recordedBy ?? (r.method === "paymob" ? t("adminPayments.list.system") : ""),
    ]
      .map(csvCell)
      .join(",") + "\r\n";
  // The cursor keeps created_at as PostgreSQL's text (microseconds), which a JS Date would round.
  let before: { ts: string; id: number } | null = null;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`\uFEFF${header}\r\n`));
      },
      async pull(controller) {
        try {
          const after = before && sql`(${enrollmentLedger.createdAt}, ${enrollmentLedger.id}) < (${before.ts}::timestamptz, ${before.id})`;
          const rows = await selectRows({ cursorTs: sql<string>`${enrollmentLedger.createdAt}::text` })
            .where(and(where, after ?? undefined))
            .orderBy(...NEWEST_FIRST)
            .limit(CSV_BATCH);
          if (rows.length > 0) {
            controller.enqueue(encoder.encode(rows.map((r) => line(toRow(r))).join("")));
            const last = rows[rows.length - 1]!;
            before = { ts: last.cursorTs, id: last.id };
          }
          if (rows.length < CSV_BATCH) controller.close();
        } catch (err) {
          logger.error({ err }, "payments CSV export failed");
          controller.error(err);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
