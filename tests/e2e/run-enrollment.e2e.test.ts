// Enrollment into a run (issue 20, acceptance "E2E in both languages"), in Chromium on the production build
// (its own PostgreSQL database with the demo data, a real SMTP server). A course gets one run of its own:
// Tuesday 16 July 2030, 7 pm Cairo time (summer time, 16:00 UTC), 2 seats.
// - Visitor A arrives by an Arabic link, switches to English, opens Enroll Now: the dialog asks for a start
//   date (a choice is required), A picks the run and enrolls (1366 px).
// - Visitor B arrives by an English link, switches to Arabic, chooses the run in the course page's list:
//   the dialog opens with it chosen; B enrolls (375 px: the choices fit, no horizontal overflow).
// - Staff sign in and approve A and B: the run is full.
// - Visitor C opens the dialog from a catalogue card (the dialog fetches the runs), sees the run marked
//   "Full — join the waiting list", picks it and is told they are on the waiting list; visitor D does the same in Arabic without JavaScript from /ar/courses/<slug>/enroll?run=<id>
//   (the run preselected).
// - The emails at the SMTP server give the run's date in the student's language and Cairo time.
import type { Page } from "playwright-core";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, pageErrors, signIn, test as it, VIEWPORTS, type NewPage, type Viewport } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const ADMIN_EMAIL = "runs-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";

const STARTS = "2030-07-16T16:00:00Z";
const DATE_EN = "Tue, July 16, 2030";
const DATE_AR = "16 يوليو 2030";
const WHEN_EN = "Tuesday, July 16, 2030 at 7:00 PM (Cairo time)";
const WHEN_AR = "الثلاثاء، 16 يوليو 2030 في 7:00 م (بتوقيت القاهرة)";

const own = ownApp({
  name: "run-enrollment",
  smtp: true,
  env: { SEED_DEMO: "true", ADMIN_EMAIL, ADMIN_PASSWORD, DECISION_UNDO_SECONDS: "1", RATE_LIMIT_ENROLLMENT: "50/600" },
});
let course: { id: string; slug: string; title: string };
let runId: string;

it.beforeAll(async () => {
  // A published course with only this test's run (the demo's runs of it are removed).
  const { rows } = await own.pool.query<{ id: string; slug: string; title: string }>(
    "select id, slug, title from courses where is_published order by created_at, id limit 1",
  );
  course = rows[0]!;
  await own.pool.query("delete from course_runs where course_id = $1", [course.id]);
  const run = await own.pool.query<{ id: string }>(
    `insert into course_runs (course_id, starts_at, schedule, schedule_ar, mode, capacity)
     values ($1, $2, 'Tue and Thu, 7–9 pm', 'الثلاثاء والخميس، 7–9 مساءً', 'live_online', 2) returning id`,
    [course.id, STARTS],
  );
  runId = run.rows[0]!.id;
});

/** A visitor's page on this file's server, in Chromium's own language. */
function visitorPage(newPage: NewPage, viewport: Viewport, js = true): Promise<Page> {
  return newPage({ baseURL: own.url, locale: null, viewport, js });
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Every run choice lies inside the dialog (or the page), none wider than the screen. */
async function choicesFit(page: Page, frame: ReturnType<Page["locator"]>): Promise<void> {
  const box = (await frame.boundingBox())!;
  const labels = frame.locator("fieldset label");
  expect(await labels.count()).toBeGreaterThan(0);
  for (const label of await labels.all()) {
    const b = (await label.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  expect(await noOverflow(page)).toBe(true);
}

async function statusOf(email: string): Promise<{ status: string; run_id: string | null }> {
  const { rows } = await own.pool.query<{ status: string; run_id: string | null }>(
    "select status, run_id from enrollments where student_email = $1",
    [email],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function fill(scope: ReturnType<Page["locator"]> | Page, lang: "en" | "ar", name: string, email: string) {
  await scope.getByLabel(lang === "ar" ? "الاسم بالكامل" : "Full name").fill(name);
  await scope.getByLabel(lang === "ar" ? "البريد الإلكتروني" : "Email").fill(email);
  await scope.getByLabel(lang === "ar" ? "رقم الهاتف" : "Phone number").fill("100 765 4321");
}

/** The mail the SMTP server received for `email` whose subject matches. */
async function mailTo(email: string, subject: RegExp) {
  await expect.poll(() => own.smtp.messages.filter((m) => m.to.includes(email) && subject.test(m.subject)).length, { timeout: 15_000 }).toBe(1);
  return own.smtp.messages.find((m) => m.to.includes(email) && subject.test(m.subject))!;
}

const A = { name: "Amira Saleh", email: "amira-run@example.com" };
const B = { name: "بسمة علي", email: "basma-run@example.com" };
const C = { name: "Karim Adel", email: "karim-run@example.com" };
const D = { name: "دينا حسن", email: "dina-run@example.com" };

describe("enrolling into a run until it is full, then the waiting list", () => {
  it("A (English, 1366): from an Arabic link, switches language, must choose a date, picks the run and enrolls", async ({ newPage }) => {
    const page = await visitorPage(newPage, "laptop");
    const errors = pageErrors(page);
    await page.goto(`/ar/courses/${course.slug}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.locator('a[hreflang="en"]').first().click();
    await page.waitForURL(new RegExp(`/en/courses/${course.slug}$`));
    await page.waitForSelector('html[lang="en"][data-hydrated]');

    await page.getByRole("link", { name: "Enroll Now" }).first().click();
    const dialog = page.getByRole("dialog");
    const run = dialog.getByRole("radio", { name: new RegExp(DATE_EN) });
    await run.waitFor();
    expect(await run.isChecked()).toBe(false);
    const choice = dialog.locator("fieldset label").filter({ hasText: DATE_EN });
    expect(await choice.innerText()).toMatch(/7:00 PM Cairo time[\s\S]*Tue and Thu, 7–9 pm[\s\S]*Live online/);
    expect(await choice.innerText()).not.toContain("waiting list");
    await fill(dialog, "en", A.name, A.email);
    // No date chosen: the form says so and sends nothing.
    await dialog.getByRole("button", { name: "Submit enrollment" }).click();
    await expect.poll(() => dialog.getByText("Please choose a start date.").count()).toBe(1);
    expect(await own.pool.query("select 1 from enrollments where student_email = $1", [A.email]).then((r) => r.rowCount)).toBe(0);

    await run.check();
    await expect.poll(() => dialog.getByText("Please choose a start date.").count()).toBe(0);
    await choicesFit(page, dialog);
    await expectNoAxeViolations(page);
    await screenshot(page, "run-enroll-dialog-en-1366");
    await dialog.getByRole("button", { name: "Submit enrollment" }).click();
    await expect.poll(() => dialog.getByText(/Enrollment request sent successfully! Enrollment ID: ENR-/).count(), { timeout: 10_000 }).toBe(1);
    expect(await statusOf(A.email)).toEqual({ status: "pending", run_id: runId });
    expect(errors).toEqual([]);
  });

  it("B (Arabic, 375): from an English link, switches language, chooses the run on the course page; the dialog has it chosen", async ({ newPage }) => {
    const page = await visitorPage(newPage, "phone");
    await page.goto(`/en/courses/${course.slug}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.locator('a[hreflang="ar"]').first().click();
    await page.waitForURL(new RegExp(`/ar/courses/${course.slug}$`));
    await page.waitForSelector('html[lang="ar"][dir="rtl"][data-hydrated]');

    await page.locator("[data-course-runs]").getByRole("link", { name: new RegExp(DATE_AR) }).click();
    const dialog = page.getByRole("dialog");
    const run = dialog.getByRole("radio", { name: new RegExp(DATE_AR) });
    await run.waitFor();
    expect(await run.isChecked()).toBe(true);
    const text = await dialog.locator("fieldset label").filter({ hasText: DATE_AR }).innerText();
    expect(text).toContain("7:00 م بتوقيت القاهرة");
    expect(text).toContain("الثلاثاء والخميس، 7–9 مساءً");
    expect(text).toContain("أونلاين مباشر");
    expect(text).not.toMatch(/[\u0660-\u0669]/);
    await fill(dialog, "ar", B.name, B.email);
    await choicesFit(page, dialog);
    await expectNoAxeViolations(page);
    await screenshot(page, "run-enroll-dialog-ar-375");
    await dialog.getByRole("button", { name: "إرسال طلب التسجيل" }).click();
    await expect.poll(() => dialog.getByText(/تم إرسال طلب التسجيل بنجاح/).count(), { timeout: 10_000 }).toBe(1);
    expect(await statusOf(B.email)).toEqual({ status: "pending", run_id: runId });
  });

  it("staff approve A and B: the run's two seats are taken", async ({ newPage }) => {
    const page = await visitorPage(newPage, "laptop");
    await signIn(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { labels: "prefix" });
    for (const student of [A, B]) {
      await page.goto(`/admin/enrollments?lang=en&q=${encodeURIComponent(student.email)}`);
      await page.waitForSelector("html[data-hydrated]");
      await page.getByRole("button", { name: `Approve: ${student.name}` }).click();
      await expect.poll(() => page.getByText("Enrollment status updated to approved").count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(async () => (await statusOf(student.email)).status).toBe("approved");
    }
    const { rows } = await own.pool.query("select count(*)::int as n from enrollments where run_id = $1 and status = 'approved'", [runId]);
    expect(rows[0].n).toBe(2);
  });

  it("C (English, 375): from a catalogue card's Enroll button the dialog fetches the runs; the run is marked full; C is told they are on the waiting list", async ({ newPage }) => {
    const page = await visitorPage(newPage, "phone");
    await page.goto(`/en/courses?q=${encodeURIComponent(course.title)}`);
    await page.waitForSelector("html[data-hydrated]");
    await page.locator("article").filter({ hasText: course.title }).first().locator("[data-enroll]").click();
    const dialog = page.getByRole("dialog");
    const run = dialog.getByRole("radio", { name: new RegExp(DATE_EN) });
    await run.waitFor();
    expect(await dialog.locator("fieldset label").filter({ hasText: DATE_EN }).innerText()).toContain("Full — join the waiting list");
    await run.check();
    await fill(dialog, "en", C.name, C.email);
    await choicesFit(page, dialog);
    await expectNoAxeViolations(page);
    await screenshot(page, "run-enroll-full-en-375");
    // A full run chosen, the button says where the request goes (issue 36 item 1).
    await dialog.getByRole("button", { name: "Join the waiting list" }).click();
    const told = dialog.getByText(/This group is full, so you are on its waiting list\. Enrollment ID: ENR-/);
    await expect.poll(() => told.count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, "run-enroll-waiting-en-375");
    expect(await statusOf(C.email)).toEqual({ status: "waiting", run_id: runId });
  });

  it("D (Arabic, no JavaScript, 375): /ar/courses/<slug>/enroll?run=<id> has the run chosen; D joins the waiting list", async ({ newPage }) => {
    const page = await visitorPage(newPage, "phone", false);
    await page.goto(`/ar/courses/${course.slug}/enroll?run=${runId}`);
    const run = page.getByRole("radio", { name: new RegExp(DATE_AR) });
    expect(await run.isChecked()).toBe(true);
    expect(await page.locator("fieldset label").filter({ hasText: DATE_AR }).innerText()).toContain("مكتملة — انضم إلى قائمة الانتظار");
    await choicesFit(page, page.locator("main"));
    await fill(page, "ar", D.name, D.email);
    await screenshot(page, "run-enroll-nojs-ar-375");
    await page.getByRole("button", { name: "انضم إلى قائمة الانتظار" }).click();
    await expect.poll(() => page.getByText(/هذه المجموعة مكتملة، لذلك أنت على قائمة الانتظار\. رقم طلب التسجيل: ENR-/).count()).toBe(1);
    expect(await statusOf(D.email)).toEqual({ status: "waiting", run_id: runId });
    // Without ?run= nothing is chosen; at 1366 the choices sit in the form's column.
    await page.setViewportSize(VIEWPORTS.laptop);
    await page.goto(`/ar/courses/${course.slug}/enroll`);
    expect(await page.getByRole("radio", { name: new RegExp(DATE_AR) }).isChecked()).toBe(false);
    await choicesFit(page, page.locator("main"));
    await screenshot(page, "run-enroll-nojs-ar-1366");
  });

  it("the emails give the run's date in each student's language and Cairo time, or the waiting list", async () => {
    const a = await mailTo(A.email, /^We received your enrollment request/);
    expect(a.text).toContain(`The group you chose starts on ${WHEN_EN}.`);
    const b = await mailTo(B.email, /^استلمنا طلب تسجيلك/);
    expect(b.text).toContain(`تبدأ المجموعة التي اخترتها يوم ${WHEN_AR}.`);
    expect(b.text).not.toMatch(/[\u0660-\u0669]/);
    const c = await mailTo(C.email, /waiting list/);
    expect(c.text).toContain(`The group starting on ${WHEN_EN} is full, so your request is on its waiting list.`);
    const d = await mailTo(D.email, /قائمة الانتظار/);
    expect(d.text).toContain(`المجموعة التي تبدأ يوم ${WHEN_AR} مكتملة العدد`);
    // The approvals (sent after the undo window) name the run's start too, in the student's language.
    await expect.poll(() => own.smtp.messages.filter((m) => m.to.includes(A.email)).length, { timeout: 15_000 }).toBe(2);
    const approvalA = own.smtp.messages.filter((m) => m.to.includes(A.email)).find((m) => m !== a)!;
    expect(approvalA.text).toContain("July 16, 2030");
    expect(approvalA.text).toContain("Cairo time");
    await expect.poll(() => own.smtp.messages.filter((m) => m.to.includes(B.email)).length, { timeout: 15_000 }).toBe(2);
    const approvalB = own.smtp.messages.filter((m) => m.to.includes(B.email)).find((m) => m !== b)!;
    expect(approvalB.text).toContain(DATE_AR);
    expect(approvalB.text).toContain("بتوقيت القاهرة");
  });
});
