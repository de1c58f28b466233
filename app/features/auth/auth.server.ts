// Staff authentication (SPEC §2 /login, /reset-password; §4 staff login; §5; §8; DECISIONS D4, D9, D20,
// D23, D25; QUALITY security bar; ADR 004). better-auth keeps the passwords (Argon2id), the database
// sessions and the reset tokens; these functions are the only callers of its API, behind our own rate
// limiter and with our own messages:
//
// - signIn: one generic message for a wrong email or password; failures limited per client address and
//   per address+account, and only slowed per account (RATE_LIMIT_LOGIN, createLoginLimits: a stranger
//   cannot lock anyone out); successful sign-ins recorded in the audit log.
// - requestPasswordReset: the same reply, after the same minimum time, whether the email exists or not;
//   limited per client address (RATE_LIMIT_RESET, 429); per email only an allowance of emails sent
//   (RESET_EMAIL_ALLOWANCE), silently. A new link invalidates older ones.
// - resetPassword: single-use, 1-hour token; all the user's sessions end; must_change_password is cleared.
// - changeOwnPassword: the forced change of a generated password (D9), keeping only the current session.
import { isAPIError } from "better-auth/api";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { account, session as sessionTable, user as userTable } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { appState } from "~/lib/app.server.ts";
import type { Auth } from "~/lib/better-auth.server.ts";
import { db } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { AppError, isAppError } from "~/lib/errors.ts";
import type { Locale } from "~/lib/i18n.ts";
import { logDigest, logger } from "~/lib/logger.server.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import {
  beginLogin,
  consumeRateLimit,
  countLoginSuccess,
  createLoginLimits,
  createRateLimiter,
  emailLimitKey,
  newRateLimitGeneration,
  parseRateLimitSpec,
  refundRateLimit,
  type LoginLimits,
  type RateLimiter,
} from "~/lib/rate-limit.server.ts";
import { findResetToken, isWellFormedToken, withEmailLocale } from "~/domain/accounts/reset-password.server.ts";
import { AUTH_ERRORS, changePasswordSchema, newPassword as newPasswordRule, TWO_FACTOR_ERRORS } from "./auth.schema.ts";
import { bindSecondStep } from "./second-step.server.ts";

// ---- the better-auth instance ----------------------------------------------------------------------

let authOverride: Auth | undefined;

/** Hands these functions a better-auth instance other than the running app's (tests, scripts). */
export function setAuthInstance(auth: Auth | undefined): void {
  authOverride = auth;
}

/** The better-auth instance these functions (and two-factor.server.ts) call. */
export function authApi(): Auth {
  return authOverride ?? appState().auth;
}

// ---- what better-auth answers, read by parsing (a missing or odd piece reads as absent) ---------------

const text = z.string().optional().catch(undefined);
const signInAnswer = z
  .object({
    twoFactorRedirect: z.boolean().optional().catch(undefined),
    token: text,
    user: z
      .object({
        id: text,
        email: text,
        role: text,
        mustChangePassword: z.boolean().optional().catch(undefined),
        twoFactorEnabled: z.boolean().optional().catch(undefined),
      })
      .optional()
      .catch(undefined),
  })
  .catch({});

/** The JSON of a successful sign-in or second step: the pending second step, or the session's token and user. */
export async function readSignInAnswer(response: Response): Promise<z.infer<typeof signInAnswer>> {
  return signInAnswer.parse(await response.json());
}

/** The `code` of a refusal's JSON body (INVALID_CODE, INVALID_TOKEN…), or undefined. */
export async function refusalCode(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => ({}));
  return apiErrorBody.parse(body).code;
}

const apiErrorBody = z.object({ code: text }).catch({});

/** The `code` better-auth put in a thrown APIError's body, or undefined for any other error. */
export function apiErrorCode(err: unknown): string | undefined {
  return isAPIError(err) ? apiErrorBody.parse(err.body).code : undefined;
}

// ---- rate limits ------------------------------------------------------------------------------------

const LIMIT_DEFAULTS = {
  login: { points: 20, durationSec: 60 },
  reset: { points: 5, durationSec: 600 },
} as const;

/**
 * Reset emails one account may be sent (issue 34 item 5): 3 per hour, the life of a reset link. A 429
 * per email let anyone keep the owner from asking, and each request mailed the owner; now requests beyond
 * the allowance answer as always and send nothing. The owner is not locked out by that: a request that
 * sends nothing makes no new token either, so the last link sent (within the hour) still works.
 */
export const RESET_EMAIL_ALLOWANCE = { points: 3, durationSec: 60 * 60 } as const;

interface AuthLimiters {
  /** Failed sign-ins: per address, per address+account (429), per account (a growing delay only). */
  login: LoginLimits;
  /** Reset requests per client address (RATE_LIMIT_RESET): a flood from one address answers 429. */
  resetIp: RateLimiter;
  /** Reset emails per account (RESET_EMAIL_ALLOWANCE): beyond it nothing is sent, and nothing is said. */
  resetEmail: RateLimiter;
  /** Refused reset-link submissions (unknown, used or expired token) per client address. */
  resetSubmitIp: RateLimiter;
  /** Authenticator codes already used, per account and code: a code signs in once (ASVS 2.8.4). */
  usedCodes: RateLimiter;
  /** Second sign-in steps per client address, counted before the code is checked. */
  secondStepIp: RateLimiter;
  /** Second sign-in steps per account (the waiting sign-in's), counted before the code is checked. */
  secondStepAccount: RateLimiter;
}

let limiters: AuthLimiters | undefined;

/** Created on first use (so .env is loaded by then) from RATE_LIMIT_LOGIN / RATE_LIMIT_RESET. */
function authLimiters(): AuthLimiters {
  if (!limiters) {
    const env = parseEnv();
    const login = parseRateLimitSpec("RATE_LIMIT_LOGIN", env.RATE_LIMIT_LOGIN, LIMIT_DEFAULTS.login);
    const reset = parseRateLimitSpec("RATE_LIMIT_RESET", env.RATE_LIMIT_RESET, LIMIT_DEFAULTS.reset);
    limiters = {
      login: createLoginLimits("login", login, AUTH_ERRORS.tooManyAttempts),
      resetIp: createRateLimiter("reset-ip", { ...reset, messageKey: AUTH_ERRORS.tooManyResetRequests }),
      // A new name: the old "reset-email" counters (another window) must not be read with this one.
      resetEmail: createRateLimiter("reset-email-allowance", RESET_EMAIL_ALLOWANCE),
      resetSubmitIp: createRateLimiter("reset-submit-ip", { ...reset, messageKey: AUTH_ERRORS.tooManyResetRequests }),
      // A code is accepted for 30 s either side of its own 30 s: 90 s covers its whole life.
      usedCodes: createRateLimiter("totp-used", { points: 1, durationSec: 90 }),
      // Counted like failed sign-ins (RATE_LIMIT_LOGIN per address); the plugin also limits each waiting
      // sign-in to 5 codes and pauses the account after 10 failures in a row.
      secondStepIp: createRateLimiter("second-step-ip", { ...login, messageKey: AUTH_ERRORS.tooManyAttempts }),
      // 10 codes per account in 15 minutes, then the account's step is locked until the window ends.
      secondStepAccount: createRateLimiter("second-step-account", {
        points: SECOND_STEP_ACCOUNT_LIMIT.points,
        durationSec: SECOND_STEP_ACCOUNT_LIMIT.durationSec,
        messageKey: TWO_FACTOR_ERRORS.locked,
      }),
    };
  }
  return limiters;
}

/** Forgets every count and re-reads the configuration on next use (tests). */
export function resetAuthRateLimits(): void {
  newRateLimitGeneration();
  limiters = undefined;
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Headers for a server-side better-auth call: only what it uses for the session row (user agent,
 * client address resolved by us with TRUST_PROXY applied) and the cookies, never the body headers.
 */
function callHeaders(request: Request, ip: string): Headers {
  const headers = new Headers();
  const agent = request.headers.get("user-agent");
  if (agent) headers.set("user-agent", agent.slice(0, 512));
  if (ip && ip !== "unknown") headers.set("x-forwarded-for", ip);
  // Only for the trusted-device cookie of two-step sign-in (a device trusted for 30 days skips the step).
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

// ---- sign in ----------------------------------------------------------------------------------------

export interface SignedInUser {
  id: string;
  email: string;
  role: string;
  mustChangePassword: boolean;
}

export type SignInResult =
  | {
      status: "signed-in";
      /** The Set-Cookie headers of the new session, to forward on the redirect. */
      headers: Headers;
      user: SignedInUser;
    }
  | {
      /** The password was right and the account has a second factor: the sign-in waits for a code. */
      status: "second-step";
      /** The signed cookie of the waiting sign-in (10 minutes), to forward on the redirect. */
      headers: Headers;
    };

/** The Set-Cookie headers of a better-auth answer, to forward to the browser. */
export function sessionCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A completed sign-in in the audit log (never fatal: the session exists already). */
export async function recordSignIn(user: SignedInUser, ip: string, data?: Record<string, unknown>): Promise<void> {
  try {
    await recordAudit(db(), { id: user.id, email: user.email, ip }, { action: "sign_in", entity: "user", entityId: user.id, data });
  } catch (err) {
    logger.error({ err, userId: user.id }, "could not record sign-in in the audit log");
  }
}

/** Codes a waiting sign-in's account may try per window, whatever the concurrency (issue 34 item 1). */
export const SECOND_STEP_ACCOUNT_LIMIT = { points: 10, durationSec: 15 * 60 } as const;

/**
 * Counts a second-step attempt before its code is checked, atomically on the shared store: against the
 * client address (RATE_LIMIT_LOGIN) and, when the waiting sign-in's account is known, against the account
 * (SECOND_STEP_ACCOUNT_LIMIT). Throws the 429 of whichever is used up. A right code gives both back
 * (secondStepSucceeded): only wrong codes use the allowance, and none can come after the right one.
 */
export async function beginSecondStep(ip: string, userId: string | null): Promise<void> {
  const l = authLimiters();
  await consumeRateLimit(l.secondStepIp, ip);
  if (userId) await consumeRateLimit(l.secondStepAccount, userId);
}

export async function secondStepSucceeded(ip: string, userId: string): Promise<void> {
  const l = authLimiters();
  await Promise.all([refundRateLimit(l.secondStepIp, ip), refundRateLimit(l.secondStepAccount, userId)]);
}

/**
 * Refuses an authenticator code this account has used in the last 90 seconds (shared by every instance
 * on PostgreSQL). Called after the code was found right, so only codes that worked are remembered.
 */
export async function assertCodeUnused(userId: string, code: string): Promise<boolean> {
  try {
    await consumeRateLimit(authLimiters().usedCodes, `${userId}:${code}`);
    return true;
  } catch (err) {
    if (isAppError(err) && err.code === "too_many_requests") return false;
    throw err;
  }
}

/**
 * Signs a staff member in. Throws AppError: unauthenticated 'auth.errors.invalidCredentials' for a wrong
 * email or password (one message for both, D20); too_many_requests once the client address, or this
 * address for this email, has used up its failures (RATE_LIMIT_LOGIN, default 20 a minute; see
 * createLoginLimits) — failures for the email from elsewhere only slow the answer down, never refuse it;
 * internal 'auth.errors.unexpected' for anything else.
 */
export async function signIn(request: Request, input: { email: string; password: string }, ip: string): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const l = authLimiters();
  // One warn line per refused sign-in, naming the account by a digest (never the address typed).
  try {
    await beginLogin(l.login, ip, email);
  } catch (err) {
    if (isAppError(err) && err.code === "too_many_requests") logger.warn({ ip, account: logDigest(email) }, "sign-in refused: too many attempts");
    throw err;
  }

  let response: Response;
  try {
    response = await authApi().api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: callHeaders(request, ip),
      asResponse: true,
    });
  } catch (err) {
    logger.error({ err }, "sign-in failed unexpectedly");
    throw new AppError("internal", AUTH_ERRORS.unexpected, { cause: err });
  }

  // 401: unknown email, no password, wrong password; 400: malformed email or an over-long password.
  if (response.status === 401 || response.status === 400) {
    // Already counted by beginLogin: a failure keeps its point.
    logger.warn({ ip, account: logDigest(email) }, "sign-in refused: wrong email or password");
    throw new AppError("unauthenticated", AUTH_ERRORS.invalidCredentials);
  }
  if (!response.ok) {
    logger.error({ status: response.status, body: await response.text().catch(() => "") }, "sign-in failed unexpectedly");
    throw new AppError("internal", AUTH_ERRORS.unexpected);
  }

  const body = await readSignInAnswer(response);
  // The password was right: the attempt's points come back (see countLoginSuccess).
  if (body.twoFactorRedirect) {
    await countLoginSuccess(l.login, ip, email);
    const headers = sessionCookies(response);
    await bindSecondStep(email, headers);
    return { status: "second-step", headers };
  }
  if (!body.user?.id || !body.user.email) {
    logger.error({}, "sign-in answered without a user");
    throw new AppError("internal", AUTH_ERRORS.unexpected);
  }
  const user: SignedInUser = {
    id: body.user.id,
    email: body.user.email,
    role: body.user.role ?? "",
    mustChangePassword: Boolean(body.user.mustChangePassword),
  };
  await countLoginSuccess(l.login, ip, email);
  // An account with a second factor signed in without the step: a device it trusts (issue 36 item 14).
  await recordSignIn(user, ip, body.user.twoFactorEnabled ? { secondFactor: "trusted_device" } : undefined);
  return { status: "signed-in", headers: sessionCookies(response), user };
}

// ---- password reset ---------------------------------------------------------------------------------

/**
 * Every reset request answers after at least this long, so an existing email (token + email queued)
 * and an unknown one (nothing to do) cannot be told apart by timing.
 */
export const RESET_REQUEST_MIN_MS = 400;

/** Takes one email from the account's allowance; false (and one warning line) when it is used up. */
async function takeResetEmailAllowance(limiter: RateLimiter, email: string): Promise<boolean> {
  try {
    // Keyed by a digest: the counters table never holds the address typed.
    await consumeRateLimit(limiter, emailLimitKey(email));
    return true;
  } catch (err) {
    if (!isAppError(err) || err.code !== "too_many_requests") throw err;
    // A digest, never the address: the log says an account is being flooded, not whose address exists.
    logger.warn({ account: logDigest(email) }, "password reset email not sent: the account's allowance is used up");
    return false;
  }
}

/**
 * Asks for a reset link. The same result whether or not the email belongs to a user, and never an error
 * for a failure behind it (logged instead). Only the per-address limit (RATE_LIMIT_RESET) throws (429):
 * it is counted before any email and says nothing about one. Beyond the account's RESET_EMAIL_ALLOWANCE
 * nothing is sent, silently and after the same minimum time. For an existing user the email goes out in
 * `locale`.
 */
export async function requestPasswordReset(email: string, locale: Locale, ip: string): Promise<{ ok: true }> {
  const started = Date.now();
  const normalized = normalizeEmail(email);
  const l = authLimiters();
  await consumeRateLimit(l.resetIp, ip);
  if (await takeResetEmailAllowance(l.resetEmail, normalized)) {
    try {
      await withEmailLocale(locale, () => authApi().api.requestPasswordReset({ body: { email: normalized } }));
    } catch (err) {
      logger.error({ err }, "password reset request failed");
    }
  }
  const wait = started + RESET_REQUEST_MIN_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { ok: true };
}

/** True while the reset link's token is unused and unexpired (the reset page shows the form). */
export async function isResetTokenValid(token: string | null | undefined): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  return (await findResetToken(db(), token)) !== null;
}

/**
 * Sets a new password from a reset link. The token works once, for 1 hour, and only if it is the
 * user's newest; all the user's sessions end (revokeSessionsOnPasswordReset) and must_change_password
 * is cleared (the user chose this password). Throws AppError bad_request 'auth.errors.invalidResetLink'
 * for a missing, used, expired or replaced token, bad_request with `fields` for a password breaking the
 * rules, internal 'auth.errors.resetFailed' otherwise.
 */
export async function resetPassword(
  token: string | null | undefined,
  newPassword: string,
  ip?: string,
): Promise<{ userId: string }> {
  // Refused links count against the client address (RATE_LIMIT_RESET), like failed sign-ins: a public
  // POST that looks tokens up must not be an unlimited oracle. Counted first, atomically (issue 34); a
  // link that works, or a password that breaks a rule (no token was looked up), gives its point back.
  const limiter = authLimiters().resetSubmitIp;
  if (ip) await consumeRateLimit(limiter, ip);
  const invalidLink = () => new AppError("bad_request", AUTH_ERRORS.invalidResetLink);
  if (!isWellFormedToken(token)) throw invalidLink();
  const rule = newPasswordRule.safeParse(newPassword);
  if (!rule.success) {
    if (ip) await refundRateLimit(limiter, ip);
    throw new AppError("bad_request", AUTH_ERRORS.resetFailed, { fields: { newPassword: rule.error.issues[0]!.message } });
  }
  let found: { userId: string } | null;
  try {
    found = await findResetToken(db(), token);
  } catch (err) {
    logger.error({ err }, "reset token lookup failed");
    throw new AppError("internal", AUTH_ERRORS.resetFailed, { cause: err });
  }
  if (!found) throw invalidLink();
  const userId = found.userId;

  try {
    // Consumes the token, ends every session and writes the new hash in one transaction.
    await authApi().api.resetPassword({ body: { token, newPassword } });
  } catch (err) {
    if (apiErrorCode(err) === "INVALID_TOKEN") {
      throw invalidLink();
    }
    logger.error({ err }, "password reset failed");
    throw new AppError("internal", AUTH_ERRORS.resetFailed, { cause: err });
  }
  if (ip) await refundRateLimit(limiter, ip);

  try {
    await db().transaction(async (tx) => {
      const [row] = await tx
        .update(userTable)
        .set({ mustChangePassword: false, updatedAt: new Date() })
        .where(eq(userTable.id, userId))
        .returning({ id: userTable.id, email: userTable.email });
      if (row) {
        await recordAudit(tx, { id: row.id, email: row.email, ip }, { action: "password.reset", entity: "user", entityId: row.id });
      }
    });
  } catch (err) {
    // The password is already changed; at worst the user meets the forced change once more.
    logger.error({ err, userId }, "could not clear must_change_password after a reset");
  }
  return { userId };
}

// ---- forced password change (D9) ----------------------------------------------------------------------

/**
 * Sets the signed-in user's own password. Without `currentPassword` this is only allowed while the
 * account carries must_change_password (the forced change after a generated password, D9: the SPEC
 * dialog has just New and Confirm, and the user proved the generated password when signing in);
 * otherwise the current password must be given and right. In one transaction: the new Argon2id hash,
 * must_change_password cleared, every other session of the user ended (this one stays), an audit line.
 * Throws AppError bad_request with `fields` for a password breaking the rules (or equal to the current
 * one), unauthenticated without a session, internal 'auth.errors.updateFailed' otherwise.
 */
export async function changeOwnPassword(
  actor: Actor,
  request: Request,
  input: { currentPassword?: string; newPassword: string; confirmPassword?: string },
): Promise<void> {
  const parsed = changePasswordSchema.safeParse({
    newPassword: input.newPassword,
    confirmPassword: input.confirmPassword ?? input.newPassword,
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "newPassword")] ??= issue.message;
    throw new AppError("bad_request", AUTH_ERRORS.updateFailed, { fields });
  }
  const { newPassword } = parsed.data;

  try {
    const a = authApi();
    const current = await a.api.getSession({ headers: request.headers });
    if (!current || current.user.id !== actor.id) throw new AppError("unauthenticated", "admin.errors.signInRequired");

    const ctx = await a.$context;
    const [credential] = await db()
      .select({ id: account.id, password: account.password })
      .from(account)
      .where(and(eq(account.userId, actor.id), eq(account.providerId, "credential")));
    if (!credential?.password) throw new Error("changeOwnPassword: no credential account");

    if (input.currentPassword !== undefined) {
      const ok = await ctx.password.verify({ hash: credential.password, password: input.currentPassword });
      if (!ok) {
        throw new AppError("bad_request", AUTH_ERRORS.currentPasswordInvalid, {
          fields: { currentPassword: AUTH_ERRORS.currentPasswordInvalid },
        });
      }
    } else if (!actor.mustChangePassword) {
      throw new AppError("bad_request", AUTH_ERRORS.currentPasswordInvalid, {
        fields: { currentPassword: AUTH_ERRORS.currentPasswordInvalid },
      });
    }
    // The point of the forced change is a password only the user knows: not the generated one again.
    if (await ctx.password.verify({ hash: credential.password, password: newPassword })) {
      throw new AppError("bad_request", AUTH_ERRORS.sameAsCurrent, { fields: { newPassword: AUTH_ERRORS.sameAsCurrent } });
    }

    const hash = await ctx.password.hash(newPassword);
    await db().transaction(async (tx) => {
      const now = new Date();
      const updated = await tx
        .update(account)
        .set({ password: hash, updatedAt: now })
        .where(eq(account.id, credential.id))
        .returning({ id: account.id });
      if (updated.length !== 1) throw new Error("changeOwnPassword: credential account vanished");
      await tx.update(userTable).set({ mustChangePassword: false, updatedAt: now }).where(eq(userTable.id, actor.id));
      await tx.delete(sessionTable).where(and(eq(sessionTable.userId, actor.id), ne(sessionTable.id, current.session.id)));
      await recordAudit(tx, actor, {
        action: "password.change",
        entity: "user",
        entityId: actor.id,
        data: { forced: actor.mustChangePassword },
      });
    });
  } catch (err) {
    unexpected(err, AUTH_ERRORS.updateFailed, "password change failed", { userId: actor.id });
  }
}
