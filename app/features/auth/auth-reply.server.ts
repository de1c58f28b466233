// The auth pages' replies: the schema's refusals and the auth domain's AppErrors, through the one converter
// (app/lib/form-reply.server.ts), never echoing a password or a code back.
import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/context.server.ts";
import { refusalOf } from "~/lib/form-reply.server.ts";
import { clientIp } from "~/lib/rate-limit.server.ts";
import { SECRET_FIELDS, type AuthReply } from "./auth-reply.ts";

type AnySubmission = Pick<Submission<unknown>, "reply">;

/** The client address (TRUST_PROXY applied by Express), the key of the per-address limits. */
export function requestIp(context: Readonly<RouterContextProvider>): string {
  return clientIp(context.get(requestInfoContext).ip);
}

/** 400 with the schema's field errors. */
export function invalidReply(submission: AnySubmission) {
  return data<AuthReply>({ ok: false, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
}

/** An AppError as a reply with its status, message key and Retry-After; anything else is rethrown (→ 500 page). */
export function errorReply(submission: AnySubmission, err: unknown, extra?: Pick<AuthReply, "expired">) {
  const { status, headers, reply } = refusalOf(err, submission, { hideFields: SECRET_FIELDS });
  return data<AuthReply>({ ...reply, ...extra }, { status, headers });
}

/** Auth pages are never cached by anyone (entry.server covers /login and /reset*, not the rest). */
export function privateHeaders(actionHeaders?: Headers): Headers {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const retry = actionHeaders?.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}
