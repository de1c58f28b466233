// Email log (issue 6 point 4; D10, D18: admin only): the page's query string and the retry intent,
// shared by the browser and the server. No server imports here. Message keys live in
// admin-messages.json (adminEmails.*).
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { z } from "zod";
import { EMAIL_STATUSES, type EmailStatus } from "@db/schema/email-statuses.ts";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { isOneOf } from "~/lib/validation.ts";

/** Outbox rows per page of the log. */
export const EMAIL_LOG_PAGE_SIZE = 25;

/** The outbox states: the one list of the table (db/schema/email-statuses.ts). */
export { EMAIL_STATUSES, type EmailStatus };

export function isEmailStatus(value: unknown): value is EmailStatus {
  return isOneOf(value, EMAIL_STATUSES);
}

export const EMAIL_LOG_ERRORS = {
  invalidRequest: "adminEmails.errors.invalidRequest",
  notFound: "adminEmails.errors.notFound",
  notFailed: "adminEmails.errors.notFailed",
  unexpected: "adminEmails.errors.unexpected",
} as const;

export const emailIdSchema = z.uuid({ error: EMAIL_LOG_ERRORS.invalidRequest });

/** Bad values fall back to "every status" and page 1: the page is a GET anyone may bookmark or edit. */
export const emailLogQuerySchema = z.object({
  status: z.enum(EMAIL_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});

export type EmailLogQuery = z.output<typeof emailLogQuerySchema>;

export function parseEmailLogQuery(params: URLSearchParams): EmailLogQuery {
  return emailLogQuerySchema.parse({
    status: params.get("status") || undefined,
    page: params.get("page") ?? undefined,
  });
}


export function emailLogHref(query: { status?: EmailStatus | undefined; page: number }): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${ADMIN_PATH.emails}?${search}` : ADMIN_PATH.emails;
}

/** Retry a failed email (the only action of the page). */
export const retryEmailSchema = z.object({
  intent: z.literal("retry", { error: EMAIL_LOG_ERRORS.invalidRequest }),
  emailId: emailIdSchema,
});

/** What the /admin/emails action reports besides the common part of an AdminReply. */
export interface EmailLogReplyFields {
  emailId: string;
  /** Recipient of the email put back in the queue. */
  to: string;
}
export type EmailLogReply = AdminReply<"retry", EmailLogReplyFields>;
