// Staff sign-in journeys in a real browser, in English and Arabic: sign in, the D20 redirects, sign out,
// the generic failure message, the pages' accessibility and cache headers, the origin check; and, on a
// server of its own with a real SMTP server, the forced change of a generated password (D9), the reset by
// email (link works once) and the sign-in rate limit.
import type { Page } from "playwright-core";
import { beforeAll, inject } from "vitest";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, ownApp, PLAYWRIGHT_TIMEOUT, test as it, type NewPage } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const baseUrl = inject("baseUrl");
const ADMIN = { email: "admin@example.com", password: "Admin-Passw0rd!" };

/**
 * A page of its own on the server at `url` (Chromium's own viewport and Playwright's own timeout, as these
 * journeys always had), its uncaught errors collected in `errors`.
 */
async function pageAt(newPage: NewPage, url: string, locale: "en" | "ar" = "en"): Promise<Page & { errors: string[] }> {
  const page = (await newPage({ baseURL: url, locale, viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT })) as Page & { errors: string[] };
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  return page;
}

const labels = {
  en: {
    email: "Email",
    password: "Password",
    signIn: "Sign In",
    show: "Show password",
    invalid: "Invalid email or password.",
    forgot: "Forgot password?",
  },
  ar: {
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signIn: "تسجيل الدخول",
    show: "إظهار كلمة المرور",
    invalid: "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
    forgot: "نسيت كلمة المرور؟",
  },
} as const;

/** The page's own status message (not the empty toast region). */
function status(page: Page) {
  return page.getByRole("status").filter({ hasText: /\S/ });
}

/**
 * Signs in on the sign-in page already open, in either language, once a previous submission has finished
 * (this file's own: the shared signIn opens the English page and waits for the landing).
 */
async function signIn(page: Page, email: string, password: string, lang: "en" | "ar" = "en") {
  const l = labels[lang];
  const submit = page.getByRole("button", { name: l.signIn, exact: true });
  // A previous submission has finished (the button is disabled while one runs).
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await field(page, l.email).fill(email);
  await field(page, l.password).fill(password);
  await submit.click();
}

describe("staff sign-in (shared server)", () => {
  it("signs the admin in, keeps them out of /login, signs out, and guards /admin again", async ({ newPage }) => {
    const page = await pageAt(newPage, baseUrl);
    const res = await page.goto("/login");
    expect(res?.status()).toBe(200);
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Staff Sign In");
    expect(await page.getByRole("heading", { name: "Admin Access" }).isVisible()).toBe(true);
    expect(await page.getByText("Staff accounts are created by an administrator.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/en");
    expect(await page.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/forgot-password");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

    // Show/hide password: a toggle button whose pressed state follows the field's type (needs hydration).
    await page.waitForSelector("html[data-hydrated]");
    const password = field(page, "Password");
    await password.fill(ADMIN.password);
    const toggle = page.getByRole("button", { name: "Show password" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await password.getAttribute("type")).toBe("password");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await password.getAttribute("type")).toBe("text");
    await toggle.click();
    await expect.poll(() => password.getAttribute("type")).toBe("password");

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${baseUrl}/admin`);
    await expect.poll(() => page.getByText("Welcome to the Admin CMS").isVisible()).toBe(true);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "better-auth.session_token");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    // D20: a signed-in admin opening /login goes to /admin; with `from` the page shows.
    await page.goto("/login");
    await page.waitForURL(`${baseUrl}/admin`);
    await page.goto("/login?from=%2Fadmin");
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(/\/login$/);
    await page.goto("/admin");
    await page.waitForURL(`${baseUrl}/login?from=%2Fadmin`);
    expect(page.errors).toEqual([]);
  });

  it("returns to a same-site admin path after sign-in, never elsewhere", async ({ newPage }) => {
    const page = await pageAt(newPage, baseUrl);
    await page.goto(`/login?from=${encodeURIComponent("https://evil.example/admin")}`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.context().clearCookies();
    await page.goto(`/login?from=${encodeURIComponent("/admin?tab=1")}`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${baseUrl}/admin?tab=1`);
  });

  it.for(["en", "ar"] as const)("shows one generic message for a wrong password or unknown email (%s)", async (lang, { newPage }) => {
    const page = await pageAt(newPage, baseUrl, lang);
    await page.goto(`/login?lang=${lang}`);
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await signIn(page, ADMIN.email, "Not-The-Passw0rd", lang);
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain(labels[lang].invalid);
    expect(await alert.getByRole("link", { name: labels[lang].forgot }).getAttribute("href")).toBe("/forgot-password");
    const first = await alert.textContent();
    await signIn(page, "nobody@example.com", "Not-The-Passw0rd", lang);
    await expect.poll(() => alert.textContent()).toBe(first);
    // Without JavaScript the reply is a whole page: the password is never sent back into it.
    const html = await (
      await fetch(`${baseUrl}/login?lang=${lang}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
        body: new URLSearchParams({ email: ADMIN.email, password: "Not-The-Passw0rd" }),
      })
    ).text();
    expect(html).toContain(labels[lang].invalid);
    expect(html).not.toContain("Not-The-Passw0rd");
    await expectNoAxeViolations(page);
    await screenshot(page, `login-failed-${lang}`);
    expect(page.errors).toEqual([]);
  });

  it.for(["en", "ar"] as const)("has no accessibility violations on the auth pages (%s)", async (lang, { newPage }) => {
    const page = await pageAt(newPage, baseUrl, lang);
    for (const path of ["/login", "/forgot-password", "/reset-password", "/reset-password?token=NotARealTokenAtAll12345"]) {
      const res = await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${lang}`);
      expect(res?.status(), path).toBe(200);
      expect(res?.headers()["cache-control"], path).toBe("private, no-store");
      expect(await page.locator('meta[name="robots"]').getAttribute("content"), path).toBe("noindex");
      await expectNoAxeViolations(page);
    }
    // The invalid-link view (token missing or unknown).
    expect(await page.getByRole("alert").textContent()).toBe(
      lang === "en"
        ? "Invalid reset link. Please request a new password reset."
        : "رابط إعادة التعيين غير صالح. يُرجى طلب إعادة تعيين كلمة المرور من جديد.",
    );
    await screenshot(page, `reset-invalid-${lang}`);
    await page.goto(`/login?lang=${lang}`);
    await screenshot(page, `login-${lang}`);
    expect(page.errors).toEqual([]);
  });

  it("answers a forgot-password request with the same message for an unknown email", async ({ newPage }) => {
    const page = await pageAt(newPage, baseUrl);
    await page.goto("/forgot-password");
    await field(page, "Email").fill("nobody@example.com");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect
      .poll(() => status(page).textContent())
      .toContain("If an account exists for this email address, we have sent a link to reset the password.");
    await expectNoAxeViolations(page);
  });

  it("refuses a cross-site POST to /login (403) and signs nobody in", async () => {
    const res = await fetch(`${baseUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams(ADMIN),
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
    // The same POST from the site itself works (and only answers with a cookie then).
    const ok = await fetch(`${baseUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: new URLSearchParams(ADMIN),
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin");
    expect(ok.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
  });
});

describe("generated password, reset by email and rate limit (own server)", () => {
  const OWNER = "owner@example.com";
  const own = ownApp({ name: "auth-owner", postgres: false, smtp: true, env: { SEED_DEMO: "false", ADMIN_EMAIL: OWNER, RATE_LIMIT_LOGIN: "5/60" } });
  let generated: string;

  beforeAll(() => {
    // D4: without ADMIN_PASSWORD the first admin gets a generated password, printed once.
    const m = /admin created with generated password: (\S{12})"/.exec(own.app.output());
    if (!m) throw new Error(`no generated password in the log:\n${own.app.output()}`);
    generated = m[1]!;
  });

  it("makes the generated password's owner choose their own before anything else (D9)", async ({ newPage }) => {
    const page = await pageAt(newPage, own.url);
    await page.goto("/login");
    await signIn(page, OWNER, generated);
    await page.waitForURL(`${own.url}/admin/change-password`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Set your own password");
    // Nothing else in the admin area works until it is done.
    expect(await page.getByRole("navigation", { name: "Admin navigation" }).count()).toBe(0);
    await page.goto("/admin");
    await page.waitForURL(`${own.url}/admin/change-password`);
    await expectNoAxeViolations(page);

    const submit = page.getByRole("button", { name: "Update Password" });
    const rule = (id: string) => page.locator(`[data-rule="${id}"]`);
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await field(page, "New password").fill("weakpass");
    await field(page, "Confirm new password").fill("weakpass");
    expect(await rule("length").getAttribute("data-met")).toBe("true");
    expect(await rule("uppercase").getAttribute("data-met")).toBe("false");
    expect(await rule("number").getAttribute("data-met")).toBe("false");
    expect(await submit.isDisabled()).toBe(true);
    await field(page, "New password").fill("Owner-Own-Passw0rd");
    expect(await rule("match").getAttribute("data-met")).toBe("false");
    expect(await submit.isDisabled()).toBe(true);
    await field(page, "New password").blur();
    await field(page, "Confirm new password").fill("Owner-Own-Passw0rX");
    await field(page, "Confirm new password").blur();
    await expect.poll(() => page.getByText("Passwords do not match").isVisible()).toBe(true);
    await field(page, "Confirm new password").fill("Owner-Own-Passw0rd");
    await expect.poll(() => submit.isDisabled()).toBe(false);
    for (const id of ["length", "uppercase", "lowercase", "number", "match"]) {
      expect(await rule(id).getAttribute("data-met"), id).toBe("true");
    }
    await screenshot(page, "change-password-ready");
    await submit.click();
    await page.waitForURL(`${own.url}/admin`);
    await expect.poll(() => page.getByText("Welcome to the Admin CMS").isVisible()).toBe(true);
    // Done: the page now sends everyone back to the dashboard; the generated password no longer works.
    await page.goto("/admin/change-password");
    await page.waitForURL(`${own.url}/admin`);
    await page.context().clearCookies();
    await page.goto("/login");
    await signIn(page, OWNER, generated);
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Invalid email or password.");
    await signIn(page, OWNER, "Owner-Own-Passw0rd");
    await page.waitForURL(`${own.url}/admin`);
    expect(page.errors).toEqual([]);
  });

  it("resets the password from an emailed link in Arabic; the link then fails", async ({ newPage }) => {
    const page = await pageAt(newPage, own.url, "ar");
    await page.goto("/forgot-password");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await field(page, "البريد الإلكتروني").fill(OWNER);
    await page.getByRole("button", { name: "إرسال رابط إعادة التعيين" }).click();
    await expect.poll(() => status(page).textContent()).toContain("إذا كان هناك حساب مسجّل بهذا البريد الإلكتروني");

    await expect.poll(() => own.smtp.messages.filter((m) => m.to.includes(OWNER)).length, { timeout: 15_000 }).toBe(1);
    const mail = own.smtp.messages.find((m) => m.to.includes(OWNER))!;
    expect(mail.subject).toContain("إعادة تعيين كلمة المرور");
    const link = /(http:\/\/[^\s]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1];
    expect(link, mail.text).toBeDefined();
    const url = new URL(link!);
    const path = `${url.pathname}${url.search}`;

    await page.goto(path);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("تعيين كلمة مرور جديدة");
    await expectNoAxeViolations(page);
    const submit = page.getByRole("button", { name: "تحديث كلمة المرور" });
    await field(page, "كلمة المرور الجديدة").fill("Reset-By-Email-1");
    await field(page, "تأكيد كلمة المرور الجديدة").fill("Reset-By-Email-1");
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await screenshot(page, "reset-password-ar");
    await submit.click();
    await page.waitForURL(`${own.url}/login?reset=1`);
    await expect
      .poll(() => status(page).textContent())
      .toBe("تم تحديث كلمة المرور بنجاح! يمكنك الآن تسجيل الدخول بكلمة المرور الجديدة.");
    await expectNoAxeViolations(page);

    // The link works once.
    await page.goto(path);
    expect(await page.getByRole("alert").textContent()).toBe("رابط إعادة التعيين غير صالح. يُرجى طلب إعادة تعيين كلمة المرور من جديد.");
    expect(await page.getByRole("link", { name: "طلب رابط جديد لإعادة التعيين" }).getAttribute("href")).toBe("/forgot-password");

    await page.goto("/login");
    await signIn(page, OWNER, "Reset-By-Email-1", "ar");
    await page.waitForURL(`${own.url}/admin`);
    expect(page.errors).toEqual([]);
  });
});

// Its own server: the window counts every failure from this address, and the tests above fail a sign-in on
// purpose (a generated password after it was changed), which a fast run would still hold in the window.
describe("failed sign-ins limited per address (own server)", () => {
  const OWNER = "limited@example.com";
  const LIMITED_PASSWORD = "Limited-Owner-Passw0rd!";
  const own = ownApp({ name: "auth-limited", postgres: false, env: { SEED_DEMO: "false", ADMIN_EMAIL: OWNER, ADMIN_PASSWORD: LIMITED_PASSWORD, RATE_LIMIT_LOGIN: "5/60" } });

  it("limits failed sign-ins with a translated message (RATE_LIMIT_LOGIN=5/60 here)", async ({ newPage }) => {
    const page = await pageAt(newPage, own.url, "ar");
    await page.goto("/login");
    for (let i = 0; i < 5; i++) {
      await signIn(page, OWNER, `wrong-${i}`, "ar");
      await expect.poll(() => page.getByRole("alert").textContent()).toContain(labels.ar.invalid);
    }
    // Even the right password is refused until the window ends.
    await signIn(page, OWNER, LIMITED_PASSWORD, "ar");
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("محاولات تسجيل دخول كثيرة. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.");
    expect(new URL(page.url()).pathname).toBe("/login");
    const res = await fetch(`${own.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: own.url },
      body: new URLSearchParams({ email: OWNER, password: LIMITED_PASSWORD }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
