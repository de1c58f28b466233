// Admin Enrollments (SPEC §2 Admin Enrollments, §4 enrollment transitions; D17, D18): the list query read
// from the URL and the action intents, shared by the browser and the server. No server imports here.
// Error messages are locale keys ("adminEnrollments.errors.*" in app/locales/<lng>/admin-enrollments.json).
import { z } from "zod";
import { ENROLLMENT_STATUSES } from "@db/schema/run-vocabulary.ts";
import type { LedgerSummary } from "~/domain/payments/ledger.ts";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { isOneOf } from "~/lib/validation.ts";

/** Every status a request can have; "waiting" is the waiting list of a full run (issue 20). */
export const ENROLLMENT_STATUS_VALUES = ENROLLMENT_STATUSES;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUS_VALUES)[number];
/** What staff decide on a pending request. */
export type Decision = "approved" | "rejected";
/** What can be moved back to pending: a decision, or a hold that expired unpaid (issue 37). */
export const REOPEN_FROM = ["approved", "rejected", "expired", "withdrawn"] as const;
export type ReopenFrom = (typeof REOPEN_FROM)[number];

/** Whether staff may move a request in this status back to pending (Reopen). */
export function isReopenable(status: string): status is ReopenFrom {
  return (REOPEN_FROM as readonly string[]).includes(status);
}

/** The status filter: every status, or one of them. */
export const ENROLLMENT_STATUS_FILTERS = ["all", ...ENROLLMENT_STATUS_VALUES] as const;
export type EnrollmentStatusFilter = (typeof ENROLLMENT_STATUS_FILTERS)[number];

/** Rows per page of the admin table; also the most rows one bulk action may change. */
export const ENROLLMENTS_PAGE_SIZE = 20;
export const ENROLLMENTS_BULK_MAX = 100;
/** Longer search texts are cut (a search box, not a document). */
export const ENROLLMENTS_QUERY_MAX = 100;
/** The highest page number accepted from a URL (anything above shows the last page). */
const PAGE_MAX = 100_000;

export const ADMIN_ENROLLMENT_ERRORS = {
  invalidRequest: "adminEnrollments.errors.invalidRequest",
  selectionInvalid: "adminEnrollments.errors.selectionInvalid",
  notPending: "adminEnrollments.errors.notPending",
  /** One request decided meanwhile (another tab, a colleague): who and when. */
  decidedMeanwhile: "adminEnrollments.errors.decidedMeanwhile",
  nonePending: "adminEnrollments.errors.nonePending",
  notFound: "adminEnrollments.errors.notFound",
  courseDeleted: "adminEnrollments.errors.courseDeleted",
  coursesDeleted: "adminEnrollments.errors.coursesDeleted",
  changedMeanwhile: "adminEnrollments.errors.changedMeanwhile",
  alreadyPending: "adminEnrollments.errors.alreadyPending",
  undoTooLate: "adminEnrollments.errors.undoTooLate",
  undoTooLateBulk: "adminEnrollments.errors.undoTooLateBulk",
  unexpected: "adminEnrollments.errors.unexpected",
} as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's state, as the URL carries it (?q, ?status, ?run, ?page). */
export interface EnrollmentFilter {
  q: string;
  status: EnrollmentStatusFilter;
  /** The run the requests are for (a course_runs id, lower case), or "" for every request (issue 20). */
  run: string;
  page: number;
}

/**
 * A run filter shows the run's waiting list in its order (oldest first: the next to get a seat on
 * top); every other list is newest first.
 */
export function isWaitingListOrder(filter: Pick<EnrollmentFilter, "run" | "status">): boolean {
  return filter.run !== "" && filter.status === "waiting";
}

/** A run id from a URL: a UUID in lower case, or "" (anything else is no filter, never an error). */
export function parseRunParam(value: unknown): string {
  return typeof value === "string" && UUID_RE.test(value) ? value.toLowerCase() : "";
}

export function isEnrollmentStatus(value: unknown): value is EnrollmentStatus {
  return isOneOf(value, ENROLLMENT_STATUS_VALUES);
}

/** Reads the list query from URL parameters; anything unknown falls back to the default (never an error). */
export function parseEnrollmentQuery(params: URLSearchParams): EnrollmentFilter {
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, ENROLLMENTS_QUERY_MAX),
    status: isOneOf(status, ENROLLMENT_STATUS_FILTERS) ? status : "all",
    run: parseRunParam(params.get("run")),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, PAGE_MAX) : 1,
  };
}

/** The URL search string of a list state (defaults left out), e.g. "?q=sara&status=pending&run=…". */
export function enrollmentSearch(filter: Partial<EnrollmentFilter>): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status && filter.status !== "all") params.set("status", filter.status);
  if (filter.run) params.set("run", filter.run);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_RE.test(value);
}

const enrollmentUuid = z.string({ error: ADMIN_ENROLLMENT_ERRORS.invalidRequest }).regex(UUID_RE, {
  error: ADMIN_ENROLLMENT_ERRORS.invalidRequest,
});

export type EnrollmentIntent = "approve" | "reject" | "bulkApprove" | "bulkReject" | "undo" | "reopen" | "recordPayment" | "setDue" | "recordRefund";
export type DecisionIntent = Exclude<EnrollmentIntent, "undo" | "reopen" | "recordPayment" | "setDue" | "recordRefund">;

/** What the /admin/enrollments action reports besides the common part of an AdminReply. */
export interface EnrollmentReplyFields {
  /** The status the enrollments moved to (a decision), or the one undone (undo) or left (reopen). */
  status: ReopenFrom;
  /** How many enrollments changed, and how many were asked for. */
  changed: number;
  requested: number;
  /** The row a single approve/reject (or reopen) was about. */
  id: string;
  /** The rows a decision changed: what its Undo posts. */
  ids: string[];
  /** Pending rows a bulk approval left alone because their course was deleted. */
  noCourse: number;
  /** How long the decision can be undone (its emails wait that long), in seconds. */
  undoSeconds: number;
  /** No mail server is set up: the emails are only recorded in the email log. */
  mailOff?: boolean;
  /** The request's money after a payment or a new amount due (issue 37). */
  money: LedgerSummary;
}
export type EnrollmentsReply = AdminReply<EnrollmentIntent, EnrollmentReplyFields>;

type T = (key: string, options?: Record<string, unknown>) => string;

export function isDecisionIntent(intent: EnrollmentIntent | null | undefined): intent is DecisionIntent {
  return intent === "approve" || intent === "reject" || intent === "bulkApprove" || intent === "bulkReject";
}

/** "30 seconds", "ثانية واحدة", "5 ثوانٍ": a number of seconds in words. */
export function secondsText(t: T, seconds: number): string {
  return t("adminEnrollments.undo.seconds", { count: seconds });
}

/**
 * SPEC §4: 'Enrollment status updated to {status}'; bulk replies say how many (and why some were
 * skipped); then that the student is emailed once the undo window has passed. Undo and reopen say what
 * they did.
 */
export function successMessage(t: T, reply: EnrollmentsReply): string {
  if (reply.intent === "undo") return t("adminEnrollments.undo.done", { count: reply.changed ?? 0 });
  if (reply.intent === "reopen") return t("adminEnrollments.reopen.done");
  const status = t(`adminEnrollments.statusInline.${reply.status ?? "approved"}`);
  const single = reply.intent === "approve" || reply.intent === "reject";
  const parts = [
    single
      ? `${t("adminEnrollments.actions.updated", { status })}.`
      : t("adminEnrollments.bulk.done", { count: reply.changed ?? 0, status }),
  ];
  const noCourse = reply.noCourse ?? 0;
  const notPending = (reply.requested ?? 0) - (reply.changed ?? 0) - noCourse;
  if (notPending > 0) parts.push(t("adminEnrollments.bulk.skipped", { count: notPending }));
  if (noCourse > 0) parts.push(t("adminEnrollments.bulk.skippedNoCourse", { count: noCourse }));
  if (reply.mailOff && (reply.changed ?? 0) > 0) parts.push(t("adminEnrollments.undo.noMail", { count: reply.changed ?? 0 }));
  else if (reply.undoSeconds && (reply.changed ?? 0) > 0) {
    const seconds = secondsText(t, reply.undoSeconds);
    parts.push(
      t(single ? "adminEnrollments.undo.emailSoon" : "adminEnrollments.undo.emailSoonBulk", { seconds, count: reply.changed ?? 0 }),
    );
  }
  return parts.join(" ");
}

/** One row: approve or reject (the row's id, not its public enrollment id). */
const singleSchema = <I extends "approve" | "reject">(intent: I) => z.object({ intent: z.literal(intent), id: enrollmentUuid });

/** Selected rows (`ids` repeated once per checked box). */
const bulkSchema = <I extends "bulkApprove" | "bulkReject" | "undo">(intent: I) =>
  z.object({
    intent: z.literal(intent),
    ids: z
      .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(enrollmentUuid))
      .pipe(
        z
          .array(z.string())
          .min(1, { error: ADMIN_ENROLLMENT_ERRORS.selectionInvalid })
          .max(ENROLLMENTS_BULK_MAX, { error: ADMIN_ENROLLMENT_ERRORS.selectionInvalid }),
      ),
  });

const decision = z.enum(["approved", "rejected"], { error: ADMIN_ENROLLMENT_ERRORS.invalidRequest });

/** Undo a decision within its window: the rows it changed and the status they were given. */
export const undoSchema = bulkSchema("undo").extend({ status: decision });
/** Move one decided request back to pending: its status as the staff member saw it. */
export const reopenSchema = z.object({ intent: z.literal("reopen"), id: enrollmentUuid, from: z.enum(REOPEN_FROM, { error: ADMIN_ENROLLMENT_ERRORS.invalidRequest }) });

export const approveSchema = singleSchema("approve");
export const rejectSchema = singleSchema("reject");
export const bulkApproveSchema = bulkSchema("bulkApprove");
export const bulkRejectSchema = bulkSchema("bulkReject");
