// Two-step sign-in for staff (issue 14 point 12) against a real database and a real better-auth instance
// with its two-factor plugin: set up from the key the page shows, codes made by an RFC 6238 implementation
// of the test's own (tests/setup/totp.ts), the second sign-in step, recovery codes, trusted devices, the
// "required" setting and an admin's reset.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, session, siteSettings, twoFactor, user } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { resetAuthRateLimits, setAuthInstance, signIn } from "~/features/auth/auth.server.ts";
import {
  confirmTwoFactorSetup,
  hasWaitingSignIn,
  renewRecoveryCodes,
  resetStaffTwoFactor,
  SecondStepExpired,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorStatus,
  verifySecondStep,
} from "~/features/auth/two-factor.server.ts";
import { ensureAdmin } from "~/features/users/admin-bootstrap.server.ts";
import { createAuth, type Auth } from "~/domain/accounts/auth.server.ts";
import { TWO_FACTOR_SETTING_KEY } from "~/lib/site-settings.server.ts";
import { actorFor as sessionActor, caught } from "../setup/actors.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { makeStaffWithPassword } from "../setup/factories.ts";
import { totp } from "../setup/totp.ts";

const BASE_URL = "http://localhost:3000";
const SECRET = "integration-two-factor-secret-".padEnd(48, "s");
const ADMIN = { email: "admin@example.com", password: "Admin-Passw0rd!" };
const MANAGER = { email: "manager@example.com", password: "Manager-Passw0rd!" };
const ISSUER = "Nile Academy";
const IP = "198.51.100.20";

let database: TestDatabase;
let auth: Auth;
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
  managerId = (await makeStaffWithPassword(MANAGER.password, { email: MANAGER.email, name: "Manager" })).id;
});

function request(cookie = ""): Request {
  return new Request(`${BASE_URL}/login`, {
    method: "POST",
    headers: { "user-agent": "vitest", ...(cookie ? { cookie } : {}) },
  });
}

/** The Cookie header a browser sends after these Set-Cookie headers (expired ones dropped), merged with `jar`. */
function cookies(headers: Headers, jar = ""): string {
  const map = new Map(jar ? jar.split("; ").map((c) => [c.slice(0, c.indexOf("=")), c] as const) : []);
  for (const set of headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(set) || pair.endsWith("=")) map.delete(name);
    else map.set(name, pair);
  }
  return [...map.values()].join("; ");
}

/** The actor the staff session makes of the user: the stored forced-change flag, this file's address. */
const actorFor = (userId: string) => sessionActor(userId, { ip: IP, mustChangePassword: "stored" });

/** Signs in with the password only (no second factor yet) and answers the browser's cookie jar. */
async function passwordSession(who: { email: string; password: string }): Promise<string> {
  const result = await signIn(request(), who, IP);
  if (result.status !== "signed-in") throw new Error("expected a completed sign-in");
  return cookies(result.headers);
}

/** Sets up two-step sign-in for `who` as the security page does; answers the key, codes and cookie jar. */
async function enable(who: { email: string; password: string }, userId: string) {
  let jar = await passwordSession(who);
  const actor = await actorFor(userId);
  await startTwoFactorSetup(actor, request(jar), who.password, ISSUER);
  const status = await twoFactorStatus(actor, ISSUER);
  const key = status.pending!.manualKey;
  const confirmed = await confirmTwoFactorSetup(actor, request(jar), totp(key));
  jar = cookies(confirmed.headers, jar);
  return { key, recoveryCodes: confirmed.recoveryCodes, jar };
}

describe("setting up two-step sign-in", () => {
  it("asks for the password, shows a QR code and key, and turns on with the first right code", async () => {
    const jar = await passwordSession(ADMIN);
    const actor = await actorFor(adminId);
    expect((await caught(startTwoFactorSetup(actor, request(jar), "Wrong-Passw0rd!", ISSUER))).fields).toEqual({
      password: "auth.errors.currentPasswordInvalid",
    });
    expect(await twoFactorStatus(actor, ISSUER)).toMatchObject({ enabled: false, pending: null });

    await startTwoFactorSetup(actor, request(jar), ADMIN.password, ISSUER);
    const pending = (await twoFactorStatus(actor, ISSUER)).pending!;
    expect(pending.uri).toMatch(/^otpauth:\/\/totp\/Nile%20Academy:admin%40example\.com\?/);
    expect(pending.manualKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(pending.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The secret is stored encrypted, never as the key the page shows.
    const [row] = await database.db.select().from(twoFactor).where(eq(twoFactor.userId, adminId));
    expect(row!.verified).toBe(false);
    expect(row!.secret).not.toContain(pending.manualKey.replace(/ /g, "").slice(0, 8));

    const wrong = await caught(confirmTwoFactorSetup(actor, request(jar), totp(pending.manualKey, Date.now() - 5 * 60_000)));
    expect(wrong.status).toBe(400);
    expect(wrong.fields).toEqual({ code: "auth.twoFactor.errors.wrongCode" });

    const confirmed = await confirmTwoFactorSetup(actor, request(jar), totp(pending.manualKey));
    expect(confirmed.recoveryCodes).toHaveLength(10);
    // Capitals without look-alikes (no 0/O, 1/I/L): copied by hand from paper (issue 36 item 6).
    for (const code of confirmed.recoveryCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const [after] = await database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, adminId));
    expect(after!.on).toBe(true);
    expect(await twoFactorStatus(actor, ISSUER)).toMatchObject({ enabled: true, recoveryCodesLeft: 10, pending: null });
    // The session goes on, renewed.
    const renewed = cookies(confirmed.headers, jar);
    expect((await auth.api.getSession({ headers: new Headers({ cookie: renewed }) }))?.user.id).toBe(adminId);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "two_factor.enable"));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(confirmed.recoveryCodes[0]!);
  });
});

describe("signing in with a second factor", () => {
  it("stops after the password, without a session, until a right code", async () => {
    const { key } = await enable(ADMIN, adminId);
    await database.db.delete(session);

    const first = await signIn(request(), ADMIN, IP);
    expect(first.status).toBe("second-step");
    expect(await database.db.select().from(session)).toHaveLength(0);
    const jar = cookies(first.headers);
    expect(hasWaitingSignIn(request(jar))).toBe(true);
    expect(jar).not.toMatch(/session_token/);

    const wrong = await caught(verifySecondStep(request(jar), { method: "totp", code: "000000", trustDevice: false }, IP));
    expect(wrong.fields).toEqual({ code: "auth.twoFactor.errors.wrongCode" });

    // The next period's code (the app may run a little ahead); the setup's own code cannot be reused.
    const done = await verifySecondStep(request(jar), { method: "totp", code: totp(key, Date.now() + 30_000), trustDevice: false }, IP);
    if (done.status !== "signed-in") throw new Error("expected a session");
    expect(done.user).toMatchObject({ id: adminId, role: "admin" });
    const signedIn = cookies(done.headers, jar);
    expect((await auth.api.getSession({ headers: new Headers({ cookie: signedIn }) }))?.user.id).toBe(adminId);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "sign_in"));
    expect(audit.at(-1)!.data).toEqual({ secondFactor: "authenticator", ip: IP });

    // The waiting sign-in is used up.
    const again = await caught(verifySecondStep(request(jar), { method: "totp", code: totp(key), trustDevice: false }, IP));
    expect(again).toBeInstanceOf(SecondStepExpired);
  });

  it("finishes only a waiting sign-in: a session cookie beside the code does not turn a pending setup on", async () => {
    const jar = await passwordSession(MANAGER);
    const actor = await actorFor(managerId);
    await startTwoFactorSetup(actor, request(jar), MANAGER.password, ISSUER);
    const key = (await twoFactorStatus(actor, ISSUER)).pending!.manualKey;
    const err = await caught(verifySecondStep(request(jar), { method: "totp", code: totp(key), trustDevice: false }, IP));
    expect(err).toBeInstanceOf(SecondStepExpired);
    const [row] = await database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, managerId));
    expect(row!.on).toBe(false);
  });

  it("refuses a code that already signed this account in (a replay within its 90 seconds)", async () => {
    const { key } = await enable(ADMIN, adminId);
    const code = totp(key, Date.now() + 30_000);
    const a = await signIn(request(), ADMIN, IP);
    await verifySecondStep(request(cookies(a.headers)), { method: "totp", code, trustDevice: false }, IP);
    const before = (await database.db.select().from(session)).length;

    const b = await signIn(request(), ADMIN, "203.0.113.99");
    const replay = await caught(verifySecondStep(request(cookies(b.headers)), { method: "totp", code, trustDevice: false }, "203.0.113.99"));
    expect(replay).toBeInstanceOf(SecondStepExpired);
    expect(replay.messageKey).toBe("auth.twoFactor.errors.codeUsed");
    expect((await database.db.select().from(session)).length).toBe(before);
    // The replay is in the audit log, from its address, without the code (issue 36 item 14).
    const refused = await database.db.select().from(auditLog).where(eq(auditLog.action, "sign_in.refused"));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ actorId: adminId, actorEmail: ADMIN.email, entityId: adminId });
    expect(refused[0]!.data).toEqual({ secondFactor: "authenticator", refusal: "code_used", ip: "203.0.113.99" });
  });

  it("records a wrong code in the audit log, with the kind of code and never the code (issue 36 item 14)", async () => {
    await enable(ADMIN, adminId);
    const a = await signIn(request(), ADMIN, IP);
    await caught(verifySecondStep(request(cookies(a.headers)), { method: "totp", code: "000000", trustDevice: false }, IP));
    await caught(verifySecondStep(request(cookies(a.headers)), { method: "recovery", code: "AAAAA-BBBBB", trustDevice: false }, IP));
    const refused = await database.db.select().from(auditLog).where(eq(auditLog.action, "sign_in.refused")).orderBy(auditLog.createdAt);
    expect(refused.map((r) => r.data)).toEqual([
      { secondFactor: "authenticator", refusal: "wrong_code", ip: IP },
      { secondFactor: "recovery_code", refusal: "wrong_code", ip: IP },
    ]);
    expect(JSON.stringify(refused)).not.toMatch(/000000|AAAAA/);
  });

  it("ends the waiting sign-in after 5 wrong codes", async () => {
    await enable(ADMIN, adminId);
    const jar = cookies((await signIn(request(), ADMIN, IP)).headers);
    for (let i = 0; i < 5; i++) {
      const err = await caught(verifySecondStep(request(jar), { method: "totp", code: "000000", trustDevice: false }, IP));
      expect(err.fields).toEqual({ code: "auth.twoFactor.errors.wrongCode" });
    }
    const sixth = await caught(verifySecondStep(request(jar), { method: "totp", code: "000000", trustDevice: false }, IP));
    expect(sixth).toBeInstanceOf(SecondStepExpired);
    expect(sixth.status).toBe(401);
  });

  it("counts refused steps per client address, like failed sign-ins (RATE_LIMIT_LOGIN, 20 a minute)", async () => {
    const { key } = await enable(ADMIN, adminId);
    const guesser = "203.0.113.77";
    for (let i = 0; i < 20; i++) {
      const err = await caught(verifySecondStep(request(), { method: "totp", code: "123456", trustDevice: false }, guesser));
      expect(err).toBeInstanceOf(SecondStepExpired);
    }
    const refused = await caught(verifySecondStep(request(), { method: "totp", code: "123456", trustDevice: false }, guesser));
    expect(refused.status).toBe(429);
    expect(refused.messageKey).toBe("auth.errors.tooManyAttempts");
    // The admin at another address is not affected.
    const a = await signIn(request(), ADMIN, IP);
    const done = await verifySecondStep(request(cookies(a.headers)), { method: "totp", code: totp(key, Date.now() + 30_000), trustDevice: false }, IP);
    expect(done.status).toBe("signed-in");
  });

  it("a new waiting sign-in ends the account's earlier ones (issue 34 item 1)", async () => {
    const { key } = await enable(ADMIN, adminId);
    const older = cookies((await signIn(request(), ADMIN, IP)).headers);
    const newer = cookies((await signIn(request(), ADMIN, "203.0.113.41")).headers);
    const code = totp(key, Date.now() + 30_000);
    const stale = await caught(verifySecondStep(request(older), { method: "totp", code, trustDevice: false }, IP));
    expect(stale).toBeInstanceOf(SecondStepExpired);
    const done = await verifySecondStep(request(newer), { method: "totp", code, trustDevice: false }, "203.0.113.41");
    expect(done.status).toBe("signed-in");
  });

  it("checks at most 10 codes per account in 15 minutes, however many arrive at once and however many sign-ins wait (issue 34 item 1)", async () => {
    const { key } = await enable(ADMIN, adminId);
    let checked = 0;
    let locked = 0;
    let n = 0;
    // The attack: the password again and again (a new waiting sign-in each time, from a new address),
    // with a burst of wrong codes on each, all at once.
    for (let round = 0; round < 4; round++) {
      const jar = cookies((await signIn(request(), ADMIN, `198.18.${round}.1`)).headers);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, () =>
          verifySecondStep(request(jar), { method: "totp", code: "000000", trustDevice: false }, `198.19.${round}.${(n += 1)}`),
        ),
      );
      for (const o of outcomes) {
        const err = o.status === "rejected" ? (o.reason as { fields?: unknown; messageKey?: string }) : null;
        if (err?.fields) checked += 1;
        if (err?.messageKey === "auth.twoFactor.errors.locked") locked += 1;
      }
    }
    expect(checked).toBeLessThanOrEqual(10);
    expect(locked).toBeGreaterThan(0);
    // The right code, on a fresh waiting sign-in, is refused too while the account's window lasts.
    const jar = cookies((await signIn(request(), ADMIN, "198.18.9.1")).headers);
    const refused = await caught(verifySecondStep(request(jar), { method: "totp", code: totp(key, Date.now() + 30_000), trustDevice: false }, "198.18.9.1"));
    expect(refused.status).toBe(429);
    expect(refused.messageKey).toBe("auth.twoFactor.errors.locked");
  });

  it("a right code gives its attempt back: only wrong codes use the account's allowance", async () => {
    const { key } = await enable(ADMIN, adminId);
    const wrong = async (jar: string) =>
      caught(verifySecondStep(request(jar), { method: "totp", code: "000000", trustDevice: false }, "198.18.20.1"));
    // Nine wrong codes (two waiting sign-ins: one ends after five), then the right one.
    let jar = cookies((await signIn(request(), ADMIN, IP)).headers);
    for (let i = 0; i < 5; i++) expect((await wrong(jar)).fields).toBeDefined();
    jar = cookies((await signIn(request(), ADMIN, IP)).headers);
    for (let i = 0; i < 4; i++) expect((await wrong(jar)).fields).toBeDefined();
    const done = await verifySecondStep(request(jar), { method: "totp", code: totp(key, Date.now() + 30_000), trustDevice: false }, IP);
    expect(done.status).toBe("signed-in");
    // The tenth wrong code is still checked; the eleventh finds the account locked.
    jar = cookies((await signIn(request(), ADMIN, IP)).headers);
    expect((await wrong(jar)).fields).toBeDefined();
    const eleventh = await wrong(jar);
    expect(eleventh.status).toBe(429);
    expect(eleventh.messageKey).toBe("auth.twoFactor.errors.locked");
  });

  it("accepts each recovery code once", async () => {
    const { recoveryCodes } = await enable(ADMIN, adminId);
    const code = recoveryCodes[3]!;
    const a = await signIn(request(), ADMIN, IP);
    const done = await verifySecondStep(request(cookies(a.headers)), { method: "recovery", code, trustDevice: false }, IP);
    expect(done.status).toBe("signed-in");
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "sign_in"));
    expect(audit.at(-1)!.data).toMatchObject({ secondFactor: "recovery_code" });
    expect(await twoFactorStatus(await actorFor(adminId), ISSUER)).toMatchObject({ recoveryCodesLeft: 9 });

    const b = await signIn(request(), ADMIN, IP);
    const reused = await caught(verifySecondStep(request(cookies(b.headers)), { method: "recovery", code, trustDevice: false }, IP));
    expect(reused.fields).toEqual({ code: "auth.twoFactor.errors.wrongRecoveryCode" });
  });

  it("a recovery code typed in small letters is the same code, and is used up like it (issue 36 item 6)", async () => {
    const { recoveryCodes } = await enable(ADMIN, adminId);
    const typed = recoveryCodes[7]!.toLowerCase();
    expect(typed).not.toBe(recoveryCodes[7]);
    const a = await signIn(request(), ADMIN, IP);
    const done = await verifySecondStep(request(cookies(a.headers)), { method: "recovery", code: typed, trustDevice: false }, IP);
    expect(done.status).toBe("signed-in");
    expect(await twoFactorStatus(await actorFor(adminId), ISSUER)).toMatchObject({ recoveryCodesLeft: 9 });
    const b = await signIn(request(), ADMIN, IP);
    const again = await caught(verifySecondStep(request(cookies(b.headers)), { method: "recovery", code: recoveryCodes[7]!, trustDevice: false }, IP));
    expect(again.fields).toEqual({ code: "auth.twoFactor.errors.wrongRecoveryCode" });
  });

  it("a recovery code sent twice at once signs in once; the other answer says it was used, never a 500 (issue 34 item 9)", async () => {
    const { recoveryCodes } = await enable(ADMIN, adminId);
    const jar = cookies((await signIn(request(), ADMIN, IP)).headers);
    const outcomes = await Promise.allSettled(
      [0, 1].map(() => verifySecondStep(request(jar), { method: "recovery", code: recoveryCodes[5]!, trustDevice: false }, IP)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = (outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason as SecondStepExpired;
    expect(refused).toBeInstanceOf(SecondStepExpired);
    expect(refused.status).toBeLessThan(500);
    expect(["auth.twoFactor.errors.codeUsed", "auth.twoFactor.errors.expired"]).toContain(refused.messageKey);
  });

  it("skips the step on a device trusted for 30 days, and only there", async () => {
    const { key } = await enable(ADMIN, adminId);
    const a = await signIn(request(), ADMIN, IP);
    const done = await verifySecondStep(request(cookies(a.headers)), { method: "totp", code: totp(key, Date.now() + 30_000), trustDevice: true }, IP);
    const trust = done.headers.getSetCookie().find((c) => c.startsWith("better-auth.trust_device="));
    expect(trust).toMatch(/Max-Age=2592000/i);
    expect(trust).toMatch(/HttpOnly/i);
    const device = cookies(done.headers).split("; ").find((c) => c.startsWith("better-auth.trust_device="))!;

    expect((await signIn(request(device), ADMIN, IP)).status).toBe("signed-in");
    expect((await signIn(request(), ADMIN, IP)).status).toBe("second-step");
    // The audit log says which sign-in skipped the step on a trusted device (issue 36 item 14).
    const signIns = await database.db.select().from(auditLog).where(eq(auditLog.action, "sign_in")).orderBy(auditLog.createdAt);
    // (The first is the sign-in that turned the second factor on.)
    expect(signIns.map((r) => r.data)).toEqual([
      { ip: IP },
      { secondFactor: "authenticator", ip: IP },
      { secondFactor: "trusted_device", ip: IP },
    ]);
  });
});

describe("recovery codes and turning off", () => {
  it("renews the recovery codes after the password; the old ones stop working", async () => {
    const { recoveryCodes, jar } = await enable(ADMIN, adminId);
    const actor = await actorFor(adminId);
    expect((await caught(renewRecoveryCodes(actor, request(jar), "nope"))).fields).toEqual({ password: "auth.errors.currentPasswordInvalid" });
    const fresh = await renewRecoveryCodes(actor, request(jar), ADMIN.password);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const a = await signIn(request(), ADMIN, IP);
    const old = await caught(verifySecondStep(request(cookies(a.headers)), { method: "recovery", code: recoveryCodes[0]!, trustDevice: false }, IP));
    expect(old.fields).toEqual({ code: "auth.twoFactor.errors.wrongRecoveryCode" });
  });

  it("turns off with the password, unless the settings require it", async () => {
    const { jar } = await enable(MANAGER, managerId);
    const actor = await actorFor(managerId);
    await database.db.insert(siteSettings).values({ key: TWO_FACTOR_SETTING_KEY, value: { required: true } });
    expect((await caught(turnOffTwoFactor(actor, request(jar), MANAGER.password))).messageKey).toBe("auth.twoFactor.errors.requiredCannotTurnOff");
    await database.db.update(siteSettings).set({ value: { required: false } }).where(eq(siteSettings.key, TWO_FACTOR_SETTING_KEY));

    expect((await caught(turnOffTwoFactor(actor, request(jar), "wrong"))).status).toBe(400);
    await turnOffTwoFactor(actor, request(jar), MANAGER.password);
    expect(await database.db.select().from(twoFactor)).toHaveLength(0);
    expect((await signIn(request(), MANAGER, IP)).status).toBe("signed-in");
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "two_factor.disable"))).toHaveLength(1);
  });
});

// The redirect of a staff member without a required second factor is checked end to end
// (tests/e2e/two-factor.e2e.test.ts): it needs the running app's session middleware.
describe("an admin's reset", () => {
  it("lets an admin remove another staff member's second factor, ending their sessions (audited)", async () => {
    await enable(MANAGER, managerId);
    const admin = await actorFor(adminId);
    expect((await caught(resetStaffTwoFactor(admin, adminId))).status).toBe(400);
    expect((await caught(resetStaffTwoFactor(await actorFor(managerId), adminId))).status).toBe(403);
    expect((await caught(resetStaffTwoFactor(admin, crypto.randomUUID()))).status).toBe(404);

    expect(await resetStaffTwoFactor(admin, managerId)).toEqual({ email: MANAGER.email });
    expect(await database.db.select().from(twoFactor)).toHaveLength(0);
    expect(await database.db.select().from(session).where(eq(session.userId, managerId))).toHaveLength(0);
    expect((await signIn(request(), MANAGER, IP)).status).toBe("signed-in");
    const [line] = await database.db.select().from(auditLog).where(eq(auditLog.action, "two_factor.reset"));
    expect(line).toMatchObject({ actorId: adminId, entityId: managerId, data: { email: MANAGER.email, hadSecondFactor: true } });
  });
});
