// Two-step sign-in for staff (issue 14 point 12, ADR 011). better-auth's two-factor plugin keeps the
// authenticator secret and the recovery codes (encrypted with the auth secret), checks the codes, limits
// the attempts (5 per sign-in, a 15-minute lock after 10 failures in a row) and trusts a device for at
// most 30 days. These functions are its only callers (its HTTP endpoints are not mounted), and add what
// the site needs around it: our messages, the audit log, the "required for every staff member" setting
// and an admin's reset of another staff member's second factor.
import { symmetricDecrypt } from "better-auth/crypto";
import { createOTP } from "@better-auth/utils/otp";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import QRCode from "qrcode";
import { session as sessionTable, twoFactor, user as userTable, verification } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db } from "~/lib/db.server.ts";
import { AppError, isAppError } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { readableKey } from "~/lib/readable-code.server.ts";
import { requirePermission, requireStaffRole, type Actor } from "~/lib/permissions.server.ts";
import { isTwoFactorRequired } from "~/lib/site-settings.server.ts";
import { AUTH_ERRORS, TWO_FACTOR_ERRORS } from "./auth.schema.ts";
import type { PendingSetup, TwoFactorStatus } from "./security-reply.ts";
import {
  apiErrorCode,
  assertCodeUnused,
  authApi,
  beginSecondStep,
  readSignInAnswer,
  recordSignIn,
  refusalCode,
  secondStepSucceeded,
  sessionCookies,
  type SignInResult,
} from "./auth.server.ts";
import { endSecondStep, secondStepAccount } from "./second-step.server.ts";

/** The stored recovery codes (better-auth keeps them as an encrypted JSON list). */
const recoveryCodes = z.array(z.string());

// ---- the staff member's own second factor -------------------------------------------------------------

/** Whether an admin made two-step sign-in compulsory (read in app/lib, where staff sessions read it too). */
export { isTwoFactorRequired };

async function decrypt(data: string): Promise<string> {
  const ctx = await authApi().$context;
  return symmetricDecrypt({ key: ctx.secretConfig, data });
}

async function setupFor(email: string, secret: string, issuer: string): Promise<PendingSetup> {
  const uri = createOTP(secret, { digits: 6, period: 30 }).url(issuer, email);
  const base32 = new URL(uri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { uri, manualKey: base32.replace(/(.{4})(?=.)/g, "$1 "), qrSvg };
}

/** What the security page shows the signed-in staff member. */
export async function twoFactorStatus(actor: Actor, issuer: string): Promise<TwoFactorStatus> {
  requireStaffRole(actor);
  const [[account], [row], required] = await Promise.all([
    db().select({ enabled: userTable.twoFactorEnabled }).from(userTable).where(eq(userTable.id, actor.id)),
    db().select().from(twoFactor).where(eq(twoFactor.userId, actor.id)),
    isTwoFactorRequired(),
  ]);
  const enabled = Boolean(account?.enabled && row?.verified);
  let recoveryCodesLeft: number | null = null;
  let pending: PendingSetup | null = null;
  try {
    if (enabled && row) recoveryCodesLeft = recoveryCodes.parse(JSON.parse(await decrypt(row.backupCodes))).length;
    if (!enabled && row && !row.verified) pending = await setupFor(actor.email, await decrypt(row.secret), issuer);
  } catch (err) {
    // A secret that no longer decrypts (the auth secret changed): the setup starts again.
    logger.error({ err, userId: actor.id }, "two-factor secret could not be read");
  }
  return { enabled, required, recoveryCodesLeft, pending };
}

/** A better-auth refusal on the security page as our message (a wrong password is a field error). */
function refusal(code: string | undefined): AppError | null {
  if (code === "INVALID_PASSWORD") {
    return new AppError("bad_request", AUTH_ERRORS.currentPasswordInvalid, { fields: { password: AUTH_ERRORS.currentPasswordInvalid } });
  }
  if (code === "INVALID_CODE") return new AppError("bad_request", TWO_FACTOR_ERRORS.wrongCode, { fields: { code: TWO_FACTOR_ERRORS.wrongCode } });
  if (code === "TOTP_ALREADY_ENABLED") return new AppError("conflict", TWO_FACTOR_ERRORS.alreadyOn);
  if (code === "TWO_FACTOR_NOT_ENABLED" || code === "TOTP_NOT_ENABLED") return new AppError("conflict", TWO_FACTOR_ERRORS.notOn);
  return null;
}

function securityError(err: unknown): never {
  if (isAppError(err)) throw err;
  const known = refusal(apiErrorCode(err));
  if (known) throw known;
  logger.error({ err }, "two-factor change failed");
  throw new AppError("internal", AUTH_ERRORS.unexpected, { cause: err });
}

/** A better-auth answer that is not a success, as our error. */
async function refusalOf(response: Response): Promise<AppError> {
  const code = await refusalCode(response);
  const known = refusal(code);
  if (known) return known;
  logger.error({ status: response.status, code }, "two-factor change refused unexpectedly");
  return new AppError("internal", AUTH_ERRORS.unexpected);
}

/** Step 1 of the setup: the password again, then a new secret and recovery codes wait for a first code. */
export async function startTwoFactorSetup(actor: Actor, request: Request, password: string, issuer: string): Promise<void> {
  requireStaffRole(actor);
  try {
    await authApi().api.enableTwoFactor({ body: { password, issuer }, headers: request.headers });
  } catch (err) {
    securityError(err);
  }
}

export interface ConfirmedSetup {
  /** The new session's cookie (better-auth renews the session when the second factor turns on). */
  headers: Headers;
  /** Shown once, now; stored encrypted. */
  recoveryCodes: string[];
}

/** Step 2: the first code from the app turns two-step sign-in on; the recovery codes are shown once. */
export async function confirmTwoFactorSetup(actor: Actor, request: Request, code: string): Promise<ConfirmedSetup> {
  requireStaffRole(actor);
  try {
    const response = await authApi().api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true });
    if (!response.ok) throw await refusalOf(response);
    await assertCodeUnused(actor.id, code);
    const { backupCodes } = await authApi().api.viewBackupCodes({ body: { userId: actor.id } });
    await recordAudit(db(), actor, { action: "two_factor.enable", entity: "user", entityId: actor.id });
    return { headers: sessionCookies(response), recoveryCodes: backupCodes };
  } catch (err) {
    securityError(err);
  }
}

/** New recovery codes (the old ones stop working), after the password again. */
export async function renewRecoveryCodes(actor: Actor, request: Request, password: string): Promise<string[]> {
  requireStaffRole(actor);
  try {
    const { backupCodes } = await authApi().api.generateBackupCodes({ body: { password }, headers: request.headers });
    await recordAudit(db(), actor, { action: "two_factor.recovery_codes", entity: "user", entityId: actor.id });
    return backupCodes;
  } catch (err) {
    securityError(err);
  }
}

/** Turns the second factor off (password again); refused while Settings require it of every staff member. */
export async function turnOffTwoFactor(actor: Actor, request: Request, password: string): Promise<Headers> {
  requireStaffRole(actor);
  if (await isTwoFactorRequired()) throw new AppError("conflict", TWO_FACTOR_ERRORS.requiredCannotTurnOff);
  try {
    const response = await authApi().api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true });
    if (!response.ok) throw await refusalOf(response);
    await recordAudit(db(), actor, { action: "two_factor.disable", entity: "user", entityId: actor.id });
    return sessionCookies(response);
  } catch (err) {
    securityError(err);
  }
}

// ---- an admin resets another staff member's second factor ---------------------------------------------

/**
 * For a staff member who lost their phone and their recovery codes: their second factor is removed,
 * their sessions and trusted devices end, and the next sign-in asks them to set one up again when
 * Settings require it. Needs users:edit; only an admin resets an admin (D18); not for one's own account
 * (the security page does that).
 */
export async function resetStaffTwoFactor(actor: Actor, userId: string): Promise<{ email: string }> {
  requirePermission(actor, "users:edit");
  if (userId === actor.id) throw new AppError("bad_request", TWO_FACTOR_ERRORS.resetSelf);
  return db().transaction(async (tx) => {
    const rows = await tx
      .select({ id: userTable.id, role: userTable.role, email: userTable.email })
      .from(userTable)
      .where(inArray(userTable.id, [actor.id, userId]))
      .for("update");
    const target = rows.find((r) => r.id === userId);
    if (!target) throw new AppError("not_found", "users.errors.notFound");
    // D18: only an admin touches an admin (the actor's role as it is now, not as the request began).
    const actorIsAdmin = rows.find((r) => r.id === actor.id)?.role === "admin";
    if (target.role === "admin" && !actorIsAdmin) throw new AppError("forbidden", "users.errors.onlyAdminResetsAdmin");
    await tx.update(userTable).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(userTable.id, userId));
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ id: twoFactor.id });
    await tx.delete(sessionTable).where(eq(sessionTable.userId, userId));
    // Trusted devices and sign-ins waiting for their second step are verification rows holding the user id.
    await tx.delete(verification).where(eq(verification.value, userId));
    await recordAudit(tx, actor, {
      action: "two_factor.reset",
      entity: "user",
      entityId: userId,
      data: { email: target.email, hadSecondFactor: removed.length > 0 },
    });
    return { email: target.email };
  });
}

// ---- the second step of a sign-in -----------------------------------------------------------------------

/** True when the browser holds a sign-in waiting for its second step (better-auth's signed cookie). */
export function hasWaitingSignIn(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=[^;]+/.test(request.headers.get("cookie") ?? "");
}

export type SecondStepMethod = "totp" | "recovery";

/**
 * Finishes a sign-in that is waiting for its second step (the signed `two_factor` cookie set after the
 * password). A right code creates the session; `trustDevice` skips the step on this browser for 30 days.
 * Throws AppError: bad_request with a field error for a wrong code; unauthenticated
 * 'auth.twoFactor.errors.expired' when the step has expired, was used up (5 wrong codes) or never began;
 * too_many_requests while the account is locked after 10 failures in a row, or once this address has
 * used up its refused steps (RATE_LIMIT_LOGIN, 'auth.errors.tooManyAttempts').
 */
export async function verifySecondStep(
  request: Request,
  input: { method: SecondStepMethod; code: string; trustDevice: boolean },
  ip: string,
): Promise<SignInResult> {
  // Every attempt is counted before its code is checked (issue 34 item 1): against the address, and
  // against the account of the waiting sign-in when it is still the account's current one.
  const userId = await secondStepAccount(request);
  try {
    await beginSecondStep(ip, userId);
  } catch (err) {
    if (isAppError(err) && err.code === "too_many_requests") logger.warn({ ip, userId }, "second sign-in step refused: too many attempts");
    throw err;
  }
  if (!userId) {
    logger.warn({ ip }, "second sign-in step refused: no current waiting sign-in");
    throw new SecondStepExpired(new Headers());
  }
  // Only the waiting sign-in's own cookies: with a session cookie beside them, better-auth would verify
  // the code for that session instead (and could finish a pending setup outside the security page).
  const headers = new Headers();
  const cookie = (request.headers.get("cookie") ?? "")
    .split(/;\s*/)
    .filter((c) => /^(?:__Secure-)?better-auth\.(?:two_factor|dont_remember)=/.test(c))
    .join("; ");
  if (cookie) headers.set("cookie", cookie);
  let response: Response;
  try {
    const code = input.method === "totp" ? input.code : await storedSpelling(userId, input.code);
    const body = { code, trustDevice: input.trustDevice };
    response =
      input.method === "totp"
        ? await authApi().api.verifyTOTP({ body, headers, asResponse: true })
        : await authApi().api.verifyBackupCode({ body, headers, asResponse: true });
  } catch (err) {
    logger.error({ err }, "second sign-in step failed unexpectedly");
    throw new AppError("internal", AUTH_ERRORS.unexpected, { cause: err });
  }
  if (!response.ok) {
    const code = await refusalCode(response);
    const cookies = sessionCookies(response);
    logger.warn({ ip, userId, status: response.status, code }, "second sign-in step refused");
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") {
      await auditRefusal(userId, ip, input.method, "wrong_code");
      const key = input.method === "totp" ? TWO_FACTOR_ERRORS.wrongCode : TWO_FACTOR_ERRORS.wrongRecoveryCode;
      throw new AppError("bad_request", key, { fields: { code: key } });
    }
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") {
      await auditRefusal(userId, ip, input.method, "locked");
      throw new AppError("too_many_requests", TWO_FACTOR_ERRORS.locked);
    }
    // The same recovery code sent twice at once: the other request used it (issue 34 item 9).
    if (response.status === 409) {
      await auditRefusal(userId, ip, input.method, "code_used");
      throw new SecondStepExpired(cookies, TWO_FACTOR_ERRORS.codeUsed);
    }
    if (response.status === 401 || response.status === 400) {
      throw new SecondStepExpired(cookies);
    }
    throw new AppError("internal", AUTH_ERRORS.unexpected);
  }
  const result = await readSignInAnswer(response);
  if (!result.user?.id || !result.user.email) throw new AppError("internal", AUTH_ERRORS.unexpected);
  if (input.method === "totp" && !(await assertCodeUnused(result.user.id, input.code))) {
    // A code seen over a shoulder or in a proxy log does not sign anyone in a second time.
    if (result.token) await db().delete(sessionTable).where(eq(sessionTable.token, result.token));
    logger.warn({ ip, userId: result.user.id }, "second sign-in step refused: authenticator code used already");
    await auditRefusal(userId, ip, input.method, "code_used");
    throw new SecondStepExpired(new Headers(), TWO_FACTOR_ERRORS.codeUsed);
  }
  const user = {
    id: result.user.id,
    email: result.user.email,
    role: result.user.role ?? "",
    mustChangePassword: Boolean(result.user.mustChangePassword),
  };
  await Promise.all([endSecondStep(request), secondStepSucceeded(ip, user.id)]);
  await recordSignIn(user, ip, { secondFactor: input.method === "totp" ? "authenticator" : "recovery_code" });
  return { status: "signed-in", headers: sessionCookies(response), user };
}

/**
 * A refused second step in the audit log (issue 36 item 14): who (the waiting sign-in's account), from
 * where, with which kind of code and why: a wrong code, a code used already (a replay) or the lock. Never
 * fatal, and never the code itself.
 */
async function auditRefusal(userId: string, ip: string, method: SecondStepMethod, refusal: string): Promise<void> {
  try {
    const [account] = await db().select({ email: userTable.email }).from(userTable).where(eq(userTable.id, userId));
    if (!account) return;
    await recordAudit(db(), { id: userId, email: account.email, ip }, {
      action: "sign_in.refused",
      entity: "user",
      entityId: userId,
      data: { secondFactor: method === "totp" ? "authenticator" : "recovery_code", refusal },
    });
  } catch (err) {
    logger.error({ err, userId }, "could not record a refused second step in the audit log");
  }
}

/**
 * A recovery code as stored when what was typed is one of the account's codes in other letters' case
 * (codes are capitals, and a phone's keyboard types small letters); otherwise what was typed, for
 * better-auth to refuse and count. Codes from before the readable alphabet keep their own spelling.
 */
async function storedSpelling(userId: string, typed: string): Promise<string> {
  const [row] = await db().select({ codes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return typed;
  try {
    const codes = recoveryCodes.parse(JSON.parse(await decrypt(row.codes)));
    return codes.find((c) => readableKey(c) === readableKey(typed)) ?? typed;
  } catch (err) {
    logger.error({ err, userId }, "recovery codes could not be read");
    return typed;
  }
}

/** The second step can no longer succeed: the visitor signs in again (the cookie is cleared on the way). */
export class SecondStepExpired extends AppError {
  constructor(
    readonly headers: Headers,
    messageKey: string = TWO_FACTOR_ERRORS.expired,
  ) {
    super("unauthenticated", messageKey);
  }
}
