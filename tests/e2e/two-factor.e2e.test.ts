// Two-step sign-in for staff in a real browser (issue 14 point 12), on a server of its own over
// PostgreSQL: the admin turns it on from the key the page shows (codes from the test's own RFC 6238
// implementation, as an authenticator app makes them), signs out and back in with a code, then with a
// recovery code once (the second use fails); with the setting on, a manager without a second factor is
// led to set one up, in Arabic, before reaching the admin area. Phone and laptop widths, no overflow.
import type { Page } from "playwright-core";
import { hashPassword } from "~/lib/password.server.ts";
import { totp } from "../setup/totp.ts";
import { describe, expect, field, ownApp, pageErrors, PLAYWRIGHT_TIMEOUT, test as it, type NewPage } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const ADMIN = { email: "admin@2fa.test", password: "Admin-Passw0rd!" };
const MANAGER = { email: "manager@2fa.test", password: "Manager-Passw0rd!" };
const EDITOR = { email: "editor@2fa.test", password: "Manager-Passw0rd!" };

const own = ownApp({
  name: "two-factor",
  env: { SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  checkSecrets: true,
});
/** The admin's recovery codes, from the first journey. */
let adminCodes: string[] = [];

it.beforeAll(async () => {
  for (const who of [MANAGER, EDITOR]) {
    const id = crypto.randomUUID();
    await own.pool.query(
      `insert into "user" (id, name, email, email_verified, role, must_change_password, created_at, updated_at)
       values ($1, 'Manager', $2, true, 'instructor_course_manager', false, now(), now())`,
      [id, who.email],
    );
    await own.pool.query(
      `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
       values ($1, $2, 'credential', $2, $3, now(), now())`,
      [crypto.randomUUID(), id, await hashPassword(who.password)],
    );
  }
  await own.pool.query(
    `insert into role_permissions (role_name, permissions, updated_at) values ('instructor_course_manager', '["courses:view"]'::jsonb, now())
     on conflict (role_name) do update set permissions = excluded.permissions`,
  );
});

/** A page on this file's server (Playwright's own timeout), with the uncaught errors it collects. */
async function pageOn(newPage: NewPage, locale: "en" | "ar", width = 1366, js = true): Promise<Page & { errors: string[] }> {
  const page = await newPage({ baseURL: own.url, locale, viewport: width < 500 ? "phone" : "laptop", js, timeout: PLAYWRIGHT_TIMEOUT });
  return Object.assign(page, { errors: pageErrors(page) });
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

async function passwordStep(
  page: Page,
  who: { email: string; password: string },
  l: { email: string; password: string; signIn: string },
  start = "/login",
) {
  await page.goto(start);
  await field(page, l.email).fill(who.email);
  await field(page, l.password).fill(who.password);
  await page.getByRole("button", { name: l.signIn, exact: true }).click();
}

const EN = { email: "Email", password: "Password", signIn: "Sign In" };
const AR = { email: "البريد الإلكتروني", password: "كلمة المرور", signIn: "تسجيل الدخول" };

async function signOut(page: Page, label = "Sign Out"): Promise<void> {
  await page.getByRole("button", { name: label, exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/admin"));
}

describe("two-step sign-in", () => {
  it("the admin turns it on, then signs in with an app code and with a recovery code once", async ({ newPage }) => {
    const page = await pageOn(newPage, "en");
    await passwordStep(page, ADMIN, EN);
    await page.waitForURL("**/admin");

    // From the side navigation, as staff find it.
    await page.getByRole("link", { name: "Two-Step Sign-In" }).click();
    await page.waitForURL("**/admin/two-factor");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Two-step sign-in");
    await field(page, "Your password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Begin setup" }).click();

    const keyText = page.getByTestId("manual-key");
    await keyText.waitFor();
    const key = (await keyText.textContent())!.trim();
    expect(key).toMatch(/^[A-Z2-7 ]{20,}$/);
    expect(await page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg").count()).toBe(1);
    await screenshot(page, "two-factor-setup-en-1366");

    // A wrong code first: refused next to the field, nothing turned on.
    await field(page, "6-digit code").fill(totp(key, Date.now() - 10 * 60_000));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await page.getByText("That code is not right.", { exact: false }).waitFor();
    expect(await page.getByText("That code is not right.", { exact: false }).count()).toBe(1);
    await field(page, "6-digit code").fill(totp(key));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();

    const list = page.getByTestId("recovery-codes");
    await list.waitFor();
    const codes = (await list.locator("li").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    adminCodes = codes;
    await page.getByText("Two-step sign-in is on.", { exact: false }).first().waitFor();
    await page.getByRole("link", { name: "Continue to the admin area" }).click();
    await page.waitForURL("**/admin");
    await signOut(page);

    // From a bookmarked admin page: password, then the app's code (the next one: the setup's code signs
    // in nobody), and back to the page asked for.
    await passwordStep(page, ADMIN, EN, "/admin/courses");
    await page.waitForURL("**/login/two-factor?from=%2Fadmin%2Fcourses");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Enter your sign-in code");
    await field(page, "6-digit code").fill(totp(key, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/admin/courses");
    await signOut(page);

    // Password, then a recovery code.
    await passwordStep(page, ADMIN, EN);
    await page.waitForURL("**/login/two-factor");
    await page.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
    await page.waitForURL("**/login/two-factor?method=recovery");
    await field(page, "Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/admin");
    await signOut(page);

    // The same recovery code a second time: refused, still outside.
    await passwordStep(page, ADMIN, EN);
    await page.waitForURL("**/login/two-factor");
    await page.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
    await field(page, "Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    // Said once, next to the field (not again above the form).
    await page.getByText("That recovery code is not right or was used already.").waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/login/two-factor");
    const res = await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(res?.status()).toBe(200);
    expect(page.errors).toEqual([]);

    // Without JavaScript: another recovery code, and "trust this device"; the next sign-in on this
    // browser skips the step.
    const plain = await pageOn(newPage, "en", 1366, false);
    await passwordStep(plain, ADMIN, EN);
    await plain.waitForURL("**/login/two-factor");
    await plain.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
    await plain.waitForURL("**/login/two-factor?method=recovery");
    await field(plain, "Recovery code").fill(codes[1]!.replace("-", ""));
    await plain.getByLabel("Trust this device for 30 days").check();
    await plain.getByRole("button", { name: "Verify" }).click();
    await plain.waitForURL("**/admin");
    await signOut(plain);
    await passwordStep(plain, ADMIN, EN);
    await plain.waitForURL("**/admin");
  });

  it("with the setting on, a manager without a second factor sets one up (Arabic, phone) before the admin area", async ({ newPage }) => {
    // The admin turns the setting on in Settings (signed in with a recovery code: their app codes of this
    // minute are spent).
    const admin = await pageOn(newPage, "en");
    await passwordStep(admin, ADMIN, EN, "/admin/settings");
    await admin.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
    await field(admin, "Recovery code").fill(adminCodes[2]!);
    await admin.getByRole("button", { name: "Verify" }).click();
    await admin.waitForURL("**/admin/settings");
    await admin.getByLabel("Require two-step sign-in for every staff member").check();
    await admin.getByRole("button", { name: "Save Settings" }).click();
    await expect
      .poll(async () => (await own.pool.query(`select value from site_settings where key = 'two_factor'`)).rows[0]?.value)
      .toEqual({ required: true });

    const page = await pageOn(newPage, "ar", 375);
    await passwordStep(page, MANAGER, AR);
    await page.waitForURL("**/admin/two-factor");
    await page.getByText("التحقق بخطوتين مطلوب لكل أعضاء فريق العمل.", { exact: false }).waitFor();
    // Nothing else opens meanwhile, by link or by typing the address.
    expect(await page.getByRole("link", { name: "الدورات" }).count()).toBe(0);
    await page.goto("/admin/courses");
    expect(new URL(page.url()).pathname).toBe("/admin/two-factor");
    await noHorizontalOverflow(page);

    await field(page, "كلمة المرور").fill(MANAGER.password);
    await page.getByRole("button", { name: "بدء الإعداد" }).click();
    const keyText = page.getByTestId("manual-key");
    await keyText.waitFor();
    const key = (await keyText.textContent())!.trim();
    await noHorizontalOverflow(page);
    await screenshot(page, "two-factor-setup-ar-375");
    // An Arabic keyboard's digits are accepted (D26).
    const arabicDigits = totp(key).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    await field(page, "الرمز المكوّن من 6 أرقام").fill(arabicDigits);
    await page.getByRole("button", { name: "تفعيل التحقق بخطوتين" }).click();
    await page.getByTestId("recovery-codes").waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, "two-factor-codes-ar-375");
    await page.getByRole("link", { name: "المتابعة إلى لوحة الإدارة" }).click();
    await page.waitForURL("**/admin");
    await page.goto("/admin/courses");
    expect(new URL(page.url()).pathname).toBe("/admin/courses");

    // The next sign-in asks for the code, on the phone, in Arabic.
    await signOut(page, "تسجيل الخروج");
    await passwordStep(page, MANAGER, AR);
    await page.waitForURL("**/login/two-factor");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("أدخل رمز تسجيل الدخول");
    await noHorizontalOverflow(page);
    await screenshot(page, "two-factor-step-ar-375");
    await field(page, "الرمز المكوّن من 6 أرقام").fill(totp(key, Date.now() + 30_000));
    await page.getByRole("button", { name: "تحقق" }).click();
    await page.waitForURL("**/admin");
    expect(page.errors).toEqual([]);

    // The manager lost the phone: the admin resets their second factor from Users (audited).
    await admin.getByRole("link", { name: "Users" }).click();
    await admin.waitForURL("**/admin/users");
    const row = admin.getByRole("row").filter({ hasText: MANAGER.email });
    await row.getByText("2-step on").waitFor();
    await row.getByRole("button", { name: /Reset two-step sign-in/ }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Reset", exact: true }).click();
    await admin.getByText(`Two-step sign-in reset for`, { exact: false }).first().waitFor();
    await expect.poll(() => row.getByText("2-step on").count()).toBe(0);
    await screenshot(admin, "two-factor-users-reset-en-1366");
    const audit = await own.pool.query(`select actor_email from audit_log where action = 'two_factor.reset'`);
    expect(audit.rows).toEqual([{ actor_email: ADMIN.email }]);
    // Their session ended; the next visit asks for the password, then for a new setup (the setting is on).
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/login");
    await passwordStep(page, MANAGER, AR);
    await page.waitForURL("**/admin/two-factor");
    expect(admin.errors).toEqual([]);
  });

  it("sets up without JavaScript too: the key, the first code and the recovery codes are plain forms", async ({ newPage }) => {
    // The requirement is on (previous journey): the sign-in lands on the security page.
    const page = await pageOn(newPage, "en", 375, false);
    // A bookmarked second step with no sign-in waiting says what to do, with the way back.
    await page.goto("/login/two-factor");
    await page.getByText("Sign in with your email and password first; this page then asks for your code.").waitFor();
    expect(await page.getByRole("link", { name: "Sign in again" }).getAttribute("href")).toBe("/login");
    await passwordStep(page, EDITOR, EN);
    await page.waitForURL("**/admin/two-factor");
    await field(page, "Your password").fill(EDITOR.password);
    await page.getByRole("button", { name: "Begin setup" }).click();
    const key = (await page.getByTestId("manual-key").textContent())!.trim();
    await field(page, "6-digit code").fill(totp(key));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    expect(await page.getByTestId("recovery-codes").locator("li").count()).toBe(10);
    // No copy button without JavaScript: it could not work.
    expect(await page.getByRole("button", { name: "Copy codes" }).count()).toBe(0);
    await noHorizontalOverflow(page);
    await page.getByRole("link", { name: "Continue to the admin area" }).click();
    await page.waitForURL("**/admin");
    const { rows } = await own.pool.query(`select two_factor_enabled from "user" where email = $1`, [EDITOR.email]);
    expect(rows).toEqual([{ two_factor_enabled: true }]);
  });
});
