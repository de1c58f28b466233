// The enrollment dialog is a place in the browser's history (app/lib/hooks/use-fragment-dialog.ts), on a
// phone (375×812, touch) in English and Arabic, entered from the catalogue as visitors travel:
// - Back with the dialog open closes it and stays on the course page (it used to leave the page and lose
//   what had been typed), where the visitor had scrolled to; Forward opens it again with what was typed; neither asks the server for data;
// - the dialog's close button goes back to the entry it was opened from, so one more Back leaves for the
//   catalogue (closing never leaves an entry that would open it again);
// - a fresh load of the dialog's address (#enroll=<slug>) shows the same page with the dialog open, and
//   closing it stays on the course page;
// - a card's Enroll Now on the catalogue: Back closes the dialog, the catalogue stays;
// - what was typed survives closing and opening again, and is gone once the request is sent;
// - Forward to the dialog that sent a request shows its confirmation again, not an empty form.
import type { Page } from "playwright-core";
import { describe, expect, PLAYWRIGHT_TIMEOUT, test as it, type NewPage } from "./fixtures.ts";
import { chooseOpenRun } from "./harness.ts";
import { tr, type Lang } from "./strings.ts";

/** A touch phone with Playwright's own timeout, as these checks always had. */
async function phone(newPage: NewPage, lang: Lang) {
  const page = await newPage({
    viewport: "phone",
    context: { isMobile: true, hasTouch: true },
    locale: lang,
    timeout: PLAYWRIGHT_TIMEOUT,
  });
  /** Data requests the router makes (client loaders ask for `<path>.data`). */
  const dataRequests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith(".data")) dataRequests.push(r.url());
  });
  return { page, dataRequests };
}

function urlOf(page: Page): { path: string; hash: string } {
  const url = new URL(page.url());
  return { path: url.pathname, hash: url.hash };
}

const dialogOpen = (page: Page) => page.getByRole("dialog").count();

for (const lang of ["en", "ar"] as const) {
  describe(`the enrollment dialog and Back on a phone (${lang})`, () => {
    it("Back closes the dialog and keeps the course page; Forward opens it again with what was typed", async ({ newPage }) => {
      const { page, dataRequests } = await phone(newPage, lang);
      await page.goto(`/${lang}/courses`);
      await page.waitForSelector("html[data-hydrated]");
      // Into a course page as a visitor goes: a tap on a card's title (a client navigation).
      const title = page.locator("main article h3").first();
      const courseName = (await title.innerText()).trim();
      await title.tap();
      await page.waitForURL(new RegExp(`/${lang}/courses/[a-z0-9-]+$`));
      const coursePath = urlOf(page).path;
      const slug = coursePath.split("/").pop()!;
      await expect.poll(() => page.locator("main h1").innerText()).toBe(courseName);

      // Read down the page first: closing the dialog must leave the visitor where they were.
      await page.evaluate(() => window.scrollTo(0, 900));
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      const bar = page.locator("[data-bottom-bar]");
      await bar.getByRole("link", { name: tr(lang, "catalog.course.enrollNow") }).tap();
      const dialog = page.getByRole("dialog");
      const name = dialog.getByLabel(tr(lang, "enrollment.fields.studentName.label"));
      await name.waitFor();
      expect(urlOf(page)).toEqual({ path: coursePath, hash: `#enroll=${slug}` });
      await name.fill("Salma Adel");
      await dialog.getByLabel(tr(lang, "enrollment.fields.phoneNumber.label")).fill("01012345678");
      const before = dataRequests.length;

      await page.goBack();
      await expect.poll(() => dialogOpen(page)).toBe(0);
      expect(urlOf(page)).toEqual({ path: coursePath, hash: "" });
      expect(await page.locator("main h1").innerText()).toBe(courseName);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

      await page.goForward();
      await name.waitFor();
      expect(await name.inputValue()).toBe("Salma Adel");
      expect(await dialog.getByLabel(tr(lang, "enrollment.fields.phoneNumber.label")).inputValue()).toBe("01012345678");
      // Opening and closing by history asked the server for nothing.
      expect(dataRequests.slice(before)).toEqual([]);

      // The close button goes back to where the dialog was opened: one more Back is the catalogue.
      await dialog.getByRole("button", { name: tr(lang, "actions.close") }).tap();
      await expect.poll(() => dialogOpen(page)).toBe(0);
      expect(urlOf(page)).toEqual({ path: coursePath, hash: "" });
      await page.goBack();
      await page.waitForURL(new RegExp(`/${lang}/courses$`));
      expect(await dialogOpen(page)).toBe(0);
    });

    it("a fresh load of the dialog's address opens it; closing stays on the course page; what was typed survives until sent", async ({ newPage }) => {
      const { page } = await phone(newPage, lang);
      const catalogue = await (await page.request.get(`/${lang}/courses`)).text();
      const slug = new RegExp(`href="/${lang}/courses/([a-z0-9-]+)"`).exec(catalogue)?.[1];
      expect(slug).toBeTruthy();
      await page.goto(`/${lang}/courses/${slug}#enroll=${slug}`);
      await page.waitForSelector("html[data-hydrated]");
      const dialog = page.getByRole("dialog");
      const name = dialog.getByLabel(tr(lang, "enrollment.fields.studentName.label"));
      await name.waitFor();
      // Empty, the name field keeps the page's direction (its placeholder at the start of the line);
      // a name in Latin letters then reads left to right.
      const direction = () => name.evaluate((el) => getComputedStyle(el).direction);
      expect(await direction()).toBe(lang === "ar" ? "rtl" : "ltr");
      await name.fill("Omar Nabil");
      expect(await direction()).toBe("ltr");
      await dialog.getByRole("button", { name: tr(lang, "actions.close") }).tap();
      await expect.poll(() => dialogOpen(page)).toBe(0);
      expect(urlOf(page)).toEqual({ path: `/${lang}/courses/${slug}`, hash: "" });

      // Opened again by its button: the name is still there. Sent, the next opening starts empty.
      await page.locator("[data-bottom-bar]").getByRole("link", { name: tr(lang, "catalog.course.enrollNow") }).tap();
      await name.waitFor();
      expect(await name.inputValue()).toBe("Omar Nabil");
      await dialog.getByLabel(tr(lang, "enrollment.fields.studentEmail.label")).fill(`omar.${lang}.${Date.now()}@example.com`);
      await dialog.getByLabel(tr(lang, "enrollment.fields.phoneNumber.label")).fill("01012345678");
      // A run with seats (a full one's request joins its waiting list, and the button says so).
      await chooseOpenRun(dialog);
      await dialog.getByRole("button", { name: tr(lang, "enrollment.submit") }).tap();
      await dialog.getByRole("status").waitFor();
      // Sent: the dialog no longer asks for details.
      expect(await dialog.getByText(tr(lang, "enrollment.dialogDescription")).count()).toBe(0);
      await dialog.getByRole("status").getByRole("button", { name: tr(lang, "enrollment.close") }).tap();
      await expect.poll(() => dialogOpen(page)).toBe(0);
      // Forward to the dialog that sent it shows the confirmation again, not an empty form (issue 36 item 5).
      await page.goForward();
      await dialog.getByRole("status").waitFor();
      expect(await name.count()).toBe(0);
      await page.goBack();
      await expect.poll(() => dialogOpen(page)).toBe(0);
      await page.locator("[data-bottom-bar]").getByRole("link", { name: tr(lang, "catalog.course.enrollNow") }).tap();
      await name.waitFor();
      expect(await name.inputValue()).toBe("");
    });

    it("a card's Enroll Now on the catalogue: Back closes the dialog and the catalogue stays", async ({ newPage }) => {
      const { page } = await phone(newPage, lang);
      await page.goto(`/${lang}/courses`);
      await page.waitForSelector("html[data-hydrated]");
      const cards = await page.locator("main article").count();
      await page.locator("main article [data-enroll]").first().tap();
      await page.getByRole("dialog").locator("form").waitFor();
      expect(urlOf(page).hash).toMatch(/^#enroll=[a-z0-9-]+$/);
      await page.goBack();
      await expect.poll(() => dialogOpen(page)).toBe(0);
      expect(urlOf(page)).toEqual({ path: `/${lang}/courses`, hash: "" });
      expect(await page.locator("main article").count()).toBe(cards);
    });
  });
}
