// The roles matrix follows the permission dependencies (issue 16 point 7, ADR 014): ticking Edit ticks View,
// unticking View unticks what needs it, a status line says which boxes followed, the rule is explained in
// English and Arabic; a post without JavaScript that has Edit without View is refused with a 400 naming the
// missing flag. Nothing is saved on the shared server, so the journeys that grant the manager role run beside
// it unchanged; two admins saving the matrix at once (issue 35 item 6) do it on a server of their own.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, inject } from "vitest";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, open, ownApp, pageIn, PLAYWRIGHT_TIMEOUT, signIn, test as it, type NewPage } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const baseUrl = inject("baseUrl");
let context: BrowserContext;
let page: Page;

const ROLE = { en: "Instructor & Course Manager", ar: "مدرب ومدير دورات" };
const box = (p: Page, name: string) => p.getByRole("checkbox", { name, exact: true });
const en = (resource: string, action: string) => box(page, `${resource}: ${action} for ${ROLE.en}`);

// One signed-in admin page for the shared-server suite (Playwright's own viewport and timeout, as it had).
it.beforeAll(async ({ browser }) => {
  page = await pageIn(browser, { locale: "en", viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT });
  context = page.context();
  await signIn(page, "admin", { hydrated: true, labels: "prefix" });
});
afterAll(async () => {
  await context?.close();
});

describe("roles matrix dependencies", () => {
  it("ticks View with Edit and unticks Edit with View, saying which boxes followed", async () => {
    await open(page, "/admin/roles?lang=en");
    expect(await page.getByText("Every permission of an area needs its View", { exact: false }).count()).toBe(1);
    const status = page.locator("form").getByRole("status");

    // Start from no Courses permission: unticking View takes every other Courses box with it.
    if (!(await en("Courses", "View").isChecked())) await en("Courses", "View").click();
    await en("Courses", "Create").check();
    await en("Courses", "View").click();
    for (const action of ["View", "Create", "Edit", "Delete", "Publish"]) expect(await en("Courses", action).isChecked(), action).toBe(false);
    await expect.poll(() => status.textContent()).toContain("Also unticked, as they need it: Courses: Create");

    await en("Courses", "Edit").click();
    expect(await en("Courses", "Edit").isChecked()).toBe(true);
    expect(await en("Courses", "View").isChecked()).toBe(true);
    expect(await en("Courses", "Create").isChecked()).toBe(false);
    await expect.poll(() => status.textContent()).toBe("Also ticked, as it is needed: Courses: View");

    // Another area is untouched; a box with nothing to follow clears the line.
    const messagesBefore = await en("Messages", "View").isChecked();
    await en("Courses", "Delete").click();
    await expect.poll(() => status.textContent()).toBe("");
    expect(await en("Messages", "View").isChecked()).toBe(messagesBefore);

    await en("Courses", "View").click();
    expect(await en("Courses", "Edit").isChecked()).toBe(false);
    expect(await en("Courses", "Delete").isChecked()).toBe(false);
    await expect.poll(() => status.textContent()).toBe("Also unticked, as they need it: Courses: Edit and Courses: Delete");
    await expectNoAxeViolations(page);
  });

  it("explains the rule in Arabic, right to left", async () => {
    await open(page, "/admin/roles?lang=ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.getByText("كل صلاحية في قسم ما تحتاج إلى «عرض»", { exact: false }).count()).toBe(1);
    const arBox = (action: string) => box(page, `التصنيفات: ${action} لدور ${ROLE.ar}`);
    if (await arBox("عرض").isChecked()) await arBox("عرض").click();
    await arBox("تعديل").click();
    expect(await arBox("عرض").isChecked()).toBe(true);
    await expect.poll(() => page.locator("form").getByRole("status").textContent()).toContain("التصنيفات: عرض");
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-roles-dependencies-ar");
    await open(page, "/admin?lang=en");
  });

  it("says under each box what it needs and, on View, which ticked boxes need it (issue 17)", async () => {
    await open(page, "/admin/roles?lang=en");
    if (await en("Instructors", "View").isChecked()) await en("Instructors", "View").click();
    expect(await page.locator("#perm-instructors-view-needed-by").count()).toBe(0);
    await en("Instructors", "Edit").click();
    await en("Instructors", "Delete").click();
    // View is ticked and says which boxes need it; the text is part of the box's description.
    expect(await en("Instructors", "View").isChecked()).toBe(true);
    await expect.poll(() => page.locator("#perm-instructors-view-needed-by").textContent()).toBe("Needed by Edit and Delete");
    expect(await en("Instructors", "View").getAttribute("aria-describedby")).toBe("perm-instructors-view-needed-by");
    expect(await en("Instructors", "Edit").getAttribute("aria-describedby")).toBe("perm-instructors-edit-needs");
    expect(await page.locator("#perm-instructors-edit-needs").textContent()).toBe("Needs View");
    await en("Instructors", "Edit").click();
    await expect.poll(() => page.locator("#perm-instructors-view-needed-by").textContent()).toBe("Needed by Delete");
    await expectNoAxeViolations(page);
  });

  for (const lang of ["en", "ar"] as const) {
    it(`fits a 375 px phone in ${lang === "en" ? "English" : "Arabic"} with the manager column whole and Save in view while scrolling`, async () => {
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 375, height: 812 });
      await open(phone, `/admin/roles?lang=${lang}`);
      const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBe(0);
      const table = phone.locator("table").filter({ has: phone.getByRole("checkbox") });
      expect(await table.evaluate((t) => t.scrollWidth - t.clientWidth)).toBeLessThanOrEqual(0);
      // Every manager checkbox lies inside the screen.
      const boxes = await phone.locator('input[name="permissions"]').evaluateAll((inputs) =>
        inputs.map((i) => {
          const r = i.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth;
        }),
      );
      expect(boxes.length).toBeGreaterThan(20);
      expect(boxes.every(Boolean)).toBe(true);
      const save = phone.getByRole("button", { name: lang === "en" ? "Save" : "حفظ", exact: true });
      const inView = () => save.evaluate((b) => {
        const r = b.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
      });
      for (const y of [0, 600, 1400]) {
        await phone.evaluate((top) => window.scrollTo(0, top), y);
        await expect.poll(inView).toBe(true);
      }
      await screenshot(phone, `admin-roles-375-${lang}`);
      await phone.close();
    });
  }

  it("opens View Site in a new tab, and says so", async () => {
    for (const [lang, name] of [["en", "View Site (opens in a new tab)"], ["ar", "عرض الموقع (يفتح في علامة تبويب جديدة)"]] as const) {
      await open(page, `/admin/roles?lang=${lang}`);
      const link = page.getByRole("link", { name, exact: true });
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener");
      expect(await page.title()).toBe(lang === "en" ? "Roles & Permissions · Nile Academy" : "الأدوار والصلاحيات · أكاديمية النيل");
    }
    await open(page, "/admin?lang=en");
  });

  it("refuses a post without JavaScript that has Edit but not View, naming the missing flag", async () => {
    const before = await context.request.get("/admin/roles?lang=en");
    const checkedBefore = (await before.text()).match(/value="[a-z_]+:[a-z_]+" checked=""/g) ?? [];
    const res = await context.request.post("/admin/roles?lang=en", {
      form: { intent: "save", permissions: "courses:edit" },
      headers: { Origin: baseUrl },
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("Failed to save permissions: Courses: View must be ticked too");
    const after = await context.request.get("/admin/roles?lang=en");
    expect((await after.text()).match(/value="[a-z_]+:[a-z_]+" checked=""/g) ?? []).toEqual(checkedBefore);
  });
});

describe("two admins editing the matrix (issue 35 item 6)", () => {
  const ADMIN_EMAIL = "roles-admin@example.com";
  const ADMIN_PASSWORD = "Admin-Passw0rd!";
  const own = ownApp({ name: "roles-matrix", postgres: false, env: { ADMIN_EMAIL, ADMIN_PASSWORD } });

  /** An admin signed in on the matrix, in a browser context of their own. */
  async function adminOnMatrix(newPage: NewPage): Promise<{ context: BrowserContext; page: Page }> {
    const p = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop" });
    await signIn(p, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { hydrated: true, labels: "prefix" });
    await open(p, "/admin/roles?lang=en");
    return { context: p.context(), page: p };
  }

  it("refuses the older matrix's save with who and when, keeps its ticks, and asks before they are left unsaved", async ({ newPage }) => {
    const a = await adminOnMatrix(newPage);
    const b = await adminOnMatrix(newPage);
    const messages = (p: Page) => box(p, `Messages: View for ${ROLE.en}`);
    const categories = (p: Page) => box(p, `Categories: View for ${ROLE.en}`);
    const messagesBefore = await messages(a.page).isChecked();
    const categoriesBefore = await categories(b.page).isChecked();
    expect(await messages(b.page).isChecked()).toBe(messagesBefore);

    // A changes Messages: View and saves.
    await messages(a.page).click();
    await a.page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => a.page.getByText("Permissions saved.", { exact: false }).count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // B, whose matrix is older, changes Categories: View: refused, saying who and when; B's tick stays.
    await categories(b.page).click();
    await b.page.getByRole("button", { name: "Save", exact: true }).click();
    const alert = b.page.getByRole("alert").filter({ hasText: /saved this at/ });
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
    expect(await alert.textContent()).toContain(ADMIN_EMAIL);
    expect(await categories(b.page).isChecked()).toBe(!categoriesBefore);
    expect(await messages(b.page).isChecked()).toBe(messagesBefore);
    await expectNoAxeViolations(b.page);
    await screenshot(b.page, "admin-roles-edit-conflict");

    // The unsaved tick asks before the page is left (the kit's guard); keeping it stays on the matrix.
    const nav = b.page.getByRole("navigation", { name: "Admin navigation" });
    const discard = b.page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
    await nav.getByRole("link", { name: "Courses" }).click();
    await discard.waitFor();
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await expect.poll(() => discard.count()).toBe(0);
    expect(new URL(b.page.url()).pathname).toBe("/admin/roles");
    expect(await categories(b.page).isChecked()).toBe(!categoriesBefore);

    // Reloaded, B's matrix shows A's save and not B's tick.
    await b.page.reload();
    await b.page.waitForSelector("html[data-hydrated]");
    expect(await messages(b.page).isChecked()).toBe(!messagesBefore);
    expect(await categories(b.page).isChecked()).toBe(categoriesBefore);
    // Nothing left unsaved: leaving asks nothing.
    await nav.getByRole("link", { name: "Courses" }).click();
    await b.page.waitForURL(/\/admin\/courses/);
    expect(await discard.count()).toBe(0);
    await a.context.close();
    await b.context.close();
  }, 120_000);
});
