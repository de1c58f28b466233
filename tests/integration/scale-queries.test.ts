// The query shapes bench/scale.ts led to (issue 8 point 4), checked for correctness on a real database:
// - admin courses: every page of every sort, read forwards or (past the middle) backwards from the other
//   end, is exactly its slice of the whole order — no row twice, none missing, counts and categories
//   attached to the right rows;
// - the public catalogue: pages cut before the approved counts are attached still carry the right counts;
// - enrollment_daily_counts (migration 0004): the triggers keep the per-day counts equal to the rows
//   through inserts, status changes, moved dates, deletes and truncation, so the dashboard's chart is exact.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, courses, enrollmentDailyCounts, enrollments } from "@db/schema/index.ts";
import { listPublishedCourses } from "~/features/catalog/catalog.server.ts";
import { listAdminCourses } from "~/features/courses/courses-admin.server.ts";
import type { CourseSort } from "~/features/courses/courses.schema.ts";
import { weeklyEnrollmentCounts } from "~/features/dashboard/dashboard.server.ts";
import { memoryActor } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";

const admin = memoryActor("admin", [], { id: "admin-1", email: "admin@example.com", name: "Admin" });

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
});

interface Seeded {
  id: string;
  title: string;
  price: number | null;
  createdAt: Date;
  categoryName: string | null;
  enrollments: number;
  approved: number;
  isPublished: boolean;
}

/**
 * 47 courses with repeated titles, prices and creation times, so every order leans on its tie-breakers,
 * and a few enrollments each (some approved).
 */
async function seed(): Promise<Seeded[]> {
  const [cat] = await database.db.insert(categories).values({ name: "Languages", nameAr: "اللغات", slug: "languages" }).returning();
  const rows = await database.db
    .insert(courses)
    .values(
      Array.from({ length: 47 }, (_, i) => ({
        title: ["Alpha", "beta", "Gamma", "alpha"][i % 4]!,
        slug: `course-${i}`,
        language: i % 2 ? "ar" : "en",
        categoryId: i % 3 ? cat!.id : null,
        price: i % 5 === 0 ? null : [100, 250, 0, 250][i % 4]!,
        isPublished: i % 4 !== 1,
        // Pairs of courses share a creation time.
        createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 2) * 60_000),
      })),
    )
    .returning();
  const seeded = rows.map((r, i) => ({
    id: r.id,
    title: r.title,
    price: r.price === null ? null : Number(r.price),
    createdAt: r.createdAt,
    categoryName: i % 3 ? "Languages" : null,
    enrollments: i % 4,
    approved: i % 4 >= 2 ? 1 : 0,
    isPublished: r.isPublished,
  }));
  await database.db.insert(enrollments).values(
    seeded.flatMap((c, i) =>
      Array.from({ length: c.enrollments }, (_, j) => ({
        enrollmentId: `ENR-${i}-${j}`,
        courseId: c.id,
        courseName: c.title,
        studentName: "Student",
        studentEmail: "s@example.com",
        studentPhone: "+201001234567",
        status: j === 1 ? ("approved" as const) : ("pending" as const),
      })),
    ),
  );
  return seeded;
}

/** The whole order, computed here (PostgreSQL's lower() and comparisons on these ASCII values). */
function expectedOrder(all: Seeded[], sort: CourseSort): string[] {
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const price = (c: Seeded) => c.price ?? 0;
  const byKey: Record<CourseSort, (a: Seeded, b: Seeded) => number> = {
    created_desc: (a, b) => cmp(b.createdAt.getTime(), a.createdAt.getTime()) || cmp(b.id, a.id),
    created_asc: (a, b) => cmp(a.createdAt.getTime(), b.createdAt.getTime()) || cmp(a.id, b.id),
    title_asc: (a, b) => cmp(a.title.toLowerCase(), b.title.toLowerCase()) || cmp(a.id, b.id),
    title_desc: (a, b) => cmp(b.title.toLowerCase(), a.title.toLowerCase()) || cmp(b.id, a.id),
    price_asc: (a, b) => cmp(price(a), price(b)) || cmp(b.createdAt.getTime(), a.createdAt.getTime()) || cmp(a.id, b.id),
    price_desc: (a, b) => cmp(price(b), price(a)) || cmp(b.createdAt.getTime(), a.createdAt.getTime()) || cmp(a.id, b.id),
  };
  return [...all].sort(byKey[sort]).map((c) => c.id);
}

describe("admin course pages (bench/scale.ts: cut first, late pages read from the other end)", () => {
  const sorts: CourseSort[] = ["created_desc", "created_asc", "title_asc", "title_desc", "price_asc", "price_desc"];

  it.each(sorts)("every page of %s is its slice of the whole order, with its own count and category", async (sort) => {
    const all = await seed();
    const byId = new Map(all.map((c) => [c.id, c]));
    const expected = expectedOrder(all, sort);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const list = await listAdminCourses(admin, { sort, page });
      expect(list.page).toBe(page);
      expect(list.total).toBe(47);
      expect(list.rows.map((r) => r.id)).toEqual(expected.slice((page - 1) * 20, page * 20));
      for (const row of list.rows) {
        expect(row.approvedCount).toBe(byId.get(row.id)!.approved);
        expect(row.pendingCount).toBe(byId.get(row.id)!.enrollments - byId.get(row.id)!.approved);
        expect(row.categoryName).toBe(byId.get(row.id)!.categoryName);
      }
      seen.push(...list.rows.map((r) => r.id));
    }
    expect(seen).toEqual(expected);
  });

  it("filters and pages together, from both ends", async () => {
    const all = await seed();
    const published = all.filter((c) => c.isPublished);
    const expected = expectedOrder(published, "title_asc");
    const pages = await Promise.all([1, 2].map((page) => listAdminCourses(admin, { status: "published", sort: "title_asc", page })));
    expect(pages[0]!.total).toBe(published.length);
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(expected);
  });
});

describe("public catalogue pages", () => {
  it("carry each course's approved enrollments on every page", async () => {
    const all = await seed();
    const byId = new Map(all.map((c) => [c.id, c]));
    const published = all.filter((c) => c.isPublished);
    const seen: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const result = await listPublishedCourses({ page });
      for (const card of result.courses) expect(card.approvedCount).toBe(byId.get(card.id)!.approved);
      seen.push(...result.courses.map((c) => c.id));
    }
    expect(seen).toEqual(expectedOrder(published, "created_desc"));
  });
});

describe("enrollment_daily_counts", () => {
  /** The counts as the triggers keep them, and as counting the rows gives them (Cairo days). */
  async function both() {
    const kept = await database.db
      .select({ day: enrollmentDailyCounts.day, n: enrollmentDailyCounts.n })
      .from(enrollmentDailyCounts)
      .where(sql`${enrollmentDailyCounts.n} <> 0`)
      .orderBy(enrollmentDailyCounts.day);
    const counted = (await database.db.execute(
      sql`select to_char((created_at at time zone 'Africa/Cairo')::date, 'YYYY-MM-DD') as day, count(*)::int as n
          from ${enrollments} group by 1 order by 1`,
    )) as unknown as { rows: { day: string; n: number }[] };
    return { kept: kept.map((r) => ({ day: r.day, n: Number(r.n) })), counted: counted.rows.map((r) => ({ day: r.day, n: Number(r.n) })) };
  }

  const row = (id: string, createdAt: Date, status: (typeof enrollments.$inferInsert)["status"] = "pending") => ({
    enrollmentId: id,
    courseName: "Course",
    studentName: "Student",
    studentEmail: "s@example.com",
    studentPhone: "+201001234567",
    status,
    createdAt,
  });

  it("follow inserts, status changes, moved dates, deletes and truncation", async () => {
    // 21:30 UTC on 11 July 2025 is already Saturday 12 July in Cairo (UTC+3).
    await database.db.insert(enrollments).values([
      row("E1", new Date("2025-07-11T20:30:00Z")),
      row("E2", new Date("2025-07-11T21:30:00Z")),
      row("E3", new Date("2025-07-11T21:45:00Z"), "approved"),
    ]);
    let counts = await both();
    expect(counts.kept).toEqual([
      { day: "2025-07-11", n: 1 },
      { day: "2025-07-12", n: 2 },
    ]);
    expect(counts.kept).toEqual(counts.counted);

    // Approving changes no day; moving a request to another day moves its count.
    await database.db.update(enrollments).set({ status: "approved" }).where(eq(enrollments.enrollmentId, "E1"));
    await database.db.update(enrollments).set({ createdAt: new Date("2025-07-01T10:00:00Z") }).where(eq(enrollments.enrollmentId, "E2"));
    counts = await both();
    expect(counts.kept).toEqual(counts.counted);
    expect(counts.kept).toEqual([
      { day: "2025-07-01", n: 1 },
      { day: "2025-07-11", n: 1 },
      { day: "2025-07-12", n: 1 },
    ]);

    // Many rows in one statement, then a delete of several.
    await database.db.insert(enrollments).values(
      Array.from({ length: 30 }, (_, i) => row(`B${i}`, new Date(Date.UTC(2025, 6, 1 + (i % 10), 12)))),
    );
    await database.db.delete(enrollments).where(sql`${enrollments.enrollmentId} like 'B1%'`);
    counts = await both();
    expect(counts.kept).toEqual(counts.counted);
    expect(counts.kept.reduce((n, d) => n + d.n, 0)).toBe(3 + 30 - 11);

    // The chart reads these counts: the week of Saturday 12 July holds E3 and the B rows of 12–15 July.
    const weeks = await weeklyEnrollmentCounts(new Date("2025-07-16T10:00:00Z"));
    const expectedWeek = (counts.counted.filter((d) => d.day >= "2025-07-12" && d.day < "2025-07-19").reduce((n, d) => n + d.n, 0));
    expect(weeks.at(-1)).toEqual({ weekStart: "2025-07-12", count: expectedWeek });

    // With the table that refers to it (the payments ledger, issue 37), as an operator would have to.
    await database.db.execute(sql`truncate ${enrollments} cascade`);
    counts = await both();
    expect(counts.kept).toEqual([]);
  });
});
