// Admin Enrollments on the production build (issue 6 acceptance), on a server of its own (PostgreSQL,
// demo data, a real SMTP server): a visitor enrolls through the public form → the admin sees the request
// in the counters and the table, finds it by search, opens its details, approves it → the counters
// change and the approval email reaches the SMTP server once the undo window has passed (not before);
// bulk reject; the CSV download. Safe decisions (issue 17 point 3): Reject asks to confirm naming the
// student's email, Undo within the window leaves no email at the SMTP server (English and Arabic, 375 and
// 1366 px), and moving a request back to pending is in the audit log. A manager without enrollments view
// is denied on the page (403 + SPEC's message, English and Arabic) and on crafted requests (approve,
// export); one with view but not edit cannot approve. Arabic, right to left, axe.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { hashPassword } from "~/lib/password.server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, signIn, test as it, type NewPage, type SignInOptions } from "./fixtures.ts";
import { ARTIFACTS, screenshot, chooseOpenRun, uniqueWord } from "./harness.ts";

const ADMIN_EMAIL = "enrollments-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";
const MANAGER_EMAIL = "enrollments-manager@example.com";
const MANAGER_PASSWORD = "Manager-Passw0rd!";
/** The undo window of this server (DECISION_UNDO_SECONDS): short, so the emails of a decision leave soon. */
const UNDO_SECONDS = 8;

const own = ownApp({
  name: "admin-enrollments",
  smtp: true,
  env: { SEED_DEMO: "true", ADMIN_EMAIL, ADMIN_PASSWORD, RATE_LIMIT_ENROLLMENT: "50/600", DECISION_UNDO_SECONDS: String(UNDO_SECONDS) },
});

const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
const MANAGER = { email: MANAGER_EMAIL, password: MANAGER_PASSWORD };
/** This file finds the sign-in fields by the start of their label. */
const SIGN_IN: SignInOptions = { labels: "prefix" };

/** A page of its own on this file's server (1400×1000 unless told). */
async function pageOf(newPage: NewPage, locale: "en" | "ar" = "en", viewport = { width: 1400, height: 1000 }) {
  const page = await newPage({ baseURL: own.url, locale, viewport });
  return { context: page.context(), page };
}

async function dbCounts(): Promise<{ total: number; pending: number; approved: number; rejected: number }> {
  const { rows } = await own.pool.query<{ status: string; n: number }>("select status, count(*)::int n from enrollments group by status");
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  return {
    total: rows.reduce((a, r) => a + r.n, 0),
    pending: by.pending ?? 0,
    approved: by.approved ?? 0,
    rejected: by.rejected ?? 0,
  };
}

/** The four counters as the page shows them. */
async function shownCounters(page: Page) {
  const read = async (key: string) => Number((await page.locator(`[data-counter="${key}"]`).textContent())!.replace(/[^\d]/g, ""));
  return { total: await read("total"), pending: await read("pending"), approved: await read("approved"), rejected: await read("rejected") };
}

/** An enrollment for a published demo course, written straight to the database (for the bulk and refusal cases). */
async function insertEnrollment(name: string, email: string): Promise<string> {
  const { rows } = await own.pool.query<{ id: string }>(
    `insert into enrollments (enrollment_id, course_id, course_name, student_name, student_email, student_phone, locale)
     select 'ENR-' || upper(substr(md5(random()::text), 1, 10)), c.id, c.title, $1, $2, '+20 1001234567', 'en'
     from courses c where c.is_published order by c.created_at, c.id limit 1
     returning id`,
    [name, email],
  );
  return rows[0]!.id;
}

/** The statuses of the outbox rows about one enrollment (its decision emails). */
const emailsAbout = async (id: string) =>
  (await own.pool.query<{ status: string }>("select status from email_outbox where ref = $1 order by created_at", [`enrollment:${id}`])).rows.map((r) => r.status);

/** The messages the SMTP server received for `email`. */
const mailTo = (email: string) => own.smtp.messages.filter((m) => m.to.includes(email));

/** What the screen shows (not the whole page: the decision notice is fixed to the screen's bottom). */
async function screenShot(page: Page, name: string): Promise<void> {
  const dir = path.join(ARTIFACTS, "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Whether the element's box lies inside the viewport. */
async function insideViewport(page: Page, locator: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  const size = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
}

const statusOf = async (id: string) =>
  (await own.pool.query<{ status: string }>("select status from enrollments where id = $1", [id])).rows[0]!.status;

describe("admin enrollments", () => {
  const stamp = Date.now().toString(36);
  // The name is typed into the public form, whose rules refuse digits in a name: its unique part is letters.
  const student = { name: `Nadia Farouk ${uniqueWord()}`, email: `nadia-${stamp}@example.com` };

  it("a visitor enrolls; the admin sees it, approves it, the counters change and the email is sent", async ({ newPage }) => {
    // The visitor, through the public course page and its enrollment form.
    const { context: visitorContext, page: visitor } = await pageOf(newPage);
    await visitor.goto("/en/courses");
    await visitor.waitForSelector("html[data-hydrated]");
    const card = visitor.locator("article h3").first();
    const courseTitle = (await card.textContent())!.trim();
    await card.click();
    await visitor.waitForURL(/\/courses\/[a-z0-9-]+/);
    await visitor.getByRole("link", { name: "Enroll Now" }).first().click();
    const form = visitor.getByRole("dialog");
    await form.getByLabel("Full name").fill(student.name);
    await form.getByLabel("Email").fill(student.email);
    await form.getByLabel("Phone number").fill("100 765 4321");
    await chooseOpenRun(form);
    await form.getByRole("button", { name: "Submit enrollment" }).click();
    const toast = visitor.getByText(/Enrollment ID: (ENR-[A-Z0-9-]+)/);
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const enrollmentId = /(ENR-[A-Z0-9]+-[A-Z0-9]+)/.exec((await toast.first().textContent())!)![1]!;
    await visitorContext.close();

    // The admin: counters and the newest row.
    const { context: adminContext, page } = await pageOf(newPage);
    await signIn(page, ADMIN, SIGN_IN);
    await page.goto("/admin/enrollments?lang=en");
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Course Enrollments");
    const before = await dbCounts();
    expect(before.pending).toBeGreaterThanOrEqual(1);
    expect(await shownCounters(page)).toEqual(before);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(student.name) }) });
    expect(await row.count()).toBe(1);
    expect(await row.getByText(enrollmentId).count()).toBe(1);
    expect(await row.getByText(courseTitle).count()).toBe(1);
    expect(await row.getByText("Pending", { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-enrollments");

    // Search by enrollment id (the URL keeps the state) → just this row.
    await page.getByLabel("Search", { exact: true }).fill(enrollmentId.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=enr-/);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);

    // Details with every field.
    await row.getByRole("button", { name: `Details: ${student.name}` }).click();
    const details = page.getByRole("dialog", { name: "Enrollment details" });
    await details.waitFor();
    for (const text of [enrollmentId, student.email, "+20 10 0765 4321", courseTitle, "No additional message", "English"]) {
      expect(await details.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    await expectNoAxeViolations(page);
    await details.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // Approve → SPEC's message, saying the student is emailed after the undo window; the row and the
    // counters change; the email leaves once the window has passed, not before.
    await row.getByRole("button", { name: `Approve: ${student.name}` }).click();
    await expect.poll(() => page.getByText("Enrollment status updated to approved").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const notice = page.locator("[data-decision-notice]");
    expect(await notice.textContent()).toContain(`The student will be emailed in ${UNDO_SECONDS} seconds.`);
    expect(await notice.getByRole("button", { name: "Undo" }).count()).toBe(1);
    // (The student's own confirmation of the request has arrived; the approval has not.)
    const approvals = () => mailTo(student.email).filter((m) => /is approved/.test(m.subject)).length;
    expect(approvals()).toBe(0);
    await expect.poll(() => row.getByText("Approved", { exact: true }).count()).toBe(1);
    expect(await row.getByRole("button", { name: /^Approve/ }).count()).toBe(0);
    await expect
      .poll(() => shownCounters(page))
      .toEqual({ ...before, pending: before.pending - 1, approved: before.approved + 1 });
    expect(await dbCounts()).toEqual({ ...before, pending: before.pending - 1, approved: before.approved + 1 });
    await expect.poll(approvals, { timeout: 30_000 }).toBe(1);
    // The window has passed: the notice has gone with its Undo.
    await expect.poll(() => notice.count()).toBe(0);
    const mail = own.smtp.messages.find((m) => m.to.includes(student.email) && /is approved/.test(m.subject))!;
    expect(mail.subject).toBe(`Your enrollment in ${courseTitle} is approved (${enrollmentId})`);
    expect(mail.text).toContain(`Hello ${student.name},`);

    // The audit log has the approval.
    const audit = await own.pool.query("select action, actor_email from audit_log where entity = 'enrollment' and action = 'approve'");
    expect(audit.rows).toEqual([{ action: "approve", actor_email: ADMIN_EMAIL }]);

    // 'Export CSV' downloads the current view: this search, with a BOM.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^enrollments-\d{4}-\d{2}-\d{2}\.csv$/);
    // The download's bytes as they arrived (download.path() is not available from a browser connected
    // remotely, as the run's shared Chromium is).
    const csv = Buffer.concat(await (await download.createReadStream()).toArray());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Enrollment ID,Status,/);
    expect(lines[1]).toContain(`${enrollmentId},Approved,`);
    expect(lines[1]).toContain(student.name);
    await adminContext.close();
  }, 180_000);

  it("bulk-rejects exactly the selected pending rows", async ({ newPage }) => {
    const a = await insertEnrollment(`Bulk One ${stamp}`, `bulk1-${stamp}@example.com`);
    const b = await insertEnrollment(`Bulk Two ${stamp}`, `bulk2-${stamp}@example.com`);
    const c = await insertEnrollment(`Bulk Three ${stamp}`, `bulk3-${stamp}@example.com`);
    const { context, page } = await pageOf(newPage);
    await signIn(page, ADMIN, SIGN_IN);
    await page.goto(`/admin/enrollments?lang=en&q=${encodeURIComponent(`bulk`)}&status=pending`);
    await page.waitForSelector("html[data-hydrated]");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(3);
    await page.getByRole("checkbox", { name: `Select the enrollment of Bulk One ${stamp}` }).check();
    await page.getByRole("checkbox", { name: `Select the enrollment of Bulk Three ${stamp}` }).check();
    expect(await page.getByText("2 selected").count()).toBe(1);
    await page.getByRole("button", { name: "Reject selected" }).click();
    // Rejecting cannot be undone: it asks first, naming how many.
    const confirm = page.getByRole("dialog", { name: "Reject Selected Enrollments" });
    await confirm.waitFor();
    expect(await confirm.getByText(/^Reject 2 enrollment requests\?/).count()).toBe(1);
    await confirm.getByRole("button", { name: "Reject", exact: true }).click();
    await expect.poll(() => page.getByText("2 enrollments updated to rejected.").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The pending filter now lists only the one left.
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual(["rejected", "pending", "rejected"]);
    await context.close();
  }, 120_000);

  it("Reject asks to confirm naming the student's email; Undo within the window sends no email (English and Arabic, 375 and 1366 px)", async ({ newPage }) => {
    const words = {
      en: {
        rejectFor: (name: string) => `Reject: ${name}`,
        title: "Reject Enrollment",
        told: (email: string) => `Are you sure you want to reject this enrollment request? The student will be told by email at ${email}.`,
        hint: `You can undo this within ${UNDO_SECONDS} seconds, before the email leaves.`,
        submit: "Reject",
        updated: `Enrollment status updated to rejected. The student will be emailed in ${UNDO_SECONDS} seconds.`,
        undo: "Undo",
        undone: "Decision undone: the enrollment is pending again and no email was sent.",
        pending: "Pending",
      },
      ar: {
        rejectFor: (name: string) => `رفض: ${name}`,
        title: "رفض طلب التسجيل",
        told: (email: string) => `هل أنت متأكد من رفض طلب التسجيل هذا؟ سيُبلَّغ الطالب بالبريد الإلكتروني على العنوان ${email}.`,
        hint: `يمكنك التراجع خلال ${UNDO_SECONDS} ثوانٍ قبل أن يُرسَل البريد.`,
        submit: "رفض",
        updated: `تم تحديث حالة طلب التسجيل إلى مرفوض. سيُبلَّغ الطالب بالبريد الإلكتروني بعد ${UNDO_SECONDS} ثوانٍ.`,
        undo: "تراجع",
        undone: "تم التراجع عن القرار: أصبح طلب التسجيل قيد المراجعة مجددًا، ولم يُرسَل أي بريد إلكتروني.",
        pending: "قيد المراجعة",
      },
    } as const;
    const undone: { id: string; email: string }[] = [];
    for (const [lang, width] of [["en", 1366], ["ar", 375], ["en", 375], ["ar", 1366]] as const) {
      const w = words[lang];
      const name = `Undo ${lang}${width} ${stamp}`;
      const email = `undo-${lang}${width}-${stamp}@example.com`;
      const id = await insertEnrollment(name, email);
      const { context, page } = await pageOf(newPage, lang, { width, height: width < 400 ? 812 : 900 });
      await signIn(page, ADMIN, SIGN_IN);
      await page.goto(`/admin/enrollments?lang=${lang}&q=${encodeURIComponent(email)}`);
      await page.waitForSelector("html[data-hydrated]");
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");

      await page.getByRole("button", { name: w.rejectFor(name) }).click();
      const confirm = page.getByRole("dialog", { name: w.title });
      await confirm.waitFor();
      expect(await confirm.getByText(w.told(email)).count()).toBe(1);
      expect(await confirm.getByText(w.hint).count()).toBe(1);
      expect(await insideViewport(page, confirm)).toBe(true);
      await expectNoAxeViolations(page);
      await screenShot(page, `enrollment-reject-confirm-${lang}-${width}`);
      expect(await statusOf(id)).toBe("pending");

      await confirm.getByRole("button", { name: w.submit, exact: true }).click();
      const notice = page.locator("[data-decision-notice]");
      await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => confirm.count()).toBe(0);
      expect((await notice.textContent())!.replace(/\s+/g, " ")).toContain(w.updated);
      expect(await statusOf(id)).toBe("rejected");
      expect(await emailsAbout(id)).toEqual(["pending"]);
      expect(await insideViewport(page, notice)).toBe(true);
      await screenShot(page, `enrollment-undo-notice-${lang}-${width}`);

      await notice.getByRole("button", { name: w.undo, exact: true }).click();
      await expect.poll(() => page.getByText(w.undone).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await notice.count()).toBe(0);
      expect(await statusOf(id)).toBe("pending");
      expect(await emailsAbout(id)).toEqual(["cancelled"]);
      const row = page.getByRole("row").filter({ hasText: email });
      await expect.poll(() => row.getByText(w.pending, { exact: true }).count()).toBe(1);
      undone.push({ id, email });
      await context.close();
    }
    // Long enough for every window to pass and the worker (polling every 200 ms) to send what is due.
    await new Promise((resolve) => setTimeout(resolve, (UNDO_SECONDS + 4) * 1000));
    for (const { id, email } of undone) {
      expect(mailTo(email), email).toHaveLength(0);
      expect(await emailsAbout(id)).toEqual(["cancelled"]);
      expect(await statusOf(id)).toBe("pending");
    }
  }, 240_000);

  it("a decision left alone is emailed after the window; later it moves back to pending after a confirmation, with no email, in the audit log", async ({ newPage }) => {
    const name = `Reopen ${stamp}`;
    const email = `reopen-${stamp}@example.com`;
    const id = await insertEnrollment(name, email);
    const { rows } = await own.pool.query<{ enrollment_id: string }>("select enrollment_id from enrollments where id = $1", [id]);
    const enrollmentId = rows[0]!.enrollment_id;
    const { context, page } = await pageOf(newPage);
    await signIn(page, ADMIN, SIGN_IN);
    // The list of pending requests: the approved row leaves it, and its notice (with Undo) still shows.
    await page.goto(`/admin/enrollments?lang=en&status=pending&q=${encodeURIComponent(email)}`);
    await page.waitForSelector("html[data-hydrated]");
    const row = page.getByRole("row").filter({ hasText: email });

    const approvedAt = Date.now();
    await row.getByRole("button", { name: `Approve: ${name}` }).click();
    await expect.poll(() => page.locator("[data-decision-notice]").count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => row.count()).toBe(0);
    expect(await page.locator("[data-decision-notice]").getByRole("button", { name: "Undo" }).count()).toBe(1);
    await expect.poll(() => mailTo(email).length, { timeout: 30_000 }).toBe(1);
    // Not before the window.
    expect(Date.now() - approvedAt).toBeGreaterThanOrEqual(UNDO_SECONDS * 1000 - 500);
    // The worker marks the row sent once the SMTP server has answered, a moment after the mail arrived.
    await expect.poll(() => emailsAbout(id)).toEqual(["sent"]);
    await expect.poll(() => page.locator("[data-decision-notice]").count()).toBe(0);

    await page.goto(`/admin/enrollments?lang=en&q=${encodeURIComponent(email)}`);
    await page.waitForSelector("html[data-hydrated]");

    await row.getByRole("button", { name: `Move to pending: ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Move Back to Pending" });
    await confirm.waitFor();
    expect(await confirm.getByText("Move this enrollment request back to pending? It is now approved.").count()).toBe(1);
    expect(await confirm.getByText(/^No email is sent/).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenShot(page, "enrollment-reopen-confirm-en-1400");
    await confirm.getByRole("button", { name: "Move to pending", exact: true }).click();
    await expect
      .poll(() => page.getByText("The enrollment is pending again. No email was sent to the student.").count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => row.getByText("Pending", { exact: true }).count()).toBe(1);
    expect(await statusOf(id)).toBe("pending");
    // No new email: the one the student got stays the only one.
    expect(await emailsAbout(id)).toEqual(["sent"]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailTo(email)).toHaveLength(1);

    const audit = await own.pool.query<{ action: string; actor_email: string; data: Record<string, unknown> }>(
      "select action, actor_email, data from audit_log where entity = 'enrollment' and entity_id = $1 order by created_at",
      [id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(["approve", "status.change"]);
    expect(audit.rows[1]).toMatchObject({ actor_email: ADMIN_EMAIL, data: { from: "approved", to: "pending", emailCancelled: false } });
    // The audit log page lists it.
    await page.goto("/admin/audit?lang=en&entity=enrollment");
    const line = page.getByRole("row").filter({ hasText: enrollmentId }).filter({ hasText: "Status changed" });
    expect(await line.count()).toBe(1);
    await context.close();
  }, 120_000);

  it("works without JavaScript: search, details by URL, approve and bulk reject post the page", async ({ newPage }) => {
    const one = await insertEnrollment(`NoScript One ${stamp}`, `noscript1-${stamp}@example.com`);
    const two = await insertEnrollment(`NoScript Two ${stamp}`, `noscript2-${stamp}@example.com`);
    // No locale: Chromium's own, as this check always had.
    const page = await newPage({ baseURL: own.url, locale: null, js: false, viewport: { width: 1400, height: 1000 } });
    const context = page.context();
    await signIn(page, ADMIN, SIGN_IN);
    await page.goto("/admin/enrollments?lang=en");
    await page.getByLabel("Search", { exact: true }).fill("noscript");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=noscript/);
    expect(await page.locator("tbody tr").count()).toBe(2);

    // Details open as a panel through the URL, with the approve button inside.
    await page.getByRole("link", { name: `Details: NoScript One ${stamp}` }).click();
    await page.waitForURL(/dialog=details&enrollment=/);
    const panel = page.getByRole("region", { name: "Enrollment details" });
    expect(await panel.getByText(`noscript1-${stamp}@example.com`).count()).toBe(1);
    await panel.getByRole("button", { name: `Approve: NoScript One ${stamp}` }).click();
    await expect.poll(() => page.getByText("Enrollment status updated to approved").count()).toBe(1);
    expect(await statusOf(one)).toBe("approved");
    expect(await page.getByRole("region", { name: "Enrollment details" }).count()).toBe(0);
    // The notice's Undo is a form of its own: the request is pending again and its email withdrawn.
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => page.getByText("Decision undone: the enrollment is pending again and no email was sent.").count()).toBe(1);
    expect(await statusOf(one)).toBe("pending");
    expect(await emailsAbout(one)).toEqual(["cancelled"]);

    // Bulk: tick the remaining pending row and reject it.
    await page.goto("/admin/enrollments?lang=en&q=noscript&status=pending");
    await page.getByRole("checkbox", { name: `Select the enrollment of NoScript Two ${stamp}` }).check();
    await page.getByRole("button", { name: "Reject selected" }).click();
    // The confirmation is a page of its own (the ticked ids and the filters in its URL).
    await page.waitForURL(/dialog=bulkReject/);
    const confirm = page.getByRole("region", { name: "Reject Selected Enrollments" });
    expect(await confirm.getByText(/^Reject 1 enrollment request\?/).count()).toBe(1);
    await confirm.getByRole("button", { name: "Reject", exact: true }).click();
    await expect.poll(() => page.getByText("1 enrollment updated to rejected.").count()).toBe(1);
    expect(await statusOf(two)).toBe("rejected");
    await context.close();
  }, 120_000);

  it("shows the page in Arabic, right to left, without axe violations", async ({ newPage }) => {
    const { context, page } = await pageOf(newPage, "ar");
    await signIn(page, ADMIN, SIGN_IN);
    await page.goto("/admin/enrollments?lang=ar");
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("طلبات التسجيل في الدورات");
    expect(await page.getByText("إجمالي طلبات التسجيل").count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: new RegExp(`^التفاصيل: ${student.name}`) }).click();
    const details = page.getByRole("dialog", { name: "تفاصيل طلب التسجيل" });
    await details.waitFor();
    expect(await details.getByText("مقبول", { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-enrollments-ar");
    await context.close();
  }, 120_000);

  it("denies a manager without enrollments view on the page and on crafted requests", async ({ newPage }) => {
    // The manager role without enrollments:view (set in the database), and a manager signed in.
    await own.pool.query(
      `insert into role_permissions (role_name, permissions, updated_at) values ('instructor_course_manager', $1::jsonb, now())
       on conflict (role_name) do update set permissions = excluded.permissions, updated_at = now()`,
      [JSON.stringify(["courses:view", "instructors:view"])],
    );
    const id = crypto.randomUUID();
    await own.pool.query(
      `insert into "user" (id, name, email, email_verified, role, must_change_password, created_at, updated_at)
       values ($1, 'Manager', $2, true, 'instructor_course_manager', false, now(), now())`,
      [id, MANAGER_EMAIL],
    );
    await own.pool.query(
      `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
       values ($1, $2, 'credential', $2, $3, now(), now())`,
      [crypto.randomUUID(), id, await hashPassword(MANAGER_PASSWORD)],
    );
    const target = await insertEnrollment(`Crafted ${stamp}`, `crafted-${stamp}@example.com`);

    const { context, page } = await pageOf(newPage);
    await signIn(page, MANAGER, SIGN_IN);
    const res = await page.goto("/admin/enrollments?lang=en");
    expect(res!.status()).toBe(403);
    expect(await page.getByText("You don't have permission to view enrollments.").count()).toBe(1);
    expect(await page.locator("table").count()).toBe(0);
    // The refusal still names the page in the tab.
    await expect.poll(() => page.title()).not.toBe("");
    await expectNoAxeViolations(page);
    const ar = await page.goto("/admin/enrollments?lang=ar");
    expect(ar!.status()).toBe(403);
    expect(await page.getByText("ليست لديك صلاحية لعرض طلبات التسجيل.").count()).toBe(1);
    await expect.poll(() => page.title()).not.toBe("");
    await expectNoAxeViolations(page);

    // Crafted requests with the manager's session.
    const approve = await page.request.post("/admin/enrollments", {
      form: { intent: "approve", id: target },
      headers: { Origin: own.url },
      maxRedirects: 0,
    });
    expect(approve.status()).toBe(403);
    const exported = await page.request.get("/admin/enrollments/export.csv", { maxRedirects: 0 });
    expect(exported.status()).toBe(403);
    expect(exported.headers()["content-type"]).toMatch(/^text\/plain/);
    // The manager opened the Arabic page last: their saved language is Arabic, and so is the refusal.
    expect(await exported.text()).toBe("ليست لديك صلاحية لتصدير طلبات التسجيل.");
    expect(await statusOf(target)).toBe("pending");

    // With view but not edit: the page loads without approve buttons, and a crafted approval is refused.
    await own.pool.query(`update role_permissions set permissions = $1::jsonb where role_name = 'instructor_course_manager'`, [
      JSON.stringify(["enrollments:view"]),
    ]);
    const viewer = await page.goto("/admin/enrollments?lang=en");
    expect(viewer!.status()).toBe(200);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.getByRole("row").filter({ hasText: `Crafted ${stamp}` }).count()).toBe(1);
    expect(await page.getByRole("button", { name: /^Approve/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Export CSV" }).count()).toBe(0);
    const again = await page.request.post("/admin/enrollments", {
      form: { intent: "approve", id: target },
      headers: { Origin: own.url },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(403);
    expect(await statusOf(target)).toBe("pending");
    expect((await own.pool.query("select count(*)::int n from email_outbox where to_address = $1", [`crafted-${stamp}@example.com`])).rows[0].n).toBe(0);
    await context.close();
  }, 120_000);
});
