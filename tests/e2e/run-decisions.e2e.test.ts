// Staff decisions on requests for a course run (issue 20 point 3, staff side) on the production build with
// PostgreSQL and a real SMTP server, in English and Arabic at 375 and 1366 px: the details show the run's
// start in Cairo time; approving a request for a full run is refused with the seats ("1 of 1 seats taken")
// and the dialog then offers "Approve beyond capacity", which approves it; a request on the waiting list
// is given a seat ("Give a seat") once there is room, and the student's email says a seat opened, in
// their language and Cairo time. Every dialog stays inside the screen; no horizontal overflow; axe.
import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import type { BrowserContext, Page } from "playwright-core";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { hasEasternDigits } from "~/lib/digits.ts";
import { resources } from "~/locales/index.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, signIn, test as it, type NewPage } from "./fixtures.ts";
import { ARTIFACTS } from "./harness.ts";

const ADMIN_EMAIL = "runs-admin@example.com";
const ADMIN_PASSWORD = "Admin-Passw0rd!";
/** Long enough that a loaded CI machine still sees the notice after the details close (the window starts
 * when the notice shows); the student's email is awaited past it. */
const UNDO_SECONDS = 12;
/** 19:00 in Cairo (winter, UTC+2). */
const STARTS_AT = new Date("2027-01-12T17:00:00Z");
const SHOTS = process.env.SHOTS_DIR ?? path.join(ARTIFACTS, "screenshots");

const i18n = i18next.createInstance();
await i18n.init({
  resources,
  lng: "en",
  defaultNS: "common",
  interpolation: { escapeValue: false },
  initAsync: false,
});

const own = ownApp({
  name: "run-decisions",
  smtp: true,
  env: { SEED_DEMO: "true", ADMIN_EMAIL, ADMIN_PASSWORD, DECISION_UNDO_SECONDS: String(UNDO_SECONDS) },
});

/** A page of its own on this file's server. */
async function pageOf(newPage: NewPage, locale: "en" | "ar", viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const page = await newPage({ baseURL: own.url, locale, viewport });
  return { context: page.context(), page };
}

const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/** A run of capacity 1 of a published demo course. */
async function insertRun(): Promise<{ runId: string; courseTitle: string }> {
  const { rows } = await own.pool.query<{ id: string; title: string }>(
    `insert into course_runs (course_id, starts_at, capacity, schedule, schedule_ar)
     select c.id, $1, 1, 'Sun and Wed, 7–9 pm', 'الأحد والأربعاء، 7–9 مساءً' from courses c where c.is_published order by c.created_at, c.id limit 1
     returning id, (select title from courses where id = course_id)`,
    [STARTS_AT.toISOString()],
  );
  return { runId: rows[0]!.id, courseTitle: rows[0]!.title };
}

/** A request for the run, written as the public form writes it. */
async function insertRequest(
  runId: string,
  name: string,
  email: string,
  status: string,
  locale: string,
  minutesAgo: number,
): Promise<string> {
  const { rows } = await own.pool.query<{ id: string }>(
    `insert into enrollments (enrollment_id, course_id, course_name, run_id, student_name, student_email, student_phone, locale, status, created_at)
     select 'ENR-' || upper(substr(md5(random()::text), 1, 10)), r.course_id, c.title, r.id, $2, $3, '+20 1001234567', $5, $4, now() - ($6 || ' minutes')::interval
     from course_runs r join courses c on c.id = r.course_id where r.id = $1
     returning id`,
    [runId, name, email, status, locale, String(minutesAgo)],
  );
  return rows[0]!.id;
}

const statusOf = async (id: string) =>
  (await own.pool.query<{ status: string }>("select status from enrollments where id = $1", [id])).rows[0]!.status;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function insideViewport(page: Page, locator: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  const size = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

interface SeenNotice {
  text: string;
  inside: boolean;
}

/**
 * Records every decision notice from now on, as it appears or changes: its text and whether it sat inside
 * the screen. The notice closes with its undo window, which a loaded machine may spend before the test
 * looks; what it said and where it stood are read from this record instead of racing its timer.
 */
async function watchNotices(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { seenNotices: { text: string; inside: boolean }[] };
    w.seenNotices = [];
    const record = () => {
      for (const el of document.querySelectorAll<HTMLElement>("[data-decision-notice]")) {
        const text = el.textContent ?? "";
        if (w.seenNotices.at(-1)?.text === text) continue;
        const r = el.getBoundingClientRect();
        const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
        w.seenNotices.push({ text, inside });
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The notices recorded since watchNotices. */
const seenNotices = (page: Page) => page.evaluate(() => (window as unknown as { seenNotices: SeenNotice[] }).seenNotices);

/** Waits until a recorded notice says `text`, and returns it. */
async function noticeSaying(page: Page, text: string): Promise<SeenNotice> {
  await expect.poll(async () => (await seenNotices(page)).map((n) => n.text).join("\n"), { timeout: 60_000 }).toContain(text);
  return (await seenNotices(page)).find((n) => n.text.includes(text))!;
}

describe("staff decisions on a run's requests", () => {
  const stamp = Date.now().toString(36);

  for (const [lang, width] of [
    ["en", 1366],
    ["ar", 375],
    ["en", 375],
    ["ar", 1366],
  ] as const) {
    it(`see the run in the details, are refused beyond capacity, override, and give a waiting-list seat (${lang}, ${width} px)`, async ({ newPage }) => {
      const t = i18n.getFixedT(lang);
      const { runId } = await insertRun();
      const seated = `Seated ${lang}${width} ${stamp}`;
      const seatedId = await insertRequest(runId, seated, `seated-${lang}${width}-${stamp}@example.com`, "approved", "en", 300);
      const late = `Late ${lang}${width} ${stamp}`;
      const lateId = await insertRequest(runId, late, `late-${lang}${width}-${stamp}@example.com`, "pending", "en", 100);
      const waiter = lang === "ar" ? `منى ${width} ${stamp}` : `Mona ${width} ${stamp}`;
      const waiterEmail = `waiting-${lang}${width}-${stamp}@example.com`;
      const waiterId = await insertRequest(runId, waiter, waiterEmail, "waiting", lang, 200);

      const { context, page } = await pageOf(newPage, lang, { width, height: width < 400 ? 812 : 900 });
      await signIn(page, ADMIN, { labels: "prefix" });
      await page.goto(`/admin/enrollments?lang=${lang}&dialog=details&enrollment=${lateId}`);
      await page.waitForSelector("html[data-hydrated]");
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      const details = page.getByRole("dialog", {
        name: t("adminEnrollments.details.title"),
      });
      await details.waitFor();
      // The run's start, in the page's language and Cairo time.
      const when = `${formatRunMoment(STARTS_AT, lang, "long")} (${t("runs.cairoTime")})`;
      expect(await details.getByText(when, { exact: true }).count()).toBe(1);
      if (lang === "ar") expect(hasEasternDigits((await details.textContent()) ?? "")).toBe(false);
      expect(await insideViewport(page, details)).toBe(true);
      expect(await noOverflow(page)).toBe(true);

      // Approve: the run is full → refused with its seats, nothing changed, and the override offered.
      // The refusal reloads the page's data; the box is ticked once that reload has landed.
      const reloaded = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname.endsWith(".data"), { timeout: 60_000 });
      await details
        .getByRole("button", {
          name: t("adminEnrollments.actions.approveFor", { name: late }),
        })
        .click();
      const full = t("adminEnrollments.runDecisions.full", {
        taken: 1,
        capacity: 1,
      });
      await expect.poll(() => details.getByText(full).count(), { timeout: 30_000 }).toBe(1);
      expect(await statusOf(lateId)).toBe("pending");
      const override = details.getByRole("checkbox", {
        name: t("adminEnrollments.runDecisions.override"),
      });
      expect(await override.count()).toBe(1);
      expect(await details.getByText(t("adminEnrollments.runDecisions.overrideWarning")).count()).toBe(1);
      await reloaded;
      await expectNoAxeViolations(page);
      await override.scrollIntoViewIfNeeded();
      await shot(page, `run-refused-${lang}-${width}`);

      // Ticked: approved beyond capacity, the notice says so.
      await override.check();
      await watchNotices(page);
      await details
        .getByRole("button", {
          name: t("adminEnrollments.actions.approveFor", { name: late }),
        })
        .click();
      const notice = page.locator("[data-decision-notice]");
      // The notice says so, inside the screen; the details close once the page has the new data.
      expect((await noticeSaying(page, t("adminEnrollments.runDecisions.overCapacityDone"))).inside).toBe(true);
      expect(await statusOf(lateId)).toBe("approved");
      await expect.poll(() => details.count(), { timeout: 30_000 }).toBe(0);
      await shot(page, `run-override-${lang}-${width}`);

      // The run gets more seats (the course form); the waiting request is given one.
      await own.pool.query("update course_runs set capacity = 5 where id = $1", [runId]);
      await page.goto(`/admin/enrollments?lang=${lang}&dialog=details&enrollment=${waiterId}`);
      await page.waitForSelector("html[data-hydrated]");
      const waiting = page.getByRole("dialog", {
        name: t("adminEnrollments.details.title"),
      });
      await waiting.waitFor();
      expect(await waiting.getByText(t("adminEnrollments.runDecisions.waitingNote")).count()).toBe(1);
      expect(
        await waiting
          .getByRole("button", {
            name: t("adminEnrollments.actions.rejectFor", { name: waiter }),
          })
          .count(),
      ).toBe(1);
      expect(await insideViewport(page, waiting)).toBe(true);
      expect(await noOverflow(page)).toBe(true);
      await expectNoAxeViolations(page);
      await shot(page, `run-waiting-${lang}-${width}`);
      await watchNotices(page);
      await waiting
        .getByRole("button", {
          name: t("adminEnrollments.runDecisions.giveSeatFor", {
            name: waiter,
          }),
        })
        .click();
      await noticeSaying(page, t("adminEnrollments.runDecisions.promoted"));
      expect(await statusOf(waiterId)).toBe("approved");
      await expect.poll(() => waiting.count(), { timeout: 30_000 }).toBe(0);
      await shot(page, `run-promoted-${lang}-${width}`);

      // The student hears a seat opened, in their language, with the date in Cairo time.
      const mailFor = () => own.smtp.messages.find((m) => m.to.includes(waiterEmail));
      await expect.poll(() => Boolean(mailFor()), { timeout: (UNDO_SECONDS + 10) * 1000 }).toBe(true);
      const mail = mailFor()!;
      expect(mail.subject).toContain(lang === "ar" ? "توفّر مقعد" : "A seat opened");
      expect(mail.text).toContain(`${formatRunMoment(STARTS_AT, lang, "long")} (${t("runs.cairoTime")})`);
      if (lang === "ar") expect(hasEasternDigits(mail.text ?? "")).toBe(false);

      // The run is full again with someone waiting; moving a seated request back to pending frees its
      // seat: the notice names the next in line and gives them the seat in one click.
      await own.pool.query("update course_runs set capacity = 3 where id = $1", [runId]);
      const next = lang === "ar" ? `نور ${width} ${stamp}` : `Nour ${width} ${stamp}`;
      const nextId = await insertRequest(runId, next, `next-${lang}${width}-${stamp}@example.com`, "waiting", lang, 50);
      await page.goto(`/admin/enrollments?lang=${lang}&dialog=reopen&enrollment=${seatedId}`);
      await page.waitForSelector("html[data-hydrated]");
      const reopen = page.getByRole("dialog", { name: t("adminEnrollments.reopen.title") });
      await reopen.waitFor();
      await watchNotices(page);
      await reopen.getByRole("button", { name: t("adminEnrollments.reopen.submit"), exact: true }).click();
      const freed = t("adminEnrollments.runDecisions.freed", { count: 1, name: `\u2068${next}\u2069` });
      // A freed seat's offer stays until it is used or dismissed.
      await expect.poll(async () => (await notice.textContent()) ?? "", { timeout: 30_000 }).toContain(freed);
      expect(await statusOf(seatedId)).toBe("pending");
      expect(await insideViewport(page, notice)).toBe(true);
      await shot(page, `run-freed-${lang}-${width}`);
      await notice.getByRole("button", { name: next }).click();
      await noticeSaying(page, t("adminEnrollments.runDecisions.promoted"));
      expect(await statusOf(nextId)).toBe("approved");
      await context.close();
    }, 120_000);
  }
});
