// Staff sign-in, password reset and the forced password change against a real database (PGlite, or
// PostgreSQL with TEST_DB=pg) and a real better-auth instance; reset emails go through the outbox to an
// in-process SMTP server. The domain functions are called with real Requests, as the route actions do.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { account, auditLog, emailOutbox, session, user, verification } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import {
  changeOwnPassword,
  isResetTokenValid,
  requestPasswordReset,
  resetAuthRateLimits,
  resetPassword,
  RESET_EMAIL_ALLOWANCE,
  RESET_REQUEST_MIN_MS,
  setAuthInstance,
  signIn,
} from "~/features/auth/auth.server.ts";
import { ensureAdmin } from "~/features/users/admin-bootstrap.server.ts";
import { createAuth, type Auth } from "~/domain/accounts/auth.server.ts";
import { createOutboxWorker, smtpTransport } from "~/lib/outbox.server.ts";
import { logDigest, logger } from "~/lib/logger.server.ts";
import { retryAfterSeconds } from "~/lib/rate-limit.server.ts";
import { actorFor as sessionActor, caught } from "../setup/actors.ts";
import { createTestClock } from "../setup/clock.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { tAr, tEn } from "../setup/i18n.ts";
import { drainOutbox } from "../setup/outbox.ts";
import { makeStaffWithPassword } from "../setup/factories.ts";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../setup/smtp.ts";

const BASE_URL = "http://localhost:3000";
const SECRET = "integration-auth-secret-".padEnd(48, "s");
const ADMIN = { email: "admin@example.com", password: "Admin-Passw0rd!" };
const MANAGER = { email: "manager@example.com", password: "gEn3rated!pw" };
const FROM = '"Nile Academy" <no-reply@academy.test>';
const silent = { info() {}, warn() {}, error() {} };

let database: TestDatabase;
let auth: Auth;
let smtp: TestSmtpServer;
let transport: ReturnType<typeof smtpTransport>;
let adminId: string;
let managerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuth({ db: database.db, secret: SECRET, baseURL: BASE_URL });
  setAuthInstance(auth);
});
afterAll(async () => {
  setAuthInstance(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  resetAuthRateLimits();
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  adminId = (await ensureAdmin(database.db, ADMIN)).id;
  managerId = (await makeStaffWithPassword(MANAGER.password, { email: MANAGER.email, name: "Manager", mustChangePassword: true })).id;
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url);
});
afterEach(async () => {
  transport.close();
  await smtp.stop();
});

/** A request as the login form posts it. */
function loginRequest(headers: Record<string, string> = {}): Request {
  return new Request(`${BASE_URL}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL, "user-agent": "vitest", ...headers },
  });
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function sessionsOf(userId: string) {
  return database.db.select().from(session).where(eq(session.userId, userId));
}

/** Runs the outbox worker until every queued email is sent to the SMTP server. */
async function drain(): Promise<void> {
  const clock = createTestClock();
  const worker = createOutboxWorker({ db: database.db, transport, from: FROM, logger: silent, backoffBaseMs: 50, clock });
  await drainOutbox(worker, database.db, clock);
}

const LINK = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/;

/** Asks for a reset link and returns the token from the email the SMTP server received. */
async function resetTokenByEmail(email: string, locale: "en" | "ar" = "en"): Promise<{ token: string; mail: ReceivedMail }> {
  const before = smtp.messages.length;
  await requestPasswordReset(email, locale, "203.0.113.50");
  await drain();
  await smtp.waitFor(before + 1);
  const mail = smtp.messages[smtp.messages.length - 1]!;
  const match = LINK.exec(mail.text ?? "");
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return { token: match[1]!, mail };
}

/** The actor the staff session makes of the user, with the stored forced-change flag. */
const actorFor = (userId: string) => sessionActor(userId, { ip: "198.51.100.7", mustChangePassword: "stored" });

/** A sign-in that must complete at the password (these accounts have no second factor). */
async function signInFully(...args: Parameters<typeof signIn>) {
  const result = await signIn(...args);
  if (result.status !== "signed-in") throw new Error(`expected a completed sign-in, got ${result.status}`);
  return result;
}

describe("signIn", () => {
  it("creates a database session in an HTTP-only SameSite=Lax cookie and records the sign-in", async () => {
    const { headers, user: signedIn } = await signInFully(loginRequest(), { email: " Admin@Example.com ", password: ADMIN.password }, "198.51.100.1");
    expect(signedIn).toEqual({ id: adminId, email: ADMIN.email, role: "admin", mustChangePassword: false });
    const cookie = headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const sessions = await sessionsOf(adminId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.ipAddress).toBe("198.51.100.1");
    expect(sessions[0]!.userAgent).toBe("vitest");
    const current = await auth.api.getSession({ headers: new Headers({ cookie: cookieFrom(headers) }) });
    expect(current?.user.id).toBe(adminId);

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "sign_in"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, actorEmail: ADMIN.email, entity: "user", entityId: adminId });
    expect(JSON.stringify(audit[0]!.data)).not.toContain(ADMIN.password);
    expect(audit[0]!.data).toEqual({ ip: "198.51.100.1" });
  });

  it("reports the manager's forced change", async () => {
    const { user: signedIn } = await signInFully(loginRequest(), MANAGER, "198.51.100.1");
    expect(signedIn).toMatchObject({ id: managerId, role: "instructor_course_manager", mustChangePassword: true });
  });

  it("gives one generic, translated message for a wrong password and for an unknown email", async () => {
    const wrong = await caught(signIn(loginRequest(), { email: ADMIN.email, password: "Wrong-Passw0rd!" }, "198.51.100.2"));
    const unknown = await caught(signIn(loginRequest(), { email: "nobody@example.com", password: ADMIN.password }, "198.51.100.2"));
    const malformed = await caught(signIn(loginRequest(), { email: "not-an-email", password: "x".repeat(300) }, "198.51.100.2"));
    for (const err of [wrong, unknown, malformed]) {
      expect(err.status).toBe(401);
      expect(err.messageKey).toBe("auth.errors.invalidCredentials");
    }
    expect(tEn(wrong.messageKey)).toBe("Invalid email or password.");
    expect(tAr(wrong.messageKey)).toBe("البريد الإلكتروني أو كلمة المرور غير صحيحة.");
    expect(await sessionsOf(adminId)).toHaveLength(0);
  });

  it("never locks an account: 20 wrong passwords from other addresses only slow the right one down", async () => {
    for (let i = 0; i < 20; i++) {
      const err = await caught(signIn(loginRequest(), { email: ADMIN.email, password: `wrong-${i}` }, `192.0.2.${i + 1}`));
      expect(err.status, `attempt ${i + 1}`).toBe(401);
    }
    // Issue 14 point 5: the right password from a fresh address signs in (after a short delay).
    const started = performance.now();
    await expect(signIn(loginRequest(), ADMIN, "192.0.2.200")).resolves.toBeDefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect(await sessionsOf(adminId)).toHaveLength(1);
    // Another account is not affected.
    await expect(signIn(loginRequest(), MANAGER, "192.0.2.201")).resolves.toBeDefined();
  });

  it("limits 20 wrong passwords in a minute for one account from one address, with a translated 429", async () => {
    for (let i = 0; i < 20; i++) {
      const err = await caught(signIn(loginRequest(), { email: ADMIN.email, password: `wrong-${i}` }, "192.0.2.99"));
      expect(err.status, `attempt ${i + 1}`).toBe(401);
    }
    // The right password is refused from that address for the window.
    const limited = await caught(signIn(loginRequest(), ADMIN, "192.0.2.99"));
    expect(limited.status).toBe(429);
    expect(limited.messageKey).toBe("auth.errors.tooManyAttempts");
    expect(retryAfterSeconds(limited)).toBeGreaterThan(0);
    expect(retryAfterSeconds(limited)).toBeLessThanOrEqual(60);
    expect(tEn(limited.messageKey)).toBe("Too many sign-in attempts. Please wait a minute and try again.");
    expect(tAr(limited.messageKey)).toBe("محاولات تسجيل دخول كثيرة. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.");
    expect(await sessionsOf(adminId)).toHaveLength(0);
  });

  it("limits 20 failed sign-ins in a minute from one address, whatever the account", async () => {
    for (let i = 0; i < 20; i++) {
      const err = await caught(signIn(loginRequest(), { email: `guess${i}@example.com`, password: "Guess-Passw0rd!" }, "203.0.113.9"));
      expect(err.status).toBe(401);
    }
    const limited = await caught(signIn(loginRequest(), ADMIN, "203.0.113.9"));
    expect(limited.status).toBe(429);
    expect(limited.messageKey).toBe("auth.errors.tooManyAttempts");
    // The same account from another address still signs in.
    await expect(signIn(loginRequest(), ADMIN, "203.0.113.10")).resolves.toBeDefined();
  });

  it("counts only failures: successful sign-ins are never limited", async () => {
    for (let i = 0; i < 25; i++) await signIn(loginRequest(), ADMIN, "203.0.113.11");
    expect(await sessionsOf(adminId)).toHaveLength(25);
  });
});

describe("password reset", () => {
  it("emails a working link (in English) that works once and fails the second time", async () => {
    const { token, mail } = await resetTokenByEmail(ADMIN.email);
    expect(mail.to).toEqual([ADMIN.email]);
    expect(mail.subject).toBe("Reset your Nile Academy password");
    expect(mail.text).toContain("expires in 1 hour");
    expect(mail.html).toContain(`${BASE_URL}/reset-password?token=${token}`);
    // Stored hashed: the token itself is nowhere in the database.
    const rows = await database.db.select().from(verification);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toBe(adminId);
    expect(rows[0]!.identifier).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    expect(await isResetTokenValid(token)).toBe(true);
    await resetPassword(token, "Brand-New-Passw0rd");
    expect(await isResetTokenValid(token)).toBe(false);
    const again = await caught(resetPassword(token, "Another-Passw0rd"));
    expect(again.status).toBe(400);
    expect(again.messageKey).toBe("auth.errors.invalidResetLink");
    expect(tEn(again.messageKey)).toBe("Invalid reset link. Please request a new password reset.");

    // The new password signs in; the old one does not.
    await expect(signIn(loginRequest(), { email: ADMIN.email, password: "Brand-New-Passw0rd" }, "198.51.100.3")).resolves.toBeDefined();
    expect((await caught(signIn(loginRequest(), ADMIN, "198.51.100.3"))).messageKey).toBe("auth.errors.invalidCredentials");
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "password.reset"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, entityId: adminId });
  });

  it("writes the email in the requester's language (Arabic, right to left)", async () => {
    const { mail, token } = await resetTokenByEmail(ADMIN.email, "ar");
    expect(mail.subject).toContain("إعادة تعيين كلمة المرور");
    expect(mail.html).toContain('dir="rtl"');
    // The link opens the reset page in Arabic (D19 revised).
    expect(mail.text).toContain(`${BASE_URL}/reset-password?token=${token}&lang=ar`);
  });

  it("fails after expiry", async () => {
    const { token } = await resetTokenByEmail(ADMIN.email);
    await database.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.value, adminId));
    expect(await isResetTokenValid(token)).toBe(false);
    const err = await caught(resetPassword(token, "Brand-New-Passw0rd"));
    expect(err.messageKey).toBe("auth.errors.invalidResetLink");
    await expect(signIn(loginRequest(), ADMIN, "198.51.100.4")).resolves.toBeDefined();
  });

  it("fails after a newer request; the newer link works", async () => {
    const first = await resetTokenByEmail(ADMIN.email);
    const second = await resetTokenByEmail(ADMIN.email);
    expect(second.token).not.toBe(first.token);
    expect(await database.db.select().from(verification)).toHaveLength(1);
    expect(await isResetTokenValid(first.token)).toBe(false);
    expect((await caught(resetPassword(first.token, "Brand-New-Passw0rd"))).messageKey).toBe("auth.errors.invalidResetLink");
    await resetPassword(second.token, "Brand-New-Passw0rd");
    await expect(signIn(loginRequest(), { email: ADMIN.email, password: "Brand-New-Passw0rd" }, "198.51.100.5")).resolves.toBeDefined();
  });

  it("another user's newer request leaves this user's link alone", async () => {
    const admin = await resetTokenByEmail(ADMIN.email);
    await resetTokenByEmail(MANAGER.email);
    expect(await isResetTokenValid(admin.token)).toBe(true);
  });

  it("ends every session of the user and clears a pending forced change", async () => {
    const a = await signIn(loginRequest(), MANAGER, "198.51.100.6");
    await signIn(loginRequest(), MANAGER, "198.51.100.7");
    await signIn(loginRequest(), ADMIN, "198.51.100.7");
    expect(await sessionsOf(managerId)).toHaveLength(2);
    const { token } = await resetTokenByEmail(MANAGER.email);
    await resetPassword(token, "Manager-Own-Passw0rd");
    expect(await sessionsOf(managerId)).toHaveLength(0);
    expect(await auth.api.getSession({ headers: new Headers({ cookie: cookieFrom(a.headers) }) })).toBeNull();
    expect(await sessionsOf(adminId)).toHaveLength(1);
    const [row] = await database.db.select({ must: user.mustChangePassword }).from(user).where(eq(user.id, managerId));
    expect(row!.must).toBe(false);
  });

  it("refuses a missing, malformed or made-up token and a password breaking the rules", async () => {
    for (const token of [undefined, null, "", "short", "x".repeat(24), "../../etc/passwd"]) {
      const err = await caught(resetPassword(token, "Brand-New-Passw0rd"));
      expect(err.messageKey, String(token)).toBe("auth.errors.invalidResetLink");
    }
    const { token } = await resetTokenByEmail(ADMIN.email);
    const short = await caught(resetPassword(token, "short"));
    expect(short.status).toBe(400);
    expect(short.fields).toEqual({ newPassword: "auth.password.errors.minLength" });
    expect(await isResetTokenValid(token)).toBe(true);
  });

  it("answers an unknown email exactly like a known one, and sends nothing", async () => {
    let started = Date.now();
    const known = await requestPasswordReset(ADMIN.email, "en", "198.51.100.8");
    const knownMs = Date.now() - started;
    started = Date.now();
    const unknown = await requestPasswordReset("nobody@example.com", "en", "198.51.100.8");
    const unknownMs = Date.now() - started;
    expect(unknown).toEqual(known);
    expect(knownMs).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(unknownMs).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);

    await drain();
    await smtp.waitFor(1);
    expect(smtp.messages.map((m) => m.to)).toEqual([[ADMIN.email]]);
    const outbox = await database.db.select({ to: emailOutbox.toAddress }).from(emailOutbox);
    expect(outbox).toEqual([{ to: ADMIN.email }]);
    expect(await database.db.select().from(verification)).toHaveLength(1);
  });

  // Issue 34 item 5: a 429 per email let anyone keep a staff member from resetting (and mailed them each time).
  it("never blocks nor floods a staff member's reset: the same answer always, at most the allowance of emails", async () => {
    const warn = vi.spyOn(logger, "warn");
    try {
      // 10 requests at once from 3 addresses (each within its own address limit), spellings varied.
      const spellings = [ADMIN.email, ADMIN.email.toUpperCase(), ` ${ADMIN.email} `];
      const addresses = ["198.51.100.21", "198.51.100.22", "2001:db8::23"];
      const answers = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => requestPasswordReset(spellings[i % 3]!, "en", addresses[i % 3]!)),
      );
      expect(answers).toEqual(Array.from({ length: 10 }, () => ({ status: "fulfilled", value: { ok: true } })));

      const queued = await database.db.select({ text: emailOutbox.textBody }).from(emailOutbox).where(eq(emailOutbox.toAddress, ADMIN.email));
      expect(queued).toHaveLength(RESET_EMAIL_ALLOWANCE.points);
      const silent = warn.mock.calls.filter((call) => String(call[1]).includes("allowance"));
      expect(silent).toHaveLength(10 - RESET_EMAIL_ALLOWANCE.points);
      for (const call of silent) {
        expect(call[0]).toEqual({ account: logDigest(ADMIN.email) });
        expect(JSON.stringify(call)).not.toContain("admin@");
      }

      // The owner still holds a working link (the newest: requests arriving together no longer end each
      // other's), and a request that sends nothing makes no token, so it ends none.
      const links = queued.map((row) => LINK.exec(row.text)?.[1]).filter((token) => token !== undefined);
      expect(links).toHaveLength(RESET_EMAIL_ALLOWANCE.points);
      const working = async () => {
        const valid = await Promise.all(links.map((token) => isResetTokenValid(token)));
        return links.filter((_, i) => valid[i]);
      };
      const before = await working();
      expect(before.length).toBeGreaterThanOrEqual(1);
      // The owner asking again, from yet another address, gets the same answer, no email, the same link.
      expect(await requestPasswordReset(ADMIN.email, "en", "203.0.113.77")).toEqual({ ok: true });
      expect(await database.db.select().from(emailOutbox)).toHaveLength(RESET_EMAIL_ALLOWANCE.points);
      expect(await working()).toEqual(before);
    } finally {
      warn.mockRestore();
    }
  });

  it("answers an unknown email's flood the same way, after the same minimum time, and sends nothing", async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => requestPasswordReset("nobody@example.com", "en", `192.0.2.${(i % 3) + 1}`)),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ ok: true })));
    // Beyond the allowance too: the answer takes the minimum time, whether or not an email could go.
    const t0 = Date.now();
    expect(await requestPasswordReset("nobody@example.com", "en", "192.0.2.9")).toEqual({ ok: true });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);
    expect(await database.db.select().from(verification)).toHaveLength(0);
  });

  it("still answers a flood from one address with 429, which blocks no account from other addresses", async () => {
    for (let i = 0; i < 5; i++) await requestPasswordReset(`someone${i}@example.com`, "en", "192.0.2.150");
    const perIp = await caught(requestPasswordReset(ADMIN.email, "en", "192.0.2.150"));
    expect(perIp.status).toBe(429);
    expect(perIp.messageKey).toBe("auth.errors.tooManyResetRequests");
    expect(tAr(perIp.messageKey)).toBe("طلبات كثيرة لإعادة تعيين كلمة المرور. يُرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.");
    expect(await database.db.select().from(verification)).toHaveLength(0);

    // The refused request took nothing from the account's allowance: the owner, elsewhere, gets the email.
    expect(await requestPasswordReset(ADMIN.email, "en", "198.51.100.30")).toEqual({ ok: true });
    const queued = await database.db.select({ to: emailOutbox.toAddress }).from(emailOutbox);
    expect(queued).toEqual([{ to: ADMIN.email }]);
  });
});

describe("changeOwnPassword (forced change, D9)", () => {
  it("sets the new password, clears the flag, keeps only the current session and audits", async () => {
    const current = await signIn(loginRequest(), MANAGER, "198.51.100.9");
    const other = await signIn(loginRequest(), MANAGER, "198.51.100.10");
    const actor = await actorFor(managerId);
    expect(actor.mustChangePassword).toBe(true);

    const request = loginRequest({ cookie: cookieFrom(current.headers) });
    await changeOwnPassword(actor, request, { newPassword: "Manager-Own-Passw0rd", confirmPassword: "Manager-Own-Passw0rd" });

    const [row] = await database.db.select({ must: user.mustChangePassword }).from(user).where(eq(user.id, managerId));
    expect(row!.must).toBe(false);
    const sessions = await sessionsOf(managerId);
    expect(sessions).toHaveLength(1);
    expect((await auth.api.getSession({ headers: new Headers({ cookie: cookieFrom(current.headers) }) }))?.user.id).toBe(managerId);
    expect(await auth.api.getSession({ headers: new Headers({ cookie: cookieFrom(other.headers) }) })).toBeNull();

    const [credential] = await database.db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, managerId), eq(account.providerId, "credential")));
    expect(credential!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await caught(signIn(loginRequest(), MANAGER, "198.51.100.11"))).messageKey).toBe("auth.errors.invalidCredentials");
    const next = await signInFully(loginRequest(), { email: MANAGER.email, password: "Manager-Own-Passw0rd" }, "198.51.100.11");
    expect(next.user.mustChangePassword).toBe(false);

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "password.change"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: managerId, entity: "user", entityId: managerId });
    expect(JSON.stringify(audit[0]!.data)).not.toContain("Passw0rd");
  });

  it.each([
    ["Sh0rt", "Sh0rt", "newPassword", "auth.password.errors.minLength"],
    ["alllowercase1", "alllowercase1", "newPassword", "auth.password.errors.uppercase"],
    ["ALLUPPERCASE1", "ALLUPPERCASE1", "newPassword", "auth.password.errors.lowercase"],
    ["NoDigitsHere", "NoDigitsHere", "newPassword", "auth.password.errors.number"],
    ["Manager-Own-Passw0rd", "Manager-Own-Passw0rX", "confirmPassword", "auth.password.errors.mismatch"],
    [MANAGER.password, MANAGER.password, "newPassword", "auth.errors.sameAsCurrent"],
  ])("refuses %s / %s: %s → %s, changing nothing", async (newPassword, confirmPassword, field, key) => {
    const current = await signIn(loginRequest(), MANAGER, "198.51.100.12");
    const err = await caught(
      changeOwnPassword(await actorFor(managerId), loginRequest({ cookie: cookieFrom(current.headers) }), { newPassword, confirmPassword }),
    );
    expect(err.status).toBe(400);
    expect(err.fields?.[field]).toBe(key);
    const [row] = await database.db.select({ must: user.mustChangePassword }).from(user).where(eq(user.id, managerId));
    expect(row!.must).toBe(true);
  });

  it("needs the current password from someone who has no forced change pending", async () => {
    const current = await signIn(loginRequest(), ADMIN, "198.51.100.13");
    const request = () => loginRequest({ cookie: cookieFrom(current.headers) });
    const actor = await actorFor(adminId);
    const missing = await caught(changeOwnPassword(actor, request(), { newPassword: "Admin-Next-Passw0rd", confirmPassword: "Admin-Next-Passw0rd" }));
    expect(missing.messageKey).toBe("auth.errors.currentPasswordInvalid");
    const wrong = await caught(
      changeOwnPassword(actor, request(), { currentPassword: "nope", newPassword: "Admin-Next-Passw0rd", confirmPassword: "Admin-Next-Passw0rd" }),
    );
    expect(wrong.messageKey).toBe("auth.errors.currentPasswordInvalid");
    await changeOwnPassword(actor, request(), {
      currentPassword: ADMIN.password,
      newPassword: "Admin-Next-Passw0rd",
      confirmPassword: "Admin-Next-Passw0rd",
    });
    await expect(signIn(loginRequest(), { email: ADMIN.email, password: "Admin-Next-Passw0rd" }, "198.51.100.13")).resolves.toBeDefined();
  });

  it("refuses without a session of that user", async () => {
    const adminSession = await signIn(loginRequest(), ADMIN, "198.51.100.14");
    const err = await caught(
      changeOwnPassword(await actorFor(managerId), loginRequest({ cookie: cookieFrom(adminSession.headers) }), {
        newPassword: "Manager-Own-Passw0rd",
        confirmPassword: "Manager-Own-Passw0rd",
      }),
    );
    expect(err.status).toBe(401);
    const noCookie = await caught(
      changeOwnPassword(await actorFor(managerId), loginRequest(), { newPassword: "Manager-Own-Passw0rd", confirmPassword: "Manager-Own-Passw0rd" }),
    );
    expect(noCookie.status).toBe(401);
  });
});
