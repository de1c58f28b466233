// Issue 20 point 8: the demo has course runs on first start (PGlite; TEST_DB=pg for PostgreSQL): every
// live-taught published course has a past group or upcoming ones in 10–60 days, one upcoming group is full
// with approved requests and a waiting list of two, one has few seats left, one is on site, one self-paced;
// the free workshop has none. The course page's list reads them as a visitor would see them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { courseRuns, courses, enrollmentLedger, enrollments, receiptCounters } from "@db/schema/index.ts";
import { ledgerOf } from "~/domain/payments/ledger.server.ts";
import { DEMO_RUNS } from "@db/seed/demo-runs.ts";
import { demoRunStart, seedDemo } from "@db/seed/demo.ts";
import { utcToCairoWallTime } from "~/lib/cairo-time.ts";
import { listUpcomingRuns } from "~/domain/runs/run-seats.server.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";

const DAY = 24 * 60 * 60 * 1000;
let database: TestDatabase;
let uploadsDir: string;
let seededAt: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await resetDatabase(database.db);
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-runs-"));
  seededAt = Date.now();
  await seedDemo(database.db, { uploadsDir });
}, 120_000);
afterAll(async () => {
  await database?.destroy();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function coursesWithRuns() {
  const all = await database.db.select().from(courses).orderBy(asc(courses.slug));
  const runs = await database.db.select().from(courseRuns);
  return all.map((c) => ({ course: c, runs: runs.filter((r) => r.courseId === c.id) }));
}

describe("demo course runs", () => {
  it("gives each live-taught published course upcoming runs in 10–60 days, and some a past one", async () => {
    const now = new Date();
    let past = 0;
    for (const { course, runs } of await coursesWithRuns()) {
      if (!course.isPublished || course.slug === "presentation-communication-skills") {
        expect(runs, course.slug).toEqual([]);
        continue;
      }
      const upcoming = runs.filter((r) => r.startsAt > now);
      expect(upcoming.length, course.slug).toBeGreaterThanOrEqual(1);
      expect(upcoming.length, course.slug).toBeLessThanOrEqual(2);
      for (const r of upcoming) {
        expect(r.status).toBe("open");
        const days = (r.startsAt.getTime() - seededAt) / DAY;
        expect(days, course.slug).toBeGreaterThan(9);
        expect(days, course.slug).toBeLessThan(61);
        // A whole Cairo hour, as staff would enter it.
        expect(utcToCairoWallTime(r.startsAt)).toMatch(/T\d{2}:00$/);
        expect(r.schedule).toBeTruthy();
        expect(r.scheduleAr).toMatch(/[\u0600-\u06FF]/);
      }
      const before = runs.filter((r) => r.startsAt < now);
      for (const r of before) expect(r.status).toBe("closed");
      past += before.length;
    }
    expect(past).toBeGreaterThanOrEqual(2);
    // Days count in Cairo: at 00:30 Cairo time (22:30 UTC the day before), "in 1 day" is tomorrow in Cairo.
    expect(utcToCairoWallTime(demoRunStart({ inDays: 1, at: "19:00" }, Date.UTC(2027, 0, 11, 22, 30)))).toBe("2027-01-13T19:00");
    expect(utcToCairoWallTime(demoRunStart({ inDays: -3, at: "10:00" }, Date.UTC(2027, 6, 1, 12)))).toBe("2027-06-28T10:00");
    expect(DEMO_RUNS.filter((r) => (r.waiting ?? 0) > 0)).toHaveLength(1);
  });

  it("starts every run on a day its schedule names, so a 'Saturdays' group starts on a Saturday (issue 36 item 2)", async () => {
    const names = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];
    const namesAr = ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"];
    let checked = 0;
    for (const { runs } of await coursesWithRuns()) {
      for (const r of runs) {
        const named = names.flatMap((n, day) => (r.schedule?.includes(n) ? [day] : []));
        if (named.length === 0) continue; // "At your own pace", "Six days in a row"
        const day = new Date(`${utcToCairoWallTime(r.startsAt).slice(0, 10)}T00:00:00Z`).getUTCDay();
        expect(named, `${r.schedule} starting ${utcToCairoWallTime(r.startsAt)}`).toContain(day);
        expect(r.scheduleAr, r.schedule!).toContain(namesAr[day]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
    // Moved on to the weekday: Monday 11 January 2027 plus 3 days is Thursday 14; "sat" makes it Saturday 16.
    expect(utcToCairoWallTime(demoRunStart({ inDays: 3, at: "10:00", weekday: "sat" }, Date.UTC(2027, 0, 11, 12)))).toBe("2027-01-16T10:00");
    expect(utcToCairoWallTime(demoRunStart({ inDays: 3, at: "10:00", weekday: "thu" }, Date.UTC(2027, 0, 11, 12)))).toBe("2027-01-14T10:00");
  });

  it("has one full upcoming run with approved requests and a waiting list of two, in order of arrival", async () => {
    const now = new Date();
    const full = [];
    for (const { course } of await coursesWithRuns()) {
      for (const run of await listUpcomingRuns(database.db, course.id, { now })) if (run.full) full.push({ course, run });
    }
    expect(full).toHaveLength(1);
    const { course, run } = full[0]!;
    expect(run.capacity).toBeLessThanOrEqual(8);
    expect(run.approved).toBe(run.capacity);
    expect(run.seatsLeft).toBe(0);
    const requests = await database.db.select().from(enrollments).where(eq(enrollments.runId, run.id)).orderBy(asc(enrollments.createdAt));
    const waiting = requests.filter((r) => r.status === "waiting");
    expect(waiting).toHaveLength(2);
    // The waiting list came after the approved requests.
    expect(requests.slice(-2).map((r) => r.status)).toEqual(["waiting", "waiting"]);
    for (const r of requests) {
      expect(r.courseId).toBe(course.id);
      expect(r.courseName).toBe(course.title);
      expect(r.studentEmail).toMatch(/@example\.com$/);
    }
  });

  it("shows few seats left on one run, an on-site run with its place, a self-paced one and a run at its own price", async () => {
    const now = new Date();
    const runs = (await Promise.all((await coursesWithRuns()).map(({ course }) => listUpcomingRuns(database.db, course.id, { now })))).flat();
    expect(runs.some((r) => !r.full && r.seatsLeft !== null && r.seatsLeft > 0 && r.seatsLeft <= 5)).toBe(true);
    const onSite = runs.filter((r) => r.mode === "on_site");
    expect(onSite).toHaveLength(1);
    expect(onSite[0]!.location).toBeTruthy();
    expect(onSite[0]!.locationAr).toMatch(/[\u0600-\u06FF]/);
    expect(runs.filter((r) => r.mode === "self_paced")).toHaveLength(1);
    expect(runs.filter((r) => r.price !== null)).toHaveLength(1);
    // No request is left pending (the admin's lists start clean), and none is for a draft.
    const all = await database.db.select().from(enrollments);
    expect(all.filter((r) => r.status === "pending")).toEqual([]);
    expect(new Set(all.map((r) => r.enrollmentId)).size).toBe(all.length);
  });

  it("charges every priced approved request and shows a paid, a part-paid and an unpaid seat (issue 37)", async () => {
    const approved = await database.db.select().from(enrollments).where(eq(enrollments.status, "approved"));
    const money = await Promise.all(approved.map((e) => ledgerOf(database.db, e.id)));
    expect(money.every((m) => m.due > 0 && Number.isInteger(m.due))).toBe(true);
    expect(money.some((m) => m.paid === m.due && m.balance === 0)).toBe(true);
    expect(money.some((m) => m.paid > 0 && m.balance > 0)).toBe(true);
    expect(money.some((m) => m.paid === 0)).toBe(true);
    // Each demo payment has its receipt, numbered without a gap per year, and the counter continues after them.
    const receipts = money.flatMap((m) => m.entries.filter((e) => e.kind === "payment").map((e) => e.receiptNumber!));
    expect(receipts.length).toBeGreaterThan(0);
    expect(receipts.every((r) => /^NA-\d{4}-\d{5}$/.test(r))).toBe(true);
    const byYear = new Map<string, string[]>();
    for (const r of receipts) byYear.set(r.split("-")[1]!, [...(byYear.get(r.split("-")[1]!) ?? []), r]);
    for (const list of byYear.values()) expect(list.map((r) => Number(r.split("-")[2])).sort((a, b) => a - b)).toEqual(list.map((_, i) => i + 1));
    const counters = await database.db.select().from(receiptCounters);
    for (const c of counters) expect(c.lastNumber).toBe(byYear.get(String(c.year))!.length);
    // Nothing charged to a request that was not approved (or approved and then not paid in time).
    const expired = await database.db.select().from(enrollments).where(eq(enrollments.status, "expired"));
    const entries = await database.db.select().from(enrollmentLedger);
    expect(entries.every((e) => [...approved, ...expired].some((a) => a.id === e.enrollmentId))).toBe(true);
  });

  it("holds the unpaid seats for a day and a half and has one request whose hold expired unpaid (issue 37 item 2)", async () => {
    const approved = await database.db.select().from(enrollments).where(eq(enrollments.status, "approved"));
    const money = new Map(await Promise.all(approved.map(async (e) => [e.id, await ledgerOf(database.db, e.id)] as const)));
    const unpaid = approved.filter((e) => money.get(e.id)!.paid === 0);
    expect(unpaid.length).toBeGreaterThan(0);
    for (const e of unpaid) expect(e.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 35 * 60 * 60 * 1000);
    expect(approved.filter((e) => money.get(e.id)!.paid > 0).every((e) => e.holdExpiresAt === null)).toBe(true);
    const expired = await database.db.select().from(enrollments).where(eq(enrollments.status, "expired"));
    expect(expired).toHaveLength(1);
    expect(expired[0]!.holdExpiresAt!.getTime()).toBeLessThan(Date.now());
    const voided = await ledgerOf(database.db, expired[0]!.id);
    expect(voided.entries.map((e) => e.kind)).toEqual(["charge", "adjustment"]);
    expect(voided.due).toBe(0);
  });
});
