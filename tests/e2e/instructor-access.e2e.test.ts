// Issue 36 items 11–13 on the production build, in English at 1366 px and Arabic at 375 px:
// - 11: an instructor reading a material in the viewer gets the expiry warning over it (an alert dialog,
//   focused, the point at its centre is the warning), counting down in proper words; at the end the page
//   goes to the login page, which says when the access ended (Cairo time); a reload of an expired page too.
// - 12: "View Materials" opens the course at its materials (focused, in view); the viewer zooms (an A4
//   page's 11 pt text, about 6 px at a phone's fitted width, grows past 12 px) and fits the width again;
//   Back closes the viewer and stays on the portal, Forward opens it again.
// - 13: the admin's account dialog for an active account offers "Extend by…" (the same password, a later
//   expiry) and "New password" (another password).
// The expiry is set in the database (no sleeps): the page notices on focus, as it does for any change.
// Runs its own server on a fresh PostgreSQL database, whose rows the test sets and reads.
import type { Page } from "playwright-core";
import { sealPassword } from "~/features/instructor-accounts/password-box.server.ts";
import { hashPassword } from "~/lib/password.server.ts";
import { minimalPdf } from "../setup/pdf.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, open, ownApp, signIn, test as it, type Viewport } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const ADMIN = { email: "access-admin@example.com", password: "Admin-Passw0rd!" };
const SECRET = "e2e-instructor-access-secret-".padEnd(48, "a");
const PASSWORD = "Rk7mPq2x";
const own = ownApp({ name: "instructor-access", env: { AUTH_SECRET: SECRET, SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });

const A4 = { width: 595, height: 842 };
const FONT_PT = 11;

const WORDS = {
  en: {
    email: "Email",
    password: "Password",
    login: "Login",
    viewMaterials: (title: string) => `View Materials (1): ${title}`,
    materials: "Materials",
    view: (file: string) => `View ${file}`,
    zoomIn: "Zoom in",
    fit: "Fit to width",
    warning: "Your access ends soon",
    countdown: /^You will be signed out automatically in 1 minute \d{1,2} seconds?\.$/,
    continue: "Continue",
    ended: (time: string) => `Your access ended at ${time} (Cairo time). To continue, ask the academy's administrator to renew it.`,
    openAccount: (name: string) => `Create login account for ${name}`,
    renewTitle: "Renew Instructor Account",
    extend: /^Extend by… \(same password\)/,
    newPassword: /^New password/,
    hours: "Hours",
    extendButton: "Extend Access",
    newPasswordButton: "Generate New Password",
    extended: "Access extended. The password has not changed.",
    renewed: "New password generated for renewed account.",
    passwordLabel: "Temporary password",
    done: "Done",
  },
  ar: {
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    login: "تسجيل الدخول",
    viewMaterials: (title: string) => `عرض المواد (1): ${title}`,
    materials: "المواد",
    view: (file: string) => `عرض ${file}`,
    zoomIn: "تكبير",
    fit: "ملاءمة العرض",
    warning: "سينتهي وصولك قريبًا",
    countdown: /^سيُسجَّل خروجك تلقائيًا بعد دقيقة واحدة و\d{1,2} (ثانية|ثوانٍ|ثانيتين)\.$/,
    continue: "متابعة",
    ended: (time: string) => `انتهى وصولك في الساعة ${time} بتوقيت القاهرة. للمتابعة، اطلب من مدير النظام تجديده.`,
    openAccount: (name: string) => `إنشاء حساب دخول لـ ${name}`,
    renewTitle: "تجديد حساب مدرب",
    extend: /^التمديد لمدة… \(كلمة المرور نفسها\)/,
    newPassword: /^كلمة مرور جديدة/,
    hours: "الساعات",
    extendButton: "تمديد الوصول",
    newPasswordButton: "إنشاء كلمة مرور جديدة",
    extended: "تم تمديد الوصول. لم تتغير كلمة المرور.",
    renewed: "تم إنشاء كلمة مرور جديدة للحساب المُجدَّد.",
    passwordLabel: "كلمة المرور المؤقتة",
    done: "تم",
  },
} as const;

const CASES = [
  { lang: "en", viewport: "laptop" },
  { lang: "ar", viewport: "phone" },
] as const satisfies readonly { lang: "en" | "ar"; viewport: Viewport }[];

/** An instructor with an active account (password PASSWORD, sealed under this server's secret), valid an hour. */
async function instructorWithAccount(name: string): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`;
  const { rows } = await own.pool.query<{ id: string }>(`insert into instructors (name, email, title) values ($1, $2, 'Trainer') returning id`, [name, email]);
  const id = rows[0]!.id;
  await own.pool.query(
    `insert into instructor_accounts (instructor_id, email, password_hash, password_encrypted, expires_at, duration_hours)
     values ($1, $2, $3, $4, now() + interval '1 hour', 1)`,
    [id, email, await hashPassword(PASSWORD), sealPassword(PASSWORD, id, SECRET)],
  );
  return { id, email };
}

/** Moves the account's and its sessions' end to `interval` from now (e.g. '90 seconds', '-1 minute'); its new end. */
async function endIn(instructorId: string, interval: string): Promise<Date> {
  const { rows } = await own.pool.query<{ expires_at: Date }>(
    `update instructor_accounts set expires_at = now() + $2::interval where instructor_id = $1 returning expires_at`,
    [instructorId, interval],
  );
  await own.pool.query(
    `update instructor_sessions set expires_at = $2 where account_id = (select id from instructor_accounts where instructor_id = $1)`,
    [instructorId, rows[0]!.expires_at],
  );
  return rows[0]!.expires_at;
}

/** "07:24": the time of day in Cairo, as the login page says it. */
const cairoTime = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Africa/Cairo" }).format(at);

/** A course of the instructor with a long description (the materials start below it) and an A4 handout. */
async function courseWithHandout(admin: Page, instructorId: string, title: string, fileName: string): Promise<void> {
  const description = Array.from({ length: 30 }, (_, i) => `Week ${i + 1}: reading, listening and speaking practice.`).join("\n");
  const { rows } = await own.pool.query<{ id: string }>(
    `insert into courses (title, slug, summary, description, language, instructor_id, hours, price, is_published)
     values ($1, $2, 'A course to read', $3, 'en', $4, 12, 250, true) returning id`,
    [title, title.toLowerCase().replace(/\s+/g, "-"), description, instructorId],
  );
  const res = await admin.request.post("/admin/uploads/document", {
    headers: { Origin: own.url, Accept: "application/json" },
    multipart: { file: { name: fileName, mimeType: "application/pdf", buffer: minimalPdf("Reading handout", { page: A4, fontSize: FONT_PT }) } },
  });
  expect(res.status()).toBe(200);
  const uploaded = (await res.json()) as { key: string; fileName: string; size: number };
  await own.pool.query(
    `insert into course_documents (course_id, storage_key, file_name, file_type, size_bytes) values ($1, $2, $3, 'PDF', $4)`,
    [rows[0]!.id, uploaded.key, uploaded.fileName, uploaded.size],
  );
}

async function instructorSignIn(page: Page, lang: "en" | "ar", email: string) {
  const w = WORDS[lang];
  await open(page, `/instructor-login?lang=${lang}`);
  await field(page, w.email).fill(email);
  await field(page, w.password).fill(PASSWORD);
  await page.getByRole("button", { name: w.login, exact: true }).click();
  await page.waitForURL(/\/instructor-dashboard$/);
  await page.waitForSelector("html[data-hydrated]");
}

/** The CSS width of the first page's canvas once painted. */
async function pageWidth(page: Page): Promise<number> {
  const painted = page.locator("[data-document-viewer] [data-page='1'][data-painted] canvas");
  await painted.waitFor({ timeout: 20_000 });
  return painted.evaluate((el) => el.getBoundingClientRect().width);
}

describe("instructor access: reading, warned, told why (issue 36 items 11 and 12)", () => {
  for (const { lang, viewport } of CASES) {
    it(`${lang} at ${viewport}: materials first, zoom, Back; the warning over the viewer; the login page says why`, async ({ newPage }) => {
      const w = WORDS[lang];
      const admin = await newPage({ baseURL: own.url, viewport: "laptop" });
      await signIn(admin, ADMIN);
      const name = `Reader ${lang === "en" ? "Amal" : "Badr"}`;
      const { id, email } = await instructorWithAccount(name);
      const title = `Reading Course ${lang.toUpperCase()}`;
      const fileName = `handout-${lang}.pdf`;
      await courseWithHandout(admin, id, title, fileName);

      const page = await newPage({ baseURL: own.url, locale: lang, viewport });
      await instructorSignIn(page, lang, email);

      // ---- item 12: "View Materials" opens the course at its materials, focused and in view.
      await page.getByRole("button", { name: w.viewMaterials(title) }).click();
      const details = page.getByRole("dialog", { name: title });
      await details.waitFor();
      const heading = details.getByRole("heading", { name: w.materials, exact: true });
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
      const inView = await heading.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
      expect(inView).toBe(true);
      await screenshot(page, `instructor-materials-${lang}-${viewport}`);

      // The viewer, in the address: Back closes it and stays on the portal; Forward opens it again.
      await details.getByRole("button", { name: w.view(fileName) }).click();
      const viewer = page.getByRole("dialog", { name: fileName });
      await viewer.waitFor();
      const fitted = await pageWidth(page);
      expect(new URL(page.url()).searchParams.get("dialog")).toBe("viewer");
      await page.goBack();
      await expect.poll(() => viewer.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/instructor-dashboard");
      await details.waitFor();
      // Focus is back on the View button the viewer was opened from, not on the Materials heading.
      const viewButton = details.getByRole("button", { name: w.view(fileName) });
      await expect.poll(() => viewButton.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.goForward();
      await viewer.waitFor();

      // Zoom: fitted to the width first; zoom in (the keyboard works) until 11 pt text is over 12 px.
      expect(Math.abs((await pageWidth(page)) - fitted)).toBeLessThanOrEqual(1);
      const textPx = (width: number) => (FONT_PT * width) / A4.width;
      if (viewport === "phone") expect(textPx(fitted)).toBeLessThan(7);
      const zoomIn = viewer.getByRole("button", { name: w.zoomIn });
      await zoomIn.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press("Enter");
      await expect.poll(() => pageWidth(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(fitted * 2.4);
      expect(textPx(await pageWidth(page))).toBeGreaterThan(12);
      // Still view-only: no link, so no download.
      expect(await viewer.locator("a").count()).toBe(0);
      // The zoomed page shows its left edge first, in Arabic too (where the start of a line was off-screen).
      const edge = await viewer.locator("[data-page='1']").evaluate((el) => {
        const scroller = el.closest("[role=region]")!.getBoundingClientRect();
        return el.getBoundingClientRect().left - scroller.left;
      });
      expect(edge).toBeGreaterThanOrEqual(0);
      expect(edge).toBeLessThan(40);
      await screenshot(page, `instructor-viewer-zoomed-${lang}-${viewport}`);
      await viewer.getByRole("button", { name: w.fit }).click();
      await expect.poll(() => pageWidth(page), { timeout: 20_000 }).toBeLessThanOrEqual(fitted + 1);

      // ---- item 11: the access ends in 90 seconds; the page hears of it on focus.
      await endIn(id, "90 seconds");
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      const warning = page.getByRole("alertdialog", { name: w.warning });
      await warning.waitFor();
      // The viewer is still open beneath it (hidden from the accessibility tree while the alert is up).
      expect(await page.locator("[data-document-viewer]").isVisible()).toBe(true);
      const box = (await warning.boundingBox())!;
      const onTop = await page.evaluate(
        ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest("[role=alertdialog]")),
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(onTop).toBe(true);
      // Announced and reachable: the focus is in it.
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=alertdialog]")))).toBe(true);
      const sentence = (await warning.locator("p").filter({ hasText: lang === "en" ? "signed out" : "خروجك" }).first().textContent())!.trim();
      expect(sentence).toMatch(w.countdown);
      expect(await warning.textContent()).not.toMatch(/[٠-٩]|\d:\d\d\s*دقيقة/);
      await expectNoAxeViolations(page);
      await screenshot(page, `instructor-expiry-warning-${lang}-${viewport}`);
      // Continue: the warning gives way to a small countdown, the viewer is still there.
      await page.keyboard.press("Enter");
      await expect.poll(() => warning.count()).toBe(0);
      await page.getByTestId("expiry-countdown").waitFor();
      expect(await viewer.count()).toBe(1);

      // The end comes (3 seconds): the page goes to the login page, which says when the access ended.
      const end = await endIn(id, "3 seconds");
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await page.waitForURL(/\/instructor-login$/, { timeout: 20_000 });
      const told = page.getByRole("alert").filter({ hasText: w.ended(cairoTime(end)) });
      await told.waitFor();
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      await expectNoAxeViolations(page);
      await screenshot(page, `instructor-login-ended-${lang}-${viewport}`);

      // A reload of a page whose session has already ended says the same.
      await endIn(id, "1 hour");
      await instructorSignIn(page, lang, email);
      const ended = await endIn(id, "-2 minutes");
      await page.reload();
      await page.waitForURL(/\/instructor-login$/);
      await page.getByRole("alert").filter({ hasText: w.ended(cairoTime(ended)) }).waitFor();
    }, 180_000);
  }
});

describe("renewing an active account (issue 36 item 13)", () => {
  for (const { lang, viewport } of CASES) {
    it(`${lang} at ${viewport}: "Extend by…" keeps the password and moves the expiry; "New password" gives another`, async ({ newPage }) => {
      const w = WORDS[lang];
      const name = `Renewal ${lang === "en" ? "Hoda" : "Samir"}`;
      const { id } = await instructorWithAccount(name);
      const expiry = async () => (await own.pool.query<{ expires_at: Date; password_hash: string }>(`select expires_at, password_hash from instructor_accounts where instructor_id = $1`, [id])).rows[0]!;
      const before = await expiry();

      const page = await newPage({ baseURL: own.url, locale: lang, viewport });
      await signIn(page, ADMIN);
      await open(page, `/admin/instructors?lang=${lang}`);
      const request = async () => {
        await page.getByRole("button", { name: w.openAccount(name) }).click();
        const dialog = page.getByRole("dialog", { name: w.renewTitle });
        await dialog.waitFor();
        return dialog;
      };

      // Extend by 2 hours: chosen at first; the same password, the expiry 2 hours later.
      let dialog = await request();
      expect(await dialog.getByRole("radio", { name: w.extend }).isChecked()).toBe(true);
      expect(await dialog.getByRole("radio", { name: w.newPassword }).isChecked()).toBe(false);
      await dialog.getByLabel(w.hours, { exact: true }).fill("2");
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-account-renewal-choice-${lang}-${viewport}`);
      await dialog.getByRole("button", { name: w.extendButton }).click();
      await dialog.getByText(w.extended).waitFor();
      expect(await dialog.getByLabel(w.passwordLabel).inputValue()).toBe(PASSWORD);
      const extended = await expiry();
      expect(extended.expires_at.getTime() - before.expires_at.getTime()).toBe(2 * 60 * 60 * 1000);
      expect(extended.password_hash).toBe(before.password_hash);
      await screenshot(page, `admin-account-extended-${lang}-${viewport}`);
      await dialog.getByRole("button", { name: w.done }).click();
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

      // New password for 1 hour: another password, from now.
      dialog = await request();
      await dialog.getByRole("radio", { name: w.newPassword }).check();
      await dialog.getByLabel(w.hours, { exact: true }).fill("1");
      await dialog.getByRole("button", { name: w.newPasswordButton }).click();
      await dialog.getByText(w.renewed).waitFor();
      const fresh = await dialog.getByLabel(w.passwordLabel).inputValue();
      expect(fresh).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(fresh).not.toBe(PASSWORD);
      const renewed = await expiry();
      expect(renewed.password_hash).not.toBe(before.password_hash);
      expect(Math.abs(renewed.expires_at.getTime() - (Date.now() + 60 * 60 * 1000))).toBeLessThan(60_000);
    }, 120_000);
  }
});
