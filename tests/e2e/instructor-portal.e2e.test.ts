// Instructor accounts and portal on the production build (issue 7 acceptance): the admin creates an
// account in the SPEC modal and copies the password → the instructor signs in (with and without
// JavaScript), sees exactly their assigned courses (the draft too) and opens a PDF in the view-only viewer;
// the document answers 200 with private headers, another course's document 403. A 1-minute account shows
// the expiry warning, lands on /instructor-login at expiry (which says why), and its old cookie and document URL are refused;
// the expired password gets the expired message; the admin renews → the new password works, the old does
// not. Arabic, right to left, axe on the login page, the dashboard and the modal.
// Runs its own server on a fresh PostgreSQL database so that the test can read the rows it checks.
import type { BrowserContext, Page } from "playwright-core";
import { minimalPdf } from "../setup/pdf.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, ownApp, test as it, type NewPage } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const ADMIN_EMAIL = "portal-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";
const SECRET = "e2e-instructor-portal-secret-".padEnd(48, "p");

const own = ownApp({ name: "instructor-portal", env: { AUTH_SECRET: SECRET, SEED_DEMO: "false", ADMIN_EMAIL, ADMIN_PASSWORD } });

/** A page of its own (1300×1000) on this file's server. */
async function pageOf(newPage: NewPage, options: { locale?: "en" | "ar"; js?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const page = await newPage({ baseURL: own.url, locale: options.locale ?? "en", js: options.js ?? true, viewport: { width: 1300, height: 1000 } });
  return { context: page.context(), page };
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

async function insertInstructor(name: string, email: string, title: string): Promise<string> {
  const { rows } = await own.pool.query<{ id: string }>(`insert into instructors (name, email, title) values ($1, $2, $3) returning id`, [
    name,
    email,
    title,
  ]);
  return rows[0]!.id;
}

async function insertCourse(instructorId: string, title: string, published: boolean): Promise<string> {
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const { rows } = await own.pool.query<{ id: string }>(
    `insert into courses (title, slug, summary, description, language, instructor_id, hours, price, is_published)
     values ($1, $2, $3, $4, 'en', $5, 12, 250, $6) returning id`,
    [title, slug, `${title} summary`, `${title} description`, instructorId, published],
  );
  return rows[0]!.id;
}

/** Uploads a PDF through the admin upload route (admin session) and attaches it to the course. */
async function attachPdf(admin: Page, courseId: string, fileName: string): Promise<string> {
  const res = await admin.request.post("/admin/uploads/document", {
    headers: { Origin: own.url, Accept: "application/json" },
    multipart: { file: { name: fileName, mimeType: "application/pdf", buffer: minimalPdf(fileName) } },
  });
  expect(res.status()).toBe(200);
  const uploaded = (await res.json()) as { key: string; fileName: string; size: number };
  const { rows } = await own.pool.query<{ id: string }>(
    `insert into course_documents (course_id, storage_key, file_name, file_type, size_bytes) values ($1, $2, $3, 'PDF', $4) returning id`,
    [courseId, uploaded.key, uploaded.fileName, uploaded.size],
  );
  return rows[0]!.id;
}

/** Signs the admin in once the sign-in page is hydrated (attached), this file's own wait. */
async function signInAdmin(page: Page) {
  await page.goto("/login?lang=en");
  await hydrated(page);
  await field(page, "Email").fill(ADMIN_EMAIL);
  await field(page, "Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin$/);
}

/** Opens the account modal of an instructor card and asks for an account of the given validity. */
async function requestAccount(admin: Page, name: string, duration: { hours?: string; minutes?: string }) {
  await admin.goto("/admin/instructors?lang=en");
  await hydrated(admin);
  await admin.getByRole("button", { name: `Create login account for ${name}` }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.waitFor();
  const submit = dialog.getByRole("button", { name: /^(Create Account|Renew Account|Extend Access)$/ });
  // Both empty count as 0: the button stays disabled until a duration is chosen.
  expect(await submit.isDisabled()).toBe(true);
  if (duration.hours) await dialog.getByLabel("Hours", { exact: true }).fill(duration.hours);
  if (duration.minutes) await dialog.getByLabel("Minutes", { exact: true }).fill(duration.minutes);
  await expect.poll(() => submit.isDisabled()).toBe(false);
  return { dialog, submit };
}

async function readPassword(dialog: ReturnType<Page["getByRole"]>): Promise<string> {
  const field = dialog.getByLabel("Temporary password");
  await field.waitFor({ timeout: 15_000 });
  const value = await field.inputValue();
  expect(value).toMatch(/^[A-Za-z0-9]{8}$/);
  return value;
}

async function instructorLogin(page: Page, email: string, password: string, lang = "en") {
  await page.goto(`/instructor-login?lang=${lang}`);
  await hydrated(page);
  await field(page, lang === "ar" ? "البريد الإلكتروني" : "Email").fill(email);
  await field(page, lang === "ar" ? "كلمة المرور" : "Password").fill(password);
  await page.getByRole("button", { name: lang === "ar" ? "تسجيل الدخول" : "Login", exact: true }).click();
}

describe("instructor accounts and portal", () => {
  it("admin creates accounts; the instructor sees only their courses and materials; expiry ends the session; renewal", async ({ newPage }) => {
    const monaId = await insertInstructor("Mona Portal", "mona.portal@example.com", "IELTS Coach");
    const karimId = await insertInstructor("Karim Other", "karim.other@example.com", "Trainer");
    const saraId = await insertInstructor("Sara Short", "sara.short@example.com", "Trainer");
    const published = await insertCourse(monaId, "Portal Published Course", true);
    await insertCourse(monaId, "Portal Draft Course", false);
    const karimCourse = await insertCourse(karimId, "Other Instructor Course", true);
    const saraCourse = await insertCourse(saraId, "Short Access Course", true);

    const { context: adminContext, page: admin } = await pageOf(newPage);
    await adminContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: own.url });
    await signInAdmin(admin);
    const monaDoc = await attachPdf(admin, published, "syllabus.pdf");
    const karimDoc = await attachPdf(admin, karimCourse, "other.pdf");
    const saraDoc = await attachPdf(admin, saraCourse, "short.pdf");

    // ---- Sara: a 1-minute account, started first so its minute runs while the rest is checked.
    const short = await requestAccount(admin, "Sara Short", { minutes: "1" });
    await short.submit.click();
    const saraPassword = await readPassword(short.dialog);
    await short.dialog.getByRole("button", { name: "Done" }).click();
    const { context: saraContext, page: sara } = await pageOf(newPage);
    await instructorLogin(sara, "sara.short@example.com", saraPassword);
    await sara.waitForURL(/\/instructor-dashboard$/);
    await hydrated(sara);
    const banner = sara.getByRole("alertdialog", { name: "Your access ends soon" });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/You will be signed out automatically in (1 minute|\d{1,2} seconds?)\./);
    const saraCookie = (await saraContext.cookies()).find((c) => c.name === "ca_instructor");
    expect(saraCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    // ---- Mona: the SPEC modal, the generated password copied to the clipboard.
    const { dialog, submit } = await requestAccount(admin, "Mona Portal", { hours: "1" });
    expect(await dialog.getByRole("heading", { name: "Create Instructor Account" }).count()).toBe(1);
    for (const text of ["Mona Portal", "mona.portal@example.com", "IELTS Coach", "No Account"]) {
      expect(await dialog.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    await expectNoAxeViolations(admin);
    await submit.click();
    const password = await readPassword(dialog);
    expect(await dialog.getByText("Account created with a temporary password.").count()).toBe(1);
    await dialog.getByRole("button", { name: "Copy password" }).click();
    await dialog.getByText("Password copied to clipboard!").waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(password);
    // The feedback lasts 2 seconds.
    await expect.poll(() => dialog.getByText("Password copied to clipboard!").count(), { timeout: 4000 }).toBe(0);
    await expectNoAxeViolations(admin);
    await screenshot(admin, "instructor-account-created");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => admin.getByRole("dialog").count()).toBe(0);

    // The row keeps no plain-text password.
    const { rows: accountRows } = await own.pool.query(`select * from instructor_accounts where instructor_id = $1`, [monaId]);
    expect(accountRows).toHaveLength(1);
    expect(JSON.stringify(accountRows)).not.toContain(password);

    // Asked again while active: the modal renews, "Extend by…" chosen at first: the same password (issue 36 item 13).
    {
      const again = await requestAccount(admin, "Mona Portal", { hours: "3" });
      expect(await again.dialog.getByRole("heading", { name: "Renew Instructor Account" }).count()).toBe(1);
      expect(await again.dialog.getByText("Active", { exact: true }).count()).toBeGreaterThan(0);
      await again.submit.click();
      expect(await readPassword(again.dialog)).toBe(password);
      expect(await again.dialog.getByText("Access extended. The password has not changed.").count()).toBe(1);
      await again.dialog.getByRole("button", { name: "Done" }).click();
    }

    // Without JavaScript the modal is a panel reached by its link, and it posts as a plain form.
    {
      const { context: plainContext, page: plain } = await pageOf(newPage, { js: false });
      await plainContext.addCookies(await adminContext.cookies());
      await plain.goto("/admin/instructors?lang=en");
      await plain.getByRole("link", { name: "Create login account for Karim Other" }).click();
      const panel = plain.getByRole("region", { name: "Create Instructor Account" });
      await panel.waitFor();
      await panel.getByLabel("Minutes", { exact: true }).fill("30");
      await panel.getByRole("button", { name: "Create Account" }).click();
      await plain.getByRole("region", { name: /Instructor Account$/ }).getByText("Account created with a temporary password.").waitFor();
      expect(await plain.getByLabel("Temporary password").inputValue()).toMatch(/^[A-Za-z0-9]{8}$/);
      await plainContext.close();
    }

    // ---- Mona signs in (English): only her courses, the draft included.
    const { context: monaContext, page: mona } = await pageOf(newPage);
    await mona.goto("/instructor-login?lang=en");
    await hydrated(mona);
    await expectNoAxeViolations(mona);
    await instructorLogin(mona, "mona.portal@example.com", "wrong-pass1");
    await mona.getByText("Invalid email or password.").waitFor();
    await instructorLogin(mona, "mona.portal@example.com", password);
    await mona.waitForURL(/\/instructor-dashboard$/);
    await hydrated(mona);
    await mona.getByRole("heading", { name: "Welcome, Mona Portal" }).waitFor();
    expect(await mona.getByText("IELTS Coach").count()).toBe(1);
    await mona.getByRole("heading", { name: "Your Assigned Courses (2)" }).waitFor();
    const list = mona.getByRole("list", { name: "Your assigned courses" });
    expect((await list.getByRole("heading", { level: 3 }).allTextContents()).sort()).toEqual(["Portal Draft Course", "Portal Published Course"]);
    expect(await mona.getByText("Other Instructor Course").count()).toBe(0);
    const draftCard = list.getByRole("article").filter({ hasText: "Portal Draft Course" });
    expect(await draftCard.getByText("Draft", { exact: true }).count()).toBe(1);
    expect(await draftCard.getByText("No course materials available").count()).toBe(1);
    const publishedCard = list.getByRole("article").filter({ hasText: "Portal Published Course" });
    expect(await publishedCard.getByText("Published", { exact: true }).count()).toBe(1);
    expect(await publishedCard.getByText("English", { exact: true }).count()).toBe(1);
    expect(await publishedCard.getByText("12 hours").count()).toBe(1);
    // A session of an hour: no banner.
    expect(await mona.getByRole("alertdialog", { name: "Your access ends soon" }).count()).toBe(0);
    await expectNoAxeViolations(mona);
    await screenshot(mona, "instructor-dashboard");

    // The details modal, then the material in the view-only viewer.
    await publishedCard.getByRole("button", { name: "View Materials (1): Portal Published Course" }).click();
    const details = mona.getByRole("dialog", { name: "Portal Published Course" });
    await details.waitFor();
    for (const text of ["Portal Published Course summary", "Portal Published Course description", "English", "syllabus.pdf"]) {
      expect(await details.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    expect(await details.getByText(/EGP|ج\.م/).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(mona);
    const documentResponse = mona.waitForResponse((r) => r.url().endsWith(`/files/documents/${monaDoc}`));
    await details.getByRole("button", { name: "View syllabus.pdf" }).click();
    const served = await documentResponse;
    expect(served.status()).toBe(200);
    const headers = served.headers();
    expect(headers["content-type"]).toBe("application/pdf");
    expect(headers["cache-control"]).toBe("private, no-store");
    // The server's security middleware sends nosniff on every response as well (so the value may repeat).
    expect(headers["x-content-type-options"]!.split(",").map((v) => v.trim())).toEqual(expect.arrayContaining(["nosniff"]));
    expect(new Set(headers["x-content-type-options"]!.split(",").map((v) => v.trim()))).toEqual(new Set(["nosniff"]));
    expect(headers["content-disposition"]).toBe(`inline; filename="syllabus.pdf"; filename*=UTF-8''syllabus.pdf`);
    await mona.getByText("Document is displayed in view-only mode").waitFor();
    await mona.keyboard.press("Escape");

    // Another instructor's document by id: 403; no document under the public path.
    expect((await mona.request.get(`/files/documents/${karimDoc}`)).status()).toBe(403);
    expect((await mona.request.get(`/files/documents/${monaDoc}`)).status()).toBe(200);
    const anonymous = await fetch(`${own.url}/files/documents/${monaDoc}`, { redirect: "manual" });
    expect(anonymous.status).toBe(401);
    const { rows: docRows } = await own.pool.query<{ storage_key: string }>(`select storage_key from course_documents where id = $1`, [monaDoc]);
    for (const prefix of ["/media/", "/", "/uploads/", "/media/private/"]) {
      expect((await fetch(`${own.url}${prefix}${docRows[0]!.storage_key}`)).headers.get("content-type") ?? "").not.toMatch(/pdf/);
    }

    // Arabic, right to left.
    await mona.goto("/instructor-dashboard?lang=ar");
    await hydrated(mona);
    expect(await mona.locator("html").getAttribute("dir")).toBe("rtl");
    await mona.getByRole("heading", { name: "الدورات المسندة إليك (2)" }).waitFor();
    expect(await mona.getByText("مسودة", { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(mona);
    await screenshot(mona, "instructor-dashboard-ar");
    await monaContext.close();

    const { context: arContext, page: arLogin } = await pageOf(newPage, { locale: "ar" });
    await arLogin.goto("/instructor-login?lang=ar");
    await hydrated(arLogin);
    expect(await arLogin.locator("html").getAttribute("dir")).toBe("rtl");
    await expectNoAxeViolations(arLogin);
    await instructorLogin(arLogin, "mona.portal@example.com", "wrong-pass1", "ar");
    await arLogin.getByText("البريد الإلكتروني أو كلمة المرور غير صحيحة.").waitFor();
    await expectNoAxeViolations(arLogin);
    await screenshot(arLogin, "instructor-login-ar");
    await arContext.close();

    // Without JavaScript: a plain form post signs in and the dashboard renders on the server.
    const { context: noJsContext, page: noJs } = await pageOf(newPage, { js: false });
    await noJs.goto("/instructor-login?lang=en");
    await field(noJs, "Email").fill("mona.portal@example.com");
    await field(noJs, "Password").fill(password);
    await noJs.getByRole("button", { name: "Login", exact: true }).click();
    await noJs.waitForURL(/\/instructor-dashboard$/);
    await noJs.getByRole("heading", { name: "Your Assigned Courses (2)" }).waitFor();
    await noJs.getByRole("link", { name: "View Details: Portal Draft Course" }).click();
    await noJs.getByRole("heading", { name: "Portal Draft Course", level: 2 }).waitFor();
    await noJs.getByRole("button", { name: "Logout" }).click();
    await noJs.waitForURL(/\/instructor-login$/);
    await noJsContext.close();

    // ---- Sara's minute is up: the page went to /instructor-login by itself.
    await sara.waitForURL(/\/instructor-login$/, { timeout: 90_000 });
    await sara.getByRole("alert").filter({ hasText: "Your access ended at" }).waitFor();
    expect((await sara.request.get(`/files/documents/${saraDoc}`)).status()).toBe(401);
    const oldCookie = `ca_instructor=${saraCookie!.value}`;
    const dashboardWithOld = await fetch(`${own.url}/instructor-dashboard`, { headers: { cookie: oldCookie }, redirect: "manual" });
    expect(dashboardWithOld.status).toBe(302);
    expect(dashboardWithOld.headers.get("location")).toBe("/instructor-login");
    expect((await fetch(`${own.url}/files/documents/${saraDoc}`, { headers: { cookie: oldCookie } })).status).toBe(401);
    const { rows: saraSessions } = await own.pool.query(
      `select s.id from instructor_sessions s join instructor_accounts a on a.id = s.account_id where a.instructor_id = $1`,
      [saraId],
    );
    expect(saraSessions).toEqual([]);

    // The right (old) password of an expired account: the expired message.
    await instructorLogin(sara, "sara.short@example.com", saraPassword);
    await sara.getByText("Your account has expired. Please contact admin to renew your access.").waitFor();

    // The admin renews: a new password; the old one no longer works, the new one does.
    const renew = await requestAccount(admin, "Sara Short", { minutes: "5" });
    expect(await renew.dialog.getByRole("heading", { name: "Renew Instructor Account" }).count()).toBe(1);
    expect(await renew.dialog.getByText("Expired", { exact: true }).count()).toBeGreaterThan(0);
    await renew.submit.click();
    const renewed = await readPassword(renew.dialog);
    expect(renewed).not.toBe(saraPassword);
    expect(await renew.dialog.getByText("New password generated for renewed account.").count()).toBe(1);
    await instructorLogin(sara, "sara.short@example.com", saraPassword);
    await sara.getByText("Invalid email or password.").waitFor();
    await instructorLogin(sara, "sara.short@example.com", renewed);
    await sara.waitForURL(/\/instructor-dashboard$/);
    await sara.getByRole("heading", { name: "Your Assigned Courses (1)" }).waitFor();
    // A 5-minute window warns at half of it: not yet.
    await hydrated(sara);
    expect(await sara.getByRole("alertdialog", { name: "Your access ends soon" }).count()).toBe(0);

    await saraContext.close();
    await adminContext.close();
  }, 300_000);
});
