// Messages inbox (issue 6 point 3; SPEC §8, D6, D18) against a real database (PGlite, or PostgreSQL with
// TEST_DB=pg): the domain functions and the /admin/messages loader and action with crafted requests.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, contactMessages, siteSettings } from "@db/schema/index.ts";
import { createContactMessage } from "~/features/contact/contact.server.ts";
import { loadInbox, setMessageRead } from "~/features/messages/messages.server.ts";
import { adminPage } from "~/lib/admin-pages.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { action as messagesAction, loader as messagesLoader } from "~/routes/admin/messages.tsx";
import { ANONYMOUS, createAdmin, createManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { expectCode } from "../setup/expect.ts";
import { makeMessage } from "../setup/factories.ts";
import { tAr } from "../setup/i18n.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  admin = await createAdmin({ ip: "203.0.113.7" });
});

/** A manager holding exactly `permissions`. */
const manager = (email: string, permissions: Permission[]) => createManager(admin, email, permissions);

/** `n` messages one minute apart (the last one newest), named "Visitor 1" … "Visitor n". */
async function insertMessages(n: number, start = Date.UTC(2025, 0, 1, 8, 0)): Promise<string[]> {
  const rows = await database.db
    .insert(contactMessages)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Visitor ${i + 1}`,
        email: `visitor${i + 1}@example.com`,
        message: `Question number ${i + 1}`,
        locale: i % 2 ? "ar" : "en",
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning({ id: contactMessages.id });
  return rows.map((r) => r.id);
}

async function readAt(id: string): Promise<Date | null | undefined> {
  const [row] = await database.db.select({ readAt: contactMessages.readAt }).from(contactMessages).where(eq(contactMessages.id, id));
  return row?.readAt;
}

async function auditRows() {
  return database.db.select().from(auditLog).where(eq(auditLog.entity, "message")).orderBy(auditLog.createdAt);
}

describe("loadInbox", () => {
  it("lists messages newest first, paginated on the server, with the unread count", async () => {
    await insertMessages(25);
    const first = await loadInbox(admin, { pageSize: 10 });
    expect(first.messages.map((m) => m.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Visitor ${25 - i}`));
    expect(first).toMatchObject({ total: 25, allCount: 25, unreadCount: 25, page: 1, pageCount: 3, filter: "all", selected: null });

    const third = await loadInbox(admin, { page: 3, pageSize: 10 });
    expect(third.messages.map((m) => m.name)).toEqual(["Visitor 5", "Visitor 4", "Visitor 3", "Visitor 2", "Visitor 1"]);
    // A page past the end shows the last page; a nonsense page the first.
    expect((await loadInbox(admin, { page: 99, pageSize: 10 })).page).toBe(3);
    expect((await loadInbox(admin, { page: -4, pageSize: 10 })).page).toBe(1);

    // Default page size: 20.
    const defaults = await loadInbox(admin);
    expect(defaults.pageSize).toBe(20);
    expect(defaults.messages).toHaveLength(20);
  });

  it("keeps a stable order for messages received at the same moment", async () => {
    const same = new Date("2025-02-01T10:00:00Z");
    for (let i = 0; i < 6; i++) await makeMessage({ name: `Same ${i}`, email: `s${i}@example.com`, message: "x", createdAt: same });
    const pages = [await loadInbox(admin, { pageSize: 4 }), await loadInbox(admin, { page: 2, pageSize: 4 })];
    const ids = pages.flatMap((p) => p.messages.map((m) => m.id));
    expect(new Set(ids).size).toBe(6);
  });

  it("filters unread messages and counts them", async () => {
    const ids = await insertMessages(5);
    await setMessageRead(admin, ids[4]!, true); // newest
    await setMessageRead(admin, ids[1]!, true);
    const unread = await loadInbox(admin, { filter: "unread" });
    expect(unread.messages.map((m) => m.name)).toEqual(["Visitor 4", "Visitor 3", "Visitor 1"]);
    expect(unread).toMatchObject({ total: 3, allCount: 5, unreadCount: 3, filter: "unread" });
    const all = await loadInbox(admin, { filter: "all" });
    expect(all.messages.map((m) => m.readAt !== null)).toEqual([true, false, false, true, false]);
    expect(all).toMatchObject({ total: 5, unreadCount: 3 });
  });

  it("shows an empty inbox", async () => {
    expect(await loadInbox(admin)).toMatchObject({ messages: [], total: 0, allCount: 0, unreadCount: 0, page: 1, pageCount: 1 });
    expect(await loadInbox(admin, { filter: "unread" })).toMatchObject({ messages: [], total: 0 });
  });

  it("gives the full message with its line breaks, the language, and a reply link in the visitor's language", async () => {
    await database.db.insert(siteSettings).values({ key: "brand", value: { name: { en: "Nile Academy", ar: "أكاديمية النيل" } } });
    const text = "Hello,\nIs there an evening course?\n\n  Thanks & regards";
    await createContactMessage({ name: "Sara Ali", email: "sara@example.com", message: text }, { locale: "en" });
    await createContactMessage({ name: "منى حسن", email: "mona@example.com", message: "هل تتوفر دورة؟\nشكرًا" }, { locale: "ar" });
    const { messages } = await loadInbox(admin);
    const [mona, sara] = messages;
    expect(sara).toMatchObject({ name: "Sara Ali", email: "sara@example.com", message: text, locale: "en", readAt: null });
    expect(mona).toMatchObject({ name: "منى حسن", message: "هل تتوفر دورة؟\nشكرًا", locale: "ar" });

    const link = (href: string) => {
      const url = new URL(href);
      const params = Object.fromEntries(url.search.slice(1).split("&").map((p) => p.split("=").map(decodeURIComponent)));
      return { protocol: url.protocol, to: decodeURIComponent(url.pathname), ...params };
    };
    expect(link(sara!.replyHref)).toEqual({
      protocol: "mailto:",
      to: "sara@example.com",
      subject: "Re: Your message to Nile Academy",
      body: "Hello Sara Ali,\r\n\r\n",
    });
    expect(link(mona!.replyHref)).toEqual({
      protocol: "mailto:",
      to: "mona@example.com",
      subject: "Re: رسالتك إلى أكاديمية النيل",
      body: "مرحبًا منى حسن،\r\n\r\n",
    });
    // Spaces are %20 (a "+" would show literally in mail clients), nothing unencoded.
    expect(sara!.replyHref).toContain("subject=Re%3A%20Your%20message%20to%20Nile%20Academy");
    expect(sara!.replyHref).not.toMatch(/[ +\n]/);
  });

  it("returns the message asked for by id, even on another page or filter; none for an unknown or malformed id", async () => {
    const ids = await insertMessages(30);
    await setMessageRead(admin, ids[0]!, true);
    const page = await loadInbox(admin, { filter: "unread", pageSize: 10, messageId: ids[0] });
    expect(page.messages.some((m) => m.id === ids[0])).toBe(false);
    expect(page.selected).toMatchObject({ id: ids[0], name: "Visitor 1" });
    expect((await loadInbox(admin, { messageId: crypto.randomUUID() })).selected).toBeNull();
    expect((await loadInbox(admin, { messageId: "not-a-uuid" })).selected).toBeNull();
  });

  it("needs messages:view", async () => {
    await insertMessages(1);
    const viewer = await manager("viewer@example.com", ["messages:view"]);
    expect((await loadInbox(viewer)).total).toBe(1);
    const other = await manager("other@example.com", ["enrollments:view", "users:view", "settings:edit"]);
    await expectCode(loadInbox(other), "forbidden", "admin.errors.forbidden");
  });
});

describe("setMessageRead", () => {
  it("marks read and unread, each change audited once with the actor and address", async () => {
    const [id] = await insertMessages(1);
    const before = Date.now();
    expect(await setMessageRead(admin, id!, true)).toEqual({ id, read: true, changed: true });
    const stamp = await readAt(id!);
    expect(stamp).toBeInstanceOf(Date);
    expect(Math.abs(stamp!.getTime() - before)).toBeLessThan(60_000);

    // Already read: nothing written, nothing audited.
    expect(await setMessageRead(admin, id!, true)).toEqual({ id, read: true, changed: false });
    expect((await readAt(id!))!.getTime()).toBe(stamp!.getTime());

    expect(await setMessageRead(admin, id!, false)).toEqual({ id, read: false, changed: true });
    expect(await readAt(id!)).toBeNull();
    expect(await setMessageRead(admin, id!, false)).toMatchObject({ changed: false });

    const audit = await auditRows();
    expect(audit.map((a) => [a.action, a.entityId, a.actorEmail, a.data])).toEqual([
      ["status.change", id, "admin@example.com", { from: "unread", to: "read", ip: "203.0.113.7" }],
      ["status.change", id, "admin@example.com", { from: "read", to: "unread", ip: "203.0.113.7" }],
    ]);
  });

  it("refuses an unknown or malformed id with a translated message and changes nothing", async () => {
    const [id] = await insertMessages(1);
    await expectCode(setMessageRead(admin, crypto.randomUUID(), true), "not_found", "adminMessages.errors.notFound");
    await expectCode(setMessageRead(admin, "1; drop table contact_messages", true), "bad_request", "adminMessages.errors.invalidRequest");
    expect(await readAt(id!)).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("needs messages:view", async () => {
    const [id] = await insertMessages(1);
    const other = await manager("other@example.com", ["enrollments:view", "enrollments:edit"]);
    await expectCode(setMessageRead(other, id!, true), "forbidden", "admin.errors.forbidden");
    expect(await readAt(id!)).toBeNull();
    const viewer = await manager("viewer@example.com", ["messages:view"]);
    expect(await setMessageRead(viewer, id!, true)).toMatchObject({ changed: true });
    expect((await auditRows())[0]!.actorEmail).toBe("viewer@example.com");
  });
});

describe("/admin/messages route", () => {
  const run = (actor: Actor | null, form: Record<string, string>, search = "") =>
    callAction(messagesAction, { url: `/admin/messages${search}`, form, actor });
  /** The loader as the router runs it (behind the i18next middleware). */
  const load = (actor: Actor | null, search = "") => callLoader(messagesLoader, { url: `/admin/messages${search}`, actor });
  const page = async (actor: Actor, search = "") => (await load(actor, search)).data!;
  it("declares its permission for the authorization matrix", () => {
    expect(adminPage("/admin/messages").access).toBe("messages:view");
  });

  it("refuses anonymous visitors and staff without messages:view, on the page and on a crafted POST", async () => {
    const [id] = await insertMessages(1);
    expect((await load(ANONYMOUS)).status).toBe(302);
    expect((await run(ANONYMOUS, { intent: "markRead", messageId: id! })).status).toBe(302);

    const other = await manager("other@example.com", ["courses:view", "enrollments:view"]);
    expect((await load(other)).status).toBe(403);
    expect((await run(other, { intent: "markRead", messageId: id! })).status).toBe(403);
    expect(await readAt(id!)).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("loads the page from the URL: filter, page and the open message", async () => {
    const ids = await insertMessages(25);
    const result = await page(admin, `?filter=unread&page=2&dialog=view&message=${ids[0]}`);
    expect(result.inbox).toMatchObject({ filter: "unread", page: 2, total: 25, pageCount: 2 });
    expect(result.inbox.messages.map((m) => m.name)).toEqual(["Visitor 5", "Visitor 4", "Visitor 3", "Visitor 2", "Visitor 1"]);
    expect(result.inbox.selected?.id).toBe(ids[0]);
    expect(result.title).toBe("Messages");
    expect((await page(admin, "?lang=ar")).title).toBe("الرسائل");
    // Bad values fall back to defaults rather than failing.
    const fallback = await page(admin, "?filter=evil&page=abc&dialog=view&message=zzz");
    expect(fallback.inbox).toMatchObject({ filter: "all", page: 1, selected: null });
    // A GET never changes the read state.
    expect(await readAt(ids[0]!)).toBeNull();
  });

  it("marks read and unread by POST; opening without JavaScript redirects to the details view", async () => {
    const [id] = await insertMessages(1);
    const marked = await run(admin, { intent: "markRead", messageId: id! });
    expect(marked.status).toBe(200);
    expect(marked.data).toEqual({ ok: true, intent: "markRead", messageId: id, read: true });
    expect(await readAt(id!)).toBeInstanceOf(Date);
    expect((await run(admin, { intent: "markUnread", messageId: id! })).data).toMatchObject({ ok: true, read: false });
    expect(await readAt(id!)).toBeNull();

    const opened = await run(admin, { intent: "markRead", messageId: id!, open: "1" }, "?filter=unread&page=1");
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/admin/messages?filter=unread&dialog=view&message=${id}`);
    expect(await readAt(id!)).toBeInstanceOf(Date);
    expect((await auditRows()).length).toBe(3);
  });

  it("answers bad requests with 4xx and a translated message, never a 500", async () => {
    const [id] = await insertMessages(1);
    const bad: Record<string, string>[] = [
      {},
      { intent: "delete", messageId: id! },
      { intent: "markRead" },
      { intent: "markRead", messageId: "' or 1=1 --" },
    ];
    for (const fields of bad) {
      const outcome = await run(admin, fields);
      expect(outcome.status).toBe(400);
      expect(outcome.data).toMatchObject({ ok: false, messageKey: "adminMessages.errors.invalidRequest" });
    }
    const missing = await run(admin, { intent: "markRead", messageId: crypto.randomUUID() });
    expect(missing).toMatchObject({ status: 404, data: { ok: false, messageKey: "adminMessages.errors.notFound" } });
    expect(tAr("adminMessages.errors.notFound")).toMatch(/[\u0600-\u06FF]/);
    expect(await readAt(id!)).toBeNull();
  });
});
