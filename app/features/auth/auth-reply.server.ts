// Turning the auth domain's AppErrors into form replies: the translated message key, the HTTP status
// (401, 400, 429 with Retry-After, 500) and field errors, never echoing a password back.
import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/context.server.ts";
import { isAppError } from "~/lib/errors.ts";
import { clientIp, retryAfterSeconds } from "~/lib/rate-limit.server.ts";
import { SECRET_FIELDS, type AuthReply } from "./auth-reply.ts";

type AnySubmission = Pick<Submission<unknown>, "reply">;

/** The client address (TRUST_PROXY applied by Express), the key of the per-address limits. */
export function requestIp(context: Readonly<RouterContextProvider>): string {
  return clientIp(context.get(requestInfoContext).ip);
}

/** 400 with the schema's field errors. */
export function invalidReply(submission: AnySubmission) {
  return data<AuthReply>({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
}

/** An AppError as a reply with its status and message key; anything else is rethrown (→ 500 page). */
export function errorReply(submission: AnySubmission, err: unknown) {
  if (!isAppError(err)) throw err;
  const retry = retryAfterSeconds(err);
  const fieldErrors = err.fields ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, [v]])) : undefined;
  return data<AuthReply>(
    { result: submission.reply({ fieldErrors, hideFields: SECRET_FIELDS }), formError: err.messageKey },
    { status: err.status, headers: retry ? { "Retry-After": String(retry) } : undefined },
  );
}

/** Auth pages are never cached by anyone (entry.server covers /login and /reset*, not the rest). */
export function privateHeaders(actionHeaders?: Headers): Headers {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const retry = actionHeaders?.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}
