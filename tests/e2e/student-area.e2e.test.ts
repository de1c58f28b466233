// Issue 38 items 1 and 2 in Chromium on PostgreSQL with the demo and a real SMTP server: a student finds
// "My requests" in the footer, asks for a sign-in link, opens it from the email (a fresh page, as a mail app
// opens it), confirms, and sees every request made with that email; a second browser sees none of it; signing
// out ends it; the spent link signs nobody in; the student withdraws the new request from its page. Arabic on a phone with JavaScript; English on a laptop without.
// Screenshots: test-results/screenshots/student-area-*.png.
import type { Page } from "playwright-core";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, open, ownApp, signIn, test as it } from "./fixtures.ts";
import { chooseOpenRun, screenshot, uniqueWord } from "./harness.ts";
import { tr } from "./strings.ts";
import { enrollmentToken } from "~/domain/enrollments/enrollment-link.server.ts";

const own = ownApp({
  name: "student-area",
  smtp: true,
  env: { SEED_DEMO: "true", ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!", RATE_LIMIT_ENROLLMENT: "50/600" },
});
const SECRET = "e2e-student-area-secret-".padEnd(48, "x");

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, own.url);

/** The sign-in link the latest "Your sign-in link" email to `email` carries. */
async function signInLink(email: string, lang: "en" | "ar", before: number): Promise<string> {
  const find = () => own.smtp.messages.slice(before).find((m) => m.to.includes(email));
  await expect.poll(() => Boolean(find()), { timeout: 30_000 }).toBe(true);
  const mail = find()!;
  // In the page's language: the subject is the translation's, up to the brand's name.
  expect(mail.subject.startsWith(tr(lang, "studentEmails.signIn.subject", { brand: "\u0001" }).split("\u0001")[0]!)).toBe(true);
  const link = new RegExp(`https?://\\S+/${lang}/my/verify\\?token=[A-Za-z0-9]{32}`).exec(mail.text ?? "")?.[0];
  expect(link, mail.text).toBeDefined();
  return local(link!);
}

/** Asks for a link on /{lang}/my (reached from the footer) and returns it from the email. */
async function askForLink(page: Page, lang: "en" | "ar", email: string): Promise<string> {
  await page.goto(`/${lang}`);
  await page.locator("footer").getByRole("link", { name: tr(lang, "nav.myRequests") }).click();
  await page.waitForURL((url) => url.pathname === `/${lang}/my`);
  await page.getByRole("heading", { level: 1, name: tr(lang, "my.signIn.heading") }).waitFor();
  const before = own.smtp.messages.length;
  await page.getByLabel(tr(lang, "my.signIn.email")).fill(email.toUpperCase());
  await page.getByRole("button", { name: tr(lang, "my.signIn.submit") }).click();
  await page.locator("[data-link-sent]").waitFor();
  expect(await page.locator("[data-link-sent]").innerText()).toContain(tr(lang, "my.signIn.sent"));
  expect(await page.locator("[data-send-again]").getAttribute("href")).toBe(`/${lang}/my`);
  return signInLink(email, lang, before);
}

describe("the student area", () => {
  it("Arabic phone: a new request, then signed in from the emailed link: the request listed; another browser sees nothing; signing out", async ({ newPage }) => {
    const email = `area-${uniqueWord().toLowerCase()}@example.com`;
    const visitor = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    const { rows } = await own.pool.query<{ slug: string }>("select slug from courses where is_published order by slug limit 1");
    await visitor.goto(`/ar/courses/${rows[0]!.slug}/enroll`);
    await visitor.waitForSelector("html[data-hydrated]");
    await visitor.getByLabel(tr("ar", "enrollment.fields.studentName.label")).fill("ليلى محمود");
    await visitor.getByLabel(tr("ar", "enrollment.fields.studentEmail.label")).fill(email);
    await visitor.getByLabel(tr("ar", "enrollment.fields.phoneNumber.label")).fill("010 3456 7890");
    await chooseOpenRun(visitor);
    await visitor.getByRole("button", { name: tr("ar", "enrollment.submit") }).click();
    await visitor.locator("[data-enrollment-page]").waitFor();
    const { rows: made } = await own.pool.query<{ reference: string; course: string }>("select enrollment_id as reference, course_name as course from enrollments where student_email = $1", [email]);

    const link = await askForLink(visitor, "ar", email);
    await screenshot(visitor, "student-area-link-sent-ar-phone");
    // Opened from the email: the button, then the requests.
    const student = await newPage({ locale: "ar", viewport: "phone" });
    await student.goto(link);
    await student.waitForSelector("html[data-hydrated]");
    expect(await student.locator("html").getAttribute("dir")).toBe("rtl");
    await screenshot(student, "student-area-verify-ar-phone");
    await student.getByRole("button", { name: tr("ar", "my.verify.submit") }).click();
    await student.waitForURL((url) => url.pathname === "/ar/my");
    await student.getByRole("heading", { level: 1, name: tr("ar", "my.requests.heading") }).waitFor();
    const card = student.locator(`[data-my-request="${made[0]!.reference}"]`);
    expect(await card.locator("[data-status]").getAttribute("data-status")).toBe("pending");
    expect(await card.innerText()).toContain(made[0]!.course);
    expect(await student.locator("main").innerText()).not.toMatch(/[٠-٩]|my\.|myEnrollment\.|\{\{/);
    expect(await overflow(student)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(student);
    await screenshot(student, "student-area-requests-ar-phone");

    // The request's own page, one tap away; Back returns to the list as a fresh load shows it.
    await card.getByRole("link").click();
    await student.waitForURL((url) => url.pathname === `/ar/enrollment/${made[0]!.reference}`);
    expect(await student.locator("[data-status]").getAttribute("data-status")).toBe("pending");
    await student.goBack();
    await card.waitFor();

    // Withdrawing it (item 2): open "Changed your mind?", confirm; the page says so, the list shows it.
    await card.getByRole("link").click();
    await student.waitForURL((url) => url.pathname === `/ar/enrollment/${made[0]!.reference}`);
    await student.getByText(tr("ar", "myEnrollmentWithdraw.summary")).click();
    await screenshot(student, "student-area-withdraw-ar-phone");
    await student.getByRole("button", { name: tr("ar", "myEnrollmentWithdraw.button") }).click();
    await student.locator('[data-withdraw="ok"]').waitFor();
    expect(await student.locator("[data-withdraw]").innerText()).toBe(tr("ar", "myEnrollmentWithdraw.done"));
    expect(await student.locator("#my-status [data-status]").getAttribute("data-status")).toBe("withdrawn");
    expect(await student.getByRole("button", { name: tr("ar", "myEnrollmentWithdraw.button") }).count()).toBe(0);
    expect(await overflow(student)).toBeLessThanOrEqual(0);
    await screenshot(student, "student-area-withdrawn-ar-phone");
    await student.goto(`${own.url}/ar/my`);
    expect(await card.locator("[data-status]").getAttribute("data-status")).toBe("withdrawn");
    expect(await card.locator("[data-status]").innerText()).toBe(tr("ar", "myEnrollment.status.withdrawn"));

    // Her profile (item 5): the name from her request, in the Arabic field; "Suggest" fills the English one.
    await student.locator("[data-profile-link]").click();
    await student.waitForURL((url) => url.pathname === "/ar/my/profile");
    const profile = student.getByTestId("my-profile");
    expect(await profile.getByLabel(tr("ar", "my.profile.nameAr")).inputValue()).toBe("ليلى محمود");
    expect(await profile.getByLabel(tr("ar", "my.profile.phone")).inputValue()).toBe("+20 10 3456 7890");
    await profile.locator("[data-suggest]").click();
    const nameEn = profile.getByLabel(tr("ar", "my.profile.nameEn"));
    expect(await nameEn.inputValue()).toMatch(/^L\w+ M\w+$/);
    await nameEn.fill("Laila Mahmoud");
    await profile.getByLabel(tr("ar", "my.profile.phone")).fill("٠١٠٣٤٥٦٧٨٩٩");
    await screenshot(student, "student-area-profile-ar-phone");
    await profile.getByRole("button", { name: tr("ar", "my.profile.save") }).click();
    await student.waitForURL((url) => url.search === "?saved=1");
    expect(await profile.innerText()).toContain(tr("ar", "my.profile.saved"));
    expect(await nameEn.inputValue()).toBe("Laila Mahmoud");
    expect(await profile.getByLabel(tr("ar", "my.profile.phone")).inputValue()).toBe("+20 10 3456 7899");
    expect(await overflow(student)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(student);
    await student.goto(`${own.url}/ar/my`);

    // Another browser, without the session: the sign-in form, nothing of hers.
    const stranger = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    const response = await stranger.goto("/ar/my");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(await stranger.content()).not.toContain(made[0]!.reference);
    expect(await stranger.getByTestId("my-sign-in").count()).toBe(1);

    // Signing out: the sign-in form again; the link, spent, signs nobody in.
    await student.getByRole("button", { name: tr("ar", "my.requests.signOut") }).click();
    await student.getByTestId("my-sign-in").waitFor();
    await student.goto(link);
    await student.getByRole("button", { name: tr("ar", "my.verify.submit") }).click();
    await student.locator("[data-link-expired]").waitFor();
    expect(await student.locator("[data-link-expired]").innerText()).toBe(tr("ar", "my.verify.expired"));
    await screenshot(student, "student-area-link-spent-ar-phone");
  });

  it("English laptop without JavaScript: a demo student with several requests sees each with its status and what is left to pay", async ({ newPage }) => {
    const { rows } = await own.pool.query<{ email: string; n: string }>(
      `select lower(student_email) as email, count(*) as n from enrollments group by lower(student_email) order by count(*) desc, 1 limit 1`,
    );
    const { email } = rows[0]!;
    const page = await newPage({ baseURL: own.url, locale: "en", viewport: "laptop", js: false });
    const link = await askForLink(page, "en", email);
    await page.goto(link);
    await page.getByRole("button", { name: tr("en", "my.verify.submit") }).click();
    await page.waitForURL((url) => url.pathname === "/en/my");
    expect(await page.locator("[data-signed-in]").innerText()).toContain(email);
    const cards = page.locator("[data-my-request]");
    expect(await cards.count()).toBe(Number(rows[0]!.n));
    const { rows: newest } = await own.pool.query<{ reference: string }>(
      "select enrollment_id as reference from enrollments where lower(student_email) = $1 order by created_at desc, id desc",
      [email],
    );
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-my-request")))).toEqual(newest.map((r) => r.reference));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "student-area-requests-en-laptop-nojs");
    // "Download my data": a JSON file of everything about this email, its requests among it.
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-download="json"]').click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8")) as { about: { email: string }; sections: { requests: { enrollmentId: string }[] } };
    expect(data.about.email).toBe(email);
    expect(data.sections.requests.map((r) => r.enrollmentId).sort()).toEqual(newest.map((r) => r.reference).sort());

    // A confirmed seat of a live run still to come (a run that is over shows no joining link): its sessions
    // and joining link on its page, its calendar file; the link on no public page (the course page, the
    // catalogue, the sitemap).
    const JOIN = "https://meet.example.com/e2e-student-area-4471";
    const { rows: paid } = await own.pool.query<{ reference: string; run_id: string; slug: string }>(
      `select e.enrollment_id as reference, e.run_id, c.slug from enrollments e join courses c on c.id = e.course_id join course_runs r on r.id = e.run_id
        where lower(e.student_email) = $1 and e.status = 'approved' and c.is_published and r.starts_at > now()
          and (select coalesce(sum(case when kind = 'charge' then amount_piastres when kind = 'payment' then -amount_piastres else 0 end), 0) from enrollment_ledger l where l.enrollment_id = e.id) <= 0
        limit 1`,
      [email],
    );
    expect(paid[0]).toBeDefined();
    await own.pool.query("update course_runs set mode = 'live_online', join_url = $1 where id = $2", [JOIN, paid[0]!.run_id]);
    await page.locator(`[data-my-request="${paid[0]!.reference}"]`).getByRole("link").click();
    const sessions = page.getByTestId("my-sessions");
    await sessions.waitFor();
    expect(await sessions.locator("[data-join]").getAttribute("href")).toBe(JOIN);
    expect(await sessions.locator("[data-session]").count()).toBeGreaterThan(0);
    await sessions.scrollIntoViewIfNeeded();
    await screenshot(page, "student-area-sessions-en-laptop-nojs");
    const [ics] = await Promise.all([page.waitForEvent("download"), sessions.locator("[data-calendar]").click()]);
    const text = Buffer.concat(await (await ics.createReadStream()).toArray()).toString("utf8");
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text.match(/BEGIN:VEVENT/g)?.length).toBe(await sessions.locator("[data-session]").count());
    expect(text.replace(/\r\n /g, "")).toContain(JOIN);
    for (const path of [`/en/courses/${paid[0]!.slug}`, `/ar/courses/${paid[0]!.slug}`, "/en/courses", "/sitemap.xml", "/en"]) {
      const html = await (await fetch(`${own.url}${path}`)).text();
      // Neither this link nor the demo's own joining links (meet.example.com).
      expect(html, path).not.toContain("meet.example.com");
    }

    // The profile without JavaScript: a refusal beside its field, with what was typed; then saved.
    await page.goto("/en/my/profile");
    const profile = page.getByTestId("my-profile");
    await profile.getByLabel(tr("en", "my.profile.nameEn")).fill("Sara Mahmoud");
    await profile.getByLabel(tr("en", "my.profile.phone")).fill("12");
    await profile.getByRole("button", { name: tr("en", "my.profile.save") }).click();
    await profile.getByText(tr("en", "my.profile.errors.phone")).waitFor();
    expect(await profile.getByLabel(tr("en", "my.profile.nameEn")).inputValue()).toBe("Sara Mahmoud");
    await screenshot(page, "student-area-profile-error-en-laptop-nojs");
    await profile.getByLabel(tr("en", "my.profile.phone")).fill("+966 50 123 4567");
    await profile.getByRole("button", { name: tr("en", "my.profile.save") }).click();
    await page.waitForURL((url) => url.search === "?saved=1");
    expect(await profile.getByLabel(tr("en", "my.profile.phone")).inputValue()).toBe("+966 50 123 4567");

    await page.goto("/en/my");
    await page.getByRole("button", { name: tr("en", "my.requests.signOut") }).click();
    await page.getByTestId("my-sign-in").waitFor();
  });

  it("Arabic phone, entered from a request's emailed link: a paid seat's course handbook opens in the view-only viewer; the trainer notes are not offered", async ({ newPage }) => {
    // A demo seat paid in full in a course with a document for students (db/seed/demo-documents.ts).
    const { rows } = await own.pool.query<{ reference: string; course_id: string }>(
      `select e.enrollment_id as reference, e.course_id from enrollments e
        where e.status = 'approved' and exists (select 1 from course_documents d where d.course_id = e.course_id and d.for_students)
          and (select coalesce(sum(case when kind in ('charge', 'adjustment') then amount_piastres when kind = 'payment' then -amount_piastres when kind = 'refund' then amount_piastres else 0 end), 0)
               from enrollment_ledger l where l.enrollment_id = e.id) <= 0
        order by e.enrollment_id limit 1`,
    );
    const seat = rows[0]!;
    const { rows: docs } = await own.pool.query<{ id: string; file_name: string; for_students: boolean }>(
      "select id, file_name, for_students from course_documents where course_id = $1 order by position",
      [seat.course_id],
    );
    const handbook = docs.find((d) => d.for_students)!;
    const notes = docs.find((d) => !d.for_students)!;
    const page = await newPage({ baseURL: own.url, locale: "ar", viewport: "phone" });
    // The link every email about the request carries: it opens the request and signs its student in.
    await page.goto(`/ar/enrollment/${seat.reference}?t=${enrollmentToken(seat.reference, SECRET)}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.locator("[data-all-requests]").click();
    await page.waitForURL((url) => url.pathname === "/ar/my");
    const materials = page.getByTestId("my-materials");
    await materials.waitFor();
    expect(await materials.locator("[data-material]").evaluateAll((els) => els.map((el) => el.getAttribute("data-material")))).toContain(handbook.file_name);
    expect(await materials.innerText()).not.toContain(notes.file_name);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "student-area-materials-ar-phone");

    await materials.getByRole("button", { name: tr("ar", "my.materials.viewFile", { file: handbook.file_name }) }).click();
    const viewer = page.getByRole("dialog", { name: handbook.file_name });
    await viewer.waitFor();
    await expect.poll(() => viewer.locator("[data-page][data-painted]").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await viewer.innerText()).toContain(tr("ar", "documentViewer.viewOnly"));
    await screenshot(page, "student-area-viewer-ar-phone");
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });

    // The route checks again: the notes are refused to this student, the handbook to a browser without the session.
    expect((await page.request.get(`/files/documents/${notes.id}`)).status()).toBe(403);
    expect((await page.request.get(`/files/documents/${handbook.id}`)).status()).toBe(200);
    expect((await fetch(`${own.url}/files/documents/${handbook.id}`)).status).toBe(401);

    // "Delete my data" (item 6): she asks; an admin confirms on a phone; nothing of her is left, she is signed out.
    const { rows: mine } = await own.pool.query<{ email: string }>("select lower(student_email) as email from enrollments where enrollment_id = $1", [seat.reference]);
    const email = mine[0]!.email;
    await page.goto(`${own.url}/ar/my`);
    await page.getByText(tr("ar", "my.erase.summary")).click();
    await page.getByRole("button", { name: tr("ar", "my.erase.button") }).click();
    await page.locator("[data-erase-asked]").waitFor();
    await screenshot(page, "student-area-erase-asked-ar-phone");
    const staff = await newPage({ baseURL: own.url, locale: "en", viewport: "phone" });
    await signIn(staff, "admin", { hydrated: true });
    await open(staff, "/admin/data-requests?lang=en");
    await staff.getByRole("button", { name: tr("en", "adminDataRequests.eraseFor", { email }) }).click();
    const confirm = staff.getByRole("dialog", { name: tr("en", "adminDataRequests.confirmTitle") });
    await confirm.waitFor();
    await screenshot(staff, "admin-data-requests-confirm-en-phone");
    await confirm.getByRole("button", { name: tr("en", "adminDataRequests.erase") }).click();
    await expect.poll(() => staff.locator('[data-data-request="done"]').count()).toBeGreaterThan(0);
    expect(await staff.locator('[data-data-request="pending"]').count()).toBe(0);
    expect(await staff.locator("main").innerText()).not.toContain(email);
    await screenshot(staff, "admin-data-requests-done-en-phone");
    const { rows: left } = await own.pool.query<{ n: number }>("select count(*)::int as n from enrollments where lower(student_email) = $1", [email]);
    expect(left[0]!.n).toBe(0);
    await page.reload();
    await page.getByTestId("my-sign-in").waitFor();
  });
});
