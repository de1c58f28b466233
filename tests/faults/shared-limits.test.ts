// Fault: two app instances on one PostgreSQL database share one sign-in limit (issue 14 point 10).
// Rate-limit counters kept per process would let N instances allow every limit N times; on PostgreSQL
// they live in the database (rate_limit.counters), so failures sent to either instance count once.
// Also end to end (issue 14 point 5): the guessing address is refused on both instances while the owner,
// from another address, signs in on either. "Email me the link" (issue 37) holds its two limits under a burst
// split over both instances: per client address, and per request whatever the addresses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../e2e/harness.ts";
import {
  AUTH_SECRET,
  createDatabase,
  enrollmentForm,
  ensureBuild,
  postEnrollment,
  request,
  stopApp,
  type Course,
  type FaultDatabase,
  type Outcome,
} from "./helpers.ts";

const ADMIN = { email: "admin@example.com", password: "Shared-Limit-Passw0rd!" };
const POINTS = 6;
const GUESSER = "198.51.100.23";

let database: FaultDatabase;
const apps: RunningApp[] = [];

beforeAll(async () => {
  ensureBuild();
  database = await createDatabase(undefined, "fault_limits");
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET,
    SEED_DEMO: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN: `${POINTS}/60`,
    // The client address comes from X-Forwarded-For, as behind a proxy: one machine plays several clients.
    TRUST_PROXY: "true",
  };
  // One after the other: the first migrates, the second finds the database ready.
  apps.push(await startApp(env));
  apps.push(await startApp(env));
});

afterAll(async () => {
  for (const app of apps) await stopApp(app);
  await database?.drop();
});

function signIn(app: RunningApp, password: string, ip: string): Promise<Outcome> {
  return request(`${app.url}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: ADMIN.email, password }).toString(),
    headers: { origin: app.url, "x-forwarded-for": ip, "accept-language": "en" },
  });
}

describe("two instances on one PostgreSQL", () => {
  it("share one sign-in limit: failures sent to either count once, and both refuse the guesser", async () => {
    const [a, b] = apps as [RunningApp, RunningApp];
    // POINTS failures from one address, alternating between the instances: each instance has seen only
    // half of them, so per-process counting would still answer 401 below.
    for (let i = 0; i < POINTS; i++) {
      const res = await signIn(i % 2 === 0 ? a : b, `Wrong-Passw0rd-${i}`, GUESSER);
      expect(res.status, `attempt ${i + 1} on instance ${i % 2 === 0 ? "A" : "B"}: ${res.error ?? ""}`).toBe(401);
    }
    for (const [name, app] of [["A", a], ["B", b]] as const) {
      const refused = await signIn(app, ADMIN.password, GUESSER);
      expect(refused.status, `instance ${name} after ${POINTS} failures in all`).toBe(429);
      expect(refused.body).toContain("Too many sign-in attempts. Please wait a minute and try again.");
    }

    // The counts are in the database, once.
    const rows = await database.query<{ key: string; points: number }>("select key, points from rate_limit.counters where key = $1", [
      `login-ip:${GUESSER}`,
    ]);
    // Every attempt is counted before its password is checked (issue 34): the POINTS failures and the two
    // refused attempts after them.
    expect(rows).toEqual([{ key: `login-ip:${GUESSER}`, points: POINTS + 2 }]);

    // The owner, from another address, signs in on either instance (issue 14 point 5: no lockout by strangers).
    for (const app of [a, b]) {
      const ok = await signIn(app, ADMIN.password, "203.0.113.45");
      expect([302, 303], `${app.url}: ${ok.status} ${ok.body?.slice(0, 200) ?? ok.error}`).toContain(ok.status);
    }
  });

  it("a burst of 300 attempts at once, split over both instances, has at most the allowed passwords checked (issue 34 item 2)", async () => {
    const [a, b] = apps as [RunningApp, RunningApp];
    const burst = "198.51.100.99";
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => signIn(i % 2 === 0 ? a : b, i === 299 ? ADMIN.password : `Burst-guess-${i}`, burst)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(POINTS);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(300 - POINTS);
    expect(statuses.filter((s) => s === undefined || s >= 500)).toEqual([]);
  });

  it("refuse with a Retry-After header from either instance", async () => {
    for (const app of apps) {
      const res = await fetch(`${app.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, "x-forwarded-for": GUESSER },
        body: new URLSearchParams({ email: ADMIN.email, password: "Wrong-again-1" }),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      await res.body?.cancel();
    }
  });

  it("share the per-email enrollment limit (issue 19 point 9): five requests for one email across both, then either refuses it", async () => {
    const [a, b] = apps as [RunningApp, RunningApp];
    // No demo data on this database: one published course.
    const [course] = await database.query<Course>(
      "insert into courses (title, slug, language, is_published) values ('Shared Limit Course', 'shared-limit-course', 'en', true) returning id, slug",
    );
    const email = `same-person-${process.pid}@example.com`;
    const enroll = (app: RunningApp, address: string, ip: string) => {
      const body = new URLSearchParams(enrollmentForm(course!, "limits").body);
      body.set("studentEmail", address);
      return request(`${app.url}/en/courses/${course!.slug}/enroll`, {
        method: "POST",
        body: body.toString(),
        headers: { "x-forwarded-for": ip, "accept-language": "en" },
      });
    };
    // Five requests for one email from five addresses, alternating instances: all accepted.
    for (let i = 0; i < 5; i++) {
      const res = await enroll(i % 2 === 0 ? a : b, email, `203.0.113.${100 + i}`);
      expect(res.status, `request ${i + 1}: ${res.body?.slice(0, 200) ?? res.error}`).toBe(200);
    }
    // The sixth, from yet another address, is refused by either instance, with the form's message.
    for (const [name, app] of [["A", a], ["B", b]] as const) {
      const refused = await enroll(app, email, "203.0.113.120");
      expect(refused.status, `instance ${name}`).toBe(429);
      expect(refused.body).toContain("Several requests have already been sent with this email address.");
    }
    // Another email from that address goes through.
    expect((await enroll(b, `someone-else-${process.pid}@example.com`, "203.0.113.120")).status).toBe(200);
    // One shared counter for the email (a digest, not the address), in the database.
    const rows = await database.query<{ key: string }>("select key from rate_limit.counters where key like 'enrollment-email:%'");
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.key).join(" ")).not.toContain("@");
  });

  it("'Email me the link' (issue 37): bursts at once over both instances get the limit per address, and one request's link is emailed 3 times an hour at most", async () => {
    const [a, b] = apps as [RunningApp, RunningApp];
    const [course] = await database.query<Course>(
      "insert into courses (title, slug, language, is_published) values ('Link Limit Course', 'link-limit-course', 'en', true) returning id, slug",
    );
    const made = await postEnrollment(a.url, course!, "link");
    expect(made.status, made.body?.slice(0, 200) ?? made.error).toBe(200);
    const [{ reference } = { reference: "" }] = await database.query<{ reference: string }>("select enrollment_id as reference from enrollments where student_email = $1", [made.email]);
    const find = (app: RunningApp, ip: string, form: { reference: string; email: string }) =>
      request(`${app.url}/en/enrollment`, { method: "POST", body: new URLSearchParams({ ...form, website: "" }).toString(), headers: { "x-forwarded-for": ip, "accept-language": "en" } });

    // 40 at once from one address (each asking about a request that does not exist): the limit's 5 answered, 35 refused.
    const fromOne = await Promise.all(Array.from({ length: 40 }, (_, i) => find(i % 2 === 0 ? a : b, "198.51.100.140", { reference: `ENR-NOPE${i}-AAAAAA`, email: "nobody@example.com" })));
    const statuses = fromOne.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 303)).toBe(true);

    // 20 at once for the real request, each from its own address: its link is emailed 3 times, no more.
    const fromMany = await Promise.all(Array.from({ length: 20 }, (_, i) => find(i % 2 === 0 ? a : b, `203.0.113.${150 + i}`, { reference, email: made.email })));
    expect(fromMany.map((r) => r.status).filter((s) => s === 303)).toHaveLength(3);
    expect(fromMany.map((r) => r.status).filter((s) => s === 429)).toHaveLength(17);
    const queued = await database.query<{ n: string }>("select count(*) as n from email_outbox where kind = 'enrollment-link' and to_address = $1", [made.email]);
    expect(queued).toEqual([{ n: "3" }]);
  });

  it("'Email me a sign-in link' (issue 38): bursts at once over both instances get the limit per address, and one email gets 3 links an hour at most", async () => {
    const [a, b] = apps as [RunningApp, RunningApp];
    const [course] = await database.query<Course>(
      "insert into courses (title, slug, language, is_published) values ('Sign-in Limit Course', 'sign-in-limit-course', 'en', true) returning id, slug",
    );
    const made = await postEnrollment(a.url, course!, "signin");
    expect(made.status, made.body?.slice(0, 200) ?? made.error).toBe(200);
    const ask = (app: RunningApp, ip: string, email: string) =>
      request(`${app.url}/en/my`, { method: "POST", body: new URLSearchParams({ intent: "sign-in", email, website: "" }).toString(), headers: { "x-forwarded-for": ip, "accept-language": "en" } });

    // 40 at once from one address, each for another unknown email: the limit's 5 answered, 35 refused.
    const fromOne = await Promise.all(Array.from({ length: 40 }, (_, i) => ask(i % 2 === 0 ? a : b, "198.51.100.160", `nobody-${i}@example.com`)));
    const statuses = fromOne.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 303)).toBe(true);

    // 20 at once for the student's email, each from its own address: 3 links emailed, no more.
    const fromMany = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(i % 2 === 0 ? a : b, `203.0.113.${180 + i}`, made.email.toUpperCase())));
    expect(fromMany.map((r) => r.status).filter((s) => s === 303)).toHaveLength(3);
    expect(fromMany.map((r) => r.status).filter((s) => s === 429)).toHaveLength(17);
    await expect
      .poll(async () => (await database.query<{ n: string }>("select count(*) as n from email_outbox where kind = 'student-sign-in' and to_address = $1", [made.email.toLowerCase()]))[0]!.n)
      .toBe("3");
  });
});
