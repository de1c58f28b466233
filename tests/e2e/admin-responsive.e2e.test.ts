// The admin on a phone and on a laptop (issue 17 points 1 and 2), on the production build, in English and
// in Arabic (right to left):
// - at 375×812 and 360×740 (a touch screen): no admin page is wider than the screen (on a phone a wider page
//   would also widen the layout viewport, so innerWidth must stay the screen's width); each page's main dialog
//   lies inside the screen with its title and Close in view; the Menu button opens every navigation entry,
//   Escape closes it and gives focus back; a course and a category are created and edited by tapping, and a
//   title typed in the other language's script reads in its own direction;
// - at 1280×800: the courses, enrollments, users and email-log tables need no sideways scrolling, with the
//   demo data and with 120-character unbroken names, titles and addresses.
// Runs its own server on a PostgreSQL database of its own (demo data), so it can add records directly.
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { ADMIN_PAGES } from "~/lib/admin-pages.ts";
import { describe, expect, field, ownApp, pageIn, signIn, test as it, type NewPage } from "./fixtures.ts";
import { tr, type Lang } from "./strings.ts";

const ADMIN_EMAIL = "responsive-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";
/** A directory for screenshots of the lists, dialogs and the menu (only when set). */
const SHOTS = process.env.RESPONSIVE_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const PHONE = { width: 375, height: 812 };
const SMALL_PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

/** Every admin page a person opens (not the CSV download or the upload endpoints). */
const PAGES = ADMIN_PAGES.filter((p) => !p.outsideLayout && !p.path.endsWith(".csv")).map((p) => p.path);
const NAV_COUNT = ADMIN_PAGES.filter((p) => p.nav).length;

// 120 characters without a space: the widest letters, and an address with one dot and one @ only.
const LONG_NAME = "W".repeat(120);
const LONG_EMAIL = `${"w".repeat(64)}@${"m".repeat(51)}.com`;

const own = ownApp({ name: "admin-responsive", env: { SEED_DEMO: "true", ADMIN_EMAIL, ADMIN_PASSWORD } });

beforeAll(async () => {
  // Records the demo data has none of: enrollment requests, messages and emails in the log.
  for (const [name, email] of [
    ["Salma Adel", "salma.adel@example.com"],
    ["Youssef Nabil", "youssef.nabil@mail.example.org"],
  ]) {
    await own.pool.query(
      `insert into enrollments (enrollment_id, course_name, student_name, student_email, student_phone, locale)
       values ('ENR-' || upper(substr(md5(random()::text), 1, 10)), 'Digital Marketing Essentials', $1, $2, '+201001234567', 'en')`,
      [name, email],
    );
    await own.pool.query(`insert into contact_messages (name, email, message) values ($1, $2, 'Do you run weekend classes?')`, [name, email]);
    await own.pool.query(
      `insert into email_outbox (kind, to_address, subject, text_body, html_body, status, attempts, last_error)
       values ('enrollment-confirmation', $1, 'Your enrollment request', 'x', 'x', 'failed', 8, 'connect ECONNREFUSED 127.0.0.1:2525')`,
      [email],
    );
  }
});

/** A signed-in context: a touch phone, or a laptop. `newPage` is the fixture, or pageIn for a suite's page. */
async function signedIn(newPage: NewPage, lang: Lang, kind: "phone" | "laptop"): Promise<{ context: BrowserContext; page: Page }> {
  const phone = kind === "phone";
  const page = await newPage({
    baseURL: own.url,
    locale: lang,
    viewport: phone ? PHONE : LAPTOP,
    context: { isMobile: phone, hasTouch: phone },
  });
  await signIn(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  return { context: page.context(), page };
}

/** Opens an admin page in a language and waits for hydration. */
async function open(page: Page, url: string, lang: Lang) {
  await page.goto(`${url}${url.includes("?") ? "&" : "?"}lang=${lang}`);
  await page.waitForSelector("html[data-hydrated]");
  expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
}

/** The document's width against the screen's (a phone widens its layout viewport to a wider page). */
const widths = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

/** Whether a box lies within the viewport's width (it may continue below the fold). */
async function withinWidth(page: Page, locator: Locator): Promise<string | null> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  if (!box) return "not rendered";
  return box.x >= -0.5 && box.x + box.width <= width + 0.5 ? null : `box ${JSON.stringify(box)} wider than ${width}`;
}

/** Whether a box lies inside the viewport (half a pixel of rounding allowed). */
async function insideViewport(page: Page, locator: Locator): Promise<string | null> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  if (!box) return "not rendered";
  const fits = box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
  return fits ? null : `box ${JSON.stringify(box)} outside ${size.width}×${size.height}`;
}

/** The open dialog: inside the viewport, its title and Close in view; then closed with Close. */
async function checkDialog(page: Page, lang: Lang, what: string) {
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  expect(await insideViewport(page, dialog), what).toBeNull();
  await shot(page, `${lang}-${page.viewportSize()!.width}-dialog-${what.replaceAll(" ", "-")}`);
  expect(await insideViewport(page, dialog.getByRole("heading").first()), `${what}: title`).toBeNull();
  // The header's Close (the first; a body may end with a Close button of its own).
  const close = dialog.getByRole("button", { name: tr(lang, "actions.close"), exact: true }).first();
  expect(await insideViewport(page, close), `${what}: close`).toBeNull();
  await close.tap();
  await dialog.waitFor({ state: "detached" });
}

/** Waits until no dialog is open and the list has reloaded. */
async function dialogClosed(page: Page) {
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await page.waitForLoadState("networkidle");
}

describe.each(["en", "ar"] as const)("the admin on a phone (%s)", (lang) => {
  let context: BrowserContext;
  let page: Page;
  it.beforeAll(async ({ browser }) => {
    ({ context, page } = await signedIn((options) => pageIn(browser, options), lang, "phone"));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("fits every admin page into 375 and 360 px", async () => {
    const wide: string[] = [];
    for (const size of [PHONE, SMALL_PHONE]) {
      await page.setViewportSize(size);
      for (const url of PAGES) {
        await open(page, url, lang);
        const { scroll, inner } = await widths(page);
        if (inner !== size.width || scroll > inner) wide.push(`${url} at ${size.width}: ${scroll} px wide, viewport ${inner}`);
        if (size === PHONE && (url === "/admin/enrollments" || url === "/admin/emails")) {
          await page.locator(".admin-table tbody tr").first().scrollIntoViewIfNeeded();
          await shot(page, `${lang}-375${url.replaceAll("/", "-")}`);
        }
      }
    }
    expect(wide).toEqual([]);
    await page.setViewportSize(PHONE);
  });

  it("shows the dashboard's figures two per row and a chart whose labels do not overlap", async () => {
    await open(page, "/admin", lang);
    const cards = page.locator("li[data-card]");
    await cards.first().waitFor();
    const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(Math.round(first.y)).toBe(Math.round(second.y));
    expect(Math.max(first.x + first.width, second.x + second.width)).toBeLessThanOrEqual(PHONE.width);
    const chart = page.getByRole("img", { name: new RegExp(`^${tr(lang, "dashboard.chart.title")}`) });
    expect(await chart.getAttribute("data-chart")).toBe("narrow");
    expect(await withinWidth(page, chart)).toBeNull();
    // Every label drawn (week names, counts, the axis) at least 10 px tall on screen, none over another.
    const labels = await chart.locator("text").evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    );
    expect(labels.length).toBeGreaterThan(3);
    const overlaps = labels.flatMap((a, i) =>
      labels.slice(i + 1).filter((b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5),
    );
    expect(overlaps).toEqual([]);
    const heights = labels.map((l) => l.bottom - l.top);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(10);
  });

  it("opens each page's main dialog as a sheet inside the screen", async () => {
    await page.setViewportSize(SMALL_PHONE);
    await open(page, "/admin/courses", lang);
    await page.getByRole("link", { name: tr(lang, "coursesAdmin.createCourse"), exact: true }).first().tap();
    await checkDialog(page, lang, "create course");

    await open(page, "/admin/categories", lang);
    await page.getByRole("button", { name: tr(lang, "categories.createCategory"), exact: true }).first().tap();
    await checkDialog(page, lang, "create category");

    await open(page, "/admin/enrollments", lang);
    await page.getByRole("button", { name: tr(lang, "adminEnrollments.table.detailsFor", { name: "Salma Adel" }) }).tap();
    await checkDialog(page, lang, "enrollment details");

    await open(page, "/admin/messages", lang);
    await page.getByRole("button", { name: tr(lang, "adminMessages.openNamed", { name: "Salma Adel" }) }).tap();
    await checkDialog(page, lang, "message");

    await open(page, "/admin/users", lang);
    await page.getByRole("button", { name: tr(lang, "users.addUser") }).first().tap();
    await checkDialog(page, lang, "add user");

    await open(page, "/admin/instructors", lang);
    await page.getByRole("button", { name: tr(lang, "instructorsAdmin.addInstructor") }).first().tap();
    await checkDialog(page, lang, "add instructor");
    await page.setViewportSize(PHONE);
  });

  it("opens every navigation entry from the Menu button; Escape closes it and focus returns", async () => {
    await open(page, "/admin", lang);
    const menu = page.locator("summary", { hasText: tr(lang, "actions.menu") });
    const entries = page.getByRole("navigation", { name: tr(lang, "admin.nav.label") }).getByRole("link");
    expect(await entries.count()).toBe(0);
    await menu.tap();
    expect(await entries.count()).toBe(NAV_COUNT);
    await shot(page, `${lang}-375-menu`);
    for (const entry of await entries.all()) {
      await entry.scrollIntoViewIfNeeded();
      expect(await insideViewport(page, entry), (await entry.textContent()) ?? "").toBeNull();
    }
    await page.keyboard.press("Escape");
    expect(await entries.count()).toBe(0);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    await menu.tap();
    await entries.filter({ hasText: tr(lang, "admin.nav.enrollments") }).tap();
    await page.waitForURL(/\/admin\/enrollments/);
    await expect.poll(() => entries.count()).toBe(0);
    expect((await widths(page)).scroll).toBeLessThanOrEqual(PHONE.width);
    // The entry of the page being shown closes it too.
    await menu.tap();
    await entries.filter({ hasText: tr(lang, "admin.nav.enrollments") }).tap();
    await expect.poll(() => entries.count()).toBe(0);
  });

  it("folds the filters behind a Filters button that says how many apply, with and without JavaScript", async ({ browser }) => {
    const toggle = tr(lang, "admin.filterPanel.toggle");
    const filters = (p: Page) => p.getByRole("form", { name: tr(lang, "coursesAdmin.filters.label") });
    await open(page, "/admin/courses?language=en", lang);
    const button = page.getByRole("button", { name: `${toggle} (${tr(lang, "admin.filterPanel.applied", { count: 1 })})` });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await filters(page).isVisible()).toBe(false);
    await button.tap();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await withinWidth(page, filters(page))).toBeNull();

    // Without JavaScript the same button (a checkbox's label) opens them, and the Menu still opens.
    const noJs = await browser.newContext({
      baseURL: own.url,
      storageState: await context.storageState(),
      javaScriptEnabled: false,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    try {
      const plain = await noJs.newPage();
      await plain.goto(`/admin/courses?language=en&lang=${lang}`);
      expect(await filters(plain).isVisible()).toBe(false);
      const label = plain.locator("label", { hasText: toggle });
      expect(await label.textContent()).toContain("1");
      await label.tap();
      expect(await filters(plain).isVisible()).toBe(true);
      expect(await withinWidth(plain, filters(plain))).toBeNull();
      await plain.locator("summary", { hasText: tr(lang, "actions.menu") }).tap();
      expect(await plain.getByRole("navigation", { name: tr(lang, "admin.nav.label") }).getByRole("link").count()).toBe(NAV_COUNT);
    } finally {
      await noJs.close();
    }
  });

  it("a search or a filter folds the panel again, as a fresh load of the new address shows it", async () => {
    const toggle = tr(lang, "admin.filterPanel.toggle");
    const applied = (count: number) => page.getByRole("button", { name: `${toggle} (${tr(lang, "admin.filterPanel.applied", { count })})` });
    const form = page.getByRole("search", { name: tr(lang, "adminEnrollments.filters.label") });
    await open(page, "/admin/enrollments", lang);
    await page.getByRole("button", { name: toggle, exact: true }).tap();
    // Opened, the filters take the card's whole width (they were squeezed beside the CSV button).
    expect((await form.boundingBox())!.width).toBeGreaterThan(300);
    await form.getByLabel(tr(lang, "adminEnrollments.filters.search"), { exact: true }).fill("demo");
    await form.getByRole("button", { name: tr(lang, "adminEnrollments.filters.apply") }).tap();
    await page.waitForURL(/[?&]q=demo/);
    // Folded, the button says one filter applies and holds the focus the Search button had.
    await expect.poll(() => form.isVisible()).toBe(false);
    expect(await applied(1).getAttribute("aria-expanded")).toBe("false");
    expect(await applied(1).evaluate((el) => el === document.activeElement)).toBe(true);

    // A filter that applies itself (the status) folds it too.
    await applied(1).tap();
    await form.getByLabel(tr(lang, "adminEnrollments.filters.status")).selectOption("pending");
    await page.waitForURL(/[?&]status=pending/);
    await expect.poll(() => form.isVisible()).toBe(false);
    expect(await applied(2).getAttribute("aria-expanded")).toBe("false");

    // Back to the list before the status: folded too, as a fresh load of that address shows it.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("all");
    await expect.poll(() => applied(1).getAttribute("aria-expanded")).toBe("false");
    expect(await form.isVisible()).toBe(false);
    await page.goForward();
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("pending");

    // What a fresh load of the same address shows.
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    expect(await form.isVisible()).toBe(false);
    expect(await applied(2).getAttribute("aria-expanded")).toBe("false");
  });

  it("the decision notice at the bottom never hides the list's last buttons: the page scrolls them above it", async () => {
    const student = `Notice ${lang} ${Date.now().toString(36)}`;
    // A pending request for a course without start dates: Approve decides it at once, with Undo.
    await own.pool.query(
      `insert into enrollments (enrollment_id, course_id, course_name, student_name, student_email, student_phone, locale)
       select 'ENR-' || upper(substr(md5(random()::text), 1, 10)), c.id, c.title, $1, $2, '+201001234567', 'en'
       from courses c where c.is_published and not exists (select 1 from course_runs r where r.course_id = c.id) limit 1`,
      [student, `notice-${lang}@example.com`],
    );
    await open(page, "/admin/enrollments", lang);
    await page.getByRole("button", { name: tr(lang, "adminEnrollments.actions.approveFor", { name: student }) }).tap();
    const notice = page.locator("[data-decision-notice]");
    await notice.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The last card's buttons and links, and anything after them in the main column, end above the notice.
    const covered = await page.evaluate(() => {
      const top = document.querySelector("[data-decision-notice]")!.getBoundingClientRect().top;
      const controls = [...document.querySelectorAll<HTMLElement>("main a, main button")].filter(
        (el) => el.getClientRects().length > 0 && !el.closest("[data-decision-notice]"),
      );
      return controls.filter((el) => el.getBoundingClientRect().bottom > top).map((el) => el.textContent?.trim() ?? "");
    });
    expect(covered).toEqual([]);
    // The approval's email stays out of the email log the laptop test measures (demo data and its own rows).
    await own.pool.query(`delete from email_outbox where to_address = $1`, [`notice-${lang}@example.com`]);
  });

  it("creates and edits a course and a category by tapping", async () => {
    const stamp = `${lang}${Date.now().toString(36)}`;
    // An English title in either interface: in the Arabic form it still reads left to right (dir=auto).
    const title = `Phone Course ${stamp}`;
    const renamed = `Phone Course ${stamp} Renamed`;
    await open(page, "/admin/courses", lang);
    await page.getByRole("link", { name: tr(lang, "coursesAdmin.createCourse"), exact: true }).first().tap();
    let dialog = page.getByRole("dialog");
    await field(dialog, tr(lang, "coursesAdmin.form.title")).fill(title);
    await field(dialog, tr(lang, "coursesAdmin.form.slug")).fill(`phone-course-${stamp}`);
    expect(await field(dialog, tr(lang, "coursesAdmin.form.title")).evaluate((el) => el.matches(":dir(ltr)"))).toBe(true);
    const submit = dialog.getByRole("button", { name: tr(lang, "coursesAdmin.form.create") });
    await submit.scrollIntoViewIfNeeded();
    expect(await insideViewport(page, submit)).toBeNull();
    await submit.tap();
    await dialogClosed(page);
    await expect.poll(() => page.getByText(title, { exact: true }).count()).toBe(1);

    // The card's actions are tap targets of at least 40 × 40 px.
    const editLink = page.getByRole("link", { name: `${tr(lang, "coursesAdmin.table.edit")}: ${title}` });
    const deleteLink = page.getByRole("link", { name: `${tr(lang, "coursesAdmin.table.delete")}: ${title}` });
    for (const target of [editLink, deleteLink]) {
      const box = (await target.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);
    }
    await editLink.tap();
    dialog = page.getByRole("dialog");
    await field(dialog, tr(lang, "coursesAdmin.form.title")).fill(renamed);
    await dialog.getByRole("button", { name: tr(lang, "coursesAdmin.form.update") }).tap();
    await dialogClosed(page);
    await expect.poll(() => page.getByText(renamed, { exact: true }).count()).toBe(1);

    const category = `Phone Category ${stamp}`;
    const recategorized = `${category} Renamed`;
    await open(page, "/admin/categories", lang);
    await page.getByRole("button", { name: tr(lang, "categories.createCategory"), exact: true }).first().tap();
    dialog = page.getByRole("dialog");
    await field(dialog, tr(lang, "categories.form.name")).fill(category);
    await field(dialog, tr(lang, "categories.form.slug")).fill(`phone-category-${stamp}`);
    await field(dialog, tr(lang, "categories.form.nameAr")).fill(`تصنيف الهاتف ${stamp}`);
    await dialog.getByRole("button", { name: tr(lang, "categories.form.createCategory") }).tap();
    await dialogClosed(page);
    // In the list (the success message names it too).
    await expect.poll(() => page.locator("main").getByText(lang === "ar" ? `تصنيف الهاتف ${stamp}` : category, { exact: true }).count()).toBe(1);

    await page.getByRole("button", { name: new RegExp(`^${tr(lang, "categories.edit")}\\s*: .*${stamp}`) }).tap();
    dialog = page.getByRole("dialog");
    await field(dialog, tr(lang, "categories.form.name")).fill(recategorized);
    await field(dialog, tr(lang, "categories.form.nameAr")).fill(`تصنيف الهاتف ${stamp} المعدل`);
    await dialog.getByRole("button", { name: tr(lang, "categories.form.saveChanges") }).tap();
    await dialogClosed(page);
    const shown = lang === "ar" ? `تصنيف الهاتف ${stamp} المعدل` : recategorized;
    await expect.poll(() => page.locator("main").getByText(shown, { exact: true }).count()).toBe(1);
    expect((await widths(page)).scroll).toBeLessThanOrEqual(PHONE.width);
  });
});

describe("the admin's tables on a 1280 px laptop", () => {
  const TABLE_PAGES = ["/admin/courses", "/admin/enrollments", "/admin/users", "/admin/emails"];

  /** Pages whose tables scroll sideways (or whose document is wider than the window). */
  async function overflowing(page: Page, lang: Lang): Promise<string[]> {
    const found: string[] = [];
    for (const url of TABLE_PAGES) {
      await open(page, url, lang);
      const tables = await page.locator(".admin-table").evaluateAll((boxes) => boxes.map((b) => [b.scrollWidth, b.clientWidth]));
      if (tables.length === 0) found.push(`${url}: no table`);
      for (const [scroll, client] of tables) if (scroll! > client!) found.push(`${url} (${lang}): table ${scroll} px in ${client}`);
      await shot(page, `${lang}-1280${url.replaceAll("/", "-")}`);
      const { scroll, inner } = await widths(page);
      if (scroll > inner) found.push(`${url} (${lang}): page ${scroll} px in ${inner}`);
    }
    return found;
  }

  it("fits with the demo data and with 120-character unbroken names, titles and addresses", async ({ newPage }) => {
    const { context, page } = await signedIn(newPage, "en", "laptop");
    try {
      expect(await overflowing(page, "en")).toEqual([]);

      await own.pool.query(`insert into courses (title, slug, language, is_published) values ($1, 'a-very-long-title', 'en', true)`, [LONG_NAME]);
      await own.pool.query(
        `insert into enrollments (enrollment_id, course_name, student_name, student_email, student_phone, locale)
         values ('ENR-LONGNAME01', $1, $1, $2, '+201001234567', 'en')`,
        [LONG_NAME, LONG_EMAIL],
      );
      await own.pool.query(`insert into "user" (id, name, email, role) values ('long-user', $1, $2, 'instructor_course_manager')`, [LONG_NAME, LONG_EMAIL]);
      await own.pool.query(
        `insert into email_outbox (kind, to_address, subject, text_body, html_body, status, attempts, last_error)
         values ('enrollment-confirmation', $1, $2, 'x', 'x', 'failed', 8, $3)`,
        [LONG_EMAIL, LONG_NAME, `550 ${LONG_NAME}`],
      );

      for (const lang of ["en", "ar"] as const) {
        expect(await overflowing(page, lang)).toEqual([]);
      }
      // The long records are on screen (newest first), so the check above measured them.
      await open(page, "/admin/users", "en");
      expect(await page.locator(".admin-table").getByText(LONG_EMAIL).count()).toBeGreaterThan(0);
      await open(page, "/admin/courses", "en");
      expect(await page.locator(".admin-table").getByText(LONG_NAME, { exact: true }).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
