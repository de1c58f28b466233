import type { SubmissionResult } from "@conform-to/react";

/** What the auth forms' actions answer (no server imports: the components use it too). */
export interface AuthReply {
  result: SubmissionResult<string[]>;
  /** Locale key of a message for the whole form (wrong credentials, rate limit, invalid link, failure). */
  formError?: string;
  /** The request was accepted (forgot password: the generic confirmation). */
  success?: boolean;
  /** The second sign-in step can no longer succeed: the page offers to sign in again. */
  expired?: boolean;
}

/** The fields that never travel back to the browser in a reply. */
export const SECRET_FIELDS = ["password", "newPassword", "confirmPassword", "currentPassword", "code"];
