import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { emailOutbox, siteSettings } from "@db/schema/index.ts";
import { openDatabase, type Database, type Db } from "~/lib/db.server.ts";
import { defaultSender } from "~/lib/email.server.ts";
import { createLogger } from "~/lib/logger.server.ts";
import {
  createOutboxWorker,
  enqueueEmail,
  logTransport,
  retryEmail,
  smtpTransport,
  type MailTransport,
} from "~/lib/outbox.server.ts";
import { createTestClock, type TestClock } from "../setup/clock.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";

const FROM = '"Academy" <no-reply@academy.test>';
const silent = { info() {}, warn() {}, error() {} };

let smtp: TestSmtpServer;
let transport: ReturnType<typeof smtpTransport>;
/** The workers' time: moved forward by the tests instead of sleeping. */
let clock: TestClock;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url);
  clock = createTestClock();
});
afterEach(async () => {
  transport.close();
  await smtp.stop();
});

function worker(db: Db = database.db, extra: Partial<Parameters<typeof createOutboxWorker>[0]> = {}) {
  return createOutboxWorker({ db, transport, from: FROM, logger: silent, backoffBaseMs: 300, clock, ...extra });
}

async function row(id: string) {
  const [r] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return r;
}

/** Whether the row's next_attempt_at is after the database clock's now(). */
async function dueInFuture(id: string): Promise<boolean> {
  const res = (await database.db.execute(
    sql`select next_attempt_at > now() as future from email_outbox where id = ${id}`,
  )) as unknown as { rows: { future: boolean }[] };
  return res.rows[0]?.future === true;
}

describe("email outbox", () => {
  it("never sends an email whose transaction rolled back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, { kind: "test", to: "a@example.com", subject: "Rolled back", text: "t", html: "<p>t</p>" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");

    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.messages).toHaveLength(0);
  });

  it("without MAIL_FROM, sends from the academy's name in Settings at no-reply@ the site's host, read per batch (issue 36 item 10)", async () => {
    const send = (n: number) =>
      database.db.transaction((tx) => enqueueEmail(tx, { kind: "test", to: `s${n}@example.com`, subject: `S${n}`, text: "t", html: "<p>t</p>" }));
    const w = worker(database.db, { from: () => defaultSender(database.db, "https://academy.example/") });
    await send(1);
    await w.runOnce();
    // No name set yet: the default brand, never "localhost".
    expect((await smtp.waitFor(1))[0]!.headers.from).toBe('"Nile Academy" <no-reply@academy.example>');
    // The name staff set, its quotes dropped (they would end the header's quoted name).
    await database.db.insert(siteSettings).values({ key: "brand", value: { name: { en: 'Delta "Skills" Centre', ar: "مركز الدلتا" } } });
    await send(2);
    await w.runOnce();
    const [, second] = await smtp.waitFor(2);
    expect(second!.from).toBe("no-reply@academy.example");
    expect(second!.headers.from).toBe('"Delta Skills Centre" <no-reply@academy.example>');
  });

  it("delivers a committed email with the right recipient and an Arabic subject", async () => {
    const subject = "تأكيد التسجيل في دورة اللغة الإنجليزية — المستوى الأول";
    const id = await database.db.transaction((tx) =>
      enqueueEmail(tx, {
        kind: "enrollment-confirmation",
        to: "student@example.com",
        replyTo: "office@academy.test",
        subject,
        text: "مرحباً سارة، تم استلام طلبك.",
        html: "<p>مرحباً سارة، تم استلام طلبك.</p>",
      }),
    );
    expect((await row(id))?.status).toBe("pending");

    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["student@example.com"]);
    expect(mail?.from).toBe("no-reply@academy.test");
    expect(mail?.subject).toBe(subject);
    expect(mail?.headers["reply-to"]).toContain("office@academy.test");
    expect(mail?.text).toContain("مرحباً سارة، تم استلام طلبك.");
    expect(mail?.html).toContain("<p>مرحباً سارة، تم استلام طلبك.</p>");

    const r = await row(id);
    expect(r?.status).toBe("sent");
    expect(r?.attempts).toBe(1);
    expect(r?.sentAt).toBeInstanceOf(Date);
    expect(r?.lastError).toBeNull();
    expect(r?.lockedUntil).toBeNull();

    // Nothing is sent twice (a message is in smtp.messages before its sender hears back).
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it("retries with backoff while SMTP is down and delivers once when it is back", async () => {
    const port = smtp.port;
    await smtp.stop();
    const id = await enqueueEmail(database.db, { kind: "test", to: "b@example.com", subject: "Retry me", text: "t", html: "<p>t</p>" });
    const w = worker(database.db, { backoffBaseMs: 1_000 });

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    const r1 = await row(id);
    expect(r1?.status).toBe("pending");
    expect(r1?.attempts).toBe(1);
    expect(r1?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(r1?.lastError!.length).toBeLessThanOrEqual(1000);
    expect(await dueInFuture(id)).toBe(true);

    smtp = await startSmtpServer({ port });
    // Not due yet: nothing is claimed.
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect((await row(id))?.attempts).toBe(1);

    clock.advance(1_100);
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    await smtp.waitFor(1);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.messages.map((m) => m.subject)).toEqual(["Retry me"]);
    const r2 = await row(id);
    expect(r2?.status).toBe("sent");
    expect(r2?.attempts).toBe(2);
    expect(r2?.lastError).toBeNull();
  });

  it("gives up after maxAttempts and records the error; retryEmail queues it again", async () => {
    let calls = 0;
    const failing: MailTransport = {
      send: () => {
        calls += 1;
        return Promise.reject(new Error(`550 mailbox unavailable ${"x".repeat(2000)}`));
      },
    };
    const id = await enqueueEmail(database.db, { kind: "test", to: "c@example.com", subject: "Doomed", text: "t", html: "t", maxAttempts: 3 });
    const w = createOutboxWorker({ db: database.db, transport: failing, from: FROM, logger: silent, backoffBaseMs: 20, clock });

    const totals = { sent: 0, failed: 0, retried: 0 };
    for (let i = 0; i < 50 && totals.failed === 0; i++) {
      const r = await w.runOnce();
      totals.sent += r.sent;
      totals.failed += r.failed;
      totals.retried += r.retried;
      clock.advance(30);
    }
    expect(totals).toEqual({ sent: 0, failed: 1, retried: 2 });
    expect(calls).toBe(3);
    const r = await row(id);
    expect(r?.status).toBe("failed");
    expect(r?.attempts).toBe(3);
    expect(r?.lastError).toMatch(/^Error: 550 mailbox unavailable/);
    expect(r?.lastError).toHaveLength(1000);

    // A failed row stays failed.
    clock.advance(100);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });

    // An admin retry gives it one more attempt, this time through the working SMTP server.
    expect(await retryEmail(database.db, id)).toBe(true);
    expect(await retryEmail(database.db, id)).toBe(false); // no longer failed
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect((await smtp.waitFor(1))[0]?.subject).toBe("Doomed");
    expect((await row(id))?.status).toBe("sent");
  });

  it("re-claims a row whose worker lease expired", async () => {
    const id = await enqueueEmail(database.db, { kind: "test", to: "d@example.com", subject: "Stuck", text: "t", html: "t" });
    // A worker that crashed mid-send left the row `sending` with an expired lease.
    await database.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect((await row(id))?.attempts).toBe(2);

    // A live lease is respected.
    const id2 = await enqueueEmail(database.db, { kind: "test", to: "d@example.com", subject: "Busy", text: "t", html: "t" });
    await database.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(emailOutbox.id, id2));
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
  });

  it("two workers on one database never send the same row twice", async () => {
    const N = 30;
    const ids = new Set<string>();
    for (let i = 0; i < N; i++) {
      ids.add(await enqueueEmail(database.db, { kind: "test", to: `u${i}@example.com`, subject: `n${i}`, text: "t", html: "t" }));
    }
    // With PostgreSQL each worker gets its own pool (as two app instances would); PGlite has one connection.
    let second: Database | undefined;
    if (database.url) second = await openDatabase({ url: database.url, poolMax: 4 });
    try {
      // The subject carries the row id so duplicates are visible on the SMTP side.
      const idTransport: MailTransport = { send: (m) => transport.send({ ...m, subject: `${m.subject} ${m.id}` }) };
      const w1 = createOutboxWorker({ db: database.db, transport: idTransport, from: FROM, logger: silent, batchSize: 4 });
      const w2 = createOutboxWorker({ db: second?.db ?? database.db, transport: idTransport, from: FROM, logger: silent, batchSize: 4 });
      const perWorker = [0, 0];
      for (let round = 0; round < 50; round++) {
        // Several concurrent runs per worker to maximise contention on the claim.
        const results = await Promise.all([w1.runOnce(), w2.runOnce(), w1.runOnce(), w2.runOnce()]);
        results.forEach((r, i) => (perWorker[i % 2]! += r.sent));
        if (results.every((r) => r.sent + r.failed + r.retried === 0)) break;
      }
      expect(perWorker[0]! + perWorker[1]!).toBe(N);

      await smtp.waitFor(N);
      expect(smtp.messages).toHaveLength(N);
      const seen = smtp.messages.map((m) => m.subject.split(" ")[1]);
      expect(new Set(seen).size).toBe(N);
      expect(new Set(seen)).toEqual(ids);

      const rows = await database.db.select().from(emailOutbox);
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await second?.close();
    }
  });

  it("start() polls in the background, wake() triggers a run, stop() waits for it", async () => {
    const w = worker(database.db, { pollMs: 60_000 });
    w.start();
    clock.advance(0);
    await clock.timersSet(60_000); // the first run found nothing and set the next poll
    await enqueueEmail(database.db, { kind: "test", to: "e@example.com", subject: "Woken", text: "t", html: "t" });
    w.wake();
    clock.advance(0);
    const [mail] = await smtp.waitFor(1, 5_000);
    expect(mail?.subject).toBe("Woken");
    await w.stop();

    // After stop, wake does nothing: no timer is left, and a minute later nothing more was sent.
    await enqueueEmail(database.db, { kind: "test", to: "e@example.com", subject: "After stop", text: "t", html: "t" });
    w.wake();
    expect(clock.pending()).toBe(0);
    clock.advance(60_000);
    expect(smtp.messages).toHaveLength(1);
  });

  it("keeps polling when the database fails, without throwing", async () => {
    const errors: unknown[] = [];
    const broken = {
      ...silent,
      error: (obj: object) => errors.push(obj),
    };
    // A database that does not answer (nothing listens on port 1).
    const dead = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/none", poolMax: 1 });
    try {
      const w = createOutboxWorker({ db: dead.db, transport, from: FROM, logger: broken, pollMs: 20, clock });
      await expect(w.runOnce()).rejects.toThrow();
      w.start();
      clock.advance(0);
      await clock.timersSet(20, 1); // the first background run failed and set the next poll
      clock.advance(20);
      await clock.timersSet(20, 2);
      await w.stop();
      expect(errors.length).toBeGreaterThan(1);
    } finally {
      await dead.close();
    }
  });

  it("logTransport logs the envelope (never the body) and records the email as logged, not sent", async () => {
    const logged: object[] = [];
    const link = "http://localhost:3000/en/reset-password?token=Zq8vLr2Xk9TbYw3Nc7Pd&lang=en";
    const id = await enqueueEmail(database.db, {
      kind: "password-reset",
      to: "f@example.com",
      replyTo: "visitor@example.com",
      subject: "Reset your password",
      text: `Open ${link} within an hour.`,
      html: `<p><a href="${link}">Reset</a></p>`,
    });
    const w = createOutboxWorker({ db: database.db, transport: logTransport({ info: (o: object) => logged.push(o) }), from: FROM, logger: silent });
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(logged).toEqual([{ outboxId: id, kind: "password-reset", to: "f@example.com", subject: "Reset your password" }]);
    const line = JSON.stringify(logged);
    for (const secret of ["Zq8vLr2Xk9TbYw3Nc7Pd", "reset-password", "token", "Open ", "<a", "visitor@example.com"]) {
      expect(line).not.toContain(secret);
    }
    const stored = await row(id);
    expect(stored?.status).toBe("logged");
    expect(stored?.sentAt).toBeInstanceOf(Date);
  });

  it("without SMTP, the server's log line of an email holds the envelope only, not the body or its reset link", async () => {
    // The application's logger, as the server wires it without SMTP_URL (app.server.ts), into a capture stream.
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const captured = createLogger("info", stream);
    const token = "Hs5mW2qPz8XrT4vKc9Lb";
    const id = await enqueueEmail(database.db, {
      kind: "password-reset",
      to: "owner@example.com",
      subject: "Reset your Course Academy password",
      text: `Reset: http://localhost:3000/en/reset-password?token=${token}`,
      html: `<a href="http://localhost:3000/en/reset-password?token=${token}">Reset</a>`,
    });
    const w = createOutboxWorker({ db: database.db, transport: logTransport(captured), from: FROM, logger: silent });
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    const line = lines.find((l) => l.includes(id));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ outboxId: id, kind: "password-reset", to: "owner@example.com", subject: "Reset your Course Academy password" });
    expect(line).not.toContain(token);
    expect(line).not.toContain("reset-password");
    expect(line).not.toMatch(/"(text|html)"/);
  });
});
