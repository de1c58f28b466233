// Runs in the staff and instructor lists (issue 20 points 5 and 6), on a real database (PGlite, or
// PostgreSQL with TEST_DB=pg):
// - Admin enrollments: the 'waiting' status (filter, counters), the run filter (?run=<id>) with its
//   counters and the course's runs to switch between, a run's waiting list oldest first on every page,
//   each row's run start, and the CSV's "Run start (Cairo)" column (formula-protected, in list order);
// - the dashboard's "Next runs": the next five open runs, their fill only with enrollments:view, the
//   card absent without courses:view and enrollments:view, drafts only for publishers;
// - the instructor portal: only the runs of their courses or given to them, with the approved count and
//   no student's personal data; another instructor's runs are not shown.
// The instructor's generated password is kept encrypted with the server secret.
process.env.AUTH_SECRET ??= "integration-test-secret-for-run-lists-0123456789abcdef";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { seedDefaults } from "@db/seed/demo.ts";
import { enrollments } from "@db/schema/index.ts";
import { getDashboard, NEXT_RUNS } from "~/features/dashboard/dashboard.server.ts";
import { enrollmentSearch, parseEnrollmentQuery } from "~/features/enrollments/enrollments-admin.schema.ts";
import {
  CSV_COLUMNS,
  enrollmentCounters,
  getRunFilter,
  listEnrollments,
  streamEnrollmentsCsv,
} from "~/features/enrollments/enrollments-admin.server.ts";
import { getInstructorPortal } from "~/features/instructor-accounts/portal.server.ts";
import { logger } from "~/lib/logger.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { loader as pageLoader } from "~/routes/admin/enrollments.tsx";
import { loader as exportLoader } from "~/routes/admin/enrollments-export.ts";
import { loader as portalLoader } from "~/routes/instructor/dashboard.tsx";
import { createAdmin, createManager, signedInInstructor } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeInstructor, makeRun } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
});

const DAY = 24 * 60 * 60 * 1000;
const BASE = Date.parse("2026-03-01T08:00:00Z");
let serial = 0;

/** Inserts requests one minute apart (the first oldest); returns their ids in that order. */
async function requests(
  courseId: string | null,
  runId: string | null,
  statuses: ("pending" | "approved" | "rejected" | "waiting")[],
  extra: Partial<typeof enrollments.$inferInsert> = {},
): Promise<string[]> {
  const rows = await database.db
    .insert(enrollments)
    .values(
      statuses.map((status) => {
        const n = serial++;
        return {
          enrollmentId: `ENR-RUN${String(n).padStart(5, "0")}-ABC`,
          courseId,
          runId,
          courseName: extra.courseName ?? "Data Analysis",
          studentName: `Student ${n}`,
          studentEmail: `student${n}@example.com`,
          studentPhone: "+201000000000",
          status,
          createdAt: new Date(BASE + n * 60_000),
          ...extra,
        };
      }),
    )
    .returning({ id: enrollments.id });
  return rows.map((r) => r.id);
}

async function csvOf(actor: Actor, filter: Parameters<typeof streamEnrollmentsCsv>[1], locale: "en" | "ar" = "en") {
  const text = await new Response(await streamEnrollmentsCsv(actor, filter, { locale })).text();
  const lines = text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  return { header: lines[0]!.split(","), rows: lines.slice(1) };
}

describe("admin enrollments: runs and the waiting list", () => {
  it("filters by run, counts that run's requests by status, and lists its waiting list oldest first on every page", async () => {
    const course = await makeCourse({ title: "Data Analysis", isPublished: true });
    // 2027-01-12 17:00 UTC is 19:00 in Cairo (winter, +2).
    const run = await makeRun(course.id, { startsAt: new Date("2027-01-12T17:00:00Z"), capacity: 3 });
    const other = await makeRun(course.id, { startsAt: new Date("2027-03-02T17:00:00Z") });
    const waiting = await requests(course.id, run.id, Array(23).fill("waiting"));
    await requests(course.id, run.id, ["approved", "approved", "approved", "pending", "rejected"]);
    await requests(course.id, other.id, ["waiting", "pending"]);
    await requests(course.id, null, ["pending", "approved"]);

    // Every request: the counters include the waiting list.
    expect(await enrollmentCounters(admin)).toEqual({ total: 32, pending: 3, approved: 4, rejected: 1, waiting: 24, expired: 0, withdrawn: 0 });
    // One run: its own counts.
    expect(await enrollmentCounters(admin, { run: run.id })).toEqual({ total: 28, pending: 1, approved: 3, rejected: 1, waiting: 23, expired: 0, withdrawn: 0 });
    // A run id that is not a UUID is no filter (never an error).
    expect(await enrollmentCounters(admin, { run: "nope" })).toMatchObject({ total: 32 });

    // The run's waiting list: oldest first, page 1 from the front, page 2 (the back half) read backwards.
    const first = await listEnrollments(admin, { run: run.id, status: "waiting" });
    expect(first.total).toBe(23);
    expect(first.rows.map((r) => r.id)).toEqual(waiting.slice(0, 20));
    const second = await listEnrollments(admin, { run: run.id, status: "waiting", page: 2 });
    expect(second.rows.map((r) => r.id)).toEqual(waiting.slice(20));
    expect(second.pageCount).toBe(2);
    // Every row carries its run's start.
    expect(first.rows.every((r) => r.runId === run.id && r.runStartsAt?.toISOString() === "2027-01-12T17:00:00.000Z")).toBe(true);

    // The run without a status filter: its 28 requests, newest first.
    const all = await listEnrollments(admin, { run: run.id });
    expect(all.total).toBe(28);
    expect(all.rows[0]!.status).toBe("rejected");
    expect(all.rows.every((r) => r.runId === run.id)).toBe(true);
    // The waiting status over every run: newest first (only a run's list is in waiting-list order).
    const everyWaiting = await listEnrollments(admin, { status: "waiting" });
    expect(everyWaiting.total).toBe(24);
    expect(everyWaiting.rows[0]!.runId).toBe(other.id);
    // A search inside a run.
    const found = await listEnrollments(admin, { run: run.id, q: "Student 24" });
    expect(found.rows.map((r) => r.studentName)).toEqual(["Student 24"]);
    // A request without a run has none.
    const noRun = (await listEnrollments(admin, {})).rows[0]!;
    expect(noRun).toMatchObject({ runId: null, runStartsAt: null });

    // The filter bar: the run, its course and the course's runs in start order.
    const info = await getRunFilter(admin, run.id.toUpperCase());
    expect(info).toMatchObject({ id: run.id, courseId: course.id, courseTitle: "Data Analysis", capacity: 3, status: "open" });
    expect(info!.runs.map((r) => r.id)).toEqual([run.id, other.id]);
    expect(await getRunFilter(admin, crypto.randomUUID())).toBeNull();
    expect(await getRunFilter(admin, "1 OR 1=1")).toBeNull();
  });

  it("reads ?run and ?status=waiting from the URL, keeps them in links, and the page loader answers bad values without an error", async () => {
    const course = await makeCourse({ title: "Data Analysis", isPublished: true });
    const run = await makeRun(course.id, { capacity: 2 });
    const ids = await requests(course.id, run.id, ["waiting", "waiting", "approved"]);
    expect(parseEnrollmentQuery(new URLSearchParams(`run=${run.id.toUpperCase()}&status=waiting`))).toMatchObject({
      run: run.id,
      status: "waiting",
    });
    expect(parseEnrollmentQuery(new URLSearchParams("run=../../etc&status=waiting")).run).toBe("");
    expect(enrollmentSearch({ run: run.id, status: "waiting", page: 2 })).toBe(`?status=waiting&run=${run.id}&page=2`);

    const page = await callLoader(pageLoader, { url: `/admin/enrollments?run=${run.id}&status=waiting`, actor: admin });
    expect(page.status).toBe(200);
    expect(page.data!.list.rows.map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect(page.data!.counters).toEqual({ total: 3, pending: 0, approved: 1, rejected: 0, waiting: 2, expired: 0, withdrawn: 0 });
    expect(page.data!.run).toMatchObject({ id: run.id, courseTitle: "Data Analysis" });

    for (const bad of ["run=%00", `run=${"a".repeat(5000)}`, "run=x&run=y", `run=${crypto.randomUUID()}`]) {
      const res = await callLoader(pageLoader, { url: `/admin/enrollments?${bad}`, actor: admin });
      expect(res.status, bad).toBe(200);
    }
    const unknown = await callLoader(pageLoader, { url: `/admin/enrollments?run=${crypto.randomUUID()}`, actor: admin });
    expect(unknown.data!.list.rows).toEqual([]);
    expect(unknown.data!.run).toBeNull();
  });

  it("exports the run's start in Cairo time, formula-protected, and a run's waiting list in its order", async () => {
    const course = await makeCourse({ title: "Data Analysis", isPublished: true });
    const run = await makeRun(course.id, { startsAt: new Date("2027-07-12T16:00:00Z") }); // 19:00 Cairo summer time (+3)
    const waiting = await requests(course.id, run.id, ["waiting", "waiting", "waiting"]);
    await requests(course.id, null, ["pending"], { courseName: "=cmd|' /C calc'!A0" });

    const { header, rows } = await csvOf(admin, {});
    expect(header).toHaveLength(CSV_COLUMNS.length);
    const col = CSV_COLUMNS.indexOf("runStart");
    expect(header[col]).toBe("Run start (Cairo)");
    expect(header[CSV_COLUMNS.indexOf("courseName") + 1]).toBe("Run start (Cairo)");
    // Newest first: the request without a run (empty run cell, its course name neutralised), then the run's.
    expect(rows[0]!.split(",")[col]).toBe("");
    expect(rows[0]).toContain("'=cmd|' /C calc'!A0");
    expect(rows[1]!.split(",")[col]).toBe("2027-07-12 19:00");
    expect((await csvOf(admin, {}, "ar")).header[col]).toBe("بداية المجموعة (بتوقيت القاهرة)");
    expect(rows.map((r) => r.split(",")[1])).toContain("Waiting list");

    // Filtered by the run and 'waiting': its waiting list, oldest first, as on the page.
    const list = await csvOf(admin, { run: run.id, status: "waiting" });
    const ids = list.rows.map((r) => r.split(",")[0]);
    const listed = await listEnrollments(admin, { run: run.id, status: "waiting" });
    expect(ids).toEqual(listed.rows.map((r) => r.enrollmentId));
    expect(listed.rows.map((r) => r.id)).toEqual(waiting);

    // The download link of the page carries the run (route: same parameters).
    const res = await callLoader(exportLoader, { url: `/admin/enrollments/export.csv?run=${run.id}&status=waiting`, actor: admin });
    expect(res.status).toBe(200);
  });
});

describe("dashboard: next runs", () => {
  it("lists the next five open runs of visible courses with their fill, the fill only with enrollments:view", async () => {
    const now = new Date();
    const published = await makeCourse({ title: "Data Analysis", isPublished: true });
    const draft = await makeCourse({ title: "Draft course", isPublished: false });
    const soon = (days: number) => new Date(now.getTime() + days * DAY);
    const runs = [];
    for (let i = 1; i <= 6; i++) runs.push(await makeRun(published.id, { startsAt: soon(i * 3), capacity: i === 1 ? 10 : i === 2 ? null : 20 }));
    await makeRun(published.id, { startsAt: soon(-2) }); // started
    await makeRun(published.id, { startsAt: soon(1), status: "closed" });
    await makeRun(published.id, { startsAt: soon(1), status: "cancelled" });
    const draftRun = await makeRun(draft.id, { startsAt: soon(2) });
    await requests(published.id, runs[0]!.id, ["approved", "approved", "approved", "pending", "waiting"]);
    await requests(published.id, runs[1]!.id, Array(12).fill("approved"));

    // The admin (may publish): the draft's run is among the next five.
    const { nextRuns } = await getDashboard(admin);
    expect(nextRuns).toHaveLength(NEXT_RUNS);
    expect(nextRuns!.map((r) => r.id)).toEqual([draftRun.id, runs[0]!.id, runs[1]!.id, runs[2]!.id, runs[3]!.id]);
    expect(nextRuns![0]).toMatchObject({ courseTitle: "Draft course", approved: 0 });
    expect(nextRuns![1]).toMatchObject({ courseTitle: "Data Analysis", capacity: 10, approved: 3 });
    expect(nextRuns![2]).toMatchObject({ capacity: null, approved: 12 });

    // Courses only (no enrollments:view, no courses:publish): dates of published courses, no fill.
    const coursesOnly = await createManager(admin, "courses@example.com", ["courses:view"]);
    const dates = (await getDashboard(coursesOnly)).nextRuns!;
    expect(dates.map((r) => r.id)).toEqual(runs.slice(0, 5).map((r) => r.id));
    expect(dates.every((r) => !("approved" in r))).toBe(true);

    // Enrollments view: the fill is there.
    const viewer = await createManager(admin, "viewer@example.com", ["enrollments:view"]);
    expect((await getDashboard(viewer)).nextRuns![0]).toMatchObject({ id: runs[0]!.id, approved: 3 });

    // Neither: the card is not computed.
    const messagesOnly = await createManager(admin, "inbox@example.com", ["messages:view"]);
    expect("nextRuns" in (await getDashboard(messagesOnly))).toBe(false);
  });

  it("shows an empty list when no open run is coming", async () => {
    const course = await makeCourse({ isPublished: true });
    await makeRun(course.id, { startsAt: new Date(Date.now() - DAY) });
    expect((await getDashboard(admin)).nextRuns).toEqual([]);
  });

  it("reads null (the card says it could not load) when the runs cannot be read, the other figures still there", async () => {
    await makeCourse({ isPublished: true });
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined as never);
    await database.db.execute(sql.raw(`alter table "course_runs" rename to "course_runs_away"`));
    try {
      const data = await getDashboard(admin);
      expect(data.nextRuns).toBeNull();
      expect(data.stats.totalCourses).toBe(1);
      expect(errors.mock.calls.some((c) => (c[0] as { count?: string }).count === "next runs")).toBe(true);
    } finally {
      await database.db.execute(sql.raw(`alter table "course_runs_away" rename to "course_runs"`));
      errors.mockRestore();
    }
  });
});

describe("instructor portal: runs", () => {
  it("shows the runs of the instructor's courses and the runs given to them, with the approved count only", async () => {
    const mona = await makeInstructor({ name: "Mona", email: "mona@example.com" });
    const karim = await makeInstructor({ name: "Karim", email: "karim@example.com" });
    const monaCourse = await makeCourse({ title: "Mona's course", instructorId: mona.id });
    const karimCourse = await makeCourse({ title: "Karim's course", instructorId: karim.id, isPublished: true });
    const now = new Date();
    const mine = await makeRun(monaCourse.id, {
      startsAt: new Date(now.getTime() + 10 * DAY),
      schedule: "Sun and Wed, 7–9 pm",
      scheduleAr: "الأحد والأربعاء، 7–9 مساءً",
      capacity: 8,
    });
    const cancelled = await makeRun(monaCourse.id, { startsAt: new Date(now.getTime() + 20 * DAY), status: "cancelled" });
    // Karim's course, but this run is Mona's to teach.
    const given = await makeRun(karimCourse.id, { startsAt: new Date(now.getTime() + 5 * DAY), instructorId: mona.id, mode: "on_site", location: "Cairo" });
    // Karim's own run, and a run of Mona's course that ended weeks ago.
    const karims = await makeRun(karimCourse.id, { startsAt: new Date(now.getTime() + 3 * DAY) });
    await makeRun(monaCourse.id, { startsAt: new Date(now.getTime() - 60 * DAY), endsAt: new Date(now.getTime() - 30 * DAY) });
    await requests(monaCourse.id, mine.id, ["approved", "approved", "pending", "waiting", "rejected"], { studentName: "Private Person" });
    await requests(karimCourse.id, karims.id, ["approved"]);

    const portal = await getInstructorPortal({ instructorId: mona.id });
    expect(portal.runs.map((r) => r.id)).toEqual([given.id, mine.id, cancelled.id]);
    expect(portal.runs[1]).toMatchObject({ courseTitle: "Mona's course", approved: 2, capacity: 8, scheduleAr: "الأحد والأربعاء، 7–9 مساءً", status: "open" });
    expect(portal.runs[0]).toMatchObject({ courseTitle: "Karim's course", mode: "on_site", location: "Cairo", approved: 0 });
    expect(portal.runs[2]!.status).toBe("cancelled");
    // Counts, never students.
    expect(JSON.stringify(portal.runs)).not.toContain("Private Person");
    expect(JSON.stringify(portal.runs)).not.toContain("@example.com");

    // Karim sees his own run and Mona's run of his course is not his.
    const karimPortal = await getInstructorPortal({ instructorId: karim.id });
    expect(karimPortal.runs.map((r) => r.id)).toEqual([karims.id, given.id]);
    expect(karimPortal.runs.some((r) => r.id === mine.id)).toBe(false);
    // Given to Mona: Karim still sees it because the course is his (runs of the instructor's courses).

    // Through the page's loader with Mona's session: the same runs, not Karim's.
    const { cookie } = await signedInInstructor(admin, mona.id);
    const page = await callLoader(portalLoader, { url: "/instructor-dashboard", headers: { cookie } });
    expect(page.status).toBe(200);
    const data = page.data as { ok: true; runs: { id: string }[] };
    expect(data.runs.map((r) => r.id)).toEqual([given.id, mine.id, cancelled.id]);
    expect(data.runs.some((r) => r.id === karims.id)).toBe(false);
  });
});
