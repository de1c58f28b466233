// Runs in the staff lists and the instructor portal on the production build (issue 20 points 5 and 6),
// on a PostgreSQL database of its own (the test writes the runs and requests it checks):
// - staff, at 375 and 1366 px, in English and Arabic: the dashboard's "Next runs" shows the run with its
//   fill and leads to that run's requests; the banner says which run, the counters are the run's; the
//   waiting list opens oldest first; the run select switches to the course's other run (the URL follows);
//   no horizontal overflow, axe clean, no translation key visible;
// - the instructor portal lists the instructor's runs with the approved count, not another instructor's
//   run, and no student's name.
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll } from "vitest";
import { hashPassword } from "~/lib/password.server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, signIn, test as it, type NewPage } from "./fixtures.ts";
import { screenshot } from "./harness.ts";

const ADMIN_EMAIL = "runs-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";
const INSTRUCTOR_EMAIL = "runs-instructor@example.com";
const INSTRUCTOR_PASSWORD = "Instructor-Passw0rd!";
const DAY = 24 * 60 * 60 * 1000;

const ids = { course: "", run: "", later: "", otherRun: "", instructor: "", waiting: [] as string[] };

async function insert(text: string, values: unknown[]): Promise<string> {
  const { rows } = await own.pool.query<{ id: string }>(`${text} returning id`, values);
  return rows[0]!.id;
}

const own = ownApp({ name: "run-lists", env: { SEED_DEMO: "false", ADMIN_EMAIL, ADMIN_PASSWORD } });

beforeAll(async () => {

  ids.instructor = await insert(`insert into instructors (name, name_ar, email, title) values ($1, $2, $3, $4)`, [
    "Mona Adel",
    "منى عادل",
    INSTRUCTOR_EMAIL,
    "Data trainer",
  ]);
  const other = await insert(`insert into instructors (name, email) values ($1, $2)`, ["Karim Fathy", "karim@example.com"]);
  ids.course = await insert(`insert into courses (title, slug, language, instructor_id, is_published) values ($1, $2, 'en', $3, true)`, [
    "Data Analysis with Excel and Power BI",
    "data-analysis-runs",
    ids.instructor,
  ]);
  const otherCourse = await insert(`insert into courses (title, slug, language, instructor_id, is_published) values ($1, $2, 'ar', $3, true)`, [
    "أساسيات الإدارة",
    "management-basics-runs",
    other,
  ]);
  const now = Date.now();
  ids.run = await insert(
    `insert into course_runs (course_id, starts_at, schedule, schedule_ar, mode, capacity) values ($1, $2, $3, $4, 'live_online', 3)`,
    [ids.course, new Date(now + 2 * DAY), "Sun and Wed, 7–9 pm", "الأحد والأربعاء، 7–9 مساءً"],
  );
  ids.later = await insert(`insert into course_runs (course_id, starts_at, mode, location, location_ar) values ($1, $2, 'on_site', 'Nasr City', 'مدينة نصر')`, [
    ids.course,
    new Date(now + 40 * DAY),
  ]);
  ids.otherRun = await insert(`insert into course_runs (course_id, starts_at, capacity) values ($1, $2, 10)`, [otherCourse, new Date(now + 3 * DAY)]);
  let n = 0;
  const request = (runId: string, status: string, name: string) =>
    insert(
      `insert into enrollments (enrollment_id, course_id, run_id, course_name, student_name, student_email, student_phone, status, created_at)
       values ($1, $2, $3, $4, $5, $6, '+201000000000', $7, $8)`,
      [
        `ENR-RUNS${String(++n).padStart(4, "0")}-E2E`,
        runId === ids.otherRun ? otherCourse : ids.course,
        runId,
        "Data Analysis with Excel and Power BI",
        name,
        `student${n}@example.com`,
        status,
        new Date(now - (100 - n) * 60_000),
      ],
    );
  for (const name of ["Amal Approved", "Bassem Approved", "Salma Approved"]) await request(ids.run, "approved", name);
  ids.waiting.push(await request(ids.run, "waiting", "Wael First-in-line"));
  ids.waiting.push(await request(ids.run, "waiting", "Hoda Second-in-line"));
  await request(ids.run, "pending", "Nader Pending");
  await request(ids.later, "pending", "Laila Later");
  await request(ids.otherRun, "approved", "Other Student");

  await own.pool.query(
    `insert into instructor_accounts (instructor_id, email, password_hash, password_encrypted, expires_at, duration_hours, is_activated)
     values ($1, $2, $3, 'unused', now() + interval '2 hours', 2, true)`,
    [ids.instructor, INSTRUCTOR_EMAIL, await hashPassword(INSTRUCTOR_PASSWORD)],
  );
});

/** A page of its own on this file's server, a phone's height below 400 px wide. */
async function pageOf(newPage: NewPage, lang: "en" | "ar", width: number): Promise<{ context: BrowserContext; page: Page }> {
  const page = await newPage({ baseURL: own.url, locale: lang, viewport: { width, height: width < 400 ? 812 : 900 } });
  return { context: page.context(), page };
}

const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/** The page is no wider than the screen, and no untranslated key ("adminEnrollments.…") shows. */
async function expectTidy(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(inner);
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/\b(adminEnrollments|dashboard|runs|instructorPortal)\.[a-zA-Z]+/);
}

const WORDS = {
  en: {
    nextRuns: "Next runs",
    seeRequests: "See requests",
    banner: /Requests for a run of/,
    seeWaiting: "See the waiting list in order",
    waitingOrder: /oldest request is first in line/,
    runSelect: "Run",
    waitingCounter: "Waiting list",
    fill: "3 / 3",
  },
  ar: {
    nextRuns: "المجموعات القادمة",
    seeRequests: "عرض الطلبات",
    banner: /طلبات مجموعة من دورة/,
    seeWaiting: "عرض قائمة الانتظار بالترتيب",
    waitingOrder: /صاحب الطلب الأقدم هو الأول/,
    runSelect: "المجموعة",
    waitingCounter: "قائمة الانتظار",
    fill: "3 / 3",
  },
} as const;

describe("staff: runs in the dashboard and the enrollments list", () => {
  for (const lang of ["en", "ar"] as const) {
    for (const width of [375, 1366]) {
      it(`${lang} at ${width} px: next runs → the run's requests → its waiting list in order → the other run`, async ({ newPage }) => {
        const w = WORDS[lang];
        const { context, page } = await pageOf(newPage, lang, width);
        try {
          await signIn(page, ADMIN, { labels: "prefix" });
          await page.goto(`/admin?lang=${lang}`);
          await page.waitForSelector("html[data-hydrated]");
          expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");

          // Dashboard: the run is first, with its fill, and links to its requests.
          const card = page.getByRole("region", { name: w.nextRuns });
          await card.waitFor();
          const item = card.locator(`[data-run="${ids.run}"]`);
          expect(await item.locator("[data-fill]").textContent()).toBe(w.fill);
          expect(await card.locator("[data-run]").first().getAttribute("data-run")).toBe(ids.run);
          await expectTidy(page);
          await expectNoAxeViolations(page);
          await screenshot(page, `runs-dashboard-${lang}-${width}`);
          await item.getByRole("link", { name: new RegExp(w.seeRequests) }).click();
          await page.waitForURL((u) => u.pathname === "/admin/enrollments" && u.searchParams.get("run") === ids.run);

          // The run's requests: the banner, the run's counters, its six requests.
          const banner = page.getByTestId("run-filter");
          await banner.waitFor();
          expect(await banner.getByRole("heading", { name: w.banner }).count()).toBe(1);
          expect(await page.locator('[data-counter="waiting"]').textContent()).toBe("2");
          expect(await page.locator('[data-counter="total"]').textContent()).toBe("6");
          await expect.poll(() => page.locator("tr[data-enrollment-id]").count()).toBe(6);
          await expectTidy(page);
          await expectNoAxeViolations(page);
          await screenshot(page, `runs-list-${lang}-${width}`);

          // The waiting list: oldest first (First-in-line above Second-in-line).
          await banner.getByRole("link", { name: w.seeWaiting }).click();
          await page.waitForURL((u) => u.searchParams.get("status") === "waiting" && u.searchParams.get("run") === ids.run);
          await page.getByText(w.waitingOrder).waitFor();
          await expect.poll(() => page.locator("tr[data-enrollment-id]").count()).toBe(2);
          const names = await page.locator("tr[data-enrollment-id] th").allInnerTexts();
          expect(names[0]).toContain("Wael First-in-line");
          expect(names[1]).toContain("Hoda Second-in-line");
          await expectTidy(page);
          await screenshot(page, `runs-waiting-${lang}-${width}`);

          // The run select (inside the filter panel, folded on phones): the course's later run.
          if (width < 768) await page.getByRole("button", { name: lang === "ar" ? /الفلاتر|تصفية/ : /Filters/ }).click();
          const select = page.getByLabel(w.runSelect, { exact: true });
          expect(await select.locator("option").count()).toBe(3); // every request + the course's two runs
          await select.selectOption(ids.later);
          await page.waitForURL((u) => u.searchParams.get("run") === ids.later);
          await expect.poll(() => page.locator("tr[data-enrollment-id]").count()).toBe(0);
          // status=waiting was kept: the later run has no waiting list; clearing the status shows its request.
          await page.goto(`/admin/enrollments?lang=${lang}&run=${ids.later}`);
          await expect.poll(() => page.locator("tr[data-enrollment-id]").count()).toBe(1);
          expect(await page.locator("tr[data-enrollment-id] th").innerText()).toContain("Laila Later");
          await expectTidy(page);
          await expectNoAxeViolations(page);
        } finally {
          await context.close();
        }
      }, 120_000);
    }
  }
});

describe("instructor portal: the instructor's runs", () => {
  for (const [lang, width] of [["en", 1366], ["ar", 375]] as const) {
    it(`${lang} at ${width} px: lists their runs with the approved count, not another instructor's, no student names`, async ({ newPage }) => {
      const { context, page } = await pageOf(newPage, lang, width);
      try {
        await page.goto(`/instructor-login?lang=${lang}`);
        await page.locator('input[type="email"]').fill(INSTRUCTOR_EMAIL);
        await page.locator('input[type="password"]').fill(INSTRUCTOR_PASSWORD);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL(/\/instructor-dashboard/);
        await page.waitForSelector("html[data-hydrated]");
        const section = page.getByTestId("portal-runs");
        await section.waitFor();
        const runs = section.locator("[data-run]");
        expect(await runs.count()).toBe(2);
        expect(await runs.nth(0).getAttribute("data-run")).toBe(ids.run);
        expect(await runs.nth(1).getAttribute("data-run")).toBe(ids.later);
        expect(await section.locator(`[data-run="${ids.otherRun}"]`).count()).toBe(0);
        expect(await runs.nth(0).locator("[data-approved]").getAttribute("data-approved")).toBe("3");
        const text = await section.innerText();
        expect(text).toContain(lang === "ar" ? "الأحد والأربعاء، 7–9 مساءً" : "Sun and Wed, 7–9 pm");
        expect(text).toContain(lang === "ar" ? "بتوقيت القاهرة" : "Cairo time");
        expect(text).toContain(lang === "ar" ? "مدينة نصر" : "Nasr City");
        for (const name of ["Amal Approved", "Wael First-in-line", "student1@example.com"]) expect(text).not.toContain(name);
        await expectTidy(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `runs-portal-${lang}-${width}`);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
