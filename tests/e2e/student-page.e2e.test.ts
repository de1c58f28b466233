// Issue 37 item 3 in Chromium on PostgreSQL, entered as a student enters it, from the email's link:
// - Arabic on a phone: a visitor sends a request through a course page's dialog; its success screen and
//   the confirmation email (a real SMTP server) carry the link; opened, the page says the request is under review, in Arabic,
//   right to left, without overflow; the language switch keeps the link working (English, same data);
// - English on a laptop without JavaScript: the demo's part-paid seat shows what is due, paid and left,
//   and the payment; a link with a wrong token is the site's 404, from which the student has the link
//   emailed again (reference and email).
// Screenshots: test-results/screenshots/student-page-*.png.
import type { Page } from "playwright-core";
import { enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";
import { formatPiastres } from "~/lib/money.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, test as it } from "./fixtures.ts";
import { chooseOpenRun, screenshot, uniqueWord } from "./harness.ts";
import { tr } from "./strings.ts";

const NAME = "student-page";
const own = ownApp({ name: NAME, env: { SEED_DEMO: "true" }, smtp: true });
/** The file's own server's secret (ownApp gives each file's PostgreSQL server this one). */
const SECRET = `e2e-${NAME}-secret-`.padEnd(48, "x");

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the student's enrollment page", () => {
  it("Arabic, phone: from the confirmation email's link, the request under review; the other language keeps the link", async ({ newPage }) => {
    const email = `salma-${uniqueWord().toLowerCase()}@example.com`;
    const visitor = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    await visitor.goto("/ar/courses/ui-ux-design-with-figma");
    await visitor.waitForSelector("html[data-hydrated]");
    await visitor.locator("[data-bottom-bar]").getByRole("link", { name: tr("ar", "catalog.course.enrollNow") }).click();
    const form = visitor.getByRole("dialog");
    await form.getByLabel(tr("ar", "enrollment.fields.studentName.label")).fill("سلمى حسن");
    await form.getByLabel(tr("ar", "enrollment.fields.studentEmail.label")).fill(email);
    await form.getByLabel(tr("ar", "enrollment.fields.phoneNumber.label")).fill("010 1234 5678");
    await chooseOpenRun(form);
    await form.getByRole("button", { name: tr("ar", "enrollment.submit") }).click();
    const sent = own.smtp.messages.length;
    await own.smtp.waitFor(sent + 1, 20_000);
    await expect.poll(() => own.smtp.messages.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const mail = own.smtp.messages.find((m) => m.to.includes(email))!;
    const link = /https?:\/\/\S+\/ar\/enrollment\/ENR-[A-Z0-9-]+\?t=[A-Za-z0-9_-]{22}/.exec(mail.text ?? "")?.[0];
    expect(link, mail.text).toBeDefined();
    // The success screen links to the same page (its path and token), in the dialog's language.
    const onScreen = form.locator("[data-enrollment-page]");
    expect(await onScreen.innerText()).toBe(tr("ar", "enrollment.pageLink"));
    expect(await onScreen.getAttribute("href")).toBe(new URL(link!).pathname + new URL(link!).search);
    await screenshot(visitor, "student-page-success-link-ar-phone");

    // Opened from the email (a fresh page, as a mail app opens it).
    const page = await newPage({ locale: "ar", viewport: "phone" });
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, own.url));
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(tr("ar", "myEnrollment.heading"));
    expect(await page.locator("[data-status]").getAttribute("data-status")).toBe("pending");
    expect(await page.locator("[data-next]").innerText()).toBe(tr("ar", "myEnrollmentNext.pending"));
    expect(await page.locator("[data-step]").evaluateAll((els) => els.map((el) => el.getAttribute("data-step")))).toEqual(["requested", "review"]);
    expect(await page.locator("main").innerText()).not.toMatch(/[٠-٩]|myEnrollment\.|returned an object/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "student-page-pending-ar-phone");

    // The link signed its holder in to the student area too (issue 38): all her requests, one tap away.
    await page.locator("[data-all-requests]").click();
    await page.waitForURL((url) => url.pathname === "/ar/my");
    await page.getByRole("heading", { level: 1, name: tr("ar", "my.requests.heading") }).waitFor();
    expect(await page.locator("[data-my-request]").count()).toBe(1);
    await page.goBack();
    // Back on the request's page (the list's badges carry data-status too: wait for the address first).
    await page.waitForURL((url) => url.pathname.startsWith("/ar/enrollment/"));
    await page.getByRole("heading", { level: 1, name: tr("ar", "myEnrollment.heading") }).waitFor();

    // The other language: the same page, its link (and token) kept.
    await page.getByRole("link", { name: "English" }).click();
    await page.waitForURL(/\/en\/enrollment\/ENR-[A-Z0-9-]+\?t=/);
    await page.getByRole("heading", { level: 1, name: tr("en", "myEnrollment.heading") }).waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    expect(await page.locator("[data-next]").innerText()).toBe(tr("en", "myEnrollmentNext.pending"));
  });

  it("English, laptop, without JavaScript: a part-paid seat's money; a wrong token is the 404", async ({ newPage }) => {
    const { rows } = await own.pool.query<{ reference: string; due: string; paid: string; mode: string }>(
      `select e.enrollment_id as reference, min(r.mode) as mode,
              sum(l.amount_piastres) filter (where l.kind = 'charge') as due,
              coalesce(sum(l.amount_piastres) filter (where l.kind = 'payment'), 0) as paid
         from enrollments e join enrollment_ledger l on l.enrollment_id = e.id join course_runs r on r.id = e.run_id
        group by e.enrollment_id
       having coalesce(sum(l.amount_piastres) filter (where l.kind = 'payment'), 0) between 1 and sum(l.amount_piastres) filter (where l.kind = 'charge') - 1
        limit 1`,
    );
    const seat = rows[0]!;
    const page = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop", js: false });
    const response = await page.goto(`/en/enrollment/${seat.reference}?t=${enrollmentToken(seat.reference, SECRET)}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.locator('meta[name="referrer"]').getAttribute("content")).toBe("same-origin");
    const money = page.getByTestId("my-money");
    expect(await money.locator('[data-money="due"]').innerText()).toBe(formatPiastres(Number(seat.due), "en"));
    expect(await money.locator('[data-money="paid"]').innerText()).toBe(formatPiastres(Number(seat.paid), "en"));
    expect(await money.locator('[data-money="balance"]').innerText()).toBe(formatPiastres(Number(seat.due) - Number(seat.paid), "en"));
    expect(await page.locator("[data-next]").innerText()).toBe(tr("en", "myEnrollmentNext.approvedPartial"));
    expect(await page.locator('[data-step="paid"]').getAttribute("data-done")).toBeNull();
    expect(await page.locator("main").innerText()).not.toMatch(/myEnrollment\.|returned an object/);
    expect(await page.locator("main").innerText()).toContain(tr("en", `myEnrollment.modes.${seat.mode}`));
    await screenshot(page, "student-page-part-paid-en-laptop");

    const wrong = await page.goto(`/en/enrollment/${seat.reference}?t=${enrollmentToken(seat.reference, "another-secret-".padEnd(48, "y"))}`);
    expect(wrong?.status()).toBe(404);
    const unknown = await page.goto(`/en/enrollment/ENR-NO-SUCH-ONE?t=${enrollmentToken("ENR-NO-SUCH-ONE", SECRET)}`);
    expect(unknown?.status()).toBe(404);
    expect(await page.content()).not.toContain(seat.reference);

    // Lost the link: from the 404, the student has it emailed again (reference and email), no JavaScript.
    await page.goto(`/en/enrollment/${seat.reference}?t=${"A".repeat(22)}`);
    await page.locator("[data-find-link]").click();
    await page.waitForURL((url) => url.pathname === "/en/enrollment");
    const { rows: owner } = await own.pool.query<{ email: string }>("select student_email as email from enrollments where enrollment_id = $1", [seat.reference]);
    await page.getByLabel(tr("en", "findLink.reference")).fill(seat.reference.toLowerCase());
    await page.getByLabel(tr("en", "findLink.email")).fill(owner[0]!.email.toUpperCase());
    await page.getByRole("button", { name: tr("en", "findLink.submit") }).click();
    await page.locator("[data-link-sent]").waitFor();
    // Another try (a typo, another request) is one link away.
    expect(await page.locator("[data-send-again]").getAttribute("href")).toBe("/en/enrollment");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "student-page-link-sent-en-laptop-nojs");
    await expect.poll(() => own.smtp.messages.some((m) => m.to.includes(owner[0]!.email) && (m.subject ?? "").includes(seat.reference)), { timeout: 20_000 }).toBe(true);
    const mail = own.smtp.messages.find((m) => m.to.includes(owner[0]!.email) && (m.subject ?? "").includes(seat.reference))!;
    const again = /https?:\/\/\S+\/en\/enrollment\/ENR-[A-Z0-9-]+\?t=[A-Za-z0-9_-]{22}/.exec(mail.text ?? "")![0];
    expect((await page.goto(again.replace(/^https?:\/\/[^/]+/, own.url)))?.status()).toBe(200);
  });

  it("Arabic, phone: a wrong link's 404 offers to send it again; a malformed reference is refused beside its field", async ({ newPage }) => {
    const page = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    const wrong = await page.goto(`/ar/enrollment/ENR-NO-SUCH-ONE?t=${"B".repeat(22)}`);
    expect(wrong?.status()).toBe(404);
    await page.waitForSelector("html[data-hydrated]");
    const prompt = page.locator("[data-find-link]");
    expect(await prompt.innerText()).toBe(tr("ar", "myEnrollment.findLinkPrompt"));
    await screenshot(page, "student-page-404-ar-phone");
    await prompt.click();
    await page.waitForURL((url) => url.pathname === "/ar/enrollment");
    await page.getByRole("heading", { level: 1, name: tr("ar", "findLink.heading") }).waitFor();
    await page.getByLabel(tr("ar", "findLink.reference")).fill("١٢٣٤٥");
    await page.getByLabel(tr("ar", "findLink.email")).fill("salma@example.com");
    await page.getByRole("button", { name: tr("ar", "findLink.submit") }).click();
    await page.getByText(tr("ar", "findLink.errors.referenceInvalid")).waitFor();
    expect(await page.getByLabel(tr("ar", "findLink.email")).inputValue()).toBe("salma@example.com");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "student-page-find-link-refused-ar-phone");
  });
});
