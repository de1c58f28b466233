// Messages inbox (issue 6 point 3; SPEC §8, D6, D18): contact messages newest first with read/unread
// state. Every function takes the acting staff member first and asks the permission gate itself
// (messages:view). Marking read or unread is one transaction with its audit line; a call that changes
// nothing (already in that state) records nothing.
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { contactMessages } from "@db/schema/index.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { db } from "~/lib/db.server.ts";
import { displayText } from "~/lib/display-text.ts";
import { emailT, loadMailContext } from "~/lib/email.server.ts";
import { AppError } from "~/lib/errors.ts";
import type { Locale } from "~/lib/i18n.ts";
import { unexpected } from "~/lib/unexpected.server.ts";
import { requirePermission, type Actor } from "~/lib/permissions.server.ts";
import { MESSAGES_ERRORS, MESSAGES_PAGE_SIZE, messageIdSchema, type MessageFilter } from "./messages.schema.ts";
import { replyMailto } from "./reply-link.ts";

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  /** The full message as the visitor wrote it (line breaks kept). */
  message: string;
  /** The language the visitor used on the site. */
  locale: Locale;
  readAt: Date | null;
  createdAt: Date;
  /** "Reply by email": a mailto: link with a 'Re: …' subject and a greeting in the visitor's language. */
  replyHref: string;
}

export interface InboxPage {
  messages: ContactMessageRow[];
  filter: MessageFilter;
  /** Messages matching the filter. */
  total: number;
  /** All messages, and the unread ones (for the filter and the header), whatever the filter. */
  allCount: number;
  unreadCount: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** The message asked for by `?dialog=view&message=<id>`, or null (none asked, or it no longer exists). */
  selected: ContactMessageRow | null;
}

export interface InboxQuery {
  filter?: MessageFilter;
  /** 1-based; a page past the end gives the last page. */
  page?: number;
  pageSize?: number;
  /** The message to show in the details view. */
  messageId?: string;
}

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  message: contactMessages.message,
  locale: contactMessages.locale,
  readAt: contactMessages.readAt,
  createdAt: contactMessages.createdAt,
};

type StoredMessage = { locale: string } & Omit<ContactMessageRow, "locale" | "replyHref">;

/**
 * Adds the reply link, written in the visitor's language with the brand name from the settings. The name
 * and the message lose their direction controls (issue 34 item 7: messages stored before names were
 * cleaned at input still hold them); the email stays as stored, for the reply link (the Email component
 * shows it through emailForStaff).
 */
function toRow(stored: StoredMessage, brandName: (locale: Locale) => string): ContactMessageRow {
  const r = { ...stored, name: displayText(stored.name), message: displayText(stored.message) };
  const locale: Locale = r.locale === "ar" ? "ar" : "en";
  const t = emailT(locale);
  const replyHref = replyMailto(r.email, {
    subject: t("adminMessages.reply.subject", { brand: brandName(locale) }),
    body: `${t("adminMessages.reply.greeting", { name: r.name })}\n\n`,
  });
  return { ...r, locale, replyHref };
}

/**
 * One page of the inbox, newest first, with the counters and the message of the details view.
 * A fixed number of queries whatever the number of messages: counters, settings (brand
 * name), page, and the open message.
 */
export async function loadInbox(actor: Actor, query: InboxQuery = {}): Promise<InboxPage> {
  requirePermission(actor, "messages:view");
  const filter: MessageFilter = query.filter === "unread" ? "unread" : "all";
  const pageSize = Math.min(Math.max(1, Math.trunc(query.pageSize ?? MESSAGES_PAGE_SIZE)), 100);
  const selectedId = query.messageId && messageIdSchema.safeParse(query.messageId).success ? query.messageId : undefined;

  const [[counts], selectedRows, mail] = await Promise.all([
    db()
      .select({
        all: count(),
        unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)`.mapWith(Number),
      })
      .from(contactMessages),
    selectedId ? db().select(columns).from(contactMessages).where(eq(contactMessages.id, selectedId)) : Promise.resolve([]),
    loadMailContext(db()),
  ]);
  const allCount = Number(counts?.all ?? 0);
  const unreadCount = Number(counts?.unread ?? 0);
  const total = filter === "unread" ? unreadCount : allCount;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1)), pageCount);
  const where: SQL | undefined = filter === "unread" ? isNull(contactMessages.readAt) : undefined;
  const rows = await db()
    .select(columns)
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  return {
    messages: rows.map((r) => toRow(r, mail.brandName)),
    filter,
    total,
    allCount,
    unreadCount,
    page,
    pageSize,
    pageCount,
    selected: selectedRows[0] ? toRow(selectedRows[0], mail.brandName) : null,
  };
}

export interface ReadStateChange {
  id: string;
  read: boolean;
  /** False when the message already was in that state (nothing written, nothing audited). */
  changed: boolean;
}

/**
 * Marks a message read (opening it does this) or unread. Throws AppError bad_request for a malformed
 * id and not_found for a message that does not exist.
 */
export async function setMessageRead(actor: Actor, messageId: string, read: boolean): Promise<ReadStateChange> {
  requirePermission(actor, "messages:view");
  const parsed = messageIdSchema.safeParse(messageId);
  if (!parsed.success) throw new AppError("bad_request", MESSAGES_ERRORS.invalidRequest);
  const id = parsed.data;
  try {
    return await db().transaction(async (tx) => {
      const updated = await tx
        .update(contactMessages)
        .set({ readAt: read ? sql`now()` : null })
        .where(and(eq(contactMessages.id, id), read ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt)))
        .returning({ id: contactMessages.id });
      if (updated.length === 0) {
        const [exists] = await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
        if (!exists) throw new AppError("not_found", MESSAGES_ERRORS.notFound);
        return { id, read, changed: false };
      }
      await recordAudit(tx, actor, {
        action: "status.change",
        entity: "message",
        entityId: id,
        data: { from: read ? "unread" : "read", to: read ? "read" : "unread" },
      });
      return { id, read, changed: true };
    });
  } catch (err) {
    unexpected(err, MESSAGES_ERRORS.unexpected, "mark message read/unread failed", { messageId: id });
  }
}
