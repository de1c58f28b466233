// The admin dialog kit on the production build (issue 16 point 3), in English and in Arabic (right to
// left): focus goes back to the control that opened a dialog after Escape, Cancel and a save; a course
// form with typed changes asks before it closes (keeping them or discarding them), and so does the
// Settings page before a side-navigation link leaves it; a course delete and an
// enrollment reject (one row, and the bulk bar) ask to confirm — Cancel changes nothing, confirming does
// it; the list keeps its scroll position after an edit; moving between admin pages keeps the page and
// never shows "Loading permissions..."; dialogs and confirmations fit a 375 px wide screen. Runs its own
// server on a PostgreSQL database of its own (demo data), so it can add enrollments and read statuses.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, ownApp, signIn, test as it, type NewPage } from "./fixtures.ts";
import { tr, type Lang } from "./strings.ts";

const ADMIN_EMAIL = "kit-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";
const SHOTS = process.env.KIT_SHOTS_DIR;

const own = ownApp({ name: "admin-kit", env: { SEED_DEMO: "true", ADMIN_EMAIL, ADMIN_PASSWORD } });

async function signedIn(newPage: NewPage, lang: Lang, viewport = { width: 1366, height: 700 }): Promise<{ context: BrowserContext; page: Page }> {
  const page = await newPage({ baseURL: own.url, locale: lang, viewport });
  await signIn(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { labels: "prefix" });
  return { context: page.context(), page };
}

/** Opens an admin page in a language (the admin's saved language follows) and waits for hydration. */
async function open(page: Page, url: string, lang: Lang) {
  await page.goto(`${url}${url.includes("?") ? "&" : "?"}lang=${lang}`);
  await page.waitForSelector("html[data-hydrated]");
  expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
/** Focus is on a control in a row of the page's list. */
const focusInListRow = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("main tbody tr")));

function courseRow(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
}

/** The title of the n-th course row of the admin list (demo data). */
async function courseTitleAt(page: Page, index: number): Promise<string> {
  return (await page.locator("tbody tr").nth(index).locator("th p").first().textContent())!.trim();
}

/** A pending enrollment written straight to the database. */
async function insertEnrollment(name: string): Promise<string> {
  const { rows } = await own.pool.query<{ id: string }>(
    `insert into enrollments (enrollment_id, course_name, student_name, student_email, student_phone, locale)
     values ('ENR-' || upper(substr(md5(random()::text), 1, 10)), 'Digital Marketing Essentials', $1, $2, '+20 1001234567', 'en')
     returning id`,
    [name, `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`],
  );
  return rows[0]!.id;
}

const statusOf = async (id: string) =>
  (await own.pool.query<{ status: string }>("select status from enrollments where id = $1", [id])).rows[0]!.status;

/** No horizontal overflow, and the open dialog (or the panel) inside the viewport. */
async function expectFits(page: Page, box: Locator) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const rect = (await box.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(width);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

describe.each(["en", "ar"] as const)("admin dialog kit (%s)", (lang) => {
  const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);

  it("returns focus to the opener after Escape, Cancel and a save, and keeps the list's scroll position", async ({ newPage }) => {
    const { context, page } = await signedIn(newPage, lang);
    await open(page, "/admin/courses", lang);
    const title = await courseTitleAt(page, 12);
    const row = courseRow(page, title);
    const edit = row.getByRole("link", { name: `${t("coursesAdmin.table.edit")}: ${title}` });
    await edit.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    const dialog = page.getByRole("dialog", { name: t("coursesAdmin.form.editTitle") });
    // Escape: the dialog opens with its first field focused, and closes back onto the Edit link.
    await edit.click();
    await dialog.waitFor();
    await expect.poll(() => isFocused(field(dialog, t("coursesAdmin.form.title")))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(edit)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // Cancel.
    await edit.click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: t("coursesAdmin.form.cancel") }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(edit)).toBe(true);

    // The close button.
    await edit.click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: t("actions.close") }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(edit)).toBe(true);

    // A save: the row shows the new value, focus is back on its Edit link, the list has not moved.
    await edit.click();
    await dialog.waitFor();
    const hours = String(30 + Math.floor(Math.random() * 60));
    await field(dialog, t("coursesAdmin.form.hours")).fill(hours);
    await dialog.getByRole("button", { name: t("coursesAdmin.form.update") }).click();
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => isFocused(edit)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    const stored = await own.pool.query<{ hours: number }>("select hours from courses where title = $1", [title]);
    expect(String(stored.rows[0]!.hours)).toBe(hours);
    await context.close();
  }, 120_000);

  it("asks before closing a course form with typed changes; keeping keeps them, discarding closes", async ({ newPage }) => {
    const { context, page } = await signedIn(newPage, lang);
    await open(page, "/admin/courses", lang);
    const title = await courseTitleAt(page, 2);
    const edit = courseRow(page, title).getByRole("link", { name: `${t("coursesAdmin.table.edit")}: ${title}` });
    const dialog = page.getByRole("dialog", { name: t("coursesAdmin.form.editTitle") });
    const discard = page.getByRole("alertdialog", { name: t("dialog.discardTitle") });
    const typed = `${title} (typed)`;

    await edit.click();
    await dialog.waitFor();
    const titleField = field(dialog, t("coursesAdmin.form.title"));
    await titleField.fill(typed);

    /** Answers the question with "Keep editing"; the dialog stays with what was typed. */
    const keepEditing = async () => {
      await discard.getByRole("button", { name: t("dialog.keepEditing") }).click();
      await expect.poll(() => discard.count()).toBe(0);
      expect(await dialog.count()).toBe(1);
      expect(await titleField.inputValue()).toBe(typed);
    };

    // Escape asks; "Keep editing" keeps the dialog and the text.
    await page.keyboard.press("Escape");
    await discard.waitFor();
    await expectNoAxeViolations(page);
    await keepEditing();

    // Cancel and the close button ask too (Escape on the question means keep editing).
    await dialog.getByRole("button", { name: t("coursesAdmin.form.cancel") }).click();
    await discard.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => discard.count()).toBe(0);
    expect(await titleField.inputValue()).toBe(typed);
    await dialog.getByRole("button", { name: t("actions.close") }).click();
    await discard.waitFor();
    await keepEditing();

    // A click on the backdrop asks as well.
    await page.mouse.click(5, 5);
    await discard.waitFor();
    await keepEditing();

    // So does leaving the page through the browser's Back button.
    await page.goBack();
    await discard.waitFor();
    await keepEditing();

    // Discarding closes the form; nothing was saved; focus is back on the Edit link.
    await page.keyboard.press("Escape");
    await discard.waitFor();
    await discard.getByRole("button", { name: t("dialog.discard") }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(edit)).toBe(true);
    expect(await courseRow(page, title).count()).toBe(1);
    expect((await own.pool.query("select 1 from courses where title = $1", [typed])).rowCount).toBe(0);

    // An unchanged form closes at once.
    await edit.click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await discard.count()).toBe(0);
    await context.close();
  }, 120_000);

  it("asks before leaving the Settings page with typed changes (side navigation), and not once they are saved", async ({ newPage }) => {
    const { context, page } = await signedIn(newPage, lang);
    await open(page, "/admin/settings", lang);
    const address = field(page, t("settings.fields.addressEn"));
    const original = await address.inputValue();
    const typed = `${original} (kit ${lang})`;
    await address.fill(typed);
    const nav = page.getByRole("navigation", { name: t("admin.nav.label") });
    const discard = page.getByRole("alertdialog", { name: t("dialog.discardTitle") });

    // Keep editing: still on Settings, with the text.
    await nav.getByRole("link", { name: t("admin.nav.courses") }).click();
    await discard.waitFor();
    await discard.getByRole("button", { name: t("dialog.keepEditing") }).click();
    await expect.poll(() => discard.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/admin/settings");
    expect(await address.inputValue()).toBe(typed);

    // Discard: the navigation goes on, nothing was saved.
    await nav.getByRole("link", { name: t("admin.nav.courses") }).click();
    await discard.waitFor();
    await discard.getByRole("button", { name: t("dialog.discard") }).click();
    await page.waitForURL(/\/admin\/courses/);
    const stored = await own.pool.query<{ value: unknown }>("select value from site_settings");
    expect(JSON.stringify(stored.rows)).not.toContain(typed);

    // A form without changes, or with its changes saved, leaves at once.
    await open(page, "/admin/settings", lang);
    await nav.getByRole("link", { name: t("admin.nav.courses") }).click();
    await page.waitForURL(/\/admin\/courses/);
    expect(await discard.count()).toBe(0);
    await open(page, "/admin/settings", lang);
    const saved = `${original} (saved ${lang})`;
    await field(page, t("settings.fields.addressEn")).fill(saved);
    await page.getByRole("button", { name: t("settings.save") }).click();
    await expect.poll(() => page.getByText(t("settings.success")).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await nav.getByRole("link", { name: t("admin.nav.courses") }).click();
    await page.waitForURL(/\/admin\/courses/);
    expect(await discard.count()).toBe(0);
    expect(JSON.stringify((await own.pool.query("select value from site_settings")).rows)).toContain(saved);
    // Put the demo value back.
    await open(page, "/admin/settings", lang);
    await field(page, t("settings.fields.addressEn")).fill(original);
    await page.getByRole("button", { name: t("settings.save") }).click();
    await expect.poll(() => page.getByText(t("settings.success")).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await context.close();
  }, 120_000);

  it("asks to confirm a course delete: Cancel keeps the course, Delete removes it", async ({ newPage }) => {
    const { context, page } = await signedIn(newPage, lang);
    const stamp = `${lang}-${Date.now().toString(36)}`;
    const title = `Kit delete ${stamp}`;
    await own.pool.query(
      `insert into courses (title, slug, language, is_published) values ($1, $2, 'en', false)`,
      [title, `kit-delete-${stamp}`],
    );
    await open(page, `/admin/courses?status=draft`, lang);
    const row = courseRow(page, title);
    const remove = row.getByRole("link", { name: `${t("coursesAdmin.table.delete")}: ${title}` });
    const confirm = page.getByRole("dialog", { name: t("coursesAdmin.delete.title") });

    await remove.click();
    await confirm.waitFor();
    expect(await confirm.getByText(t("coursesAdmin.delete.confirm")).count()).toBe(1);
    // What follows, before the click: requests kept, runs, documents and image removed (issue 35 item 6).
    expect(await confirm.getByText(t("coursesAdmin.delete.consequences")).count()).toBe(1);
    // The safe choice has the focus.
    await expect.poll(() => isFocused(confirm.getByRole("button", { name: t("coursesAdmin.delete.cancel") }))).toBe(true);
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: t("coursesAdmin.delete.cancel") }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => isFocused(remove)).toBe(true);
    expect((await own.pool.query("select 1 from courses where title = $1", [title])).rowCount).toBe(1);

    await remove.click();
    await confirm.waitFor();
    await confirm.getByRole("button", { name: t("coursesAdmin.delete.submit"), exact: true }).click();
    await expect.poll(() => confirm.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => row.count()).toBe(0);
    expect((await own.pool.query("select 1 from courses where title = $1", [title])).rowCount).toBe(0);
    // The row (and its Delete link) is gone: focus goes beside it in the list, or to the page's heading when
    // no row is left (issue 35 item 6 changed this from the heading always).
    const rowsLeft = await page.locator("tbody tr").count();
    if (rowsLeft > 0) await expect.poll(() => focusInListRow(page)).toBe(true);
    else await expect.poll(() => isFocused(page.getByRole("heading", { level: 1 }))).toBe(true);
    await context.close();
  }, 120_000);

  it("asks to confirm an enrollment reject and a bulk reject: Cancel changes nothing, confirming rejects", async ({ newPage }) => {
    const stamp = `${lang}${Date.now().toString(36)}`;
    const [one, two, three] = [await insertEnrollment(`Kit One ${stamp}`), await insertEnrollment(`Kit Two ${stamp}`), await insertEnrollment(`Kit Three ${stamp}`)];
    const { context, page } = await signedIn(newPage, lang);
    await open(page, `/admin/enrollments?q=${stamp}&status=pending`, lang);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(3);

    // One row.
    const reject = page.getByRole("button", { name: t("adminEnrollments.actions.rejectFor", { name: `Kit One ${stamp}` }) });
    const confirm = page.getByRole("dialog", { name: t("adminEnrollments.reject.title") });
    await reject.click();
    await confirm.waitFor();
    expect(await confirm.getByText(t("adminEnrollments.reject.confirm")).count()).toBe(1);
    await expect.poll(() => isFocused(confirm.getByRole("button", { name: t("adminEnrollments.reject.cancel") }))).toBe(true);
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: t("adminEnrollments.reject.cancel") }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => isFocused(reject)).toBe(true);
    expect(await statusOf(one)).toBe("pending");
    await reject.click();
    await confirm.waitFor();
    await confirm.getByRole("button", { name: t("adminEnrollments.reject.submit"), exact: true }).click();
    await expect.poll(() => statusOf(one), { timeout: 10_000 }).toBe("rejected");
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(2);
    // The row left the "pending" list with its button: focus is on the row beside it (issue 35 item 6;
    // it was the page's heading, which threw a keyboard user back to the top of the list).
    await expect.poll(() => isFocused(page.getByRole("checkbox", { name: t("adminEnrollments.bulk.selectOne", { name: `Kit Two ${stamp}` }) }))).toBe(true);

    // The ticked rows.
    for (const name of [`Kit Two ${stamp}`, `Kit Three ${stamp}`]) {
      await page.getByRole("checkbox", { name: t("adminEnrollments.bulk.selectOne", { name }) }).check();
    }
    const bulk = page.getByRole("button", { name: t("adminEnrollments.bulk.reject") });
    const bulkConfirm = page.getByRole("dialog", { name: t("adminEnrollments.reject.bulkTitle") });
    await bulk.click();
    await bulkConfirm.waitFor();
    await bulkConfirm.getByRole("button", { name: t("adminEnrollments.reject.cancel") }).click();
    await expect.poll(() => bulkConfirm.count()).toBe(0);
    await expect.poll(() => isFocused(bulk)).toBe(true);
    expect([await statusOf(two), await statusOf(three)]).toEqual(["pending", "pending"]);
    await bulk.click();
    await bulkConfirm.waitFor();
    await bulkConfirm.getByRole("button", { name: t("adminEnrollments.reject.submit"), exact: true }).click();
    await expect.poll(() => statusOf(two), { timeout: 10_000 }).toBe("rejected");
    expect(await statusOf(three)).toBe("rejected");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(0);
    await context.close();
  }, 120_000);

  it("keeps the page while moving between admin pages: the move is announced, 'Loading permissions...' never shows", async ({ newPage }) => {
    const { context, page } = await signedIn(newPage, lang);
    await open(page, "/admin/courses", lang);
    // Watch every change of the page from now on, through the client-side navigations below.
    await page.evaluate(
      ({ banned, navigating }) => {
        const seen: string[] = [];
        const w = window as unknown as { kitSeen: string[]; kitAnnounced: boolean };
        w.kitSeen = seen;
        w.kitAnnounced = false;
        const check = () => {
          const text = document.body.innerText;
          for (const b of banned) if (text.includes(b)) seen.push(b);
          if (!document.querySelector("main h1")) seen.push("no heading");
          // The navigation is announced (a status line), while the bar itself is hidden from screen readers.
          if ([...document.querySelectorAll("[role=status]")].some((el) => el.textContent === navigating)) w.kitAnnounced = true;
        };
        new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
      },
      { banned: ["Loading permissions...", "جارٍ تحميل الصلاحيات..."], navigating: t("admin.navigating") },
    );
    const nav = page.getByRole("navigation", { name: t("admin.nav.label") });
    for (const key of ["categories", "instructors", "users", "enrollments", "messages", "settings", "emails", "courses", "dashboard"]) {
      await nav.getByRole("link", { name: t(`admin.nav.${key}`) }).click();
      await expect.poll(() => nav.getByRole("link", { name: t(`admin.nav.${key}`) }).getAttribute("aria-current")).toBe("page");
    }
    // Still the same document (client navigations), and nothing replaced the page meanwhile.
    expect(await page.evaluate(() => (window as unknown as { kitSeen?: string[] }).kitSeen)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { kitAnnounced?: boolean }).kitAnnounced)).toBe(true);
    await context.close();
  }, 120_000);

  it("fits a course form, a delete and a reject confirmation on a 375 px screen (and on 1366 px)", async ({ newPage }) => {
    for (const width of [375, 1366]) {
      const { context, page } = await signedIn(newPage, lang, { width, height: 800 });
      await open(page, "/admin/courses", lang);
      const title = await courseTitleAt(page, 0);
      await courseRow(page, title).getByRole("link", { name: `${t("coursesAdmin.table.edit")}: ${title}` }).click();
      const dialog = page.getByRole("dialog", { name: t("coursesAdmin.form.editTitle") });
      await dialog.waitFor();
      await expectFits(page, dialog);
      await shot(page, `course-form-${lang}-${width}`);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
      await courseRow(page, title).getByRole("link", { name: `${t("coursesAdmin.table.delete")}: ${title}` }).click();
      const confirm = page.getByRole("dialog", { name: t("coursesAdmin.delete.title") });
      await confirm.waitFor();
      await expectFits(page, confirm);
      await shot(page, `course-delete-${lang}-${width}`);
      // An enrollment's reject confirmation.
      const student = `Kit Narrow ${lang}${width}`;
      await insertEnrollment(student);
      await open(page, `/admin/enrollments?q=${encodeURIComponent(student)}`, lang);
      await page.getByRole("button", { name: t("adminEnrollments.actions.rejectFor", { name: student }) }).click();
      const reject = page.getByRole("dialog", { name: t("adminEnrollments.reject.title") });
      await reject.waitFor();
      await expectFits(page, reject);
      await shot(page, `enrollment-reject-${lang}-${width}`);
      await context.close();
    }
  }, 120_000);
});
