// Fault: the mail server is down while visitors enrol, then comes back (issue 8 point 6, D5).
// The production server runs on a fresh PostgreSQL database with SMTP_URL pointing at a port where
// nothing listens yet. Enrollments must succeed at once (the emails wait in the outbox), every delivery
// attempt fails while the server is down, and once a real SMTP server (smtp-server) listens on that
// port every email arrives exactly once — counted by Message-ID (the outbox row id) and by recipient.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startApp, type RunningApp } from "../e2e/harness.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";
import {
  AUTH_SECRET,
  createDatabase,
  ensureBuild,
  postEnrollment,
  publishedCourse,
  sleep,
  stopApp,
  waitUntil,
  type FaultDatabase,
} from "./helpers.ts";

let database: FaultDatabase;
let app: RunningApp | undefined;
let smtp: TestSmtpServer | undefined;
let smtpPort: number;

beforeAll(async () => {
  ensureBuild();
  database = await createDatabase();
  smtpPort = await freePort();
  app = await startApp({
    DATABASE_URL: database.url,
    AUTH_SECRET,
    SEED_DEMO: "true",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Academy <no-reply@academy.test>",
    NOTIFY_EMAIL: "provider@academy.test",
    OUTBOX_POLL_MS: "200",
    RATE_LIMIT_ENROLLMENT: "1000/60",
  });
});

afterAll(async () => {
  await stopApp(app);
  await smtp?.stop();
  await database?.drop();
});

interface OutboxRow {
  id: string;
  kind: string;
  to_address: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

describe("SMTP down, then back", () => {
  it("keeps every enrollment, retries while the mail server is down, then delivers each email exactly once", async () => {
    const course = await publishedCourse(database);
    const N = 8;
    const replies = await Promise.all(Array.from({ length: N }, (_, i) => postEnrollment(app!.url, course, `smtp${i}`)));

    // The visitors are told at once: nothing waits for the mail server.
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.enrollmentId).toMatch(/^ENR-/);
    }
    const ids = replies.map((r) => r.enrollmentId!);
    const saved = await database.query<{ enrollment_id: string }>(
      "select enrollment_id from enrollments where enrollment_id = any($1::text[])",
      [ids],
    );
    expect(saved.map((r) => r.enrollment_id).sort()).toEqual([...ids].sort());

    // Two emails per enrollment (provider notification, student confirmation) wait in the outbox, and
    // the worker has tried each of them and recorded the failure, while the mail server is down.
    const outbox = () => database.query<OutboxRow>("select id, kind, to_address, status, attempts, last_error from email_outbox order by id");
    const allTriedOnce = await waitUntil(async () => {
      const rows = await outbox();
      return rows.length === 2 * N && rows.every((r) => r.attempts >= 1 && r.status === "pending" && r.last_error !== null);
    }, 30_000);
    const down = await outbox();
    expect(allTriedOnce, JSON.stringify(down.map((r) => [r.status, r.attempts, r.last_error]))).toBe(true);
    expect(down.filter((r) => r.kind === "enrollment-confirmation")).toHaveLength(N);
    expect(down.filter((r) => r.kind === "enrollment-notification")).toHaveLength(N);
    expect(down.every((r) => r.status !== "failed")).toBe(true);
    expect(down[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    // The mail server comes back on the same address.
    smtp = await startSmtpServer({ port: smtpPort });
    const allSent = await waitUntil(async () => (await outbox()).every((r) => r.status === "sent"), 90_000, 250);
    expect(allSent, JSON.stringify((await outbox()).map((r) => [r.status, r.attempts]))).toBe(true);
    // A duplicate would come from a later worker run: give the worker several more polls.
    await sleep(2_000);

    const rows = await outbox();
    const messageIds = smtp.messages.map((m) => /^<([0-9a-f-]{36})@/.exec(m.headers["message-id"] ?? "")?.[1]);
    expect(messageIds.every(Boolean)).toBe(true);
    expect(smtp.messages).toHaveLength(rows.length);
    expect([...messageIds].sort()).toEqual(rows.map((r) => r.id).sort());

    // By recipient: each student once (their confirmation), the provider once per enrollment.
    const recipients = smtp.messages.flatMap((m) => m.to);
    for (const reply of replies) expect(recipients.filter((to) => to === reply.email)).toHaveLength(1);
    const provider = down.find((r) => r.kind === "enrollment-notification")!.to_address;
    expect(recipients.filter((to) => to === provider)).toHaveLength(N);
    // Each confirmation names the enrollment it confirms.
    for (const reply of replies) {
      const mail = smtp.messages.find((m) => m.to.includes(reply.email));
      expect(mail?.text ?? "").toContain(reply.enrollmentId!);
    }
  });
});
