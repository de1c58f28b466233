// Admin Enrollments (SPEC §2 Admin Enrollments, §4 enrollment transitions; D17, D18): the list query read
// from the URL and the action intents, shared by the browser and the server. No server imports here.
// Error messages are locale keys ("adminEnrollments.errors.*" in app/locales/<lng>/admin-enrollments.json).
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { isOneOf } from "~/lib/validation.ts";

export const ENROLLMENT_STATUS_VALUES = ["pending", "approved", "rejected"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUS_VALUES)[number];

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
  nonePending: "adminEnrollments.errors.nonePending",
  notFound: "adminEnrollments.errors.notFound",
  unexpected: "adminEnrollments.errors.unexpected",
} as const;

/** The list's state, as the URL carries it (?q, ?status, ?page). */
export interface EnrollmentFilter {
  q: string;
  status: EnrollmentStatusFilter;
  page: number;
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
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, PAGE_MAX) : 1,
  };
}

/** The URL search string of a list state (defaults left out), e.g. "?q=sara&status=pending". */
export function enrollmentSearch(filter: Partial<EnrollmentFilter>): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status && filter.status !== "all") params.set("status", filter.status);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_RE.test(value);
}

const enrollmentUuid = z.string({ error: ADMIN_ENROLLMENT_ERRORS.invalidRequest }).regex(UUID_RE, {
  error: ADMIN_ENROLLMENT_ERRORS.invalidRequest,
});

export type EnrollmentIntent = "approve" | "reject" | "bulkApprove" | "bulkReject";

/** What the /admin/enrollments action reports besides the common part of an AdminReply. */
export interface EnrollmentReplyFields {
  /** The status the enrollments moved to. */
  status: Exclude<EnrollmentStatus, "pending">;
  /** How many enrollments changed, and how many were asked for. */
  changed: number;
  requested: number;
  /** The row a single approve/reject was about. */
  id: string;
}
export type EnrollmentsReply = AdminReply<EnrollmentIntent, EnrollmentReplyFields>;

type T = (key: string, options?: Record<string, unknown>) => string;

/** SPEC §4: 'Enrollment status updated to {status}'; bulk replies say how many. */
export function successMessage(t: T, reply: EnrollmentsReply): string {
  const status = t(`adminEnrollments.statusInline.${reply.status ?? "approved"}`);
  if (reply.intent === "approve" || reply.intent === "reject") return t("adminEnrollments.actions.updated", { status });
  const done = t("adminEnrollments.bulk.done", { count: reply.changed ?? 0, status });
  const skipped = (reply.requested ?? 0) - (reply.changed ?? 0);
  return skipped > 0 ? `${done} ${t("adminEnrollments.bulk.skipped", { count: skipped })}` : done;
}


/** One row: approve or reject (the row's id, not its public enrollment id). */
const singleSchema = <I extends "approve" | "reject">(intent: I) => z.object({ intent: z.literal(intent), id: enrollmentUuid });

/** Selected rows (`ids` repeated once per checked box). */
const bulkSchema = <I extends "bulkApprove" | "bulkReject">(intent: I) =>
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

export const approveSchema = singleSchema("approve");
export const rejectSchema = singleSchema("reject");
export const bulkApproveSchema = bulkSchema("bulkApprove");
export const bulkRejectSchema = bulkSchema("bulkReject");
