import type { FormReply } from "~/lib/form-reply.ts";

/**
 * What the auth forms' actions answer (no server imports: the components use it too): every form's shape
 * (app/lib/form-reply.ts), its `messageKey` the message for the whole form (wrong credentials, rate limit,
 * invalid link, failure) and `success` the forgot-password form's generic confirmation.
 */
export interface AuthReply extends FormReply<boolean> {
  /** The second sign-in step can no longer succeed: the page offers to sign in again. */
  expired?: boolean;
}

/** The fields that never travel back to the browser in a reply. */
export const SECRET_FIELDS = ["password", "newPassword", "confirmPassword", "currentPassword", "code"];
