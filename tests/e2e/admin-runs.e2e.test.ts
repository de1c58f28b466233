// Staff manage a course's runs (issue 20 point 1) on the production build, in English and in Arabic, on a
// phone (375 px) and a laptop (1366 px): from Admin › Courses they open a course's runs, add a run typed in
// Cairo time, see it listed with its date in Cairo time (the zone said), and edit its seats; the sheet
// stays inside the screen and the page never gets wider than it; axe finds nothing in the sheet.
// Uses the suite's shared server (global setup); each case works on a course of its own.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, field, signIn, test as it, type NewPage } from "./fixtures.ts";
import { tr, type Lang } from "./strings.ts";

/** Screenshots of the sheet, when a directory is given. */
const SHOTS = process.env.RUNS_SHOTS_DIR;

const baseUrl = inject("baseUrl");

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Whether a box lies inside the viewport (half a pixel of rounding allowed). */
async function insideViewport(page: Page, locator: ReturnType<Page["locator"]>): Promise<string | null> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  if (!box) return "not rendered";
  const fits = box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
  return fits ? null : `box ${JSON.stringify(box)} outside ${size.width}×${size.height}`;
}

const pageWidths = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

async function signedIn(newPage: NewPage, lang: Lang, width: number): Promise<Page> {
  const phone = width < 640;
  const page = await newPage({
    locale: lang,
    viewport: { width, height: phone ? 812 : 900 },
    context: { isMobile: phone, hasTouch: phone },
  });
  await signIn(page, "admin");
  return page;
}

/** A published course made through the admin action itself (the same post the course form sends). */
async function createCourse(page: Page, title: string): Promise<void> {
  const res = await page.request.post("/admin/courses", {
    headers: { Origin: baseUrl },
    form: {
      intent: "create",
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      language: "en",
      documents: "[]",
      thumbnailUrl: "",
      priceVisible: "on",
      isPublished: "on",
    },
  });
  expect(res.status()).toBe(200);
}

const CASES = [
  ["en", 375],
  ["en", 1366],
  ["ar", 375],
  ["ar", 1366],
] as const;

describe.each(CASES)("runs of a course (%s, %i px)", (lang, width) => {
  it("opens a course's runs, adds a run in Cairo time, sees it listed in Cairo time, edits its seats; the sheet stays inside the screen", async ({ newPage }) => {
    const page = await signedIn(newPage, lang, width);
    const title = `Runs E2E ${lang} ${width} ${Date.now().toString(36)}`;
    await createCourse(page, title);
    await page.goto(`/admin/courses?lang=${lang}&sort=created_desc`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");

    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(title) }) });
    const open = row.getByRole("link", { name: new RegExp(`^${tr(lang, "runsAdmin.open", { count: 0 }).replace(/[()]/g, "\\$&")}`) });
    if (width < 640) await open.tap();
    else await open.click();
    const sheet = page.getByRole("dialog", { name: new RegExp(title) });
    await sheet.waitFor();
    await expect.poll(() => sheet.getByText(tr(lang, "runsAdmin.empty")).count()).toBe(1);
    expect(await insideViewport(page, sheet)).toBeNull();
    await shot(page, `${lang}-${width}-runs-empty`);

    // Add a run: Tuesday 12 January 2027, 19:00 in Cairo.
    await sheet.getByRole("link", { name: tr(lang, "runsAdmin.add") }).click();
    await field(sheet, tr(lang, "runsAdmin.form.startsAt")).waitFor();
    expect(await sheet.getByText(tr(lang, "runsAdmin.form.startsAt")).count()).toBeGreaterThan(0);
    await field(sheet, tr(lang, "runsAdmin.form.startsAt")).fill("2027-01-12T19:00");
    await field(sheet, tr(lang, "runsAdmin.form.schedule")).fill("Sun and Wed, 7–9 pm");
    await field(sheet, tr(lang, "runsAdmin.form.scheduleAr")).fill("الأحد والأربعاء، 7–9 مساءً");
    // Seats typed with an Arabic keyboard's digits.
    await field(sheet, tr(lang, "runsAdmin.form.capacity")).fill("١٢");
    expect(await insideViewport(page, sheet)).toBeNull();
    await shot(page, `${lang}-${width}-run-form`);
    await sheet.getByRole("button", { name: tr(lang, "runsAdmin.form.add") }).click();

    // Back on the list: the run in Cairo time, the zone said, 12 seats, all free.
    const when =
      lang === "en" ? "Tuesday, January 12, 2027 at 7:00 PM (Cairo time)" : `12 يناير 2027`;
    const item = sheet.getByRole("listitem").filter({ hasText: when });
    await item.waitFor();
    const text = (await item.innerText()).replace(/\s+/g, " ");
    expect(text).toContain(tr(lang, "runs.cairoTime"));
    if (lang === "ar") expect(text).toMatch(/7:00/);
    expect(text).toContain(`${tr(lang, "runsAdmin.row.capacity")}: 12`);
    expect(text).toContain(tr(lang, "runsAdmin.row.seatsLeft"));
    expect(text).not.toMatch(/[\u0660-\u0669]/);
    expect(await insideViewport(page, sheet)).toBeNull();
    const widths = await pageWidths(page);
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    await shot(page, `${lang}-${width}-runs-list`);
    await expectNoAxeViolations(page);

    // Edit its seats.
    await item.getByRole("link", { name: tr(lang, "runsAdmin.actions.edit") }).click();
    const seats = field(sheet, tr(lang, "runsAdmin.form.capacity"));
    await expect.poll(() => seats.inputValue()).toBe("12");
    expect(await field(sheet, tr(lang, "runsAdmin.form.startsAt")).inputValue()).toBe("2027-01-12T19:00");
    await seats.fill("15");
    await sheet.getByRole("button", { name: tr(lang, "runsAdmin.form.save") }).click();
    // The list again (a term and its value are separate elements: read the text as shown).
    await item.waitFor();
    await expect.poll(async () => (await item.innerText()).replace(/\s+/g, " ")).toContain(`${tr(lang, "runsAdmin.row.capacity")}: 15`);
    await shot(page, `${lang}-${width}-runs-edited`);
    expect(await insideViewport(page, sheet)).toBeNull();

    // The list behind says the course has one run now.
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    await expect.poll(() => row.getByRole("link", { name: new RegExp(tr(lang, "runsAdmin.open", { count: 1 }).replace(/[()]/g, "\\$&")) }).count()).toBe(1);
  });
});

describe.each([
  ["en", 1366],
  ["ar", 375],
] as const)("message a run's students (%s, %i px)", (lang, width) => {
  it("writes the message in both languages and previews both emails before sending", async ({ newPage }) => {
    const page = await signedIn(newPage, lang, width);
    // A demo course whose runs have approved students.
    await page.goto(`/admin/courses?lang=${lang}&sort=title_asc`);
    await page.waitForSelector("html[data-hydrated]");
    const links = page.getByRole("link", { name: new RegExp(`^${tr(lang, "runsAdmin.open", { count: 3 }).replace(/[()]/g, "\\$&")}`) });
    await links.first().click();
    const sheet = page.getByRole("dialog");
    await sheet.waitFor();
    const message = sheet.getByRole("link", { name: tr(lang, "runsAdmin.actions.message") }).first();
    await message.click();
    const english = sheet.getByRole("group", { name: tr(lang, "runsAdmin.message.english") });
    const arabic = sheet.getByRole("group", { name: tr(lang, "runsAdmin.message.arabic") });
    await field(english, tr(lang, "runsAdmin.message.subject")).fill("Room change for Sunday");
    await field(english, tr(lang, "runsAdmin.message.body")).fill("Hello all,\nSunday's session moves to room 4.");
    await field(arabic, tr(lang, "runsAdmin.message.subject")).fill("تغيير القاعة يوم الأحد");
    await field(arabic, tr(lang, "runsAdmin.message.body")).fill("مرحبًا بالجميع،\nتنتقل جلسة الأحد إلى القاعة 4.");
    await sheet.getByRole("button", { name: tr(lang, "runsAdmin.message.preview") }).click();
    const preview = sheet.getByRole("region", { name: tr(lang, "runsAdmin.message.previewTitle") });
    await preview.waitFor();
    const text = (await preview.innerText()).replace(/\s+/g, " ");
    expect(text).toContain("Room change for Sunday");
    expect(text).toContain("Sunday's session moves to room 4.");
    expect(text).toContain("تنتقل جلسة الأحد إلى القاعة 4.");
    expect(text).toContain("(Cairo time)");
    expect(text).toContain("(بتوقيت القاهرة)");
    const send = sheet.getByRole("button", { name: new RegExp(tr(lang, "runsAdmin.message.send_other", { count: 0 }).split("0")[0]!.trim()) });
    expect(await send.count()).toBe(1);
    expect(await insideViewport(page, sheet)).toBeNull();
    const widths = await pageWidths(page);
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    await shot(page, `${lang}-${width}-message-preview`);
    if (SHOTS) await preview.screenshot({ path: path.join(SHOTS, `${lang}-${width}-message-preview-cards.png`) });
    await expectNoAxeViolations(page);
    // Changing the text withdraws Send until the next preview.
    await field(english, tr(lang, "runsAdmin.message.subject")).fill("Room change for Monday");
    await expect.poll(() => send.count()).toBe(0);
  });
});
