// The one place an AppError becomes a form's reply (issue 35 item 2): its status, its message key, its
// field errors in Conform's shape, the record's newer version on a conflict, and Retry-After on a limit.
// adminAction, publicFormAction and the sign-in pages all answer through it; anything that is not an
// AppError is rethrown, for the error boundary (a 500 page) or the caller's own log line.
import type { Submission } from "@conform-to/react";
import { isAppError } from "./errors.ts";
import type { FormReply } from "./form-reply.ts";
import { retryAfterSeconds } from "./rate-limit.server.ts";

/** A parsed submission: what can answer with the values typed and the errors. */
export type Replyable = Pick<Submission<unknown>, "reply">;

export interface Refusal {
  status: number;
  headers?: Record<string, string>;
  reply: FormReply & { ok: false; messageKey: string };
}

export interface RefusalOptions {
  /** Fields never sent back (passwords, codes). */
  hideFields?: string[];
}

/**
 * An AppError as a refusal. With a submission, the reply carries the form's state: what was typed (never
 * a hidden field) and the error's fields under their names; without one (a button's post), only the key.
 */
export function refusalOf(err: unknown, submission?: Replyable, options: RefusalOptions = {}): Refusal {
  if (!isAppError(err)) throw err;
  const retryAfter = retryAfterSeconds(err);
  const fieldErrors = err.fields ? Object.fromEntries(Object.entries(err.fields).map(([name, key]) => [name, [key]])) : undefined;
  return {
    status: err.status,
    headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined,
    reply: {
      ok: false,
      messageKey: err.messageKey,
      result: submission?.reply({ fieldErrors, hideFields: options.hideFields }),
      ...(err.conflict ? { conflict: err.conflict } : {}),
      ...(retryAfter ? { retryAfter } : {}),
    },
  };
}
