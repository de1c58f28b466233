// Email log (issue 6 point 4; D5, D10, D18: admin only) against a real database (PGlite, or PostgreSQL
// with TEST_DB=pg) and a real SMTP server: listing, the status filter, pagination, that bodies never
// leave the database, and the retry of a failed email up to its delivery.
import net from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { auditLog, emailOutbox } from "@db/schema/index.ts";
import { adminPage } from "~/lib/admin-pages.ts";
import { sendResetPasswordEmail } from "~/domain/accounts/reset-password.server.ts";
import { listEmailLog, retryFailedEmail } from "~/features/emails/email-log.server.ts";
import { env } from "~/lib/env.server.ts";
import { createOutboxWorker, enqueueEmail, mailTransport, smtpTransport } from "~/lib/outbox.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { ALL_PERMISSIONS } from "~/lib/permissions.ts";
import { action as emailsAction, loader as emailsLoader } from "~/routes/admin/emails.tsx";
import { ANONYMOUS, createAdmin, createManager } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { expectCode } from "../setup/expect.ts";
import { tAr, tEn } from "../setup/i18n.ts";
import { callAction, callLoader } from "../setup/route-call.ts";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";

const FROM = '"Academy" <no-reply@academy.test>';
const silent = { info() {}, warn() {}, error() {} };

let admin: Actor;
let smtp: TestSmtpServer | undefined;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  admin = await createAdmin({ ip: "203.0.113.9" });
});
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
});

/** A manager holding every permission there is: still not an admin. */
const fullManager = () => createManager(admin, "boss@example.com", ALL_PERMISSIONS);

/** `n` emails one minute apart (the last one newest), subjects "Email 1" … "Email n". */
async function insertEmails(n: number, status = "pending", start = Date.UTC(2025, 0, 1, 8, 0)): Promise<string[]> {
  const rows = await database.db
    .insert(emailOutbox)
    .values(
      Array.from({ length: n }, (_, i) => ({
        kind: "contact-message",
        toAddress: `office${i + 1}@example.com`,
        subject: `Email ${i + 1}`,
        textBody: `secret body ${i + 1}`,
        htmlBody: `<p>secret body ${i + 1}</p>`,
        status,
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

async function outboxRow(id: string) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

async function emailAudit() {
  return database.db.select().from(auditLog).where(eq(auditLog.entity, "email")).orderBy(auditLog.createdAt);
}

/** A port on which nothing listens (the SMTP server is "down"). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}

/** Sends due emails once through SMTP at `url`, giving up after one attempt. */
async function runWorker(url: string) {
  const transport = smtpTransport(url);
  try {
    return await createOutboxWorker({ db: database.db, transport, from: FROM, logger: silent, maxAttempts: 1 }).runOnce();
  } finally {
    transport.close();
  }
}

describe("listEmailLog", () => {
  it("lists emails newest first with counts per status, a status filter and server-side pages", async () => {
    await insertEmails(12, "sent", Date.UTC(2025, 0, 1));
    await insertEmails(3, "failed", Date.UTC(2025, 0, 2));
    await insertEmails(2, "pending", Date.UTC(2025, 0, 3));
    const first = await listEmailLog(admin, { pageSize: 5 });
    expect(first.emails.map((e) => [e.subject, e.status])).toEqual([
      ["Email 2", "pending"],
      ["Email 1", "pending"],
      ["Email 3", "failed"],
      ["Email 2", "failed"],
      ["Email 1", "failed"],
    ]);
    expect(first).toMatchObject({ total: 17, page: 1, pageCount: 4, status: undefined });
    expect(first.counts).toEqual({ all: 17, pending: 2, sending: 0, sent: 12, logged: 0, failed: 3, cancelled: 0 });

    const sent = await listEmailLog(admin, { status: "sent", page: 3, pageSize: 5 });
    expect(sent.emails.map((e) => e.subject)).toEqual(["Email 2", "Email 1"]);
    expect(sent).toMatchObject({ total: 12, page: 3, pageCount: 3, status: "sent" });
    expect(sent.counts.all).toBe(17);
    // Past the end: the last page.
    expect((await listEmailLog(admin, { status: "failed", page: 50 })).page).toBe(1);
    // Default page size 25.
    expect((await listEmailLog(admin)).pageSize).toBe(25);
    expect(await listEmailLog(admin, { status: "sending" })).toMatchObject({ emails: [], total: 0, pageCount: 1 });
  });

  it("shows recipient, subject, kind, status, attempts against the worker's limit, last error and times — never bodies", async () => {
    await sendResetPasswordEmail({
      db: database.db,
      baseURL: "http://localhost",
      user: { id: admin.id, email: "admin@example.com" },
      token: "ResetTokenAbCdEf0123456789",
    });
    const [row] = await database.db.select().from(emailOutbox);
    expect(row!.textBody).toContain("ResetTokenAbCdEf0123456789");

    const log = await listEmailLog(admin);
    expect(log.emails).toHaveLength(1);
    const email = log.emails[0]!;
    expect(Object.keys(email).sort()).toEqual(
      ["attempts", "createdAt", "id", "kind", "lastError", "maxAttempts", "nextAttemptAt", "sentAt", "status", "subject", "to"].sort(),
    );
    expect(email).toMatchObject({
      kind: "password-reset",
      to: "admin@example.com",
      status: "pending",
      attempts: 0,
      maxAttempts: env().OUTBOX_MAX_ATTEMPTS,
      lastError: null,
      sentAt: null,
    });
    expect(email.subject).toMatch(/password/i);
    expect(JSON.stringify(log)).not.toContain("ResetTokenAbCdEf0123456789");
    expect(JSON.stringify(log)).not.toContain("reset-password?token");
  });

  it("records an email delivered without SMTP_URL as logged only, and one delivered to the SMTP server as sent", async () => {
    const enqueue = (to: string) =>
      enqueueEmail(database.db, { kind: "contact-message", to, subject: `For ${to}`, text: "Hello", html: "<p>Hello</p>" });
    const deliver = (smtpUrl: string | undefined) => {
      const transport = mailTransport(smtpUrl, silent);
      return createOutboxWorker({ db: database.db, transport, from: FROM, logger: silent }).runOnce();
    };
    // No SMTP server configured: the server's own transport writes the envelope to its log.
    const loggedId = await enqueue("nobody-receives@example.com");
    expect(await deliver(undefined)).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(await outboxRow(loggedId)).toMatchObject({ status: "logged", attempts: 1, lastError: null });
    // With the SMTP server: the message arrives there and the row says sent.
    smtp = await startSmtpServer();
    const sentId = await enqueue("receives@example.com");
    expect(await deliver(smtp.url)).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect((await smtp.waitFor(1)).map((m) => m.to)).toEqual([["receives@example.com"]]);
    expect(await outboxRow(sentId)).toMatchObject({ status: "sent" });
    expect((await outboxRow(loggedId)).status).toBe("logged");

    // The log counts and filters them apart.
    const all = await listEmailLog(admin);
    expect(all.counts).toMatchObject({ all: 2, sent: 1, logged: 1 });
    expect(all.emails.map((e) => [e.to, e.status])).toEqual([
      ["receives@example.com", "sent"],
      ["nobody-receives@example.com", "logged"],
    ]);
    const loggedOnly = (await callLoader(emailsLoader, { url: "/admin/emails?status=logged", actor: admin })).data!;
    expect(loggedOnly.log).toMatchObject({ status: "logged", total: 1 });
    expect(loggedOnly.log.emails.map((e) => e.id)).toEqual([loggedId]);
    // The status reads "logged only (SMTP not configured)" in both languages, never "sent".
    expect(`${tEn("adminEmails.statuses.logged")} ${tEn("adminEmails.loggedNote")}`).toBe("Logged only (SMTP not configured)");
    expect(`${tAr("adminEmails.statuses.logged")} ${tAr("adminEmails.loggedNote")}`).toBe("في سجل الخادم فقط (خادم SMTP غير مضبوط)");
    expect(tAr("adminEmails.statuses.cancelled")).toBe("أُلغي الإرسال");
  });

  it("is for admins only", async () => {
    await insertEmails(1);
    await expectCode(listEmailLog(await fullManager()), "forbidden", "admin.errors.forbidden");
  });
});

describe("retryFailedEmail", () => {
  it("puts a failed email back to pending, audited, and the worker then delivers it to the SMTP server", async () => {
    const id = await enqueueEmail(database.db, {
      kind: "contact-message",
      to: "office@academy.test",
      subject: "New contact message from منى",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    // The SMTP server is down: one attempt, then failed with the reason recorded.
    expect(await runWorker(`smtp://127.0.0.1:${await closedPort()}`)).toEqual({ sent: 0, failed: 1, retried: 0 });
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    const [logged] = (await listEmailLog(admin, { status: "failed" })).emails;
    expect(logged).toMatchObject({ id, status: "failed", attempts: 1, lastError: failed.lastError });

    expect(await retryFailedEmail(admin, id)).toEqual({ id, to: "office@academy.test" });
    const pending = await outboxRow(id);
    expect(pending.status).toBe("pending");
    const due = (await database.db.execute(sql`select next_attempt_at <= now() as due from email_outbox where id = ${id}`)) as unknown as {
      rows: { due: boolean }[];
    };
    expect(due.rows[0]!.due).toBe(true);
    const audit = await emailAudit();
    expect(audit.map((a) => [a.action, a.entityId, a.actorEmail])).toEqual([["status.change", id, "admin@example.com"]]);
    expect(audit[0]!.data).toMatchObject({ from: "failed", to: "pending", retry: true, kind: "contact-message", ip: "203.0.113.9" });

    // The mail server is back: the worker delivers it.
    smtp = await startSmtpServer();
    expect(await runWorker(smtp.url)).toEqual({ sent: 1, failed: 0, retried: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["office@academy.test"]);
    expect(mail!.subject).toBe("New contact message from منى");
    const sent = await outboxRow(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("refuses to retry an email that is not failed, with a translated message and nothing changed", async () => {
    const [pending] = await insertEmails(1, "pending");
    const [sent] = await insertEmails(1, "sent");
    const [sending] = await insertEmails(1, "sending");
    for (const id of [pending!, sent!, sending!]) {
      const before = await outboxRow(id);
      await expectCode(retryFailedEmail(admin, id), "conflict", "adminEmails.errors.notFailed");
      expect(await outboxRow(id)).toEqual(before);
    }
    await expectCode(retryFailedEmail(admin, crypto.randomUUID()), "not_found", "adminEmails.errors.notFound");
    await expectCode(retryFailedEmail(admin, "x' or '1'='1"), "bad_request", "adminEmails.errors.invalidRequest");
    expect(await emailAudit()).toEqual([]);
  });

  it("is for admins only", async () => {
    const [id] = await insertEmails(1, "failed");
    await expectCode(retryFailedEmail(await fullManager(), id!), "forbidden", "admin.errors.forbidden");
    expect((await outboxRow(id!)).status).toBe("failed");
    expect(await emailAudit()).toEqual([]);
  });
});

describe("/admin/emails route", () => {
  const run = (actor: Actor | null, form: Record<string, string>) => callAction(emailsAction, { url: "/admin/emails", form, actor });
  const load = (actor: Actor | null, search = "") => callLoader(emailsLoader, { url: `/admin/emails${search}`, actor });
  const page = async (actor: Actor, search = "") => (await load(actor, search)).data!;

  it("declares admin only for the authorization matrix", () => {
    expect(adminPage("/admin/emails").access).toBe("admin");
  });

  it("refuses anonymous visitors and non-admin staff on the page and on a crafted retry", async () => {
    const [id] = await insertEmails(1, "failed");
    expect((await load(ANONYMOUS)).status).toBe(302);
    expect((await run(ANONYMOUS, { intent: "retry", emailId: id! })).status).toBe(302);
    const boss = await fullManager();
    expect((await load(boss)).status).toBe(403);
    expect((await run(boss, { intent: "retry", emailId: id! })).status).toBe(403);
    expect((await outboxRow(id!)).status).toBe("failed");
  });

  it("loads the filter and page from the URL, falling back on bad values", async () => {
    await insertEmails(30, "sent");
    await insertEmails(2, "failed");
    const second = await page(admin, "?status=sent&page=2");
    expect(second.log).toMatchObject({ status: "sent", page: 2, total: 30, pageCount: 2 });
    expect(second.log.emails).toHaveLength(5);
    expect(second.title).toBe("Email Log");
    expect(JSON.stringify(second)).not.toContain("secret body");
    expect((await page(admin, "?status=bogus&page=-1")).log).toMatchObject({ status: undefined, page: 1, total: 32 });
    expect((await page(admin, "?lang=ar")).title).toBe("سجل البريد");
  });

  it("retries a failed email; refuses other statuses and bad input with 4xx and a translated message", async () => {
    const [failed] = await insertEmails(1, "failed");
    const [sent] = await insertEmails(1, "sent");
    const retried = await run(admin, { intent: "retry", emailId: failed! });
    expect(retried.status).toBe(200);
    expect(retried.data).toEqual({ intent: "retry", ok: true, emailId: failed, to: "office1@example.com" });
    expect((await outboxRow(failed!)).status).toBe("pending");
    // Twice: the second click finds it pending.
    expect(await run(admin, { intent: "retry", emailId: failed! })).toMatchObject({
      status: 409,
      data: { ok: false, messageKey: "adminEmails.errors.notFailed" },
    });
    expect(await run(admin, { intent: "retry", emailId: sent! })).toMatchObject({ status: 409 });
    expect((await outboxRow(sent!)).status).toBe("sent");
    expect(await run(admin, { intent: "retry", emailId: crypto.randomUUID() })).toMatchObject({
      status: 404,
      data: { messageKey: "adminEmails.errors.notFound" },
    });
    const bad: Record<string, string>[] = [{}, { intent: "delete", emailId: failed! }, { intent: "retry" }, { intent: "retry", emailId: "1 or 1=1" }];
    for (const fields of bad) {
      expect(await run(admin, fields)).toMatchObject({ status: 400, data: { ok: false, messageKey: "adminEmails.errors.invalidRequest" } });
    }
    expect((await emailAudit()).length).toBe(1);
  });
});
