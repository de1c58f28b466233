// The student sends a proof of payment from their enrollment page (issue 37 item 4): a multipart post to
// the page's own address, so it works without JavaScript. In this order, so that nothing is read or kept
// for someone who may not send it:
// 1. the page's token (a wrong one is the page's 404, before a byte of the body is read);
// 2. the rate limits, per client address and per request (counted, not just checked);
// 3. the body, streamed with its 5 MB limit, the file checked by content and an image re-encoded;
// 4. the fields, by the form's schema; then the record (app/domain/payments/proofs.server.ts).
// A refusal after the file was stored removes it. Success redirects (303) to the page, which then says
// the proof arrived, so a reload never sends it twice.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { verifyEnrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { submitProof } from "~/domain/payments/proofs.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { AppError, isAppError } from "~/lib/errors.ts";
import { refusalOf } from "~/lib/form-reply.server.ts";
import type { FormReply } from "~/lib/form-reply.ts";
import { logger } from "~/lib/logger.server.ts";
import { clientIp, consumeRateLimit, rateLimits } from "~/lib/rate-limit.server.ts";
import { deleteStoredProof, receiveProof, UPLOAD_MESSAGES, UploadError, type StoredProof } from "~/lib/uploads.server.ts";
import { PROOF_FORM_ERRORS } from "./student-proof.rules.ts";
import { studentProofSchema } from "./student-proof.schema.ts";

/** The query the page reads after a proof was kept. */
export const PROOF_SENT_PARAM = "proof";

function reply(body: FormReply, status: number, headers?: Record<string, string>) {
  return data<FormReply>(body, { status, headers });
}

export async function studentProofAction(args: { request: Request; params: { reference: string }; context: Readonly<RouterContextProvider> }) {
  const { request, params, context } = args;
  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  if (!verifyEnrollmentToken(params.reference, token)) throw new AppError("not_found", "errors.notFoundText");
  try {
    await consumeRateLimit(rateLimits.proof, clientIp(context.get(requestInfoContext).ip));
    await consumeRateLimit(rateLimits.proofEnrollment, params.reference);
  } catch (err) {
    const refusal = refusalOf(err);
    return reply(refusal.reply, refusal.status, refusal.headers);
  }

  let stored: StoredProof | undefined;
  try {
    stored = await receiveProof(request);
    const formData = new FormData();
    for (const [name, value] of Object.entries(stored.fields)) formData.set(name, value);
    const submission = parseWithZod(formData, { schema: studentProofSchema });
    if (submission.status !== "success") {
      await deleteStoredProof(stored.key);
      return reply({ ok: false, result: submission.reply() }, 400);
    }
    const id = await submitProof(params.reference, {
      fileKey: stored.key,
      contentType: stored.contentType,
      sizeBytes: stored.size,
      originalName: stored.originalName,
      amountPiastres: submission.value.amount,
      method: submission.value.method,
      reference: submission.value.reference,
    });
    if (!id) throw new AppError("not_found", "errors.notFoundText");
  } catch (err) {
    if (stored) await deleteStoredProof(stored.key);
    if (err instanceof UploadError) {
      // The file's refusal, beside the file field, in this page's words (its strings are all it loads).
      const key = fileRefusal(err);
      return reply({ ok: false, messageKey: key, result: formResult(err.received, { file: [key] }) }, err.status);
    }
    if (isAppError(err) && err.status < 500) {
      if (err.status === 404) throw err;
      const refusal = refusalOf(err);
      return reply({ ...refusal.reply, result: formResult(stored?.fields) }, refusal.status, refusal.headers);
    }
    logger.error({ err }, "a proof of payment could not be kept");
    return reply({ ok: false, messageKey: "myEnrollment.proof.errors.failed" }, 503);
  }
  const back = new URL(url);
  back.searchParams.set(PROOF_SENT_PARAM, "sent");
  throw redirect(`${back.pathname}${back.search}#my-proof`, 303);
}

/** What the student typed, sent back with a refusal so the form keeps it (and any error for a field). */
function formResult(fields: Record<string, string> | undefined, fieldErrors?: Record<string, string[]>): FormReply["result"] {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields ?? {})) formData.set(name, value);
  return parseWithZod(formData, { schema: studentProofSchema }).reply(fieldErrors ? { fieldErrors } : undefined);
}

/** An upload refusal in the page's own strings: too large, not a photo or a PDF, cut off, or no file. */
function fileRefusal(err: UploadError): string {
  if (err.status === 413) return PROOF_FORM_ERRORS.fileTooLarge;
  if (err.status === 415) return PROOF_FORM_ERRORS.fileType;
  if (err.messageKey === UPLOAD_MESSAGES.interrupted) return PROOF_FORM_ERRORS.interrupted;
  return PROOF_FORM_ERRORS.fileRequired;
}
