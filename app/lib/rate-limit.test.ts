import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError, isAppError } from "./errors.ts";
import {
  beginLogin,
  clientIp,
  consumeRateLimit,
  countLoginSuccess,
  createLoginLimits,
  createRateLimiter,
  LOGIN_PAIR_MIN_WINDOW_SEC,
  LOGIN_SLOWDOWN_MAX_MS,
  LOGIN_SLOWDOWN_STEP_MS,
  loginDelayMs,
  parseRateLimitSpec,
  emailLimitKey,
  rateLimits,
  resetRateLimits,
  retryAfterSeconds,
} from "./rate-limit.server.ts";

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  return undefined;
}

describe("consumeRateLimit", () => {
  it("lets `points` requests through per key, then throws AppError too_many_requests (429)", async () => {
    const limiter = createRateLimiter("test-limit", { points: 3, durationSec: 60, messageKey: "enrollment.errors.tooManyRequests" });
    for (let i = 0; i < 3; i++) await consumeRateLimit(limiter, "1.2.3.4");

    const err = await caught(consumeRateLimit(limiter, "1.2.3.4"));
    expect(isAppError(err)).toBe(true);
    const appErr = err as AppError;
    expect(appErr.code).toBe("too_many_requests");
    expect(appErr.status).toBe(429);
    expect(appErr.messageKey).toBe("enrollment.errors.tooManyRequests");
    const retry = retryAfterSeconds(appErr);
    expect(retry).toBeGreaterThanOrEqual(59);
    expect(retry).toBeLessThanOrEqual(60);

    // Still blocked, and other keys are not affected.
    expect(await caught(consumeRateLimit(limiter, "1.2.3.4"))).toBeInstanceOf(AppError);
    await expect(consumeRateLimit(limiter, "5.6.7.8")).resolves.toBeUndefined();
  });

  it("opens again once the window has passed", async () => {
    vi.useFakeTimers();
    try {
      const limiter = createRateLimiter("test-window", { points: 1, durationSec: 2 });
      await consumeRateLimit(limiter, "k");
      expect(((await caught(consumeRateLimit(limiter, "k"))) as AppError).messageKey).toBe("errors.tooManyRequests");
      vi.advanceTimersByTime(2_100);
      await expect(consumeRateLimit(limiter, "k")).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps limiters with different names apart", async () => {
    const a = createRateLimiter("same-key-a", { points: 1, durationSec: 60 });
    const b = createRateLimiter("same-key-b", { points: 1, durationSec: 60 });
    await consumeRateLimit(a, "ip");
    await expect(consumeRateLimit(b, "ip")).resolves.toBeUndefined();
  });

  it("refuses nonsensical options", () => {
    expect(() => createRateLimiter("x", { points: 0, durationSec: 60 })).toThrow(/points/);
    expect(() => createRateLimiter("x", { points: 1.5, durationSec: 60 })).toThrow(/points/);
    expect(() => createRateLimiter("x", { points: 1, durationSec: 0 })).toThrow(/durationSec/);
  });

  it("retryAfterSeconds is undefined for other errors", () => {
    expect(retryAfterSeconds(new AppError("not_found", "x"))).toBeUndefined();
    expect(retryAfterSeconds(new Error("x"))).toBeUndefined();
  });
});

describe("rateLimits registry", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetRateLimits();
  });

  it("defaults to 30 enrollment requests per address and 5 per email, 5 contact messages, each with its own message", async () => {
    vi.stubEnv("RATE_LIMIT_ENROLLMENT", "");
    vi.stubEnv("RATE_LIMIT_ENROLLMENT_EMAIL", "");
    vi.stubEnv("RATE_LIMIT_CONTACT", "");
    resetRateLimits();
    expect(rateLimits.enrollment).toMatchObject({ points: 30, durationSec: 600, messageKey: "enrollment.errors.tooManyRequests" });
    expect(rateLimits.enrollmentInvalid).toMatchObject({ points: 30, durationSec: 600, messageKey: "enrollment.errors.tooManyRequests" });
    expect(rateLimits.enrollmentEmail).toMatchObject({ points: 5, durationSec: 3600, messageKey: "enrollment.errors.tooManyForEmail" });
    expect(rateLimits.contact).toMatchObject({ points: 5, durationSec: 600, messageKey: "contact.errors.tooManyRequests" });
    expect(rateLimits.enrollment).toBe(rateLimits.enrollment);

    for (let i = 0; i < 30; i++) await consumeRateLimit(rateLimits.enrollment, "9.9.9.9");
    expect(((await caught(consumeRateLimit(rateLimits.enrollment, "9.9.9.9"))) as AppError).status).toBe(429);
    // The invalid posts' allowance and the contact limiter count separately.
    await expect(consumeRateLimit(rateLimits.enrollmentInvalid, "9.9.9.9")).resolves.toBeUndefined();
    await expect(consumeRateLimit(rateLimits.contact, "9.9.9.9")).resolves.toBeUndefined();
  });

  it("keys an email address without case or surrounding spaces, and without storing it", () => {
    expect(emailLimitKey(" Sara@Example.COM ")).toBe(emailLimitKey("sara@example.com"));
    expect(emailLimitKey("sara@example.com")).not.toContain("sara");
    expect(emailLimitKey("sara@example.com")).not.toBe(emailLimitKey("sarah@example.com"));
  });

  it("reads RATE_LIMIT_ENROLLMENT / RATE_LIMIT_CONTACT as points/seconds", () => {
    vi.stubEnv("RATE_LIMIT_ENROLLMENT", "10/60");
    vi.stubEnv("RATE_LIMIT_ENROLLMENT_EMAIL", "2/7200");
    vi.stubEnv("RATE_LIMIT_CONTACT", " 3 / 3600 ");
    resetRateLimits();
    expect(rateLimits.enrollment).toMatchObject({ points: 10, durationSec: 60 });
    expect(rateLimits.enrollmentEmail).toMatchObject({ points: 2, durationSec: 7200 });
    expect(rateLimits.contact).toMatchObject({ points: 3, durationSec: 3600 });
  });

  it.each([["5"], ["a/b"], ["0/60"], ["5/0"], ["-1/60"], ["5/60/1"]])("rejects %j naming the variable", (value) => {
    expect(() => parseRateLimitSpec("RATE_LIMIT_CONTACT", value, { points: 5, durationSec: 600 })).toThrow(
      /^Invalid configuration: RATE_LIMIT_CONTACT must be "points\/seconds"/,
    );
  });
});

describe("sign-in limits (createLoginLimits)", () => {
  const KEY = "auth.errors.tooManyAttempts";
  let n = 0;
  const limits = (points = 3) => createLoginLimits(`unit-login-${++n}`, { points, durationSec: 60 }, KEY);

  it("limits the address and the address+account pair, the pair over at least 15 minutes", () => {
    const l = limits();
    expect(l.address).toMatchObject({ points: 3, durationSec: 60, messageKey: KEY });
    expect(l.pair).toMatchObject({ points: 3, durationSec: LOGIN_PAIR_MIN_WINDOW_SEC, messageKey: KEY });
    expect(l.account).toMatchObject({ points: 3, durationSec: 60 });
    expect(createLoginLimits(`unit-login-${++n}`, { points: 3, durationSec: 3600 }, KEY).pair.durationSec).toBe(3600);
  });

  it("refuses an address that has used its failures, whatever the account; other addresses go on", async () => {
    const l = limits();
    // Three wrong passwords: each attempt is counted by beginLogin, none is given back.
    for (let i = 0; i < 3; i++) await beginLogin(l, "192.0.2.1", `user${i}@example.com`);
    const err = await caught(beginLogin(l, "192.0.2.1", "someone@example.com"));
    expect((err as AppError).status).toBe(429);
    expect((err as AppError).messageKey).toBe(KEY);
    expect(retryAfterSeconds(err)).toBeLessThanOrEqual(60);
    await expect(beginLogin(l, "192.0.2.2", "user0@example.com")).resolves.toBeUndefined();
  });

  it("counts before the password is checked: of 50 attempts at once from one address, only the allowed ones go on (issue 34)", async () => {
    const l = limits();
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => beginLogin(l, "192.0.2.60", `burst${i}@example.com`)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as AppError).status).toBe(429);
  });

  it("a right password gives the attempt back: the owner's successes never use up the address", async () => {
    const l = limits();
    for (let i = 0; i < 10; i++) {
      await beginLogin(l, "192.0.2.61", "owner@example.com");
      await countLoginSuccess(l, "192.0.2.61", "owner@example.com");
    }
    await expect(beginLogin(l, "192.0.2.61", "owner@example.com")).resolves.toBeUndefined();
  });

  it("never refuses an account for failures from other addresses: it only grows a delay, capped", async () => {
    const l = limits();
    const account = "Victim@Example.com ";
    const fail = (ip: string) => beginLogin(l, ip, account);
    for (let i = 0; i < 2; i++) await fail(`198.51.100.${i + 1}`);
    expect(await loginDelayMs(l, account)).toBe(0);
    await fail("198.51.100.50");
    expect(await loginDelayMs(l, "victim@example.com")).toBe(LOGIN_SLOWDOWN_STEP_MS);
    vi.useFakeTimers();
    try {
      const pending = fail("198.51.100.51");
      await vi.advanceTimersByTimeAsync(LOGIN_SLOWDOWN_STEP_MS);
      await pending;
      expect(await loginDelayMs(l, account)).toBe(2 * LOGIN_SLOWDOWN_STEP_MS);
      // Thirty at once from thirty addresses: each is counted as it arrives, so the delays grow with the burst.
      const burst = Promise.all(Array.from({ length: 30 }, (_, i) => fail(`203.0.113.${i}`)));
      await vi.advanceTimersByTimeAsync(LOGIN_SLOWDOWN_MAX_MS);
      await burst;
      expect(await loginDelayMs(l, account)).toBe(LOGIN_SLOWDOWN_MAX_MS);
      // Never a 429 for a fresh address: the delay only.
      const last = fail("192.0.2.77");
      await vi.advanceTimersByTimeAsync(LOGIN_SLOWDOWN_MAX_MS);
      await expect(last).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a pair after its failures in a row, beyond the address's window; a success clears them", async () => {
    vi.useFakeTimers();
    try {
      const l = createLoginLimits(`unit-login-${++n}`, { points: 2, durationSec: 60 }, KEY);
      const attempt = () => beginLogin(l, "192.0.2.9", "a@example.com");
      await attempt();
      await countLoginSuccess(l, "192.0.2.9", "a@example.com");
      // Two failures in a row (the success before them cleared the pair).
      await attempt();
      await attempt();
      // The address's window passes; the pair's (15 minutes at least) does not: this pair is refused…
      await vi.advanceTimersByTimeAsync(61_000);
      const err = await caught(attempt());
      expect((err as AppError).status).toBe(429);
      expect(retryAfterSeconds(err)).toBeGreaterThan(60);
      // …and the address still works for another account.
      await expect(beginLogin(l, "192.0.2.9", "b@example.com")).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("clientIp", () => {
  it("normalises ports and IPv4-mapped IPv6 addresses so one client is one key", () => {
    expect(clientIp("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(clientIp("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(clientIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientIp(" 2001:DB8::1 ")).toBe("2001:db8::1");
    expect(clientIp("::1")).toBe("::1");
  });

  it("is never empty, and bounded when the address is not one", () => {
    expect(clientIp(undefined)).toBe("unknown");
    expect(clientIp("")).toBe("unknown");
    expect(clientIp("x".repeat(5000))).toHaveLength(64);
  });
});
