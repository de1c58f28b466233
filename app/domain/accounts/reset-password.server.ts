// Password-reset tokens and their email (QUALITY "Reset tokens: random, single use, expire (1 hour),
// invalidated by a new one").
//
// better-auth creates the token (24 random characters) and stores one `verification` row for it:
//   identifier = SHA-256("reset-password:" + token), base64url without padding (storeIdentifier "hashed")
//   value      = the user's id
//   expires_at = now + resetPasswordTokenExpiresIn (1 hour)
// It then calls `emailAndPassword.sendResetPassword`, wired in createAuth to sendResetPasswordEmail below,
// which — in one transaction — deletes that user's older reset rows (a newer request invalidates older
// links) and queues the email in the outbox. In this configuration reset tokens are the only verification
// rows whose value is a user id (email verification uses signed tokens; no plugin stores others).
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { verification } from "@db/schema/index.ts";
import { renderResetPasswordEmail } from "~/emails/reset-password.ts";
import type { Db, Executor } from "~/lib/db.server.ts";
import { emailT, loadMailContext, wakeOutbox } from "~/lib/email.server.ts";
import type { Locale } from "~/lib/i18n.ts";
import { enqueueEmail } from "~/lib/outbox.server.ts";

/** The language of the request being served, for the email better-auth asks us to send. */
const emailLocale = new AsyncLocalStorage<Locale>();

/** Runs `fn` (a better-auth call that may send the reset email) with the requester's site language. */
export function withEmailLocale<T>(locale: Locale, fn: () => Promise<T>): Promise<T> {
  return emailLocale.run(locale, fn);
}

/** The verification identifier of a reset token, as better-auth names it before hashing. */
export function resetIdentifier(token: string): string {
  return `reset-password:${token}`;
}

/** What better-auth stores for a reset token with `storeIdentifier: "hashed"`. */
export function storedResetIdentifier(token: string): string {
  return createHash("sha256").update(resetIdentifier(token)).digest("base64url");
}

/** better-auth's tokens are 24 letters and digits; anything of another shape is not worth a lookup. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(token);
}

/** The user a reset token belongs to, while it is unused and unexpired; null otherwise. Reads only. */
export async function findResetToken(db: Executor, token: string): Promise<{ userId: string } | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, storedResetIdentifier(token)), gt(verification.expiresAt, new Date())));
  return row ? { userId: row.userId } : null;
}

/**
 * The link in the email: our own page, not better-auth's (unmounted) callback endpoint, opening in the
 * language the reset was asked in (D19 revised).
 */
export function resetLink(baseURL: string, token: string, locale: Locale): string {
  const url = new URL("/reset-password", baseURL);
  url.searchParams.set("token", token);
  url.searchParams.set("lang", locale);
  return url.toString();
}

/**
 * better-auth's `sendResetPassword` hook: invalidates the user's older reset links and queues the email,
 * in the language of the request (withEmailLocale), in one transaction.
 */
export async function sendResetPasswordEmail(args: {
  db: Db;
  baseURL: string;
  user: { id: string; email: string };
  token: string;
}): Promise<void> {
  const { db, user, token } = args;
  const locale = emailLocale.getStore() ?? "en";
  const link = resetLink(args.baseURL, token, locale);
  const own = storedResetIdentifier(token);
  await db.transaction(async (tx) => {
    // Only the rows created before this one: requests that arrive together each deleted all the others',
    // which left no working link at all (issue 34 item 5: with the email allowance used up by them, the
    // owner could not reset for an hour). Now the newest link always survives.
    const ownCreatedAt = sql`(select ${verification.createdAt} from ${verification} where ${verification.identifier} = ${own})`;
    await tx
      .delete(verification)
      .where(and(eq(verification.value, user.id), ne(verification.identifier, own), lt(verification.createdAt, ownCreatedAt)));
    const mail = await loadMailContext(tx);
    const email = renderResetPasswordEmail({ locale, t: emailT(locale), brand: mail.brandName(locale), email: user.email, link });
    await enqueueEmail(tx, { kind: "password-reset", to: user.email, ...email });
  });
  await wakeOutbox();
}
