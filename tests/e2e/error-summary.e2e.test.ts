// A failed form says what is wrong at its top (issue 35 item 6): a submit that leaves two or more fields in
// error shows a list of the errors above the form, each a link to its field, and puts focus on it (the
// fields may be off-screen); a link puts focus on its field. One error needs no list (focus goes to the
// field). The same list is rendered without JavaScript from the server's answer. Both languages, a phone
// and a laptop. The run form of Admin › Courses stands for every form of the kit.
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, open, signIn, test, type NewPage } from "./fixtures.ts";
import { ARTIFACTS } from "./harness.ts";

/** A signed-in admin on the form that adds a run to the first course, in `lang`. */
async function runForm(newPage: NewPage, lang: "en" | "ar", viewport: { width: number; height: number }, js = true): Promise<Page> {
  const page = await newPage({ locale: lang, viewport, js });
  await signIn(page, "admin", { hydrated: js });
  await page.goto("/admin/courses");
  const runs = await page.locator('a[href*="dialog=runs"]').first().getAttribute("href");
  if (js) await open(page, `${runs}&runView=new&lang=${lang}`);
  else await page.goto(`${runs}&runView=new&lang=${lang}`);
  return page;
}

const SUMMARY = { en: "There are 2 problems in this form:", ar: "في هذا النموذج مشكلتان:" };

/** Start left empty and seats that are not a number: two errors, one of them far below the first. */
async function submitTwoErrors(page: Page) {
  await page.locator('input[name="startsAt"]').fill("");
  await page.locator('input[name="capacity"]').fill("0");
  await save(page);
}

/**
 * The run form's own submit button (the page has others: Sign Out). The field is left first (Tab), as its
 * check on leaving adds its error line and moves the button down between a press and its release.
 */
async function save(page: Page) {
  await page.keyboard.press("Tab");
  await page.locator('form:has(input[name="capacity"]) button[type="submit"]').click();
}

describe("error summary", () => {
  test.for([
    ["en", 1366, 900],
    ["ar", 375, 812],
  ] as const)("with JavaScript (%s, %d px): the list takes focus and leads to each field", async ([lang, width, height], { newPage }) => {
    const page = await runForm(newPage, lang, { width, height });
    await submitTwoErrors(page);
    const summary = page.getByRole("alert").filter({ hasText: SUMMARY[lang] });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    const links = summary.getByRole("link");
    expect(await links.count()).toBe(2);
    // What the person sees at that moment (the dialog over a long list: not the full page).
    await page.screenshot({ path: path.join(ARTIFACTS, "screenshots", `error-summary-${lang}-${width}.png`) });
    await links.nth(1).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("capacity");
    await links.nth(0).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("startsAt");
    // Fixed, both errors gone: no list.
    await page.locator('input[name="startsAt"]').fill("2030-01-15T18:00");
    await page.locator('input[name="capacity"]').fill("12");
    await expect.poll(() => summary.count()).toBe(0);
  });

  test("one error needs no list: focus goes to the field", async ({ newPage }) => {
    const page = await runForm(newPage, "en", { width: 1366, height: 900 });
    await page.locator('input[name="startsAt"]').fill("2030-01-15T18:00");
    await page.locator('input[name="capacity"]').fill("0");
    await save(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("capacity");
    expect(await page.getByRole("alert").filter({ hasText: /problems? in this form/ }).count()).toBe(0);
  });

  test("Settings with three invalid fields: the list names all three and takes focus (the page is long)", async ({ newPage }) => {
    const page = await newPage({ locale: "en", viewport: "laptop" });
    await signIn(page, "admin", { hydrated: true });
    await open(page, "/admin/settings?lang=en");
    await page.locator('input[name="phone1"]').fill("12");
    await page.locator('input[name="phone2"]').fill("34");
    await page.locator('input[name="facebook"]').fill("https://example.com/nile");
    await page.keyboard.press("Tab");
    await page.getByRole("button", { name: "Save Settings" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There are 3 problems in this form:" });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await summary.getByRole("link").count()).toBe(3);
    // Refused in the browser: nothing was saved (the shared server keeps its settings).
  });

  // The dialog opens with focus on Title, so the click on Create leaves Title first: its error is listed
  // before the submit's own errors arrive, in an earlier render (the case that once left focus on Title).
  test("the Create Course dialog left empty (ar, phone): the list takes focus, not the first field", async ({ newPage }) => {
    const page = await newPage({ locale: "ar", viewport: "phone" });
    await signIn(page, "admin", { hydrated: true });
    await open(page, "/admin/courses?lang=ar&dialog=create");
    const dialog = page.getByRole("dialog");
    await dialog.locator('button[type="submit"]').last().click();
    const summary = dialog.getByRole("alert").filter({ hasText: /في هذا النموذج/ });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await summary.getByRole("link").count()).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: path.join(ARTIFACTS, "screenshots", "error-summary-create-course-ar-375.png") });
  });

  test("without JavaScript the server's answer carries the same list, its links pointing at the fields", async ({ newPage }) => {
    const page = await runForm(newPage, "ar", { width: 375, height: 812 }, false);
    await submitTwoErrors(page);
    const summary = page.getByRole("alert").filter({ hasText: SUMMARY.ar });
    await summary.waitFor();
    const targets = await summary.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")!.slice(1)));
    expect(targets).toHaveLength(2);
    for (const id of targets) expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
  });
});
