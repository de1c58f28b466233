// The one shape every form action answers (issue 35 item 2): the admin dialogs, the public forms and the
// sign-in pages. Types only, safe in the browser; app/lib/form-reply.server.ts turns an AppError into it.
import type { SubmissionResult } from "@conform-to/react";
import type { EditConflict } from "./edit-version.ts";

export interface FormReply<S = never> {
  ok: boolean;
  /** Conform's reply for the form: field errors, the values typed (secrets hidden), or the reset after a save. */
  result?: SubmissionResult<string[]>;
  /** Locale key of the refusal: an AppError's message, or the first invalid field's. */
  messageKey?: string;
  /** Locale key that frames the refusal with what failed: "Failed to add user: {{msg}}". */
  failureKey?: string;
  /** The save was refused because the record changed since the form was opened: who and when. */
  conflict?: EditConflict;
  /** Rate limited: seconds until a post is accepted again (also the Retry-After header). */
  retryAfter?: number;
  /** What an accepted post reports (the enrollment's reference, the generic confirmation…). */
  success?: S;
}
