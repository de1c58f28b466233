// Messages inbox and email log on the production build (issue 6 points 3–5). A visitor sends the contact
// form → the admin sees it unread → opens it (details, reply link) → it is read; without JavaScript the
// same works through a POST and a redirect. The contact notification, failed because the SMTP server is
// down (SMTP_URL on a closed port, one attempt), is in the email log and is retried from the UI once the
// server is up → sent, received. A manager without messages view is refused on the page and on crafted
// POSTs; a non-admin is refused on the email log and its retry. Arabic, right to left, axe on each page.
// Runs its own server: its SMTP setting and the manager role's permissions are its own.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, open, signIn, test as it, type NewPage } from "./fixtures.ts";
import { freePort, screenshot, startApp, uniqueWord, type RunningApp } from "./harness.ts";

const ADMIN_EMAIL = "inbox-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";
const MANAGER_PASSWORD = "Manager-Passw0rd";
/** The demo settings' provider inbox and brand (seeded on the fresh embedded database). */
const PROVIDER_EMAIL = "info@nileacademy.example";
const BRAND = "Nile Academy";

let app: RunningApp;
let smtpPort: number;
let smtp: TestSmtpServer | undefined;

beforeAll(async () => {
  // Nothing listens on this port until the test starts the SMTP server there.
  smtpPort = await freePort();
  app = await startApp({
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OUTBOX_MAX_ATTEMPTS: "1",
    OUTBOX_POLL_MS: "200",
    RATE_LIMIT_CONTACT: "50/600",
  });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

/** A page of its own (1400×1000) on this file's server. */
async function pageOf(newPage: NewPage, options: { js?: boolean; storageState?: Awaited<ReturnType<BrowserContext["storageState"]>> } = {}) {
  const page = await newPage({ baseURL: app.url, locale: "en", viewport: { width: 1400, height: 1000 }, ...options });
  return { context: page.context(), page };
}

/** The table row whose row header holds `text`. */
function row(page: Page, text: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }) });
}

/** What a mail client reads from a mailto: link. */
function readMailto(href: string) {
  const url = new URL(href);
  const params = Object.fromEntries(url.search.slice(1).split("&").map((p) => p.split("=").map(decodeURIComponent)));
  return { protocol: url.protocol, to: decodeURIComponent(url.pathname), ...params };
}

describe("messages inbox and email log", () => {
  const stamp = Date.now().toString(36);
  const visitorName = `Sara Inbox ${uniqueWord()}`;
  const visitorEmail = `sara-${stamp}@example.com`;
  const message = "Hello,\nDo you have an evening English course?\n\nThanks & regards";

  it("a visitor's message reaches the inbox, is opened and read; its failed notification is retried from the email log", async ({ newPage }) => {
    // The visitor sends the contact form.
    const { context: visitorContext, page: visitor } = await pageOf(newPage);
    await open(visitor, "/en/contact");
    await field(visitor, "Name").fill(visitorName);
    await field(visitor, "Email").fill(visitorEmail);
    await field(visitor, "Message").fill(message);
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => visitor.getByText("Message sent successfully! We'll get back to you soon.").count()).toBeGreaterThan(0);
    await visitorContext.close();

    // The admin sees it unread.
    const { context: adminContext, page: admin } = await pageOf(newPage);
    await signIn(admin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { hydrated: true });
    const listResponse = await open(admin, "/admin/messages?lang=en");
    expect(listResponse?.status()).toBe(200);
    await admin.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
    const visitorRow = row(admin, visitorName);
    expect(await visitorRow.count()).toBe(1);
    expect(await visitorRow.getByText("Unread", { exact: true }).count()).toBe(1);
    expect(await visitorRow.getByText(visitorEmail).count()).toBe(1);
    expect(await admin.getByRole("status").filter({ hasText: "1 unread message" }).count()).toBe(1);
    expect(await admin.getByRole("link", { name: "Unread (1)" }).count()).toBe(1);
    await expectNoAxeViolations(admin);

    // Opens it: the details and a reply link in the visitor's language.
    await visitorRow.getByRole("button", { name: `Open: ${visitorName}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Message from ${visitorName}` });
    await dialog.waitFor();
    expect(await dialog.getByText(visitorEmail).count()).toBe(1);
    expect(await dialog.getByText("English", { exact: true }).count()).toBe(1);
    const body = dialog.locator("p[dir=auto]");
    expect(await body.innerText()).toBe(message);
    expect(await body.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("pre-wrap");
    const reply = dialog.getByRole("link", { name: "Reply by email" });
    const href = (await reply.getAttribute("href"))!;
    expect(readMailto(href)).toEqual({
      protocol: "mailto:",
      to: visitorEmail,
      subject: `Re: Your message to ${BRAND}`,
      body: `Hello ${visitorName},\r\n\r\n`,
    });
    expect(href).not.toMatch(/[\s+]/);
    // It becomes read (a POST), in the open dialog and in the list behind it.
    await expect.poll(() => dialog.getByText("Read", { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await expectNoAxeViolations(admin);
    await screenshot(admin, "admin-message-open");
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(() => admin.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => visitorRow.getByText("Read", { exact: true }).count()).toBe(1);
    await open(admin, "/admin/messages?lang=en&filter=unread");
    expect(await row(admin, visitorName).count()).toBe(0);
    expect(await admin.getByText("No unread messages").count()).toBe(1);
    await open(admin, "/admin/messages?lang=en");
    expect(await row(admin, visitorName).getByText("Read", { exact: true }).count()).toBe(1);

    // Mark as unread again, then open it without JavaScript: a POST, a redirect, the details in place.
    await row(admin, visitorName).getByRole("button", { name: `Mark as unread: ${visitorName}` }).click();
    await expect.poll(() => admin.getByText("Message marked as unread.").count()).toBeGreaterThan(0);
    await expect.poll(() => row(admin, visitorName).getByText("Unread", { exact: true }).count()).toBe(1);
    const messageId = await row(admin, visitorName).locator('input[name="messageId"]').first().inputValue();

    const { context: noJsContext, page: noJs } = await pageOf(newPage, { js: false, storageState: await adminContext.storageState() });
    await noJs.goto("/admin/messages?lang=en");
    await row(noJs, visitorName).getByRole("button", { name: `Open: ${visitorName}` }).click();
    await noJs.waitForURL(new RegExp(`dialog=view&message=${messageId}`));
    const panel = noJs.getByRole("region", { name: `Message from ${visitorName}` });
    await panel.waitFor();
    expect(await panel.locator("p[dir=auto]").innerText()).toBe(message);
    expect(await panel.getByText("Read", { exact: true }).count()).toBe(1);
    // "Close" is a link back to the list (axe cannot run in a page without JavaScript; the same markup is
    // checked in the modal above).
    await panel.getByRole("link", { name: "Close" }).click();
    await noJs.waitForURL((url) => !url.search.includes("dialog="));
    expect(await noJs.getByRole("region").count()).toBe(0);
    await noJsContext.close();
    // Unread again, for the refusals below.
    await open(admin, "/admin/messages?lang=en");
    await row(admin, visitorName).getByRole("button", { name: `Mark as unread: ${visitorName}` }).click();
    await expect.poll(() => row(admin, visitorName).getByText("Unread", { exact: true }).count()).toBe(1);

    // The email log lists the contact notification; SMTP is down, so after its one attempt it failed.
    await open(admin, "/admin/emails?lang=en");
    const subject = `New contact message from ${visitorName}`;
    const emailRow = row(admin, PROVIDER_EMAIL).filter({ hasText: subject });
    await expect
      .poll(
        async () => {
          await open(admin, "/admin/emails?lang=en");
          return emailRow.getByText("Failed", { exact: true }).count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    expect(await emailRow.getByText("Contact message", { exact: true }).count()).toBe(1);
    expect(await emailRow.getByText("1 of 1").count()).toBe(1);
    expect(await emailRow.getByText(/ECONNREFUSED/).count()).toBe(1);
    // No body on the page.
    expect(await admin.getByText("evening English course").count()).toBe(0);
    await expectNoAxeViolations(admin);
    await screenshot(admin, "admin-emails-failed");
    const emailId = await emailRow.locator('input[name="emailId"]').inputValue();

    // A manager without messages view and without admin rights.
    await open(admin, "/admin/users?lang=en");
    const managerEmail = `inbox-manager-${stamp}@example.com`;
    await admin.getByRole("button", { name: "Add User" }).first().click();
    const add = admin.getByRole("dialog");
    await add.getByLabel(/^Email/).fill(managerEmail);
    await add.getByLabel(/^Role/).selectOption({ label: "Instructor & Course Manager" });
    await add.getByRole("button", { name: "Add User" }).click();
    const generatedField = admin.getByLabel("Temporary password");
    await expect.poll(() => generatedField.count(), { timeout: 10_000 }).toBe(1);
    const generated = await generatedField.inputValue();

    const { context: managerContext, page: manager } = await pageOf(newPage);
    await signIn(manager, { email: managerEmail, password: generated }, { hydrated: true, waitForURL: /\/admin\/change-password/ });
    await field(manager, "New password").fill(MANAGER_PASSWORD);
    await field(manager, "Confirm new password").fill(MANAGER_PASSWORD);
    await manager.getByRole("button", { name: "Update Password" }).click();
    await manager.waitForURL(/\/admin$/);
    expect(await manager.getByRole("link", { name: "Messages" }).count()).toBe(0);
    expect(await manager.getByRole("link", { name: "Email Log" }).count()).toBe(0);

    const denied = await manager.goto("/admin/messages?lang=en");
    expect(denied?.status()).toBe(403);
    expect(await manager.getByText("You don't have permission to access this feature.", { exact: false }).count()).toBeGreaterThan(0);
    expect(await manager.getByText(visitorName).count()).toBe(0);
    const post = (path: string, form: Record<string, string>) =>
      manager.request.post(path, { form, headers: { Origin: app.url }, maxRedirects: 0 });
    expect((await post("/admin/messages", { intent: "markRead", messageId })).status()).toBe(403);
    expect((await manager.goto("/admin/emails?lang=en"))?.status()).toBe(403);
    expect((await post("/admin/emails", { intent: "retry", emailId })).status()).toBe(403);
    // Nothing changed: still unread, still failed.
    await open(admin, "/admin/messages?lang=en");
    expect(await row(admin, visitorName).getByText("Unread", { exact: true }).count()).toBe(1);
    await open(admin, "/admin/emails?lang=en&status=failed");
    expect(await emailRow.getByText("Failed", { exact: true }).count()).toBe(1);

    // The mail server is back: Retry from the UI → pending → sent, and the server has it.
    smtp = await startSmtpServer({ port: smtpPort });
    await emailRow.getByRole("button", { name: new RegExp(`^Retry: ${PROVIDER_EMAIL}`) }).click();
    // The address stands isolated in the sentence (U+2068 … U+2069), as every visitor-typed value does.
    await expect.poll(() => admin.getByText(`Email to \u2068${PROVIDER_EMAIL}\u2069 queued for another attempt.`).count()).toBeGreaterThan(0);
    const [mail] = await smtp.waitFor(1, 15_000);
    expect(mail!.subject).toBe(subject);
    expect(mail!.to).toEqual([PROVIDER_EMAIL]);
    expect(mail!.headers["reply-to"]).toContain(visitorEmail);
    expect(mail!.text).toContain("evening English course");
    await expect
      .poll(
        async () => {
          await open(admin, "/admin/emails?lang=en&status=sent");
          return emailRow.getByText("Sent", { exact: true }).count();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(1);
    expect(await emailRow.getByText("2 of 1").count()).toBe(1);
    expect(await emailRow.getByRole("button", { name: /^Retry/ }).count()).toBe(0);
    // A crafted retry of the sent email is refused with the translated reason.
    const again = await adminContext.request.post("/admin/emails", { form: { intent: "retry", emailId }, headers: { Origin: app.url } });
    expect(again.status()).toBe(409);
    expect(smtp.messages).toHaveLength(1);

    // Granting messages view opens the inbox to the manager; the email log stays admin only.
    await open(admin, "/admin/roles?lang=en");
    const box = admin.getByRole("checkbox", { name: "Messages: View for Instructor & Course Manager" });
    if (!(await box.isChecked())) await box.click();
    await admin.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => admin.getByText("Permissions saved.", { exact: false }).count()).toBeGreaterThan(0);
    const allowed = await open(manager, "/admin/messages?lang=en");
    expect(allowed?.status()).toBe(200);
    expect(await row(manager, visitorName).count()).toBe(1);
    expect((await manager.goto("/admin/emails?lang=en"))?.status()).toBe(403);
    await managerContext.close();

    // Arabic, right to left.
    await open(admin, "/admin/messages?lang=ar");
    expect(await admin.locator("html").getAttribute("dir")).toBe("rtl");
    await admin.getByRole("heading", { level: 1, name: "الرسائل" }).waitFor();
    expect(await row(admin, visitorName).getByText("غير مقروءة", { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(admin);
    await row(admin, visitorName).getByRole("button", { name: `فتح: ${visitorName}` }).click();
    const arDialog = admin.getByRole("dialog", { name: `رسالة من ${visitorName}` });
    await arDialog.waitFor();
    expect(await arDialog.getByText("الإنجليزية", { exact: true }).count()).toBe(1);
    expect(await arDialog.getByRole("link", { name: "الرد عبر البريد الإلكتروني" }).getAttribute("href")).toBe(href);
    await expect.poll(() => arDialog.getByText("مقروءة", { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await expectNoAxeViolations(admin);
    await screenshot(admin, "admin-message-open-ar");
    await open(admin, "/admin/emails?lang=ar");
    expect(await admin.locator("html").getAttribute("dir")).toBe("rtl");
    await admin.getByRole("heading", { level: 1, name: "سجل البريد" }).waitFor();
    expect(await row(admin, PROVIDER_EMAIL).filter({ hasText: subject }).getByText("تم الإرسال", { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(admin);
    await screenshot(admin, "admin-emails-ar");
    await adminContext.close();
  }, 300_000);
});
