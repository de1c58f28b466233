// Sign-in limits against strangers and guessers (issue 14 points 5 and 10), for the staff sign-in
// (better-auth behind our limiter) and the instructor sign-in alike, on PGlite (counts in memory) and
// PostgreSQL with TEST_DB=pg (counts in the shared table rate_limit.counters):
//
// - a brute-force run from one address is refused (429, Retry-After) while the right password from a
//   new address signs in;
// - many addresses failing for one account only slow its sign-in down, never refuse it;
// - an address+account pair that keeps failing stays refused after the address's own window reopens.
process.env.AUTH_SECRET ??= "integration-test-secret-for-login-limits-0123456789abcdef";
process.env.RATE_LIMIT_LOGIN = "5/60";

import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { instructors, user } from "@db/schema/index.ts";
import { resetAuthRateLimits, setAuthInstance, signIn } from "~/features/auth/auth.server.ts";
import { createOrRenewAccount } from "~/features/instructor-accounts/accounts.server.ts";
import { resetInstructorLoginLimits, signInInstructor } from "~/features/instructor-accounts/portal.server.ts";
import { ensureAdmin } from "~/features/users/admin-bootstrap.server.ts";
import { createAuth } from "~/domain/accounts/auth.server.ts";
import { openDatabase, setDatabase, type Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { loadPermissions, type Actor } from "~/lib/permissions.server.ts";
import {
  consumeRateLimit,
  createRateLimiter,
  LOGIN_PAIR_MIN_WINDOW_SEC,
  LOGIN_SLOWDOWN_MAX_MS,
  LOGIN_SLOWDOWN_STEP_MS,
  retryAfterSeconds,
} from "~/lib/rate-limit.server.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";

const POINTS = 5;
const WINDOW_SEC = 60;
const BASE_URL = "http://localhost:3000";
const ADMIN = { email: "admin@example.com", password: "Admin-Passw0rd!" };
const onPg = process.env.TEST_DB === "pg";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  setAuthInstance(createAuth({ db: database.db, secret: "integration-login-limits-secret-".padEnd(48, "s"), baseURL: BASE_URL }));
});
afterAll(async () => {
  setAuthInstance(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  resetAuthRateLimits();
  resetInstructorLoginLimits();
  await resetDatabase(database.db);
  // The counters live outside the public schema (empty on PGlite, whose limiters count in memory).
  await database.db.execute(sql`delete from rate_limit.counters`);
});
afterEach(() => {
  vi.useRealTimers();
});

async function outcome(p: Promise<unknown>): Promise<"ok" | AppError> {
  try {
    await p;
    return "ok";
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

function status(result: "ok" | AppError): number {
  return result === "ok" ? 200 : result.status;
}

interface Form {
  name: string;
  invalidKey: string;
  limitedKey: string;
  /** Creates the account and returns its credentials. */
  account(): Promise<{ email: string; password: string }>;
  attempt(email: string, password: string, ip: string): Promise<"ok" | AppError>;
}

async function adminActor(): Promise<Actor> {
  const id = crypto.randomUUID();
  const now = new Date();
  await database.db.insert(user).values({ id, email: "owner@example.com", name: "Owner", emailVerified: true, role: "admin", createdAt: now, updatedAt: now });
  return { id, email: "owner@example.com", name: "Owner", role: "admin", mustChangePassword: false, permissions: await loadPermissions("admin"), ip: "203.0.113.7" };
}

const FORMS: Form[] = [
  {
    name: "staff sign-in",
    invalidKey: "auth.errors.invalidCredentials",
    limitedKey: "auth.errors.tooManyAttempts",
    async account() {
      await ensureAdmin(database.db, ADMIN);
      return ADMIN;
    },
    attempt: (email, password, ip) =>
      outcome(
        signIn(
          new Request(`${BASE_URL}/login`, { method: "POST", headers: { origin: BASE_URL, "user-agent": "vitest" } }),
          { email, password },
          ip,
        ),
      ),
  },
  {
    name: "instructor sign-in",
    invalidKey: "instructorPortal.login.errors.invalidCredentials",
    limitedKey: "instructorPortal.login.errors.tooManyAttempts",
    async account() {
      const [row] = await database.db.insert(instructors).values({ name: "Mona", email: "mona@example.com", title: "Trainer" }).returning();
      const { password } = await createOrRenewAccount(await adminActor(), { instructorId: row!.id, hours: 2 });
      return { email: "mona@example.com", password };
    },
    attempt: (email, password, ip) => outcome(signInInstructor({ email, password }, ip)),
  },
];

describe.each(FORMS)("$name", (form) => {
  it("checks at most the allowed passwords when a burst arrives at once from one address (issue 34 item 2)", async () => {
    const victim = await form.account();
    const results = await Promise.all(
      Array.from({ length: POINTS * 6 }, (_, i) => form.attempt(victim.email, i === POINTS * 6 - 1 ? victim.password : `Wrong-guess-${i}`, "198.51.100.77")),
    );
    const checked = results.filter((r) => status(r) !== 429);
    expect(checked.length).toBeLessThanOrEqual(POINTS);
    expect(results.filter((r) => status(r) === 429).length).toBeGreaterThanOrEqual(POINTS * 5);
  });

  it("refuses a brute-force run from one address (429) while the right password from a new address signs in", async () => {
    const victim = await form.account();
    const attacker = "198.51.100.66";
    const results: ("ok" | AppError)[] = [];
    for (let i = 0; i < POINTS * 3; i++) results.push(await form.attempt(victim.email, `Wrong-guess-${i}`, attacker));
    // The first POINTS are real answers, every later one is refused without checking the password.
    expect(results.slice(0, POINTS).map(status)).toEqual(Array(POINTS).fill(401));
    for (const r of results.slice(0, POINTS)) expect((r as AppError).messageKey).toBe(form.invalidKey);
    expect(results.slice(POINTS).map(status)).toEqual(Array(POINTS * 2).fill(429));
    const limited = results.at(-1) as AppError;
    expect(limited.messageKey).toBe(form.limitedKey);
    expect(retryAfterSeconds(limited)).toBeGreaterThan(0);
    expect(retryAfterSeconds(limited)).toBeLessThanOrEqual(WINDOW_SEC);
    // Even the right password is refused from the guessing address…
    expect(status(await form.attempt(victim.email, victim.password, attacker))).toBe(429);
    // …and any other account from it.
    expect(status(await form.attempt("someone-else@example.com", "Wrong-guess", attacker))).toBe(429);

    // The owner, from an address that has not been failing, signs in during the run.
    expect(await form.attempt(victim.email, victim.password, "203.0.113.20")).toBe("ok");
    expect(status(await form.attempt(victim.email, "Wrong-guess-again", attacker))).toBe(429);
    expect(await form.attempt(victim.email, victim.password, "203.0.113.21")).toBe("ok");
  });

  it("only slows the account down when many addresses fail for it: the owner still signs in", async () => {
    const victim = await form.account();
    // Every failure beyond POINTS already waits (250 ms, 500 ms, …): a few beyond keep the test short.
    const failures = POINTS + 3;
    // A distributed run: every address stays under its own limit.
    for (let i = 0; i < failures; i++) {
      expect(status(await form.attempt(victim.email, `Wrong-guess-${i}`, `192.0.2.${i + 1}`)), `attempt ${i + 1}`).toBe(401);
    }
    const expectedDelay = Math.min(LOGIN_SLOWDOWN_MAX_MS, (failures - POINTS + 1) * LOGIN_SLOWDOWN_STEP_MS);
    const started = performance.now();
    expect(await form.attempt(victim.email, victim.password, "203.0.113.30")).toBe("ok");
    expect(performance.now() - started).toBeGreaterThanOrEqual(expectedDelay - 50);
    // Never a refusal for the account as such: one more failure from yet another address is still a 401.
    expect(status(await form.attempt(victim.email, "Wrong-guess", "192.0.2.200"))).toBe(401);
  });

  it("keeps refusing an address+account pair that keeps failing after the address's window has reopened", async () => {
    const victim = await form.account();
    const guesser = "198.51.100.77";
    for (let i = 0; i < POINTS; i++) expect(status(await form.attempt(victim.email, `Wrong-guess-${i}`, guesser))).toBe(401);
    expect(status(await form.attempt(victim.email, victim.password, guesser))).toBe(429);

    // The address's window has passed (only the clock moves: the counts are real, in memory or in the table).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (WINDOW_SEC + 1) * 1000 });
    const pairRefused = await form.attempt(victim.email, "Wrong-guess-later", guesser);
    expect(status(pairRefused)).toBe(429);
    expect((pairRefused as AppError).messageKey).toBe(form.limitedKey);
    expect(retryAfterSeconds(pairRefused)).toBeGreaterThan(WINDOW_SEC);
    expect(retryAfterSeconds(pairRefused)).toBeLessThanOrEqual(LOGIN_PAIR_MIN_WINDOW_SEC);
    // The address itself is open again for other accounts, and the account for other addresses.
    expect(status(await form.attempt("someone-else@example.com", "Wrong-guess", guesser))).toBe(401);
    expect(await form.attempt(victim.email, victim.password, "203.0.113.40")).toBe("ok");

    // Once the pair's own window has passed, the guesser gets real answers again.
    vi.setSystemTime(Date.now() + LOGIN_PAIR_MIN_WINDOW_SEC * 1000);
    expect(status(await form.attempt(victim.email, "Wrong-guess-much-later", guesser))).toBe(401);
  });
});

describe("where the counts live", () => {
  it(onPg ? "PostgreSQL: in the shared table rate_limit.counters" : "PGlite: in memory (the table stays empty)", async () => {
    await signIn(new Request(`${BASE_URL}/login`, { method: "POST" }), { email: "nobody@example.com", password: "Wrong-Passw0rd" }, "192.0.2.9").catch(
      () => undefined,
    );
    const rows = (await database.db.execute(sql`select key, points from rate_limit.counters`)) as unknown as {
      rows: { key: string; points: number }[];
    };
    if (!onPg) {
      expect(rows.rows).toEqual([]);
      return;
    }
    // Address, address+account and account, each one failure; the typed email is stored only as a digest.
    expect(rows.rows).toHaveLength(3);
    expect(rows.rows.every((r) => Number(r.points) === 1)).toBe(true);
    expect(rows.rows.map((r) => r.key).join(" ")).not.toContain("nobody@example.com");
    expect(rows.rows.some((r) => r.key.endsWith(":192.0.2.9"))).toBe(true);
  });

  // Registered only on PostgreSQL (TEST_DB=pg): PGlite has no second connection to share a limit with.
  if (onPg) {
    it("PostgreSQL: two connection pools on one database (two instances) share one limit", async () => {
      const first: Database = database;
      const second = await openDatabase({ url: database.url!, poolMax: 2 });
      try {
        const limiter = createRateLimiter("two-pools", { points: 4, durationSec: 60, messageKey: "contact.errors.tooManyRequests" });
        for (let i = 0; i < 4; i++) {
          setDatabase(i % 2 === 0 ? first : second);
          await consumeRateLimit(limiter, "192.0.2.50");
        }
        for (const db of [first, second]) {
          setDatabase(db);
          const refused = await outcome(consumeRateLimit(limiter, "192.0.2.50"));
          expect(status(refused)).toBe(429);
        }
      } finally {
        setDatabase(first);
        await second.close();
      }
    });
  }
});
