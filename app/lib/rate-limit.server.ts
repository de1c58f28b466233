// Our own rate limiter (QUALITY "Security bar"): rate-limiter-flexible. A limiter counts points per key
// (usually the client IP) in a fixed window; once the points are used up, consumeRateLimit throws the one
// error type (AppError "too_many_requests" → 429) with a locale key.
//
// Where the counts live (issue 14 point 10): with PostgreSQL (DATABASE_URL) every limiter keeps them in
// the database — rate-limiter-flexible's own PostgreSQL store on the app's pg pool, in the table
// "rate_limit"."counters" (migration 0009; outside the public schema: operational state, not
// application data) — so several instances share one limit instead of multiplying it. With the embedded
// database (one process) they stay in memory. Every limiter is made by createRateLimiter; callers do
// not see the difference.
//
// Sign-in (issue 14 point 5) has its own trio of limits (createLoginLimits): a hard limit per client
// address and per address+account, and only a growing delay per account, so that nobody can lock an
// account by failing on purpose from elsewhere.
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getDatabase } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";

/** Used when a limiter names no message of its own; the lead adds it to common.json ("errors"). */
export const DEFAULT_RATE_LIMIT_MESSAGE_KEY = "errors.tooManyRequests";

/** The shared store's table (created by db/migrations/0009_rate_limit_counters.sql). */
export const RATE_LIMIT_TABLE = { schemaName: "rate_limit", tableName: "counters" } as const;

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
  /**
   * The underlying rate-limiter-flexible store: the PostgreSQL store on the current database's pool when
   * it is PostgreSQL, otherwise this process's memory store.
   */
  readonly store: RateLimiterAbstract;
}

/**
 * Bumped by the tests' reset functions: limiters created afterwards use fresh keys, so counts kept in
 * the shared PostgreSQL table by earlier tests do not carry over. Always 0 in a running server, so
 * every instance uses the same keys.
 */
let generation = 0;

/** Tests: limiters created from now on count from zero, in memory and in the shared table alike. */
export function newRateLimitGeneration(): void {
  generation++;
}

/**
 * Pools whose expired counters are already swept: the store deletes rows expired an hour ago every five
 * minutes (clearExpiredByTimeout), one timer per store; one store per pool is enough (tests make many).
 */
const swept = new WeakSet<pg.Pool>();

/** The pg pool of the process database when that is PostgreSQL; undefined for PGlite or none yet. */
function sharedPool(): pg.Pool | undefined {
  try {
    const database = getDatabase();
    return database.kind === "postgres" ? database.pool : undefined;
  } catch {
    return undefined; // no database opened (unit tests, scripts): count in memory
  }
}

export function createRateLimiter(name: string, options: RateLimitOptions): RateLimiter {
  const { points, durationSec } = options;
  if (!Number.isInteger(points) || points < 1) throw new Error(`rate limiter ${name}: points must be a positive integer`);
  if (!Number.isInteger(durationSec) || durationSec < 1) {
    throw new Error(`rate limiter ${name}: durationSec must be a positive integer`);
  }
  const keyPrefix = generation === 0 ? name : `${name}~${generation}`;
  let memory: RateLimiterMemory | undefined;
  // One PostgreSQL store per pool (a test may swap the process database; a server opens one pool).
  const shared = new WeakMap<pg.Pool, RateLimiterPostgres>();
  return {
    name,
    points,
    durationSec,
    messageKey: options.messageKey ?? DEFAULT_RATE_LIMIT_MESSAGE_KEY,
    get store(): RateLimiterAbstract {
      const pool = sharedPool();
      if (!pool) return (memory ??= new RateLimiterMemory({ keyPrefix, points, duration: durationSec }));
      let store = shared.get(pool);
      if (!store) {
        store = new RateLimiterPostgres({
          storeClient: pool,
          storeType: "pool",
          ...RATE_LIMIT_TABLE,
          // The migration made the table: no CREATE TABLE race at start, no "table is not created yet".
          tableCreated: true,
          clearExpiredByTimeout: !swept.has(pool),
          keyPrefix,
          points,
          duration: durationSec,
        });
        swept.add(pool);
        shared.set(pool, store);
      }
      return store;
    },
  };
}

/**
 * Counts one request for `key`. Throws AppError("too_many_requests", limiter.messageKey) when the
 * limit is reached; its `cause` is the RateLimiterRes (see retryAfterSeconds). Store failures (the
 * PostgreSQL store when the database does not answer) are rethrown as they are.
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

/** Points `key` has used in its current window (0 when none, or when the window has passed). */
async function usedPoints(limiter: RateLimiter, key: string): Promise<{ used: number; res: RateLimiterRes | null }> {
  const res = await limiter.store.get(key);
  // A window that has passed but not yet been swept counts as nothing.
  if (!res || res.msBeforeNext <= 0) return { used: 0, res: null };
  return { used: res.consumedPoints, res };
}

/** Gives back a point consumed for `key` (an attempt that turned out to be right). Never throws. */
export async function refundRateLimit(limiter: RateLimiter, key: string): Promise<void> {
  await limiter.store.reward(key, 1).catch(() => undefined);
}

/** Seconds until the limiter lets the key through again, for a Retry-After header. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof AppError) || !(error.cause instanceof RateLimiterRes)) return undefined;
  return Math.max(1, Math.ceil(error.cause.msBeforeNext / 1000));
}

// ---- sign-in limits -----------------------------------------------------------------------------------

/** An address+account pair stays limited this long at least (seconds); see createLoginLimits. */
export const LOGIN_PAIR_MIN_WINDOW_SEC = 900;
/** Per-account slowing: each failure beyond the threshold adds this much delay, up to the cap. */
export const LOGIN_SLOWDOWN_STEP_MS = 250;
export const LOGIN_SLOWDOWN_MAX_MS = 5_000;

/**
 * The three limits of one sign-in form, all from RATE_LIMIT_LOGIN (`points` failures per `durationSec`):
 *
 * - address: `points` failed sign-ins per window from one client address, whatever the account → 429
 *   for that address only;
 * - pair: `points` consecutive failures for one account from one address (a success clears them), counted
 *   over a longer window (at least LOGIN_PAIR_MIN_WINDOW_SEC) → 429 for that address and account only:
 *   slow guessing at one account from one address stops even though the address window reopens;
 * - account: failures for one account from every address together. Never a refusal (a stranger failing
 *   on purpose must not lock the owner out): beyond `points` in the window each attempt waits
 *   LOGIN_SLOWDOWN_STEP_MS more per failure, at most LOGIN_SLOWDOWN_MAX_MS.
 */
export interface LoginLimits {
  address: RateLimiter;
  pair: RateLimiter;
  account: RateLimiter;
}

export function createLoginLimits(name: string, spec: { points: number; durationSec: number }, messageKey: string): LoginLimits {
  return {
    address: createRateLimiter(`${name}-ip`, { ...spec, messageKey }),
    pair: createRateLimiter(`${name}-ip-account`, {
      points: spec.points,
      durationSec: Math.max(spec.durationSec, LOGIN_PAIR_MIN_WINDOW_SEC),
      messageKey,
    }),
    account: createRateLimiter(`${name}-account`, { ...spec, messageKey }),
  };
}

/** The account part of a key: a digest, so typed emails are neither stored nor of unbounded length. */
function accountKey(account: string): string {
  return createHash("sha256").update(account.trim().toLowerCase()).digest("base64url");
}

function pairKey(ip: string, account: string): string {
  return `${ip}/${accountKey(account)}`;
}

/** The delay for an attempt on an account that has `failures` failures before it in the window. */
function delayAfter(limits: LoginLimits, failures: number): number {
  const beyond = failures - limits.account.points + 1;
  return beyond > 0 ? Math.min(LOGIN_SLOWDOWN_MAX_MS, beyond * LOGIN_SLOWDOWN_STEP_MS) : 0;
}

/** The delay an attempt on `account` would wait now (0 below the threshold). */
export async function loginDelayMs(limits: LoginLimits, account: string): Promise<number> {
  const { used } = await usedPoints(limits.account, accountKey(account));
  return delayAfter(limits, used);
}

/**
 * Before a password is checked (issue 34 item 2): the attempt is counted first, atomically, against the
 * address and the address+account pair (a 429, with Retry-After from its window, once either is used up),
 * and against the account, whose count sets this attempt's delay. Counting first is what makes the limits
 * hold when many attempts arrive together: checked-then-counted, 400 simultaneous attempts all passed the
 * check before the first was counted. A right password gives the points back (countLoginSuccess).
 */
export async function beginLogin(limits: LoginLimits, ip: string, account: string): Promise<void> {
  await consumeRateLimit(limits.address, ip);
  await consumeRateLimit(limits.pair, pairKey(ip, account));
  let failures = 0;
  try {
    failures = (await limits.account.store.penalty(accountKey(account), 1)).consumedPoints - 1;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
  }
  const delay = delayAfter(limits, failures);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}

/**
 * A right password: the attempt beginLogin counted is given back to the address and the account (an
 * attack on the account from elsewhere keeps its count; the owner's success does not add to it), and this
 * address's run of failures for the account ends.
 */
export async function countLoginSuccess(limits: LoginLimits, ip: string, account: string): Promise<void> {
  await Promise.all([
    refundRateLimit(limits.address, ip),
    refundRateLimit(limits.account, accountKey(account)),
    limits.pair.store.delete(pairKey(ip, account)).catch(() => undefined),
  ]);
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

/**
 * Enrollment (issue 19 point 9): one carrier address is shared by a family, an office or thousands of
 * phones behind carrier-grade NAT, so the per-address limit is generous (30 valid requests per 10 minutes)
 * while one email address may send 5 requests per hour (a student asking for several courses gets through;
 * a flood at one inbox does not). Posts that fail validation count against their own per-address
 * allowance (the same figure as valid ones), never against the valid ones'. ADR 018.
 */
const DEFAULTS = {
  enrollment: { points: 30, durationSec: 600 },
  enrollmentEmail: { points: 5, durationSec: 3600 },
  contact: { points: 5, durationSec: 600 },
  // Proofs of payment (issue 37 item 9): a student sends one or two; a retry after a refusal counts too.
  proof: { points: 20, durationSec: 3600 },
  proofEnrollment: { points: 8, durationSec: 3600 },
  // Online payment attempts per enrollment (issue 37 item 5): each asks Paymob for a new intention.
  paymob: { points: 10, durationSec: 3600 },
  // "Send me my request's link": per client address, and per request whatever the address.
  linkResend: { points: 5, durationSec: 600 },
  linkResendReference: { points: 3, durationSec: 3600 },
  // The student area's sign-in link (issue 38 item 1): per client address as above, and per email address.
  studentLinkEmail: { points: 3, durationSec: 3600 },
  // Saving the student area's profile (issue 38 item 5): per client address; only a signed-in student gets here.
  studentProfile: { points: 30, durationSec: 3600 },
} as const;

let registry: {
  enrollment?: RateLimiter;
  enrollmentInvalid?: RateLimiter;
  enrollmentEmail?: RateLimiter;
  contact?: RateLimiter;
  proof?: RateLimiter;
  proofEnrollment?: RateLimiter;
  paymob?: RateLimiter;
  linkResend?: RateLimiter;
  linkResendReference?: RateLimiter;
  studentLink?: RateLimiter;
  studentLinkEmail?: RateLimiter;
  studentProfile?: RateLimiter;
} = {};

/**
 * The application's limiters, created on first use (so .env is loaded by then) from
 * RATE_LIMIT_ENROLLMENT (default 30/600, per client address; valid and invalid posts each),
 * RATE_LIMIT_ENROLLMENT_EMAIL (default 5/3600, per email address) and RATE_LIMIT_CONTACT (default 5/600).
 */
export const rateLimits = {
  get enrollment(): RateLimiter {
    return (registry.enrollment ??= createRateLimiter("enrollment", {
      ...parseRateLimitSpec("RATE_LIMIT_ENROLLMENT", parseEnv().RATE_LIMIT_ENROLLMENT, DEFAULTS.enrollment),
      messageKey: "enrollment.errors.tooManyRequests",
    }));
  },
  /** Enrollment posts that fail validation, per client address: an allowance apart from the valid ones'. */
  get enrollmentInvalid(): RateLimiter {
    return (registry.enrollmentInvalid ??= createRateLimiter("enrollment-invalid", {
      ...parseRateLimitSpec("RATE_LIMIT_ENROLLMENT", parseEnv().RATE_LIMIT_ENROLLMENT, DEFAULTS.enrollment),
      messageKey: "enrollment.errors.tooManyRequests",
    }));
  },
  /** Valid enrollment requests per email address (keyed by emailLimitKey), whatever the client address. */
  get enrollmentEmail(): RateLimiter {
    return (registry.enrollmentEmail ??= createRateLimiter("enrollment-email", {
      ...parseRateLimitSpec("RATE_LIMIT_ENROLLMENT_EMAIL", parseEnv().RATE_LIMIT_ENROLLMENT_EMAIL, DEFAULTS.enrollmentEmail),
      messageKey: "enrollment.errors.tooManyForEmail",
    }));
  },
  get contact(): RateLimiter {
    return (registry.contact ??= createRateLimiter("contact", {
      ...parseRateLimitSpec("RATE_LIMIT_CONTACT", parseEnv().RATE_LIMIT_CONTACT, DEFAULTS.contact),
      messageKey: "contact.errors.tooManyRequests",
    }));
  },
  /** Proof uploads per client address (RATE_LIMIT_PROOF, default 20/3600), counted before the body is read. */
  get proof(): RateLimiter {
    return (registry.proof ??= createRateLimiter("proof", {
      ...parseRateLimitSpec("RATE_LIMIT_PROOF", parseEnv().RATE_LIMIT_PROOF, DEFAULTS.proof),
      messageKey: "myEnrollment.proof.errors.tooManyRequests",
    }));
  },
  /** Proof uploads per enrollment (8 an hour), whatever the address: one link cannot fill the queue. */
  get proofEnrollment(): RateLimiter {
    return (registry.proofEnrollment ??= createRateLimiter("proof-enrollment", {
      ...DEFAULTS.proofEnrollment,
      messageKey: "myEnrollment.proof.errors.tooManyRequests",
    }));
  },
  /** Online payment attempts per enrollment (RATE_LIMIT_PAYMOB, default 10/3600), whatever the address. */
  get paymob(): RateLimiter {
    return (registry.paymob ??= createRateLimiter("paymob", {
      ...parseRateLimitSpec("RATE_LIMIT_PAYMOB", parseEnv().RATE_LIMIT_PAYMOB, DEFAULTS.paymob),
      messageKey: "payOnline.errors.tooManyRequests",
    }));
  },
  /** "Send me my request's link" per client address (RATE_LIMIT_LINK, default 5/600). */
  get linkResend(): RateLimiter {
    return (registry.linkResend ??= createRateLimiter("link-resend", {
      ...parseRateLimitSpec("RATE_LIMIT_LINK", parseEnv().RATE_LIMIT_LINK, DEFAULTS.linkResend),
      messageKey: "findLink.errors.tooManyRequests",
    }));
  },
  /** The same per reference (3 an hour), so one request's owner is not flooded from many addresses. */
  get linkResendReference(): RateLimiter {
    return (registry.linkResendReference ??= createRateLimiter("link-resend-reference", {
      ...DEFAULTS.linkResendReference,
      messageKey: "findLink.errors.tooManyRequests",
    }));
  },
  /** "Email me a sign-in link" (the student area) per client address: RATE_LIMIT_LINK, its own count. */
  get studentLink(): RateLimiter {
    return (registry.studentLink ??= createRateLimiter("student-link", {
      ...parseRateLimitSpec("RATE_LIMIT_LINK", parseEnv().RATE_LIMIT_LINK, DEFAULTS.linkResend),
      messageKey: "my.signIn.errors.tooManyRequests",
    }));
  },
  /** The same per email address (3 an hour, a digest of the address), so nobody floods someone's inbox. */
  get studentProfile(): RateLimiter {
    return (registry.studentProfile ??= createRateLimiter("student-profile", { ...DEFAULTS.studentProfile, messageKey: "my.profile.errors.tooManyRequests" }));
  },
  get studentLinkEmail(): RateLimiter {
    return (registry.studentLinkEmail ??= createRateLimiter("student-link-email", {
      ...DEFAULTS.studentLinkEmail,
      messageKey: "my.signIn.errors.tooManyRequests",
    }));
  },
};

/** A rate-limit key for an email address: case and spaces ignored, a digest so the address is not stored. */
export function emailLimitKey(email: string): string {
  return accountKey(email);
}

/** Forgets every count and re-reads the configuration on next use (tests). */
export function resetRateLimits(): void {
  newRateLimitGeneration();
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
 * The client address used as a rate-limit key: the address Express resolved (server.ts), which applies
 * TRUST_PROXY (app/lib/env.server.ts) — the socket's peer, or behind trusted proxies the rightmost
 * X-Forwarded-For entry they did not write. No header is read here: a client cannot choose its key.
 * Normalised (no port, no IPv4-mapped prefix); never empty.
 */
export function clientIp(address: string | undefined): string {
  if (!address) return "unknown";
  return normalizeIp(address) ?? address.slice(0, 64);
}
