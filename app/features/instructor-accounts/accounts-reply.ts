// What the account modal's post (intent "account" on /admin/instructors) answers. Types and message
// helpers only: safe in the browser.
import type { SubmissionResult } from "@conform-to/react";
import { ACCOUNT_ERRORS } from "./accounts.schema.ts";

export interface AccountReplyResult {
  outcome: "created" | "renewed" | "active";
  /** The one-time password, in this reply only (the page is sent with no-store). */
  password: string;
  /** ISO instant (UTC). */
  expiresAt: string;
  email: string;
  duration: { hours: number; minutes: number };
  /** The line shown with the password: still active / created / renewed (from `outcome`). */
  messageKey: string;
}

export interface AccountReply {
  intent: "account";
  ok: boolean;
  instructorId?: string;
  /** Conform's reply (field errors and the values typed). */
  result?: SubmissionResult<string[]>;
  /** Locale key of the refusal or failure (AppError). */
  messageKey?: string;
  account?: AccountReplyResult;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The translated failure line: refusals read 'Failed to create/renew instructor account: {msg}' (SPEC §8);
 * an unexpected failure 'Failed to create account'. Null when there is nothing to show at form level.
 */
export function accountFailureMessage(t: T, reply: AccountReply | undefined, fieldErrorKeys: readonly string[] = []): string | null {
  if (!reply || reply.ok || !reply.messageKey) return null;
  if (fieldErrorKeys.includes(reply.messageKey)) return null;
  if (reply.messageKey === ACCOUNT_ERRORS.createFailed) return t(reply.messageKey);
  return t(ACCOUNT_ERRORS.createRenewFailed, { msg: t(reply.messageKey) });
}
