// Fault: two app instances on one PostgreSQL database, both running the outbox worker (issue 8 point 6;
// DECISIONS "Where the product runs": scale-out). Two production servers share a fresh database and one
// SMTP server and poll the outbox every 50 ms. A burst of emails becomes due in one commit while
// visitors enrol on both instances; every email must arrive exactly once (FOR UPDATE SKIP LOCKED), and
// both workers must have taken part — otherwise the test would prove nothing about the race.
// Both instances also keep rendered public pages (issue 18, ADR 017): an admin's change made through one
// instance shows on the other's very next request, and no page read after a write completed is older.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { startApp, type RunningApp } from "../e2e/harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";
import {
  AUTH_SECRET,
  createDatabase,
  ensureBuild,
  logLines,
  postEnrollment,
  publishedCourse,
  sleep,
  stopApp,
  waitUntil,
  type FaultDatabase,
} from "./helpers.ts";

const ADMIN = { email: "admin@two-instances.test", password: "Two-Instances-Adm1n!" };
let database: FaultDatabase;
let smtp: TestSmtpServer;
const apps: RunningApp[] = [];

beforeAll(async () => {
  ensureBuild();
  database = await createDatabase();
  smtp = await startSmtpServer();
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET,
    SEED_DEMO: "true",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Academy <no-reply@academy.test>",
    OUTBOX_POLL_MS: "50",
    RATE_LIMIT_ENROLLMENT: "1000/60",
    // "email sent" lines name the outbox row each instance delivered.
    LOG_LEVEL: "info",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // One after the other: the first migrates and seeds, the second finds the database ready.
  apps.push(await startApp(env));
  apps.push(await startApp(env));
});

afterAll(async () => {
  for (const app of apps) await stopApp(app);
  await smtp?.stop();
  await database?.drop();
});

/** Outbox ids each instance reports as sent, from its own log. */
function sentBy(app: RunningApp): string[] {
  return logLines(app.output())
    .filter((l) => l.msg === "email sent" && typeof l.outboxId === "string")
    .map((l) => l.outboxId as string);
}

describe("two instances sending one outbox", () => {
  it("deliver every email exactly once between them", async () => {
    const course = await publishedCourse(database);
    const BURST = 300;
    const ENROLLMENTS = 20;

    // A burst of due emails, visible to both workers at the same moment (one commit), while visitors
    // enrol on both instances (each enrollment wakes its own instance's worker).
    const [burst, replies] = await Promise.all([
      database.query(
        `insert into email_outbox (kind, to_address, subject, text_body, html_body)
         select 'fault-burst', 'burst-' || g || '@example.com', 'Burst ' || g, 'Burst email ' || g, '<p>Burst email ' || g || '</p>'
         from generate_series(1, $1::int) g returning id`,
        [BURST],
      ),
      Promise.all(Array.from({ length: ENROLLMENTS }, (_, i) => postEnrollment(apps[i % 2]!.url, course, `two${i}`))),
    ]);
    expect(burst).toHaveLength(BURST);
    for (const reply of replies) expect(reply.status).toBe(200);

    const rows = () => database.query<{ id: string; status: string; attempts: number }>("select id, status, attempts from email_outbox");
    const expected = BURST + 2 * ENROLLMENTS;
    const allSent = await waitUntil(async () => {
      const r = await rows();
      return r.length === expected && r.every((x) => x.status === "sent");
    }, 120_000, 250);
    expect(allSent).toBe(true);
    // Both workers keep polling: a duplicate would show up within a few more runs.
    await sleep(2_000);

    const outbox = await rows();
    // One attempt each: no row was claimed twice.
    expect(outbox.filter((r) => r.attempts !== 1)).toEqual([]);
    const messageIds = smtp.messages.map((m) => /^<([0-9a-f-]{36})@/.exec(m.headers["message-id"] ?? "")?.[1] ?? "?");
    expect(smtp.messages).toHaveLength(expected);
    expect(new Set(messageIds).size).toBe(expected);
    expect([...messageIds].sort()).toEqual(outbox.map((r) => r.id).sort());
    const burstRecipients = smtp.messages.flatMap((m) => m.to).filter((to) => to.startsWith("burst-"));
    expect(new Set(burstRecipients).size).toBe(BURST);
    expect(burstRecipients).toHaveLength(BURST);

    // Both instances delivered part of it, and no row was delivered by both.
    const [a, b] = apps.map(sentBy) as [string[], string[]];
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    expect(a.length + b.length).toBe(expected);
  });
});

// ---- the page cache across instances ------------------------------------------------------------------

interface Answer {
  status: number;
  /** A stored copy: sent with its length (a rendered page is streamed). */
  cached: boolean;
  body: string;
}

/** A GET as Chrome sends it (brotli accepted), the body decoded. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { "Accept-Encoding": "gzip, deflate, br, zstd", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode!, cached: res.headers["content-length"] !== undefined && encoding === "br", body: body.toString("utf8") });
      });
    });
    req.on("error", reject);
  });
}

function post(url: string, form: Record<string, string>, cookie?: string): Promise<{ status: number; cookies: string[] }> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
          Origin: new URL(url).origin,
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!) }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("two instances keeping public pages", () => {
  it("show a change made through the other instance on the very next request, and never a page older than a completed write", async () => {
    const [a, b] = apps as [RunningApp, RunningApp];
    const course = await publishedCourse(database);
    const [row] = await database.query<{ title: string }>("select title from courses where id = $1", [course.id]);
    const pagePath = `/en/courses/${course.slug}`;
    const signIn = await post(`${a.url}/login?lang=en`, { email: ADMIN.email, password: ADMIN.password });
    expect(signIn.status).toBe(302);
    const cookie = signIn.cookies.join("; ");

    /** Published or not, as a visitor sees it: the course page (200 with its title, or 404). */
    const seen = (answer: Answer) => (answer.status === 200 && answer.body.includes(row!.title) ? "published" : answer.status === 404 ? "hidden" : `?${answer.status}`);
    const warm = async (app: RunningApp) => {
      // Rendered, then stored: a copy answers once the store is done.
      for (let i = 0; i < 50; i++) {
        if ((await get(`${app.url}${pagePath}`)).cached) return true;
        await sleep(20);
      }
      return false;
    };
    const setPublished = async (through: RunningApp, published: boolean) => {
      const reply = await post(`${through.url}/admin/courses`, { intent: "togglePublish", courseId: course.id, published: String(published) }, cookie);
      expect(reply.status).toBe(200);
    };

    // Sequential: a copy on both, a write through one, the other's very next answer shows it.
    let published = true;
    for (let i = 0; i < 8; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      if (published) {
        expect(await warm(a)).toBe(true);
        expect(await warm(b)).toBe(true);
      } else {
        // A hidden course's page is a 404, never stored: the course list holds a stored copy instead.
        for (const app of [a, b]) expect((await get(`${app.url}/en/courses`)).status).toBe(200);
      }
      published = !published;
      await setPublished(writer, published);
      const next = await get(`${reader.url}${pagePath}`);
      expect(seen(next), `round ${i}: the other instance's next answer`).toBe(published ? "published" : "hidden");
      expect(next.cached).toBe(false);
      expect(seen(await get(`${writer.url}${pagePath}`))).toBe(published ? "published" : "hidden");
    }
    const [stored] = await database.query<{ is_published: boolean }>("select is_published from courses where id = $1", [course.id]);
    expect(stored!.is_published).toBe(published);

    // Concurrent: readers on both instances all along while writes alternate through both. Every read that
    // began after a write completed, and ended before the next write began, shows that write's state.
    if (!published) await setPublished(a, true);
    const writes: { start: number; end: number; state: string }[] = [{ start: 0, end: 0, state: "published" }];
    const reads: { start: number; end: number; state: string; cached: boolean; instance: number }[] = [];
    let running = true;
    const readers = [a, b, a, b].map(async (app, r) => {
      while (running) {
        const start = performance.now();
        const answer = await get(`${app.url}${pagePath}`);
        reads.push({ start, end: performance.now(), state: seen(answer), cached: answer.cached, instance: r % 2 });
      }
    });
    for (let i = 0; i < 16; i++) {
      await sleep(300);
      const state = i % 2 === 0 ? "hidden" : "published";
      const start = performance.now();
      await setPublished(i % 2 === 0 ? a : b, state === "published");
      writes.push({ start, end: performance.now(), state });
    }
    await sleep(300);
    running = false;
    await Promise.all(readers);

    let strict = 0;
    const stale: string[] = [];
    for (const read of reads) {
      const last = writes.findLast((w) => w.end < read.start)!;
      const overlapping = writes.some((w) => w.start > last.start && w.start < read.end);
      if (overlapping) continue;
      strict++;
      if (read.state !== last.state) stale.push(`read at ${read.start.toFixed(0)} (instance ${read.instance}) saw ${read.state} after a write to ${last.state} ended at ${last.end.toFixed(0)}`);
    }
    expect(stale).toEqual([]);
    expect(strict).toBeGreaterThan(100);
    // The cache took part on both instances: copies answered between the writes.
    expect(reads.filter((r) => r.cached && r.instance === 0).length).toBeGreaterThan(10);
    expect(reads.filter((r) => r.cached && r.instance === 1).length).toBeGreaterThan(10);
    expect(reads.filter((r) => r.state.startsWith("?"))).toEqual([]);
  });
});
