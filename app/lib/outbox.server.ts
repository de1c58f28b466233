// Transactional email outbox (DECISIONS D5/D10).
//
// The caller writes the email row in the same transaction as the business row (an enrollment, a
// contact message), so a committed lead always has its emails recorded and a rolled-back one never
// sends anything. A background worker claims due rows with `FOR UPDATE SKIP LOCKED`, so several
// app instances on one database never claim the same row at the same time, and retries failures
// with exponential backoff until `max_attempts`, after which the row is marked `failed`.
//
// Delivery is at-least-once only in one corner case: a worker that stalls longer than its lease
// (default 5 minutes, far above the SMTP timeouts) lets another worker re-claim the row. The
// completion updates are fenced on the claimed attempt number, so a stale worker cannot overwrite
// the newer outcome.
//
// An email may be held back (`delayMs`: its first attempt is due that much later) and withdrawn while it
// waits (`cancelPendingEmails`: status `cancelled`). Only `pending` rows whose `next_attempt_at` has come
// are claimed, and withdrawing takes only rows still `pending`: a row is either claimed (and goes out)
// or withdrawn (and never does), whichever takes its row lock first.
import nodemailer from "nodemailer";
import { and, eq, inArray, or, sql, lt, lte, type SQL } from "drizzle-orm";
import { emailOutbox } from "@db/schema/index.ts";
import type { Db, Executor } from "~/lib/db.server.ts";
import { logger as appLogger } from "~/lib/logger.server.ts";
import { metrics } from "~/lib/metrics.server.ts";

export type OutboxRow = typeof emailOutbox.$inferSelect;

export interface OutboundEmail {
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Defaults to the column default (8). */
  maxAttempts?: number;
  /** What the email is about ("enrollment:<id>"), so that it can be withdrawn while it waits. */
  ref?: string;
  /** Hold the email back this long before its first attempt (an undo window); default 0. */
  delayMs?: number;
  /**
   * Not before this moment (a reminder two days before a run starts). With `delayMs` too, the later of
   * the two holds. A moment in the past means "now".
   */
  sendAfter?: Date;
}

export interface MailMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** The outbox row id; transports may use it for a stable Message-ID. */
  id?: string;
  /** The outbox row's kind (password-reset, enrollment…), for the log transport. */
  kind?: string;
}

export interface MailTransport {
  send(msg: MailMessage): Promise<void>;
  /** Nothing leaves the server (no SMTP server configured): a delivered email is recorded `logged`, not `sent`. */
  readonly logsOnly?: boolean;
}

/** The subset of the pino logger the outbox uses. */
export interface OutboxLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const LAST_ERROR_MAX = 1000;

/** Header values must not carry line breaks (header injection); collapse them to spaces. */
function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}

/**
 * Records an email to send, inside the caller's transaction (or directly on the database).
 * Returns the outbox row id. Nothing is sent here: the worker picks the row up after commit.
 */
export async function enqueueEmail(tx: Executor, email: OutboundEmail): Promise<string> {
  const to = singleLine(email.to);
  if (!to) throw new Error("enqueueEmail: recipient is required");
  if (email.maxAttempts !== undefined && (!Number.isInteger(email.maxAttempts) || email.maxAttempts < 1)) {
    throw new Error("enqueueEmail: maxAttempts must be a positive integer");
  }
  if (email.delayMs !== undefined && (!Number.isInteger(email.delayMs) || email.delayMs < 0)) {
    throw new Error("enqueueEmail: delayMs must be a non-negative integer");
  }
  if (email.sendAfter !== undefined && Number.isNaN(email.sendAfter.getTime())) {
    throw new Error("enqueueEmail: sendAfter must be a valid date");
  }
  const replyTo = email.replyTo ? singleLine(email.replyTo) : undefined;
  const delayed = email.delayMs ? sql`now() + (${email.delayMs}::integer * interval '1 millisecond')` : sql`now()`;
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: to,
      replyTo: replyTo || null,
      subject: singleLine(email.subject),
      textBody: email.text,
      htmlBody: email.html,
      ...(email.maxAttempts !== undefined ? { maxAttempts: email.maxAttempts } : {}),
      ...(email.ref ? { ref: email.ref } : {}),
      // The database's clock, as the worker's due check reads it.
      ...(email.sendAfter
        ? { nextAttemptAt: sql`greatest(${delayed}, ${email.sendAfter.toISOString()}::timestamptz)` }
        : email.delayMs
          ? { nextAttemptAt: delayed }
          : {}),
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error("enqueueEmail: insert returned no row");
  return row.id;
}

/**
 * Withdraws the emails about `refs` that are still waiting (status `pending`, optionally only of the
 * given kinds): they become `cancelled` and are never sent. An email a worker has claimed (`sending`)
 * or that has left is not touched. Run it inside the transaction that undoes what the email announced;
 * it returns the withdrawn rows, so the caller can tell which emails had already gone.
 */
export async function cancelPendingEmails(
  tx: Executor,
  refs: readonly string[],
  kinds?: readonly string[],
): Promise<{ id: string; ref: string }[]> {
  if (refs.length === 0) return [];
  const rows = await tx
    .update(emailOutbox)
    .set({ status: "cancelled", lockedUntil: null })
    .where(
      and(
        inArray(emailOutbox.ref, [...refs]),
        eq(emailOutbox.status, "pending"),
        kinds ? inArray(emailOutbox.kind, [...kinds]) : undefined,
      ),
    )
    .returning({ id: emailOutbox.id, ref: emailOutbox.ref });
  return rows.map((r) => ({ id: r.id, ref: r.ref ?? "" }));
}

/**
 * Puts a failed email back in the queue for one more try (admin action). Attempts are kept as a
 * record; since the attempt count is already at the limit, the row gets exactly one more attempt
 * and goes back to `failed` if that fails too. Returns false when the row is not `failed`.
 */
export async function retryEmail(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: "pending", nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** Delay before the retry that follows attempt number `attempts` (1-based). */
export function backoffDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exp = Math.max(0, attempts - 1);
  // 2^exp overflows to Infinity for huge exponents; min() keeps it at the cap.
  return Math.round(Math.min(baseMs * 2 ** exp, maxMs));
}

function errorMessage(err: unknown): string {
  const msg = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return msg.length > LAST_ERROR_MAX ? msg.slice(0, LAST_ERROR_MAX) : msg;
}

/**
 * The worker's time: the instant its due and lease checks compare with, and the timer of its polling.
 * Production uses `systemClock`; tests pass a clock they move forward instead of sleeping.
 */
export interface OutboxClock {
  /** The current instant, as an SQL expression. */
  now(): SQL;
  /** Calls `fn` once after `ms`, without keeping the process alive; returns a function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

/** The database's `now()` (one clock for every instance on the database) and Node's timers. */
export const systemClock: OutboxClock = {
  now: () => sql`now()`,
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  /**
   * The From header of every email, e.g. `"Academy" <no-reply@example.com>`, or a function read once per
   * batch (the academy's name from Settings, which staff may change while the server runs).
   */
  from: string | (() => Promise<string>);
  /** When set, overrides each row's max_attempts. */
  maxAttempts?: number;
  /** Poll interval of `start()`. Default 5 s. */
  pollMs?: number;
  /** Rows claimed per run. Default 10. */
  batchSize?: number;
  logger?: OutboxLogger;
  /** How long a claim is exclusive; a row still `sending` after that is re-claimed. Default 5 min. */
  leaseMs?: number;
  /** Backoff after the first failure; doubles per attempt. Default 5 s. */
  backoffBaseMs?: number;
  /** Backoff cap. Default 1 hour. */
  backoffMaxMs?: number;
  /** Default `systemClock`. */
  clock?: OutboxClock;
}

export interface RunResult {
  sent: number;
  failed: number;
  retried: number;
}

export interface OutboxWorker {
  /** Claims one batch of due rows and sends them. Throws only when claiming fails (database down). */
  runOnce(): Promise<RunResult>;
  /** Starts polling every `pollMs` (unref'd timer); runs never overlap. */
  start(): void;
  /** Triggers a run soon (after an enqueue); a no-op unless started. */
  wake(): void;
  /** Stops polling and waits for an in-flight run. */
  stop(): Promise<void>;
}

export function createOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, from } = opts;
  const log = opts.logger ?? appLogger;
  const pollMs = opts.pollMs ?? 5_000;
  const batchSize = opts.batchSize ?? 10;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const backoffBaseMs = opts.backoffBaseMs ?? 5_000;
  const backoffMaxMs = opts.backoffMaxMs ?? 60 * 60_000;
  const clock = opts.clock ?? systemClock;

  /** The clock's now plus `ms` milliseconds, as an SQL expression. */
  function nowPlus(ms: number) {
    return sql`${clock.now()} + (${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;
  }

  async function claim(): Promise<OutboxRow[]> {
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, clock.now())),
          and(eq(emailOutbox.status, "sending"), lt(emailOutbox.lockedUntil, clock.now())),
        ),
      )
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(emailOutbox)
      .set({
        status: "sending",
        attempts: sql`${emailOutbox.attempts} + 1`,
        lockedUntil: nowPlus(leaseMs),
      })
      .where(inArray(emailOutbox.id, due))
      .returning();
  }

  /** Only the worker holding the current claim may record the outcome. */
  function claimed(row: OutboxRow) {
    return and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "sending"), eq(emailOutbox.attempts, row.attempts));
  }

  async function deliver(row: OutboxRow, sender: string): Promise<keyof RunResult | undefined> {
    try {
      await transport.send({
        from: sender,
        to: row.toAddress,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        id: row.id,
        kind: row.kind,
      });
    } catch (err) {
      const lastError = errorMessage(err);
      const max = opts.maxAttempts ?? row.maxAttempts;
      metrics().outboxFailures.inc({ outcome: row.attempts >= max ? "gave_up" : "retry" });
      try {
        if (row.attempts >= max) {
          await db
            .update(emailOutbox)
            .set({ status: "failed", lockedUntil: null, lastError })
            .where(claimed(row));
          log.error({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: lastError }, "email failed, giving up");
          return "failed";
        }
        const delay = backoffDelayMs(row.attempts, backoffBaseMs, backoffMaxMs);
        await db
          .update(emailOutbox)
          .set({ status: "pending", lockedUntil: null, nextAttemptAt: nowPlus(delay), lastError })
          .where(claimed(row));
        log.warn(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, err: lastError },
          "email failed, will retry",
        );
        return "retried";
      } catch (dbErr) {
        // The row stays `sending` and is re-claimed when its lease expires.
        log.error({ outboxId: row.id, err: errorMessage(dbErr) }, "could not record email failure");
        return undefined;
      }
    }
    try {
      await db
        .update(emailOutbox)
        .set({ status: transport.logsOnly ? "logged" : "sent", sentAt: clock.now(), lockedUntil: null, lastError: null })
        .where(claimed(row));
      log.info({ outboxId: row.id, kind: row.kind, attempts: row.attempts }, transport.logsOnly ? "email logged" : "email sent");
    } catch (dbErr) {
      // Sent but not recorded: the row is re-claimed after its lease, so it may be sent again.
      log.error({ outboxId: row.id, err: errorMessage(dbErr) }, "email sent but could not be marked sent");
    }
    return "sent";
  }

  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0, retried: 0 };
    const rows = await claim();
    if (rows.length === 0) return result;
    const sender = typeof from === "string" ? from : await from();
    const outcomes = await Promise.all(rows.map((row) => deliver(row, sender)));
    for (const outcome of outcomes) if (outcome) result[outcome] += 1;
    return result;
  }

  let started = false;
  let cancelTimer: (() => void) | undefined;
  let inFlight: Promise<void> | undefined;
  let wakeRequested = false;

  function schedule(ms: number): void {
    if (!started) return;
    cancelTimer?.();
    cancelTimer = clock.setTimer(tick, ms);
  }

  function tick(): void {
    cancelTimer = undefined;
    if (!started) return;
    if (inFlight) {
      // A run is going on; it reschedules itself when it ends.
      wakeRequested = true;
      return;
    }
    wakeRequested = false;
    inFlight = (async () => {
      let next = pollMs;
      try {
        const r = await runOnce();
        // A full batch probably means more rows are due: go again right away.
        if (r.sent + r.failed + r.retried >= batchSize) next = 0;
      } catch (err) {
        log.error({ err: errorMessage(err) }, "outbox run failed");
      } finally {
        inFlight = undefined;
      }
      schedule(wakeRequested ? 0 : next);
    })();
  }

  return {
    runOnce,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (!started) return;
      if (inFlight) wakeRequested = true;
      else schedule(0);
    },
    async stop() {
      started = false;
      cancelTimer?.();
      cancelTimer = undefined;
      await inFlight;
    },
  };
}

/** The domain of an address like `"Name" <user@example.com>` or `user@example.com`. */
function domainOf(address: string): string {
  const m = /@([^\s>]+)\s*>?\s*$/.exec(address);
  return m?.[1] ?? "localhost";
}

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:587, smtps://...). */
export function smtpTransport(url: string): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  return {
    async send(msg) {
      await transporter.sendMail({
        from: msg.from,
        to: msg.to,
        ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        // A stable Message-ID lets mail clients drop a duplicate should a row ever be sent twice.
        ...(msg.id ? { messageId: `<${msg.id}@${domainOf(msg.from)}>` } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

/** The server's transport: SMTP when SMTP_URL is set, otherwise the log (emails are recorded `logged`). */
export function mailTransport(smtpUrl: string | undefined, logger: Pick<OutboxLogger, "info"> = appLogger): MailTransport {
  return smtpUrl ? smtpTransport(smtpUrl) : logTransport(logger);
}

/**
 * Without SMTP settings: logs the email's envelope and records it as `logged` (D10; nothing left the server). Never the body: a
 * password-reset email carries a live reset link, others what a visitor wrote (issue 14, item 7; the
 * admin email log shows the same envelope, ADR 007).
 */
export function logTransport(logger: Pick<OutboxLogger, "info"> = appLogger): MailTransport {
  return {
    logsOnly: true,
    send(msg) {
      logger.info(
        { outboxId: msg.id, kind: msg.kind, to: msg.to, subject: msg.subject },
        "email (SMTP not configured, envelope logged only)",
      );
      return Promise.resolve();
    },
  };
}
