// Issue 20 point 2 (and 7), the course page's start dates in Chromium on PostgreSQL with the demo runs, in
// English and Arabic at 375×812 and 1366×900:
// - "Upcoming start dates" lists the demo course's upcoming runs (date, time with "Cairo time"), "3 seats
//   left" on the nearly full group, "Full — waiting list" on the full one; the next start shows in the side
//   panel (1366) or the bottom bar (375); no horizontal overflow; axe finds nothing;
// - "Choose this date" opens the enrollment dialog with that run preselected; without JavaScript it is a
//   link to the enroll page with ?run=<id>, which preselects the same run;
// - the served HTML carries the Course JSON-LD with a CourseInstance per upcoming run (startDate, courseMode).
// Screenshots: test-results/screenshots/course-runs-*.png (and /tmp/shots-coursepage when that exists).
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll } from "vitest";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatPrice } from "~/lib/format.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, PLAYWRIGHT_TIMEOUT, test as it, type NewPage } from "./fixtures.ts";
import { screenshot } from "./harness.ts";
import { tr, type Lang } from "./strings.ts";

const SHOTS = "/tmp/shots-coursepage";

// Demo runs (db/seed/demo-runs.ts): UI/UX has one group with 3 of 12 seats left; English for beginners has
// a full group (waiting list) and a later one with seats.
const FEW_SEATS = "ui-ux-design-with-figma";
const FULL = "english-for-beginners";
// Its first upcoming group has its own price (issue 37 item 1: the summary and the dialog say it).
const PRICED = "data-analysis-excel-power-bi";
const LANGS: Lang[] = ["en", "ar"];
const SIZES = [
  { name: "375", width: 375, height: 812 },
  { name: "1366", width: 1366, height: 900 },
];

interface RunRow {
  id: string;
  starts_at: Date;
  capacity: number | null;
  approved: number;
}

const runsOf = new Map<string, RunRow[]>();

const own = ownApp({ name: "course-runs", env: { SEED_DEMO: "true" } });

beforeAll(async () => {
  for (const slug of [FEW_SEATS, FULL]) {
    const { rows } = await own.pool.query<RunRow>(
      `select r.id, r.starts_at, r.capacity,
              (select count(*)::int from enrollments e where e.run_id = r.id and e.status = 'approved') as approved
         from course_runs r join courses c on c.id = r.course_id
        where c.slug = $1 and r.status = 'open' and r.starts_at > now() order by r.starts_at`,
      [slug],
    );
    runsOf.set(slug, rows);
  }
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** The course page in a page of its own, with Playwright's own timeout as these checks always had. */
async function open(
  newPage: NewPage,
  lang: Lang,
  viewport: { width: number; height: number },
  slug: string,
  javaScriptEnabled = true,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const page = await newPage({ baseURL: own.url, locale: lang, viewport, js: javaScriptEnabled, timeout: PLAYWRIGHT_TIMEOUT });
  const context = page.context();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`/${lang}/courses/${slug}`);
  if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated]");
  return { context, page, errors };
}

async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

async function shot(page: Page, name: string) {
  await screenshot(page, `course-runs-${name}`);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const seatsLeft = (lang: Lang, n: number) => tr(lang, lang === "ar" ? (n <= 10 ? "courseRuns.seatsLeft_few" : "courseRuns.seatsLeft_many") : "courseRuns.seatsLeft_other", { count: n });

describe.each(LANGS)("course page start dates (%s)", (lang) => {
  it.for(SIZES)("lists the upcoming runs with seats left and full, the next start, without overflow at $name", { timeout: 120_000 }, async (size, { newPage }) => {
    const fewRuns = runsOf.get(FEW_SEATS)!;
    expect(fewRuns).toHaveLength(1);
    expect(fewRuns[0]!.capacity! - fewRuns[0]!.approved).toBe(3);
    const { context, page, errors } = await open(newPage, lang, size, FEW_SEATS);
    const section = page.locator("[data-course-runs]");
    await section.getByRole("heading", { name: tr(lang, "courseRuns.title") }).waitFor();
    const item = section.locator(`[data-run-id="${fewRuns[0]!.id}"]`);
    const date = formatRunMoment(fewRuns[0]!.starts_at, lang, "date");
    expect(await item.innerText()).toContain(date);
    expect(await item.innerText()).toContain(`${formatRunMoment(fewRuns[0]!.starts_at, lang, "time")} (${tr(lang, "runs.cairoTime")})`);
    expect(await item.getByText(seatsLeft(lang, 3), { exact: true }).isVisible()).toBe(true);
    const next = tr(lang, "courseRuns.nextStart", { date: formatRunMoment(fewRuns[0]!.starts_at, lang, "short") });
    // The next start: in the side panel from lg up, in the bottom bar on phones (the panel shows it too).
    if (size.width >= 1024) expect(await page.locator("[data-course-panel]").getByText(next).isVisible()).toBe(true);
    else expect(await page.locator("[data-bottom-bar]").getByText(next).isVisible()).toBe(true);
    await expectNoHorizontalOverflow(page);
    await item.scrollIntoViewIfNeeded();
    await shot(page, `few-seats-${lang}-${size.name}`);

    // The full group: "Full — waiting list", and its control joins the waiting list.
    await page.goto(`/${lang}/courses/${FULL}`);
    await page.waitForSelector("html[data-hydrated]");
    const [fullRun, laterRun] = runsOf.get(FULL)!;
    expect(fullRun!.approved).toBe(fullRun!.capacity);
    const fullItem = page.locator(`[data-run-id="${fullRun!.id}"]`);
    expect(await fullItem.getByText(tr(lang, "courseRuns.full"), { exact: true }).isVisible()).toBe(true);
    expect(await fullItem.getByRole("link", { name: tr(lang, "courseRuns.joinWaitingListLabel", { date: formatRunMoment(fullRun!.starts_at, lang, "date") }) }).isVisible()).toBe(true);
    const laterItem = page.locator(`[data-run-id="${laterRun!.id}"]`);
    expect(await laterItem.getByRole("link", { name: tr(lang, "courseRuns.chooseLabel", { date: formatRunMoment(laterRun!.starts_at, lang, "date") }) }).isVisible()).toBe(true);
    expect(await laterItem.getByText(tr(lang, "courseRuns.full")).count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await fullItem.scrollIntoViewIfNeeded();
    await shot(page, `full-${lang}-${size.name}`);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.for(SIZES)("'Choose this date' opens the enrollment dialog with that run chosen at $name", { timeout: 120_000 }, async (size, { newPage }) => {
    const { context, page, errors } = await open(newPage, lang, size, FULL);
    const [, laterRun] = runsOf.get(FULL)!;
    await page
      .locator(`[data-run-id="${laterRun!.id}"]`)
      .getByRole("link", { name: tr(lang, "courseRuns.chooseLabel", { date: formatRunMoment(laterRun!.starts_at, lang, "date") }) })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const radio = dialog.locator(`input[type="radio"][value="${laterRun!.id}"]`);
    await radio.waitFor({ state: "attached" });
    expect(await radio.isChecked()).toBe(true);
    expect(await dialog.locator('input[type="radio"]:checked').count()).toBe(1);
    // Still on the course page: the dialog opened in place.
    expect(new URL(page.url()).pathname).toBe(`/${lang}/courses/${FULL}`);
    const r = await dialog.evaluate((el) => el.getBoundingClientRect().toJSON() as { left: number; right: number });
    expect(r.left).toBeGreaterThanOrEqual(0);
    expect(r.right).toBeLessThanOrEqual(size.width);
    await shot(page, `dialog-${lang}-${size.name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.for(SIZES)("says one price: the first open run's own in the summary, each run's in the dialog's choices, at $name", { timeout: 120_000 }, async (size, { newPage }) => {
    // The demo's Data Analysis course: its first group at its own (lower) price, the next at the course's.
    const { rows } = await own.pool.query<{ id: string; run_price: string | null; course_price: string }>(
      `select r.id, r.price as run_price, c.price as course_price from course_runs r join courses c on c.id = r.course_id
        where c.slug = $1 and r.status = 'open' and r.starts_at > now() order by r.starts_at`,
      [PRICED],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [first, second] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(first.run_price).not.toBeNull();
    expect(Number(first.run_price)).not.toBe(Number(first.course_price));
    const firstPrice = formatPrice(Number(first.run_price), lang)!;
    const secondPrice = formatPrice(Number(second.run_price ?? second.course_price), lang)!;
    const { context, page, errors } = await open(newPage, lang, size, PRICED);
    const summary = size.width >= 1024 ? page.locator("[data-course-panel]") : page.locator("[data-bottom-bar]");
    expect(await summary.getByText(firstPrice, { exact: true }).isVisible()).toBe(true);
    expect(await summary.getByText(formatPrice(Number(first.course_price), lang)!, { exact: true }).count()).toBe(0);
    await summary.getByRole("link", { name: tr(lang, "catalog.course.enrollNow") }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const choice = (id: string) => dialog.locator("label", { has: page.locator(`input[value="${id}"]`) });
    await choice(first.id).waitFor();
    expect((await choice(first.id).locator("[data-run-price]").innerText()).trim()).toBe(firstPrice);
    expect((await choice(second.id).locator("[data-run-price]").innerText()).trim()).toBe(secondPrice);
    await shot(page, `prices-dialog-${lang}-${size.name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without JavaScript, 'Choose this date' is a link to the enroll page with the run preselected", async ({ newPage }) => {
    const { context, page } = await open(newPage, lang, SIZES[0]!, FULL, false);
    const [fullRun] = runsOf.get(FULL)!;
    const link = page.locator(`[data-run-id="${fullRun!.id}"] a`);
    expect(await link.getAttribute("href")).toBe(`/${lang}/courses/${FULL}/enroll?run=${fullRun!.id}`);
    await link.click();
    await page.waitForURL(new RegExp(`/${lang}/courses/${FULL}/enroll\\?run=`));
    expect(await page.locator(`input[type="radio"][value="${fullRun!.id}"]`).isChecked()).toBe(true);
    await context.close();
  }, 60_000);

  it("serves the Course JSON-LD with a CourseInstance per upcoming run", async () => {
    const res = await fetch(`${own.url}/${lang}/courses/${FULL}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const m = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    expect(m).not.toBeNull();
    const ld = JSON.parse(m![1]!) as { "@type": string; hasCourseInstance: { startDate: string; courseMode: string }[] };
    expect(ld["@type"]).toBe("Course");
    const runs = runsOf.get(FULL)!;
    expect(ld.hasCourseInstance).toHaveLength(runs.length);
    for (const [i, instance] of ld.hasCourseInstance.entries()) {
      expect(instance.courseMode).toBe("Online");
      expect(new Date(instance.startDate).getTime()).toBe(new Date(runs[i]!.starts_at).getTime());
      expect(instance.startDate).toMatch(/T\d{2}:\d{2}:00\+0[23]:00$/);
    }
  });
});
