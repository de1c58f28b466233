// Fault: two app instances on one PostgreSQL database, both running the outbox worker (issue 8 point 6;
// DECISIONS "Where the product runs": scale-out). Two production servers share a fresh database and one
// SMTP server and poll the outbox every 50 ms. A burst of emails becomes due in one commit while
// visitors enrol on both instances; every email must arrive exactly once (FOR UPDATE SKIP LOCKED), and
// both workers must have taken part — otherwise the test would prove nothing about the race.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
