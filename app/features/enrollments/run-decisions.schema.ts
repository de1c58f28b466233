// Staff decisions on requests for a course run (issue 20 point 3, staff side): the forms' fields and what
// the replies add to the page's decision replies (enrollments-admin.schema.ts). Approving takes a seat; a
// run that is full refuses it unless the staff member ticks "Approve beyond capacity" (`override`). A
// waiting-list request is given a seat by approving it (the "Give a seat" button), or rejected; Undo puts
// it back on the waiting list (`from: "waiting"`). Safe in the browser: schemas, types and message helpers.
import { z } from "zod";
import { isolateText } from "~/components/ui/bidi.tsx";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import type { Locale } from "~/lib/i18n.ts";
import {
  ADMIN_ENROLLMENT_ERRORS,
  ENROLLMENTS_BULK_MAX,
  successMessage,
  type EnrollmentReplyFields,
  type EnrollmentsReply,
} from "./enrollments-admin.schema.ts";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const RUN_DECISION_ERRORS = {
  /** A run without a free seat (the reply's `runFull` says how many): tick the override to go on. */
  runFull: "adminEnrollments.runDecisions.errors.runFull",
  /** Nobody is on the run's waiting list (promoting "the next" one). */
  noneWaiting: "adminEnrollments.runDecisions.errors.noneWaiting",
  /** The run asked for does not exist. */
  runNotFound: "adminEnrollments.runDecisions.errors.runNotFound",
} as const;

/** The status a decision moved a request from: pending, or the waiting list of a full run. */
export const DECISION_FROM = ["pending", "waiting"] as const;
export type DecisionFrom = (typeof DECISION_FROM)[number];

/** A run that refused a seat: its seats as they were, and how many the decision asked for. */
export interface RunFullInfo {
  runId: string;
  startsAt: string;
  capacity: number;
  /** Approved requests (seats taken) when the decision was refused. */
  taken: number;
  /** How many of the decision's requests are for this run. */
  asked: number;
}

/** A run in which a seat became free (a request moved off "approved"), and who waits first for it. */
export interface FreedSeat {
  runId: string;
  startsAt: string;
  /** Seats free now (null: the run has no seat limit). */
  seatsLeft: number | null;
  /** The first request on the run's waiting list (oldest first), if any. */
  next: { id: string; studentName: string } | null;
}

/** A request's run as its details show it: its start, its seats and its waiting list (getDecisionRun). */
export interface DecisionRun {
  id: string;
  startsAt: Date;
  status: string;
  capacity: number | null;
  approved: number;
  waiting: number;
  seatsLeft: number | null;
  full: boolean;
  /** The first on the run's waiting list (who "Give the seat" would approve), or null. */
  next: { id: string; studentName: string } | null;
}

/** What run decisions add to the page's replies. */
export interface RunDecisionReplyFields extends EnrollmentReplyFields {
  /** Where the changed requests came from (undo puts them back there). */
  from: DecisionFrom;
  /** The refusal of a full run (409). */
  runFull: RunFullInfo;
  /** Runs whose seats the change freed (reopen, undo of an approval). */
  freed: FreedSeat[];
  /** The approval went beyond a run's capacity (the staff member ticked the override). */
  overCapacity: boolean;
}

export type RunDecisionReply = EnrollmentsReply & Partial<Pick<RunDecisionReplyFields, "from" | "runFull" | "freed" | "overCapacity">>;

const uuid = z.string({ error: ADMIN_ENROLLMENT_ERRORS.invalidRequest }).regex(UUID_RE, { error: ADMIN_ENROLLMENT_ERRORS.invalidRequest });
/** "Approve beyond capacity": ticked sends "on", unticked nothing. */
const override = z.boolean({ error: ADMIN_ENROLLMENT_ERRORS.invalidRequest }).default(false);
const ids = z
  .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(uuid))
  .pipe(
    z
      .array(z.string())
      .min(1, { error: ADMIN_ENROLLMENT_ERRORS.selectionInvalid })
      .max(ENROLLMENTS_BULK_MAX, { error: ADMIN_ENROLLMENT_ERRORS.selectionInvalid }),
  );
const decision = z.enum(["approved", "rejected"], { error: ADMIN_ENROLLMENT_ERRORS.invalidRequest });

/**
 * Approve one request: a pending one, or one on a waiting list ("Give a seat"); or, with `run` instead of
 * `id`, the first on that run's waiting list.
 */
export const runApproveSchema = z
  .object({ intent: z.literal("approve"), id: uuid.optional(), run: uuid.optional(), override })
  .refine((v) => (v.id === undefined) !== (v.run === undefined), { error: ADMIN_ENROLLMENT_ERRORS.invalidRequest });
/** Reject one request, pending or on a waiting list. */
export const runRejectSchema = z.object({ intent: z.literal("reject"), id: uuid });
export const runBulkApproveSchema = z.object({ intent: z.literal("bulkApprove"), ids, override });
/** Undo a decision within its window: back to where the requests were (pending, or the waiting list). */
export const runUndoSchema = z.object({
  intent: z.literal("undo"),
  ids,
  status: decision,
  from: z.enum(DECISION_FROM, { error: ADMIN_ENROLLMENT_ERRORS.invalidRequest }).default("pending"),
});

type T = (key: string, options?: Record<string, unknown>) => string;

const k = (key: string) => `adminEnrollments.runDecisions.${key}`;

/** "Tue 12 January 2027, 7:00 pm (Cairo time)": a run's start for staff. */
export function runStartText(t: T, locale: Locale, startsAt: string | Date): string {
  return `${formatRunMoment(new Date(startsAt), locale, "long")} (${t("runs.cairoTime")})`;
}

/** The refusal of a full run with its numbers ("This run is full: 2 of 2 seats taken."), or null. */
export function runFullMessage(t: T, reply: RunDecisionReply | null | undefined): string | null {
  const full = reply && !reply.ok ? reply.runFull : undefined;
  if (!full) return null;
  if (full.taken >= full.capacity) return t(k("full"), { taken: full.taken, capacity: full.capacity });
  return t(k("notEnough"), { count: full.capacity - full.taken, asked: full.asked, capacity: full.capacity });
}

/** "1 seat is free — next on the waiting list: Mona." for each run a change freed a seat in. */
export function freedSeatMessage(t: T, reply: RunDecisionReply | null | undefined): string | null {
  const lines = (reply?.ok ? (reply.freed ?? []) : [])
    .filter((f) => f.next && (f.seatsLeft === null || f.seatsLeft > 0))
    .map((f) => t(k("freed"), { count: f.seatsLeft ?? 1, name: isolateText(f.next!.studentName) }));
  return lines.length > 0 ? lines.join(" ") : null;
}

/** The page's success line for a decision, with what the run decisions add (a seat given, a seat freed). */
export function runSuccessMessage(t: T, reply: RunDecisionReply): string {
  const parts: string[] = [];
  if (reply.ok && reply.from === "waiting" && reply.intent === "approve") parts.push(t(k("promoted")));
  else if (reply.ok && reply.from === "waiting" && reply.intent === "undo") parts.push(t(k("undoneToWaiting"), { count: reply.changed ?? 0 }));
  else parts.push(successMessage(t, reply));
  if (reply.ok && reply.overCapacity) parts.push(t(k("overCapacityDone")));
  if (reply.ok && reply.from === "waiting" && reply.intent === "approve" && reply.mailOff) parts.push(t("adminEnrollments.undo.noMail", { count: 1 }));
  else if (reply.ok && reply.from === "waiting" && reply.intent === "approve" && reply.undoSeconds) {
    parts.push(t("adminEnrollments.undo.emailSoon", { seconds: t("adminEnrollments.undo.seconds", { count: reply.undoSeconds }) }));
  }
  const freed = freedSeatMessage(t, reply);
  if (freed) parts.push(freed);
  return parts.join(" ");
}
