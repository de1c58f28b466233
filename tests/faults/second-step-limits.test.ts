// Issue 34 item 1, reproduced as found: with the password, many sign-ins waiting for their second step and
// guesses sent at once to two instances on one PostgreSQL database. Found: 242 of 250 guesses checked, then
// the right code signed in. Now at most 10 codes per account are checked per 15 minutes, whatever the
// number of waiting sign-ins or instances, and the right code is refused while the account's window lasts.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@db/schema/index.ts";
import { createAuth } from "~/domain/accounts/auth.server.ts";
import type { Db } from "~/lib/db.server.ts";
import { startApp, type RunningApp } from "../e2e/harness.ts";
import { totp } from "../setup/totp.ts";
import { AUTH_SECRET, createDatabase, ensureBuild, stopApp, type FaultDatabase } from "./helpers.ts";

const ADMIN = { email: "admin@example.com", password: "Second-Step-Passw0rd!" };
const WAITING = 30;
const GUESSES_EACH = 4;

let database: FaultDatabase;
let pool: pg.Pool;
const apps: RunningApp[] = [];
let key = "";

beforeAll(async () => {
  ensureBuild();
  database = await createDatabase(undefined, "fault_second_step");
  const env = { DATABASE_URL: database.url, AUTH_SECRET, SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: "true" };
  apps.push(await startApp(env));
  apps.push(await startApp(env));
  // The admin turns on an authenticator, through better-auth itself on the same database and secret.
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const auth = createAuth({ db: drizzle(pool, { schema, casing: "snake_case" }) as unknown as Db, secret: AUTH_SECRET, baseURL: apps[0]!.url });
  const signedIn = await auth.api.signInEmail({ body: ADMIN, asResponse: true });
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const enabled = await auth.api.enableTwoFactor({ body: { password: ADMIN.password }, headers: new Headers({ cookie }) });
  key = "totpURI" in enabled ? (new URL(enabled.totpURI).searchParams.get("secret") ?? "") : "";
  const verified = await auth.api.verifyTOTP({ body: { code: totp(key) }, headers: new Headers({ cookie }), asResponse: true });
  expect(verified.status).toBe(200);
}, 240_000);

afterAll(async () => {
  for (const app of apps) await stopApp(app);
  await pool?.end();
  await database?.drop();
});

/** A sign-in with the password from `ip` on `app`: the cookies of the sign-in waiting for its code. */
async function waitingSignIn(app: RunningApp, ip: string): Promise<string> {
  const res = await fetch(`${app.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, "x-forwarded-for": ip, "accept-language": "en" },
    body: new URLSearchParams(ADMIN),
  });
  expect(res.headers.get("location") ?? "").toMatch(/^\/login\/two-factor/);
  await res.body?.cancel();
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function guess(app: RunningApp, cookie: string, code: string, ip: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${app.url}/login/two-factor`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie, "x-forwarded-for": ip, "accept-language": "en" },
    body: new URLSearchParams({ method: "totp", code }),
  });
  return { status: res.status, body: await res.text() };
}

describe("the second sign-in step on two instances", () => {
  it(`${WAITING} waiting sign-ins with ${GUESSES_EACH} guesses each, then rounds of fresh ones, all at once: at most 10 codes checked in all, then the account is locked`, async () => {
    const [a, b] = apps as [RunningApp, RunningApp];
    let n = 0;
    const wrong = () => String(100000 + ((n += 7919) % 899999)).slice(0, 6);
    const count = (answers: { status: number; body: string }[]) => {
      expect(answers.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
      return answers.filter((r) => r.status === 400 && r.body.includes("That code is not right")).length;
    };
    // As found: many waiting sign-ins, a few guesses on each, everything at once on both instances. A new
    // waiting sign-in ends the older ones: only the newest can be tried at all.
    const jars: string[] = [];
    for (let i = 0; i < WAITING; i++) jars.push(await waitingSignIn(i % 2 ? b : a, `198.18.1.${i + 1}`));
    let checked = count(
      await Promise.all(jars.flatMap((jar, i) => Array.from({ length: GUESSES_EACH }, (_, g) => guess((i + g) % 2 ? b : a, jar, wrong(), `198.19.${i}.${g + 1}`)))),
    );
    // Then rounds of one fresh waiting sign-in with a burst of guesses each: the account's count stops them.
    for (let round = 0; round < 4; round++) {
      const jar = await waitingSignIn(round % 2 ? b : a, `198.18.2.${round + 1}`);
      checked += count(await Promise.all(Array.from({ length: 8 }, (_, g) => guess(g % 2 ? b : a, jar, wrong(), `198.20.${round}.${g + 1}`))));
    }
    expect(checked).toBeLessThanOrEqual(10);
    // The right code on a fresh waiting sign-in: refused while the account's window lasts.
    const jar = await waitingSignIn(a, "198.18.9.9");
    const right = await guess(b, jar, totp(key, Date.now() + 30_000), "198.18.9.9");
    expect(right.status).toBe(429);
  });
});
