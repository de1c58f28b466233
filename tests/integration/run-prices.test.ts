// One price for what a visitor is offered (issue 37 item 1), on PGlite and PostgreSQL (TEST_DB=pg): a card
// says the price of the start it names (the first open run with a seat: its own price, else the course's);
// the enrollment form's run choices each say theirs; a hidden price ("Contact us for the price") shows on
// neither, and no run's price leaves the server for it.
import { beforeEach, describe, expect, it } from "vitest";
import { listPublishedCourses } from "~/features/catalog/catalog.server.ts";
import { formatPrice } from "~/lib/format.ts";
import { loader as enrollLoader } from "~/routes/site/enroll.tsx";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeEnrollment, makeRun } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
});

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date(Date.UTC(2031, 2, 10, 9, 0));
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

async function cardPrices() {
  const { courses } = await listPublishedCourses({ now: NOW });
  return Object.fromEntries(courses.map((c) => [c.slug, c.price]));
}

describe("a card's price", () => {
  it("is the price of the start it shows: that run's own price, else the course's", async () => {
    const own = await makeCourse({ title: "Own", slug: "own", isPublished: true, price: 2800 });
    await makeRun(own.id, { startsAt: inDays(10), price: 2500 });
    await makeRun(own.id, { startsAt: inDays(40), price: 3000 });
    const inherits = await makeCourse({ title: "Inherits", slug: "inherits", isPublished: true, price: 2800 });
    await makeRun(inherits.id, { startsAt: inDays(10) });
    // The first run is full: the card names the second, and its price.
    const fullFirst = await makeCourse({ title: "Full first", slug: "full-first", isPublished: true, price: 2800 });
    const full = await makeRun(fullFirst.id, { startsAt: inDays(5), capacity: 1, price: 1000 });
    await makeEnrollment({ courseId: fullFirst.id, courseName: "Full first", runId: full.id, status: "approved" });
    await makeRun(fullFirst.id, { startsAt: inDays(12), price: 2200 });
    await makeCourse({ title: "No runs", slug: "no-runs", isPublished: true, price: 900 });
    const hidden = await makeCourse({ title: "Hidden", slug: "hidden", isPublished: true, price: 2800, priceVisible: false });
    await makeRun(hidden.id, { startsAt: inDays(10), price: 2500 });

    expect(await cardPrices()).toEqual({ own: 2500, inherits: 2800, "full-first": 2200, "no-runs": 900, hidden: null });
  });
});

describe("the enrollment form's run choices", () => {
  it("each say what that run costs, in the page's language", async () => {
    const course = await makeCourse({ title: "Excel", slug: "excel", isPublished: true, price: 2800 });
    await makeRun(course.id, { startsAt: new Date(Date.now() + 10 * DAY), price: 2500 });
    await makeRun(course.id, { startsAt: new Date(Date.now() + 40 * DAY) });
    for (const lang of ["en", "ar"] as const) {
      const loaded = await callLoader(enrollLoader, { url: `/${lang}/courses/excel/enroll`, params: { slug: "excel", lang } });
      expect(loaded.data?.runs.map((r) => r.price)).toEqual([formatPrice(2500, lang), formatPrice(2800, lang)]);
    }
    expect(formatPrice(2500, "ar")).not.toMatch(/[٠-٩]/);
  });

  it("say no price for a course whose price is hidden, and none leaves the server", async () => {
    const course = await makeCourse({ title: "Quiet", slug: "quiet", isPublished: true, price: 2800, priceVisible: false });
    await makeRun(course.id, { startsAt: new Date(Date.now() + 10 * DAY), price: 2500 });
    const loaded = await callLoader(enrollLoader, { url: "/en/courses/quiet/enroll", params: { slug: "quiet", lang: "en" } });
    expect(loaded.data?.runs.map((r) => r.price)).toEqual([""]);
    expect(JSON.stringify(loaded.data)).not.toMatch(/2,?500|2,?800/);
  });
});
