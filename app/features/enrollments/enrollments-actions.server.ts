// The /admin/enrollments action: approve or reject one request, or the selected ones; undo a decision
// within its window; move a decided request back to pending. The domain functions check enrollments:edit
// themselves, so a crafted post without it gets its 403 inline and changes nothing.
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import { reopenEnrollment, setEnrollmentStatus, undoDecision } from "./enrollment-decisions.server.ts";
import {
  ADMIN_ENROLLMENT_ERRORS,
  approveSchema,
  bulkApproveSchema,
  bulkRejectSchema,
  rejectSchema,
  reopenSchema,
  undoSchema,
  type Decision,
  type EnrollmentIntent,
  type EnrollmentReplyFields,
} from "./enrollments-admin.schema.ts";

/** SPEC §8: 'Failed to update enrollment status: {reason}'. */
const FAILURE_KEY = "adminEnrollments.actions.failedWithReason";

async function decide(actor: Parameters<typeof setEnrollmentStatus>[0], ids: string[], status: Decision) {
  const outcome = await setEnrollmentStatus(actor, ids, status);
  return {
    status,
    changed: outcome.changed.length,
    requested: outcome.requested,
    ids: outcome.changed.map((c) => c.id),
    noCourse: outcome.noCourse,
    undoSeconds: outcome.undoSeconds,
  };
}

export const enrollmentsAction = adminAction<EnrollmentIntent, EnrollmentReplyFields>({
  guard: { permission: "enrollments:view" },
  invalidKey: ADMIN_ENROLLMENT_ERRORS.invalidRequest,
  subject: (formData) => ({ id: formText(formData, "id") }),
  intents: {
    approve: intent({
      schema: approveSchema,
      failureKey: FAILURE_KEY,
      run: async ({ id }, { actor }) => ({ id, ...(await decide(actor, [id], "approved")) }),
    }),
    reject: intent({
      schema: rejectSchema,
      failureKey: FAILURE_KEY,
      run: async ({ id }, { actor }) => ({ id, ...(await decide(actor, [id], "rejected")) }),
    }),
    bulkApprove: intent({
      schema: bulkApproveSchema,
      failureKey: FAILURE_KEY,
      run: ({ ids }, { actor }) => decide(actor, ids, "approved"),
    }),
    bulkReject: intent({
      schema: bulkRejectSchema,
      failureKey: FAILURE_KEY,
      run: ({ ids }, { actor }) => decide(actor, ids, "rejected"),
    }),
    undo: intent({
      schema: undoSchema,
      run: async ({ ids, status }, { actor }) => ({ status, ...(await undoDecision(actor, ids, status)) }),
    }),
    reopen: intent({
      schema: reopenSchema,
      failureKey: FAILURE_KEY,
      run: async ({ id, from }, { actor }) => {
        await reopenEnrollment(actor, id, from);
        return { id, status: from, changed: 1 };
      },
    }),
  },
});
