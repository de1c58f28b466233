// Our own rate limiter (QUALITY "Security bar"): rate-limiter-flexible, in memory by default. A limiter
// counts points per key (usually the client IP) in a fixed window; once the points are used up,
// consumeRateLimit throws the one error type (AppError "too_many_requests" → 429) with a locale key.
//
// Scaling out (several instances) needs a shared store (PostgreSQL or Redis): swap the store created
// in createRateLimiter; callers do not change.
import { isIP } from "node:net";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { parseEnv } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";

/** Used when a limiter names no message of its own; the lead adds it to common.json ("errors"). */
export const DEFAULT_RATE_LIMIT_MESSAGE_KEY = "errors.tooManyRequests";

export interface RateLimitOptions {
  /** Requests allowed per window. */
  points: number;
  /** Window length in seconds. */
  durationSec: number;
  /** Locale key of the message shown when the limit is reached. */
  messageKey?: string;
}

export interface RateLimiter {
  readonly name: string;
  readonly points: number;
  readonly durationSec: number;
  readonly messageKey: string;
  /** The underlying rate-limiter-flexible store. */
  readonly store: RateLimiterAbstract;
}

export function createRateLimiter(name: string, options: RateLimitOptions): RateLimiter {
  const { points, durationSec } = options;
  if (!Number.isInteger(points) || points < 1) throw new Error(`rate limiter ${name}: points must be a positive integer`);
  if (!Number.isInteger(durationSec) || durationSec < 1) {
    throw new Error(`rate limiter ${name}: durationSec must be a positive integer`);
  }
  return {
    name,
    points,
    durationSec,
    messageKey: options.messageKey ?? DEFAULT_RATE_LIMIT_MESSAGE_KEY,
    store: new RateLimiterMemory({ keyPrefix: name, points, duration: durationSec }),
  };
}

/**
 * Counts one request for `key`. Throws AppError("too_many_requests", limiter.messageKey) when the
 * limit is reached; its `cause` is the RateLimiterRes (see retryAfterSeconds). Store failures (only
 * possible with a networked store) are rethrown as they are.
 */
export async function consumeRateLimit(limiter: RateLimiter, key: string): Promise<void> {
  try {
    await limiter.store.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      throw new AppError("too_many_requests", limiter.messageKey, { cause: err });
    }
    throw err;
  }
}

/** Seconds until the limiter lets the key through again, for a Retry-After header. */
/**
 * For limits that count failures only (sign-in): throws the limiter's 429 when `key` has used up its
 * points in the current window, counting nothing itself.
 */
export async function assertNotBlocked(limiter: RateLimiter, key: string): Promise<void> {
  const res = await limiter.store.get(key);
  if (res && res.consumedPoints >= limiter.points) {
    throw new AppError("too_many_requests", limiter.messageKey, { cause: res });
  }
}

/** Counts one failure without throwing (the next attempt is refused once the points are used up). */
export async function countFailure(limiter: RateLimiter, key: string): Promise<void> {
  try {
    await limiter.store.penalty(key, 1);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
  }
}

export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof AppError) || !(error.cause instanceof RateLimiterRes)) return undefined;
  return Math.max(1, Math.ceil(error.cause.msBeforeNext / 1000));
}

/** Parses "points/seconds" (e.g. "5/600"); blank gives the fallback; anything else throws naming the variable. */
export function parseRateLimitSpec(
  variable: string,
  value: string | undefined,
  fallback: { points: number; durationSec: number },
): { points: number; durationSec: number } {
  if (value === undefined || value.trim() === "") return fallback;
  const m = /^\s*(\d{1,6})\s*\/\s*(\d{1,7})\s*$/.exec(value);
  const points = Number(m?.[1]);
  const durationSec = Number(m?.[2]);
  if (!m || points < 1 || durationSec < 1) {
    throw new Error(`Invalid configuration: ${variable} must be "points/seconds", e.g. "5/600" (got ${JSON.stringify(value)})`);
  }
  return { points, durationSec };
}

const DEFAULTS = {
  enrollment: { points: 5, durationSec: 600 },
  contact: { points: 5, durationSec: 600 },
} as const;

let registry: { enrollment?: RateLimiter; contact?: RateLimiter } = {};

/**
 * The application's limiters, created on first use (so .env is loaded by then) from
 * RATE_LIMIT_ENROLLMENT / RATE_LIMIT_CONTACT ("points/seconds", default 5/600 each).
 */
export const rateLimits = {
  get enrollment(): RateLimiter {
    return (registry.enrollment ??= createRateLimiter("enrollment", {
      ...parseRateLimitSpec("RATE_LIMIT_ENROLLMENT", parseEnv().RATE_LIMIT_ENROLLMENT, DEFAULTS.enrollment),
      messageKey: "enrollment.errors.tooManyRequests",
    }));
  },
  get contact(): RateLimiter {
    return (registry.contact ??= createRateLimiter("contact", {
      ...parseRateLimitSpec("RATE_LIMIT_CONTACT", parseEnv().RATE_LIMIT_CONTACT, DEFAULTS.contact),
      messageKey: "contact.errors.tooManyRequests",
    }));
  },
};

/** Forgets every count and re-reads the configuration on next use (tests). */
export function resetRateLimits(): void {
  registry = {};
}

/** Strips a port ("1.2.3.4:5678", "[::1]:80") and the IPv4-mapped IPv6 prefix ("::ffff:1.2.3.4"). */
function normalizeIp(value: string): string | undefined {
  let v = value.trim();
  if (v.length === 0 || v.length > 64) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracketed) v = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(":"));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(v)) v = v.slice(7);
  return isIP(v) ? v.toLowerCase() : undefined;
}

/**
 * The client address used as a rate-limit key. Only behind a trusted proxy (TRUST_PROXY) is the
 * first X-Forwarded-For address believed; otherwise the socket address the server passes as
 * `fallback`. Invalid or missing values fall back; the result is never empty.
 */
export function clientIp(request: Request, trustProxy: boolean, fallback?: string): string {
  if (trustProxy) {
    const first = request.headers.get("x-forwarded-for")?.split(",")[0];
    const ip = first === undefined ? undefined : normalizeIp(first);
    if (ip) return ip;
  }
  if (fallback) return normalizeIp(fallback) ?? fallback.slice(0, 64);
  return "unknown";
}
