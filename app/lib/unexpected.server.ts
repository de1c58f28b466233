// The last line of a domain function's `catch`: our own refusals (AppError) pass through unchanged;
// anything else is a failure we did not plan for, logged with what was being done and reported to the
// person as the operation's translated failure message, without internals (500).
import { AppError, isAppError } from "./errors.ts";
import { logger } from "./logger.server.ts";

/** Rethrows an AppError as it is; logs anything else (`what`, plus `context`) and throws `messageKey` as internal. */
export function unexpected(err: unknown, messageKey: string, what: string, context: Record<string, unknown> = {}): never {
  if (isAppError(err)) throw err;
  logger.error({ err, ...context }, what);
  throw new AppError("internal", messageKey, { cause: err });
}
