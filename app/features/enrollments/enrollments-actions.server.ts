// The /admin/enrollments action: approve or reject one request, or the selected ones; give a seat to a
// request on a run's waiting list (approve it, or the run's next in line); undo a decision within its
// window; move a decided request back to pending. The domain functions check enrollments:edit
// themselves, so a crafted post without it gets its 403 inline and changes nothing. A full run refuses an
// approval with a 409 whose reply says how many seats are taken (`runFull`), so the page can offer the
// "Approve beyond capacity" override.
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import {
  promoteNextWaiting,
  reopenEnrollment,
  RunFullError,
  setEnrollmentStatus,
  undoDecision,
  type StatusChange,
} from "./enrollment-decisions.server.ts";
import { env } from "~/lib/env.server.ts";
import { recordPayment, recordRefund, setAmountDue } from "~/domain/payments/ledger.server.ts";
import { recordPaymentSchema, recordRefundSchema, setDueSchema } from "./payments.schema.ts";
import { ADMIN_ENROLLMENT_ERRORS, bulkRejectSchema, reopenSchema, type Decision, type EnrollmentIntent } from "./enrollments-admin.schema.ts";
import {
  runApproveSchema,
  runBulkApproveSchema,
  runRejectSchema,
  runUndoSchema,
  type RunDecisionReplyFields,
  type RunFullInfo,
} from "./run-decisions.schema.ts";

/** SPEC §8: 'Failed to update enrollment status: {reason}'. */
const FAILURE_KEY = "adminEnrollments.actions.failedWithReason";

/** The seats of a refused approval, by request, for the reply (the shared action kit carries only a key). */
const refusedSeats = new WeakMap<Request, RunFullInfo>();

/** Runs a decision; a full run's refusal is remembered for the reply before it goes on as a 409. */
async function seats<X>(request: Request, run: () => Promise<X>): Promise<X> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof RunFullError) refusedSeats.set(request, err.info);
    throw err;
  }
}

function reply(status: Decision, outcome: StatusChange) {
  return {
    status,
    changed: outcome.changed.length,
    requested: outcome.requested,
    ids: outcome.changed.map((c) => c.id),
    noCourse: outcome.noCourse,
    undoSeconds: outcome.undoSeconds,
    // Without a mail server nothing leaves: the page says so instead of "emailed in 30 seconds" (issue 36 item 16).
    mailOff: env().SMTP_URL === undefined,
    from: outcome.from,
    overCapacity: outcome.overCapacity,
  };
}

const pageAction = adminAction<EnrollmentIntent, RunDecisionReplyFields>({
  guard: { permission: "enrollments:view" },
  invalidKey: ADMIN_ENROLLMENT_ERRORS.invalidRequest,
  subject: (formData) => ({ id: formText(formData, "id") }),
  intents: {
    approve: intent({
      schema: runApproveSchema,
      failureKey: FAILURE_KEY,
      run: ({ id, run, override }, { actor, request }) =>
        seats(request, async () => {
          const outcome = id ? await setEnrollmentStatus(actor, [id], "approved", { override }) : await promoteNextWaiting(actor, run!, { override });
          return { id: id ?? outcome.changed[0]?.id, ...reply("approved", outcome) };
        }),
    }),
    reject: intent({
      schema: runRejectSchema,
      failureKey: FAILURE_KEY,
      run: async ({ id }, { actor }) => ({ id, ...reply("rejected", await setEnrollmentStatus(actor, [id], "rejected")) }),
    }),
    bulkApprove: intent({
      schema: runBulkApproveSchema,
      failureKey: FAILURE_KEY,
      run: ({ ids, override }, { actor, request }) =>
        seats(request, async () => reply("approved", await setEnrollmentStatus(actor, ids, "approved", { override }))),
    }),
    bulkReject: intent({
      schema: bulkRejectSchema,
      failureKey: FAILURE_KEY,
      run: async ({ ids }, { actor }) => reply("rejected", await setEnrollmentStatus(actor, ids, "rejected")),
    }),
    undo: intent({
      schema: runUndoSchema,
      run: async ({ ids, status, from }, { actor }) => ({ status, ...(await undoDecision(actor, ids, status, from)) }),
    }),
    // Money given back (issue 37 item 7): staff with payments:refund, never more than was received.
    recordRefund: intent({
      permission: "payments:refund",
      schema: recordRefundSchema,
      form: true,
      run: async ({ id, amount, method, reason }, { actor }) => ({ id, money: await recordRefund(actor, id, { amountPiastres: amount, method, reason }) }),
    }),
    // Money on an approved request (issue 37 item 1): staff with payments:verify.
    recordPayment: intent({
      permission: "payments:verify",
      schema: recordPaymentSchema,
      form: true,
      run: async ({ id, amount, method, reference }, { actor }) => ({
        id,
        money: await recordPayment(actor, id, { amountPiastres: amount, method, reference }),
      }),
    }),
    setDue: intent({
      permission: "payments:verify",
      schema: setDueSchema,
      form: true,
      run: async ({ id, amount, reason }, { actor }) => ({ id, money: await setAmountDue(actor, id, amount, reason) }),
    }),
    reopen: intent({
      schema: reopenSchema,
      failureKey: FAILURE_KEY,
      run: async ({ id, from }, { actor }) => {
        const { freed } = await reopenEnrollment(actor, id, from);
        return { id, status: from, changed: 1, freed: freed ?? [] };
      },
    }),
  },
});

export async function enrollmentsAction(args: Parameters<typeof pageAction>[0]): ReturnType<typeof pageAction> {
  const answer = await pageAction(args);
  const full = refusedSeats.get(args.request);
  if (full && !answer.data.ok) answer.data.runFull = full;
  return answer;
}
