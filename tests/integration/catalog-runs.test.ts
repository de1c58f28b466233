// Issue 20 point 2 on PGlite and PostgreSQL (TEST_DB=pg): a card's next start date, the catalogue's
// "starting within 30 days" / "has a start date" filter and its next-start sort, the home page's "Starting
// soon" row, and the public page cache keeping the sorted catalogue apart from the newest-first one.
import { brotliDecompressSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "@db/schema/index.ts";
import { cardColumnsAt, listPublishedCourses, listRelatedCourses, STARTING_SOON_DAYS, toCard } from "~/features/catalog/catalog.server.ts";
import { HOME_STARTING_SOON, listStartingSoon } from "~/features/home/home.server.ts";
import { contentChanged } from "~/lib/content-version.server.ts";
import { setDatabase, type Db } from "~/lib/db.server.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { clearPublicCache, publicCacheSettled, publicPage, publicPageCache, publicPageKey } from "~/lib/public-cache.server.ts";
import { loader as coursesLoader } from "~/routes/site/courses.tsx";
import { loader as homeLoader } from "~/routes/site/home.tsx";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse, makeEnrollment, makeRun } from "../setup/factories.ts";
import { callLoader, contextFor, routeArgs } from "../setup/route-call.ts";

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  clearPublicCache();
  await contentChanged();
});

const DAY = 24 * 60 * 60 * 1000;
/** The injected clock of the domain functions. */
const NOW = new Date(Date.UTC(2031, 2, 10, 9, 0));
const inDays = (days: number, from = NOW) => new Date(from.getTime() + days * DAY);

let sequence = 0;
/** A published course created an hour after the previous one ("newest first" is predictable). */
function addCourse(title: string, values: Parameters<typeof makeCourse>[0] = {}) {
  sequence += 1;
  return makeCourse({ title, slug: `runs-${sequence}`, isPublished: true, createdAt: new Date(Date.UTC(2030, 0, 1) + sequence * 3_600_000), ...values });
}

const titles = (list: { title: string }[]) => list.map((c) => c.title);
const cards = { columns: cardColumnsAt(NOW), toCard };

describe("a card's next start", () => {
  it("is the soonest open run ahead, ignoring past, closed and cancelled runs; none when no open run lies ahead", async () => {
    const course = await addCourse("Dated");
    await makeRun(course.id, { startsAt: inDays(-1) });
    await makeRun(course.id, { startsAt: inDays(2), status: "closed" });
    await makeRun(course.id, { startsAt: inDays(3), status: "cancelled" });
    await makeRun(course.id, { startsAt: inDays(20) });
    await makeRun(course.id, { startsAt: inDays(10) });
    const undated = await addCourse("Only past and closed");
    await makeRun(undated.id, { startsAt: inDays(-5) });
    await makeRun(undated.id, { startsAt: inDays(5), status: "closed" });
    await addCourse("No runs");

    const { courses } = await listPublishedCourses({ now: NOW });
    const next = Object.fromEntries(courses.map((c) => [c.title, c.nextStartAt?.toISOString() ?? null]));
    expect(next).toEqual({ Dated: inDays(10).toISOString(), "Only past and closed": null, "No runs": null });
    expect(courses.find((c) => c.title === "Dated")!.nextStartAt).toBeInstanceOf(Date);
    // The card's words for it, in Cairo time and Western digits in both languages, made on the server.
    expect(courses.find((c) => c.title === "Dated")!.nextStartLabel).toEqual({ en: "Mar 20", ar: "20 مارس" });
    expect(courses.find((c) => c.title === "No runs")!.nextStartLabel).toBeNull();

    // Every list of cards reads it the same way (cardColumnsAt): related courses share the category.
    const category = await makeCategory({ slug: "shared" });
    const a = await addCourse("Related A", { categoryId: category.id });
    await addCourse("Related B", { categoryId: category.id });
    await makeRun(a.id, { startsAt: inDays(7) });
    const related = await listRelatedCourses((await addCourse("Self", { categoryId: category.id })).slug);
    // listRelatedCourses reads the database's clock: the run 7 days after 2031 is ahead of it too.
    expect(related.find((c) => c.title === "Related A")!.nextStartAt!.toISOString()).toBe(inDays(7).toISOString());
    expect(related.find((c) => c.title === "Related B")!.nextStartAt).toBeNull();
  });

  it("passes over a full run for the next with a seat, and says 'waiting list only' when every run is full, in both sorts (issue 36 item 1)", async () => {
    const seat = async (courseId: string, runId: string) => makeEnrollment({ courseId, runId, status: "approved" });
    const some = await addCourse("Some full");
    const full = await makeRun(some.id, { startsAt: inDays(4), capacity: 1 });
    await seat(some.id, full.id);
    // A pending or waiting request takes no seat.
    const open = await makeRun(some.id, { startsAt: inDays(9), capacity: 1 });
    await makeEnrollment({ courseId: some.id, runId: open.id, status: "pending" });
    const all = await addCourse("All full");
    for (const days of [3, 6]) {
      const run = await makeRun(all.id, { startsAt: inDays(days), capacity: 1 });
      await seat(all.id, run.id);
    }
    const unlimited = await addCourse("No seat limit");
    const big = await makeRun(unlimited.id, { startsAt: inDays(5), capacity: null });
    await seat(unlimited.id, big.id);

    for (const sort of ["newest", "start"] as const) {
      const { courses } = await listPublishedCourses({ now: NOW, sort });
      const byTitle = new Map(courses.map((c) => [c.title, c]));
      expect(byTitle.get("Some full")!.nextStartAt!.toISOString(), sort).toBe(inDays(9).toISOString());
      expect(byTitle.get("Some full")!.waitingListOnly, sort).toBe(false);
      expect(byTitle.get("All full")!.nextStartAt, sort).toBeNull();
      expect(byTitle.get("All full")!.nextStartLabel, sort).toBeNull();
      expect(byTitle.get("All full")!.waitingListOnly, sort).toBe(true);
      expect(byTitle.get("No seat limit")!.nextStartAt!.toISOString(), sort).toBe(inDays(5).toISOString());
    }
    // By next start, the order is the dates the cards show; a course whose runs are all full has none and
    // comes after the dated ones.
    const byStart = await listPublishedCourses({ now: NOW, sort: "start" });
    expect(titles(byStart.courses)).toEqual(["No seat limit", "Some full", "All full"]);
    // The home page's "Starting soon" row: the same starts, no course whose runs are all full.
    const soon = await listStartingSoon(cards, { now: NOW });
    expect(soon.map((c) => [c.title, c.nextStartAt?.toISOString()])).toEqual([
      ["No seat limit", inDays(5).toISOString()],
      ["Some full", inDays(9).toISOString()],
    ]);
  });

  it("is read in the page's own query whatever the number of cards (a fixed number of statements)", async () => {
    for (let i = 0; i < 30; i++) {
      const course = await addCourse(`Course ${i}`);
      await makeRun(course.id, { startsAt: inDays(1 + i) });
    }
    const statements = await countStatements(() => listPublishedCourses({ now: NOW, sort: "start" }));
    const fewer = await countStatements(() => listPublishedCourses({ now: NOW, sort: "start", pageSize: 2 }));
    expect(statements).toBe(fewer);
    expect(statements).toBeLessThanOrEqual(2);
  });
});

/** How many statements `work` sends, through a drizzle instance on the same database that counts them. */
async function countStatements(work: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const logger = { logQuery: () => void n++ };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const counting = (
    database.kind === "pglite"
      ? drizzlePglite(client as PGlite, { schema, casing: "snake_case", logger })
      : drizzlePg(client as pg.Pool, { schema, casing: "snake_case", logger })
  ) as unknown as Db;
  setDatabase({ ...database, db: counting });
  try {
    await work();
  } finally {
    setDatabase(database);
  }
  return n;
}

describe("catalogue: next-start sort and start-date filter", () => {
  /** Two tied at +5 days (the newer first), one at +40 days, two without a date (newest first), a draft. */
  async function seedSorted() {
    const languages = await makeCategory({ name: "Languages", slug: "languages" });
    const older = await addCourse("Tie older", { categoryId: languages.id, language: "ar" });
    const newer = await addCourse("Tie newer", { categoryId: languages.id });
    const later = await addCourse("Later", { categoryId: languages.id });
    await addCourse("Undated older");
    await addCourse("Undated newest", { categoryId: languages.id });
    const draft = await addCourse("Draft soonest", { isPublished: false });
    await makeRun(older.id, { startsAt: inDays(5) });
    await makeRun(newer.id, { startsAt: inDays(5) });
    await makeRun(newer.id, { startsAt: inDays(6) });
    await makeRun(later.id, { startsAt: inDays(40) });
    await makeRun(later.id, { startsAt: inDays(1), status: "cancelled" });
    await makeRun(draft.id, { startsAt: inDays(1) });
    return { languages };
  }

  it("sorts by next start, ties newest first, courses without a date last (newest first), pages agree", async () => {
    await seedSorted();
    const all = await listPublishedCourses({ now: NOW, sort: "start" });
    expect(titles(all.courses)).toEqual(["Tie newer", "Tie older", "Later", "Undated newest", "Undated older"]);
    expect(all.total).toBe(5);
    expect(all.filtered).toBe(false);
    expect(all.courses.map((c) => c.nextStartAt?.toISOString() ?? null)).toEqual([
      inDays(5).toISOString(),
      inDays(5).toISOString(),
      inDays(40).toISOString(),
      null,
      null,
    ]);
    // Cut into pages of two, the order is the same.
    const pages = await Promise.all([1, 2, 3].map((page) => listPublishedCourses({ now: NOW, sort: "start", page, pageSize: 2 })));
    expect(pages.flatMap((p) => titles(p.courses))).toEqual(titles(all.courses));
    expect(pages.map((p) => p.pageCount)).toEqual([3, 3, 3]);
    // The default stays newest first.
    expect(titles((await listPublishedCourses({ now: NOW })).courses)).toEqual(["Undated newest", "Undated older", "Later", "Tie newer", "Tie older"]);
  });

  it("filters on an open run within 30 days or at any date ahead, with category, language, search and the sort", async () => {
    const { languages } = await seedSorted();
    const edge = await addCourse("Edge of the window");
    await makeRun(edge.id, { startsAt: inDays(STARTING_SOON_DAYS) });
    const outside = await addCourse("Just outside");
    await makeRun(outside.id, { startsAt: new Date(inDays(STARTING_SOON_DAYS).getTime() + 60_000) });

    const soon = await listPublishedCourses({ now: NOW, starts: "soon" });
    expect(titles(soon.courses)).toEqual(["Edge of the window", "Tie newer", "Tie older"]);
    expect(soon.total).toBe(3);
    expect(soon.filtered).toBe(true);
    const soonSorted = await listPublishedCourses({ now: NOW, starts: "soon", sort: "start" });
    expect(titles(soonSorted.courses)).toEqual(["Tie newer", "Tie older", "Edge of the window"]);

    const upcoming = await listPublishedCourses({ now: NOW, starts: "upcoming", sort: "start" });
    expect(titles(upcoming.courses)).toEqual(["Tie newer", "Tie older", "Edge of the window", "Just outside", "Later"]);

    expect(titles((await listPublishedCourses({ now: NOW, starts: "upcoming", category: languages.slug })).courses)).toEqual([
      "Later",
      "Tie newer",
      "Tie older",
    ]);
    expect(titles((await listPublishedCourses({ now: NOW, starts: "soon", language: "ar" })).courses)).toEqual(["Tie older"]);
    expect(titles((await listPublishedCourses({ now: NOW, starts: "upcoming", q: "tie", sort: "start" })).courses)).toEqual([
      "Tie newer",
      "Tie older",
    ]);
    const none = await listPublishedCourses({ now: inDays(100), starts: "upcoming" });
    expect(none).toMatchObject({ total: 0, courses: [], filtered: true });
  });

  it("the page's URL carries the filter and the sort; bad values are ignored", async () => {
    // The route reads the real clock: dates relative to it.
    const soonCourse = await makeCourse({ title: "Starts next week", slug: "next-week", isPublished: true, createdAt: new Date(Date.UTC(2024, 0, 1)) });
    await makeRun(soonCourse.id, { startsAt: new Date(Date.now() + 7 * DAY) });
    await makeCourse({ title: "Newest undated", slug: "newest-undated", isPublished: true, createdAt: new Date(Date.UTC(2025, 0, 1)) });

    const sorted = await callLoader(coursesLoader, { url: "/en/courses?sort=start", params: { lang: "en" } });
    expect(sorted.status).toBe(200);
    expect(titles(sorted.data!.result.courses)).toEqual(["Starts next week", "Newest undated"]);
    expect(sorted.data!.query).toMatchObject({ sort: "start" });
    // The sorted page names the plain catalogue as its canonical page.
    expect(sorted.data!.canonicalSearch).toBe("");

    const soon = await callLoader(coursesLoader, { url: "/ar/courses?starts=soon", params: { lang: "ar" } });
    expect(titles(soon.data!.result.courses)).toEqual(["Starts next week"]);
    expect(soon.data!.noindex).toBe(true);

    const bad = await callLoader(coursesLoader, { url: "/en/courses?sort=price&starts=%00", params: { lang: "en" } });
    expect(bad.status).toBe(200);
    expect(titles(bad.data!.result.courses)).toEqual(["Newest undated", "Starts next week"]);
  });
});

describe("home: Starting soon", () => {
  it("shows the published courses whose open runs start next, each once, at most three; nothing when none", async () => {
    expect(await listStartingSoon(cards, { now: NOW })).toEqual([]);
    const a = await addCourse("A, two runs");
    const b = await addCourse("B");
    const c = await addCourse("C");
    const d = await addCourse("D, fourth");
    const draft = await addCourse("Draft", { isPublished: false });
    const closed = await addCourse("Closed only");
    await makeRun(a.id, { startsAt: inDays(2) });
    await makeRun(a.id, { startsAt: inDays(3) });
    await makeRun(b.id, { startsAt: inDays(4) });
    await makeRun(b.id, { startsAt: inDays(-1) });
    await makeRun(c.id, { startsAt: inDays(4) });
    await makeRun(d.id, { startsAt: inDays(9) });
    await makeRun(draft.id, { startsAt: inDays(1) });
    await makeRun(closed.id, { startsAt: inDays(1), status: "closed" });
    await makeRun(closed.id, { startsAt: inDays(1), status: "cancelled" });

    const row = await listStartingSoon(cards, { now: NOW });
    expect(row).toHaveLength(HOME_STARTING_SOON);
    // B and C tie at +4 days: by course id.
    const tied = [b, c].sort((x, y) => (x.id < y.id ? -1 : 1)).map((x) => x.title);
    expect(titles(row)).toEqual(["A, two runs", ...tied]);
    expect(row.map((card) => card.nextStartAt!.toISOString())).toEqual([inDays(2), inDays(4), inDays(4)].map((d) => d.toISOString()));

    // Later on, only D's run is ahead.
    expect(titles(await listStartingSoon(cards, { now: inDays(5) }))).toEqual(["D, fourth"]);
    expect(await listStartingSoon(cards, { now: inDays(10) })).toEqual([]);
  });

  it("is one statement, and the home loader hands the row to the page", async () => {
    for (let i = 0; i < 10; i++) {
      const course = await addCourse(`Soon ${i}`);
      for (let r = 0; r < 6; r++) await makeRun(course.id, { startsAt: inDays(1 + i + r * 0.01) });
    }
    expect(await countStatements(() => listStartingSoon(cards, { now: NOW }))).toBe(1);
    // 60 runs ahead in 10 courses: the row still finds three different courses.
    expect(titles(await listStartingSoon(cards, { now: NOW }))).toEqual(["Soon 0", "Soon 1", "Soon 2"]);

    const soon = await makeCourse({ title: "Real clock", slug: "real-clock", isPublished: true });
    await makeRun(soon.id, { startsAt: new Date(Date.now() + DAY) });
    const home = await callLoader(homeLoader, { url: "/en", params: { lang: "en" } });
    // The real clock: tomorrow's run first, then the 2031 ones.
    expect(titles(home.data!.startingSoon)).toEqual(["Real clock", "Soon 0", "Soon 1"]);
  });
});

describe("public page cache and the catalogue's new parameters", () => {
  it("keys the sorted and filtered catalogue apart from the plain one", () => {
    const plain = publicPageKey("GET", "/en/courses");
    const sorted = publicPageKey("GET", "/en/courses?sort=start");
    const soon = publicPageKey("GET", "/en/courses?starts=soon&sort=start");
    expect(plain).not.toBeNull();
    expect(sorted).not.toBeNull();
    expect(new Set([plain, sorted, soon, publicPageKey("GET", "/en/courses?starts=upcoming")]).size).toBe(4);
    // Parameter order does not make another page; made-up values are not cached at all.
    expect(publicPageKey("GET", "/en/courses?sort=start&starts=soon")).toBe(soon);
    expect(publicPageKey("GET", "/en/courses?sort=price")).toBeNull();
    expect(publicPageKey("GET", "/en/courses?starts=")).toBeNull();
  });

  it("serves /courses?sort=start and /courses each from its own stored copy", async () => {
    const dated = await makeCourse({ title: "Dated old", slug: "dated-old", isPublished: true, createdAt: new Date(Date.UTC(2024, 0, 1)) });
    await makeRun(dated.id, { startsAt: new Date(Date.now() + 3 * DAY) });
    await makeCourse({ title: "Undated new", slug: "undated-new", isPublished: true, createdAt: new Date(Date.UTC(2025, 0, 1)) });
    await contentChanged();

    let renders = 0;
    /** One request as server.ts hands it on: a stored copy first, else the middleware renders the real loader. */
    async function visit(url: string): Promise<{ fromCache: boolean; body: string }> {
      const found = await publicPage("GET", url, "br");
      if (found?.page) return { fromCache: true, body: brotliDecompressSync(found.page.body).toString("utf8") };
      const context = contextFor();
      context.set(requestInfoContext, { nonce: "n".repeat(24), requestId: "r", ip: "203.0.113.9" });
      const response = await publicPageCache(routeArgs(new Request(`http://localhost${url}`), {}, context), async () => {
        renders++;
        const res = await callLoader(coursesLoader, { url, params: { lang: "en" } });
        const list = res.data!.result.courses.map((c) => `<li>${c.title}</li>`).join("");
        return new Response(`<!DOCTYPE html><html><body><ol>${list}</ol></body></html>`, {
          status: 200,
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      });
      await publicCacheSettled();
      return { fromCache: false, body: await response!.text() };
    }

    const newest = "<ol><li>Undated new</li><li>Dated old</li></ol>";
    const byStart = "<ol><li>Dated old</li><li>Undated new</li></ol>";
    expect(await visit("/en/courses")).toMatchObject({ fromCache: false });
    expect((await visit("/en/courses")).body).toContain(newest);
    const sortedFirst = await visit("/en/courses?sort=start");
    expect(sortedFirst.fromCache).toBe(false);
    expect(sortedFirst.body).toContain(byStart);
    const sortedAgain = await visit("/en/courses?sort=start");
    expect(sortedAgain).toMatchObject({ fromCache: true });
    expect(sortedAgain.body).toContain(byStart);
    const plainAgain = await visit("/en/courses");
    expect(plainAgain).toMatchObject({ fromCache: true });
    expect(plainAgain.body).toContain(newest);
    expect(renders).toBe(2);
  });
});
