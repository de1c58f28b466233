// What the /admin/users action answers (types and message helpers only; safe in the browser).
import type { SubmissionResult } from "@conform-to/react";
import type { UserIntent } from "./users.schema.ts";

export interface UsersReply {
  intent: UserIntent | null;
  ok: boolean;
  /** Conform's reply for the add form (field errors; the password is never echoed back). */
  result?: SubmissionResult<string[]>;
  /** Locale key of the refusal or failure (AppError). */
  messageKey?: string;
  /** The user an edit, delete or reset was about (so a no-JS page can show that form again). */
  userId?: string;
  /** Email of the user added, changed, deleted or whose two-step sign-in was reset. */
  email?: string;
  /** A new manager's generated password: in this one reply only, never stored in plain text. */
  generatedPassword?: string;
}

/** SPEC §8 wording per action: 'Failed to add user: {msg}', 'Failed to update role: {msg}', 'Deletion Failed'. */
export const FAILURE_KEYS: Record<UserIntent, string> = {
  add: "users.errors.addFailed",
  editRole: "users.errors.updateRoleFailed",
  delete: "users.errors.deleteFailed",
  resetTwoFactor: "users.errors.resetTwoFactorFailed",
};

type T = (key: string, options?: Record<string, unknown>) => string;

/** The translated failure line of a reply, or null when there is none to show at form level. */
export function failureMessage(t: T, reply: UsersReply | undefined, fieldErrorKeys: readonly string[] = []): string | null {
  if (!reply || reply.ok || !reply.messageKey) return null;
  // A refusal already shown next to its field (e.g. the email already registered) is not repeated.
  if (fieldErrorKeys.includes(reply.messageKey)) return null;
  const msg = t(reply.messageKey);
  return reply.intent ? t(FAILURE_KEYS[reply.intent], { msg }) : msg;
}
