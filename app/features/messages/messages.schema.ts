// Messages inbox (issue 6 point 3; SPEC §8, D6): the page's query string and its two intents, shared by
// the browser and the server. No server imports here. Message keys live in admin-messages.json.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";

/** Contact messages per page of the inbox. */
export const MESSAGES_PAGE_SIZE = 20;

export const MESSAGE_FILTERS = ["all", "unread"] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

export const MESSAGES_ERRORS = {
  invalidRequest: "adminMessages.errors.invalidRequest",
  notFound: "adminMessages.errors.notFound",
  unexpected: "adminMessages.errors.unexpected",
} as const;

/** A message id: a UUID (anything else would make PostgreSQL fail, so it is refused first). */
export const messageIdSchema = z.uuid({ error: MESSAGES_ERRORS.invalidRequest });

/**
 * The inbox is a GET anyone may bookmark or edit: bad values fall back to "all", page 1 and no open
 * message rather than an error.
 */
export const messagesQuerySchema = z.object({
  filter: z.enum(MESSAGE_FILTERS).catch("all").default("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  /** The message shown in the details view (`?dialog=view&message=<id>`). */
  message: messageIdSchema.optional().catch(undefined),
});

export type MessagesQuery = z.output<typeof messagesQuerySchema>;

export function parseMessagesQuery(params: URLSearchParams): MessagesQuery {
  const dialog = params.get("dialog");
  return messagesQuerySchema.parse({
    filter: params.get("filter") ?? undefined,
    page: params.get("page") ?? undefined,
    message: dialog === "view" ? (params.get("message") ?? undefined) : undefined,
  });
}

/** The inbox URL for a filter and page (and optionally an open message); defaults are left out. */
export function messagesHref(query: { filter: MessageFilter; page: number; message?: string | undefined }): string {
  const params = new URLSearchParams();
  if (query.filter !== "all") params.set("filter", query.filter);
  if (query.page > 1) params.set("page", String(query.page));
  if (query.message) {
    params.set("dialog", "view");
    params.set("message", query.message);
  }
  const search = params.toString();
  return search ? `${ADMIN_PATH.messages}?${search}` : ADMIN_PATH.messages;
}


export const MESSAGE_INTENTS = ["markRead", "markUnread"] as const;
export type MessageIntent = (typeof MESSAGE_INTENTS)[number];

/** Mark as read / unread. `open` (the no-JavaScript "Open" button) asks for the details view afterwards. */
export const messageIntentSchema = z.object({
  intent: z.enum(MESSAGE_INTENTS, { error: MESSAGES_ERRORS.invalidRequest }),
  messageId: messageIdSchema,
  open: z.literal("1").optional().catch(undefined),
});

/** What the /admin/messages action reports besides the common part of an AdminReply. */
export interface MessageReplyFields {
  messageId: string;
  /** The message's state after the action. */
  read: boolean;
}
export type MessagesReply = AdminReply<MessageIntent, MessageReplyFields>;
