import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError, isAppError } from "./errors.ts";
import {
  clientIp,
  consumeRateLimit,
  createRateLimiter,
  parseRateLimitSpec,
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

  it("defaults to 5 requests per 10 minutes for enrollment and contact, with their own messages", async () => {
    vi.stubEnv("RATE_LIMIT_ENROLLMENT", "");
    vi.stubEnv("RATE_LIMIT_CONTACT", "");
    resetRateLimits();
    expect(rateLimits.enrollment).toMatchObject({ points: 5, durationSec: 600, messageKey: "enrollment.errors.tooManyRequests" });
    expect(rateLimits.contact).toMatchObject({ points: 5, durationSec: 600, messageKey: "contact.errors.tooManyRequests" });
    expect(rateLimits.enrollment).toBe(rateLimits.enrollment);

    for (let i = 0; i < 5; i++) await consumeRateLimit(rateLimits.enrollment, "9.9.9.9");
    expect(((await caught(consumeRateLimit(rateLimits.enrollment, "9.9.9.9"))) as AppError).status).toBe(429);
    // The contact limiter counts separately.
    await expect(consumeRateLimit(rateLimits.contact, "9.9.9.9")).resolves.toBeUndefined();
  });

  it("reads RATE_LIMIT_ENROLLMENT / RATE_LIMIT_CONTACT as points/seconds", () => {
    vi.stubEnv("RATE_LIMIT_ENROLLMENT", "10/60");
    vi.stubEnv("RATE_LIMIT_CONTACT", " 3 / 3600 ");
    resetRateLimits();
    expect(rateLimits.enrollment).toMatchObject({ points: 10, durationSec: 60 });
    expect(rateLimits.contact).toMatchObject({ points: 3, durationSec: 3600 });
  });

  it.each([["5"], ["a/b"], ["0/60"], ["5/0"], ["-1/60"], ["5/60/1"]])("rejects %j naming the variable", (value) => {
    expect(() => parseRateLimitSpec("RATE_LIMIT_CONTACT", value, { points: 5, durationSec: 600 })).toThrow(
      /^Invalid configuration: RATE_LIMIT_CONTACT must be "points\/seconds"/,
    );
  });
});

describe("clientIp", () => {
  const req = (xff?: string) => new Request("http://localhost/enroll", { headers: xff === undefined ? {} : { "x-forwarded-for": xff } });

  it("uses the first X-Forwarded-For address only behind a trusted proxy", () => {
    expect(clientIp(req("203.0.113.7, 10.0.0.1"), true, "10.0.0.1")).toBe("203.0.113.7");
    expect(clientIp(req(" 2001:DB8::1 , 10.0.0.1"), true, "10.0.0.1")).toBe("2001:db8::1");
  });

  it("ignores X-Forwarded-For when the proxy is not trusted (a client could forge it)", () => {
    expect(clientIp(req("203.0.113.7"), false, "198.51.100.4")).toBe("198.51.100.4");
    expect(clientIp(req("203.0.113.7"), false)).toBe("unknown");
  });

  it("falls back to the socket address when the header is missing or not an address", () => {
    expect(clientIp(req(), true, "198.51.100.4")).toBe("198.51.100.4");
    expect(clientIp(req("garbage, 203.0.113.7"), true, "198.51.100.4")).toBe("198.51.100.4");
    expect(clientIp(req(""), true, "198.51.100.4")).toBe("198.51.100.4");
    expect(clientIp(req("x".repeat(5000)), true, "198.51.100.4")).toBe("198.51.100.4");
  });

  it("normalises ports and IPv4-mapped IPv6 addresses so one client is one key", () => {
    expect(clientIp(req("203.0.113.7:51234"), true)).toBe("203.0.113.7");
    expect(clientIp(req("[2001:db8::1]:443"), true)).toBe("2001:db8::1");
    expect(clientIp(req(), false, "::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientIp(req(), false, "::1")).toBe("::1");
  });
});
