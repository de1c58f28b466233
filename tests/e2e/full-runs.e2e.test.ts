// A full run is said everywhere, not only inside the dialog (issue 36 items 1 and 5), in Chromium on the
// production build with its own database (the demo data). Two published courses get runs of their own:
// - "Some full": its first run (12 Jan 2030) is full, its second (9 Feb 2030) has seats. The card, the side
//   panel and the phone's bar name 9 Feb, not the full run; the dialog opened from the second run's
//   "Choose this date" starts on that run's radio; choosing the full run turns the button into "Join the
//   waiting list"; closing the dialog puts focus back on the button that opened it.
// - "All full": both runs are full. The card, the panel and the bar say "Full — join the waiting list",
//   every button says "Join the waiting list", and so do the dialog's title and button, and the enroll page
//   without JavaScript.
// Both languages; 375 and 1366 px. Screenshots in test-results/screenshots (full-runs-*).
import type { Locator, Page } from "playwright-core";
import { describe, expect, ownApp, test as it, type NewPage } from "./fixtures.ts";
import path from "node:path";
import { ARTIFACTS, screenshot } from "./harness.ts";
import { tr, type Lang } from "./strings.ts";

const SHOTS = path.join(ARTIFACTS, "screenshots");
const own = ownApp({ name: "full-runs", env: { SEED_DEMO: "true" } });

const FIRST = "2030-01-12T17:00:00Z";
const SECOND = "2030-02-09T17:00:00Z";
const SHORT = { en: { first: "Jan 12", second: "Feb 9" }, ar: { first: "12 يناير", second: "9 فبراير" } };

type Course = { id: string; slug: string; title: string; runs: string[] };
let someFull: Course;
let allFull: Course;

/** A run of `courseId` with one seat; `taken`: an approved request has it. */
async function addRun(courseId: string, startsAt: string, taken: boolean): Promise<string> {
  const run = await own.pool.query<{ id: string }>(
    "insert into course_runs (course_id, starts_at, mode, capacity) values ($1, $2, 'live_online', 1) returning id",
    [courseId, startsAt],
  );
  const id = run.rows[0]!.id;
  if (taken) {
    await own.pool.query(
      `insert into enrollments (enrollment_id, course_id, course_name, run_id, student_name, student_email, student_phone, locale, status)
       select 'ENR-FULL-' || upper(substr(md5(random()::text), 1, 8)), c.id, c.title, $2::uuid, 'Seated Student', $3, '+20 1001234567', 'en', 'approved'
       from courses c where c.id = $1`,
      [courseId, id, `seated-${id}@example.com`],
    );
  }
  return id;
}

it.beforeAll(async () => {
  const { rows } = await own.pool.query<{ id: string; slug: string; title: string }>(
    "select id, slug, title from courses where is_published order by created_at, id limit 2",
  );
  const courses = rows.map((r) => ({ ...r, runs: [] as string[] }));
  for (const c of courses) await own.pool.query("delete from course_runs where course_id = $1", [c.id]);
  someFull = courses[0]!;
  allFull = courses[1]!;
  someFull.runs.push(await addRun(someFull.id, FIRST, true), await addRun(someFull.id, SECOND, false));
  allFull.runs.push(await addRun(allFull.id, FIRST, true), await addRun(allFull.id, SECOND, true));
});

function visitor(newPage: NewPage, lang: Lang, width: number, js = true): Promise<Page> {
  return newPage({ baseURL: own.url, locale: lang, viewport: { width, height: width < 400 ? 812 : 900 }, js });
}

/** The course's card in the catalogue, found by a search for its title. */
async function cardOf(page: Page, lang: Lang, course: Course): Promise<Locator> {
  await page.goto(`/${lang}/courses?q=${encodeURIComponent(course.title)}`);
  await page.waitForSelector("html[data-hydrated]");
  const card = page.locator("main article").filter({ has: page.getByRole("heading", { name: course.title, exact: true }) });
  await card.waitFor();
  return card;
}

/** The next start as the course page shows it, in each visible place. */
const shownTexts = (page: Page) => page.locator("[data-course-panel] [data-next-start]:visible, [data-bottom-bar] [data-next-start]:visible").evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, " ").trim()));

const text = async (locator: Locator) => ((await locator.innerText()) ?? "").replace(/\s+/g, " ").trim();

describe("full runs", () => {
  for (const [lang, width] of [
    ["en", 1366],
    ["ar", 375],
  ] as const) {
    it(`a full first run is passed over for the next with seats; the dialog starts on the run chosen (${lang}, ${width} px)`, async ({ newPage }) => {
      const page = await visitor(newPage, lang, width);
      const card = await cardOf(page, lang, someFull);
      expect(await text(card.locator("[data-next-start]"))).toContain(SHORT[lang].second);
      expect(await text(card.locator("[data-next-start]"))).not.toContain(SHORT[lang].first);
      expect(await card.locator("[data-waiting-list-only]").count()).toBe(0);
      expect(await text(card.locator("[data-enroll]"))).toBe(tr(lang, "courseCard.enrollNow"));

      await page.goto(`/${lang}/courses/${someFull.slug}`);
      await page.waitForSelector("html[data-hydrated]");
      const next = tr(lang, "courseRuns.nextStart", { date: SHORT[lang].second });
      // The side panel (beside the content on a laptop, under the title on a phone) and the phone's bar.
      expect(await shownTexts(page)).toEqual(width < 1024 ? [next, next] : [next]);
      await screenshot(page, `full-runs-some-${lang}-${width}`);

      // The second run's own link ("Choose this date"): the dialog opens with that run chosen and focused.
      const button = page.locator(`[data-run-id="${someFull.runs[1]}"] a`);
      await button.scrollIntoViewIfNeeded();
      await button.click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      const focused = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? null);
      await expect.poll(focused).toBe(someFull.runs[1]);
      const submit = dialog.locator('button[type="submit"]');
      expect(await text(submit)).toBe(tr(lang, "enrollment.submit"));
      // The full run chosen: the request joins its waiting list, and the button says so.
      await dialog.locator(`input[type="radio"][value="${someFull.runs[0]}"]`).check();
      expect(await text(submit)).toBe(tr(lang, "enrollment.submitWaiting"));
      await page.screenshot({ path: `${SHOTS}/full-runs-dialog-${lang}-${width}.png` });
      // Closed: focus is back on the button that opened it.
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it(`every run full: cards, the page, its buttons and the dialog say "join the waiting list" (${lang}, ${width} px)`, async ({ newPage }) => {
      const page = await visitor(newPage, lang, width);
      const card = await cardOf(page, lang, allFull);
      expect(await card.locator("[data-next-start]").count()).toBe(0);
      expect(await text(card.locator("[data-waiting-list-only] dd"))).toBe(tr(lang, "courseCard.waitingListOnly"));
      expect(await text(card.locator("[data-enroll]"))).toBe(tr(lang, "courseCard.joinWaitingList"));
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `full-runs-card-${lang}-${width}`);

      await page.goto(`/${lang}/courses/${allFull.slug}`);
      await page.waitForSelector("html[data-hydrated]");
      // The phone's bar says it shorter: its button says the rest.
      const full = tr(lang, "courseRuns.allFull");
      expect(await shownTexts(page)).toEqual(width < 1024 ? [full, tr(lang, "courseRuns.allFullShort")] : [full]);
      const enroll = page.getByRole("link", { name: tr(lang, "courseRuns.joinWaitingList"), exact: true }).locator("visible=true");
      expect(await enroll.count()).toBe(1);
      expect(await page.getByRole("link", { name: tr(lang, "catalog.course.enrollNow"), exact: true }).locator("visible=true").count()).toBe(0);
      await screenshot(page, `full-runs-all-${lang}-${width}`);
      await enroll.click();
      const title = tr(lang, "enrollment.waitingTitle", { course: allFull.title });
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect((await text(dialog.getByRole("heading").first())).replace(/[\u2066-\u2069]/g, "")).toBe(title);
      expect(await text(dialog.locator('button[type="submit"]'))).toBe(tr(lang, "enrollment.submitWaiting"));
      await page.screenshot({ path: `${SHOTS}/full-runs-all-dialog-${lang}-${width}.png` });
    });
  }

  it("without JavaScript the enroll page of a course whose runs are all full says so (ar, 375 px)", async ({ newPage }) => {
    const page = await visitor(newPage, "ar", 375, false);
    await page.goto(`/ar/courses/${allFull.slug}/enroll`);
    const h1 = (await text(page.locator("h1"))).replace(/[\u2066-\u2069]/g, "");
    expect(h1).toBe(tr("ar", "enrollment.waitingTitle", { course: allFull.title }));
    expect(await text(page.locator('main form button[type="submit"]'))).toBe(tr("ar", "enrollment.submitWaiting"));
  });
});
