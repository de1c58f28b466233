// Which account a sign-in waiting for its second step belongs to, known before any code is checked (issue
// 34 item 1). better-auth's two-factor plugin limits codes per waiting sign-in and locks an account after 10
// failures, but it reads the account's count when a request begins, and an account could have any number of
// waiting sign-ins: 250 of them with one guess each, sent at once to two instances, had 242 guesses checked.
//
// So the password step binds its waiting sign-in to the account in a row of ours (the verification table,
// identifier `second-step:<sha256 of better-auth's signed two_factor cookie>`, value the user id, the same
// 10 minutes), after deleting the account's earlier rows: a new waiting sign-in ends the old ones. The
// second step finds the account by that row (no row: the step has expired) and counts the attempt against
// the account first, atomically, on the shared store (RATE_LIMIT on PostgreSQL, memory on PGlite): at most
// SECOND_STEP_ACCOUNT_LIMIT codes per window per account, whatever the concurrency and the instances.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, like } from "drizzle-orm";
import { user as userTable, verification } from "@db/schema/index.ts";
import { SECOND_STEP_SECONDS } from "~/lib/better-auth.server.ts";
import { db } from "~/lib/db.server.ts";

const PREFIX = "second-step:";
const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]+)/;

function bindingId(cookieValue: string): string {
  return `${PREFIX}${createHash("sha256").update(cookieValue).digest("base64url")}`;
}

/** better-auth's waiting sign-in cookie in the Set-Cookie headers of the password step. */
function setCookieValue(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const value = TWO_FACTOR_COOKIE.exec(cookie.split(";", 1)[0] ?? "")?.[1];
    if (value) return value;
  }
  return undefined;
}

/**
 * After a right password for an account with a second factor: this waiting sign-in is the account's only
 * one. Returns false when the answer carried no waiting sign-in (nothing to bind: the step will expire).
 */
export async function bindSecondStep(email: string, headers: Headers): Promise<boolean> {
  const cookie = setCookieValue(headers);
  if (!cookie) return false;
  return db().transaction(async (tx) => {
    const [account] = await tx.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email)).for("update");
    if (!account) return false;
    await tx.delete(verification).where(and(eq(verification.value, account.id), like(verification.identifier, `${PREFIX}%`)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: bindingId(cookie),
      value: account.id,
      expiresAt: new Date(Date.now() + SECOND_STEP_SECONDS * 1000),
    });
    return true;
  });
}

/** The account of the request's waiting sign-in, while it is the account's current one; null otherwise. */
export async function secondStepAccount(request: Request): Promise<string | null> {
  const cookie = TWO_FACTOR_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1];
  if (!cookie) return null;
  const [row] = await db()
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, bindingId(cookie)), gt(verification.expiresAt, new Date())));
  return row?.userId ?? null;
}

/** The waiting sign-in is over (it signed in): its binding goes, so the cookie cannot be tried again. */
export async function endSecondStep(request: Request): Promise<void> {
  const cookie = TWO_FACTOR_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1];
  if (cookie) await db().delete(verification).where(eq(verification.identifier, bindingId(cookie)));
}
