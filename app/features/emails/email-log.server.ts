// Email log (issue 6 point 4; D5, D10, D18: admin only): the transactional outbox read as a log, and
// the retry of a failed email.
//
// What the log shows (docs/decisions/007-email-log-details.md): recipient, subject, kind, status,
// attempts against the limit, the last error and the times (created, next attempt, sent). It never
// reads the bodies (text_body, html_body) of any email: password-reset emails carry a single-use token,
// enrollment and contact emails carry visitors' personal data that staff read in their own screens.
// The subjects hold no secrets (the reset subject is "Reset your {brand} password").
import { count, desc, eq, type SQL } from "drizzle-orm";
import { emailOutbox } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db } from "~/lib/db.server.ts";
import { displayText } from "~/lib/display-text.ts";
import { wakeOutbox } from "~/lib/email.server.ts";
import { env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { retryEmail } from "~/lib/outbox.server.ts";
import { requireAdmin, type Actor } from "~/lib/permissions.server.ts";
import {
  EMAIL_LOG_ERRORS,
  EMAIL_LOG_PAGE_SIZE,
  EMAIL_STATUSES,
  emailIdSchema,
  isEmailStatus,
  type EmailStatus,
} from "./email-log.schema.ts";

export interface EmailLogRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  /** The limit the worker applies (OUTBOX_MAX_ATTEMPTS overrides the row's own). */
  maxAttempts: number;
  lastError: string | null;
  createdAt: Date;
  /** When the worker tries next (meaningful while pending). */
  nextAttemptAt: Date;
  sentAt: Date | null;
}

export interface EmailLogPage {
  emails: EmailLogRow[];
  status: EmailStatus | undefined;
  /** Rows matching the filter. */
  total: number;
  /** Rows per status, and in all, whatever the filter. */
  counts: Record<EmailStatus | "all", number>;
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface EmailLogQueryInput {
  status?: EmailStatus | undefined;
  /** 1-based; a page past the end gives the last page. */
  page?: number;
  pageSize?: number;
}

/** The attempt limit the running worker applies: OUTBOX_MAX_ATTEMPTS (app.server passes it to the worker). */
function workerMaxAttempts(): number | undefined {
  try {
    return env().OUTBOX_MAX_ATTEMPTS;
  } catch {
    return undefined;
  }
}

/** One page of the log, newest first. Two queries whatever the number of rows: the counts and the page. */
export async function listEmailLog(actor: Actor, query: EmailLogQueryInput = {}): Promise<EmailLogPage> {
  requireAdmin(actor);
  const status = isEmailStatus(query.status) ? query.status : undefined;
  const pageSize = Math.min(Math.max(1, Math.trunc(query.pageSize ?? EMAIL_LOG_PAGE_SIZE)), 200);

  const countRows = await db().select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status);
  const counts = Object.fromEntries([["all", 0], ...EMAIL_STATUSES.map((s) => [s, 0])]) as EmailLogPage["counts"];
  for (const r of countRows) {
    if (isEmailStatus(r.status)) counts[r.status] = Number(r.n);
    counts.all += Number(r.n);
  }
  const total = status ? counts[status] : counts.all;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1)), pageCount);
  const where: SQL | undefined = status ? eq(emailOutbox.status, status) : undefined;
  // Explicit columns: the bodies are never read.
  const rows = await db()
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      maxAttempts: emailOutbox.maxAttempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  const max = workerMaxAttempts();
  return {
    emails: rows.map((r) => ({
      ...r,
      // A subject may quote a visitor's name ("New contact message from …"): without direction controls
      // (issue 34 item 7). The recipient stays as stored; the Email component flags a look-alike.
      subject: displayText(r.subject),
      status: isEmailStatus(r.status) ? r.status : "pending",
      maxAttempts: max ?? r.maxAttempts,
    })),
    status,
    total,
    counts,
    page,
    pageSize,
    pageCount,
  };
}

/**
 * Puts a failed email back in the queue (one more attempt, outbox retryEmail) and wakes the worker.
 * Refuses, with nothing changed, an email that is not failed (conflict) or does not exist (not_found).
 */
export async function retryFailedEmail(actor: Actor, emailId: string): Promise<{ id: string; to: string }> {
  requireAdmin(actor);
  const parsed = emailIdSchema.safeParse(emailId);
  if (!parsed.success) throw new AppError("bad_request", EMAIL_LOG_ERRORS.invalidRequest);
  const id = parsed.data;
  let result: { id: string; to: string };
  try {
    result = await db().transaction(async (tx) => {
      const [row] = await tx
        .select({ status: emailOutbox.status, kind: emailOutbox.kind, to: emailOutbox.toAddress, attempts: emailOutbox.attempts })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id))
        .for("update");
      if (!row) throw new AppError("not_found", EMAIL_LOG_ERRORS.notFound);
      if (row.status !== "failed" || !(await retryEmail(tx, id))) throw new AppError("conflict", EMAIL_LOG_ERRORS.notFailed);
      await recordAudit(tx, actor, {
        action: "status.change",
        entity: "email",
        entityId: id,
        data: { from: "failed", to: "pending", retry: true, kind: row.kind, recipient: row.to, attempts: row.attempts },
      });
      return { id, to: row.to };
    });
  } catch (err) {
    unexpected(err, EMAIL_LOG_ERRORS.unexpected, "retry email failed", { emailId: id });
  }
  await wakeOutbox();
  return result;
}

