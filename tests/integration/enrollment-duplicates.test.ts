// Issue 34 item 10: the same email, course and run within ten minutes is the same request — sent three
// times at once (a double tap, a retry), it is one row, one reference and one confirmation email. On
// PostgreSQL (TEST_DB=pg) the three run on three pool connections at the same moment.
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox, enrollments } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import type { EnrollmentInput } from "~/features/enrollments/enrollment.schema.ts";
import { enrollmentPagePath } from "~/domain/enrollments/enrollment-link.server.ts";
import { createEnrollment } from "~/features/enrollments/enrollments.server.ts";
import { db } from "~/lib/db.server.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCourse, makeRun } from "../setup/factories.ts";

let courseId: string;
let runA: string;
let runB: string;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  const course = await makeCourse({ isPublished: true });
  courseId = course.id;
  runA = (await makeRun(courseId)).id;
  runB = (await makeRun(courseId, { startsAt: new Date(Date.now() + 60 * 24 * 60 * 60 * 1000) })).id;
});

function input(over: Partial<EnrollmentInput> = {}): EnrollmentInput {
  return {
    studentName: "Sara Ahmed",
    studentEmail: "sara@example.com",
    countryCode: "+20",
    phoneNumber: "01012345678",
    message: undefined,
    courseId,
    runId: runA,
    website: "",
    ...over,
  };
}

async function rowsFor(email: string) {
  return db()
    .select({ enrollmentId: enrollments.enrollmentId, runId: enrollments.runId })
    .from(enrollments)
    .where(sql`lower(${enrollments.studentEmail}) = ${email.toLowerCase()}`);
}

async function confirmations(email: string): Promise<number> {
  const rows = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "enrollment-confirmation"), sql`lower(${emailOutbox.toAddress}) = ${email.toLowerCase()}`));
  return Number(rows[0]?.n ?? 0);
}

describe("a request sent again", () => {
  it("three identical requests at once make one request: one row, one reference, one confirmation", async () => {
    const results = await Promise.all([
      createEnrollment(input(), { locale: "en" }),
      createEnrollment(input({ studentEmail: "Sara@Example.com" }), { locale: "en" }),
      createEnrollment(input({ studentEmail: " sara@example.com " }), { locale: "ar" }),
    ]);
    expect(new Set(results.map((r) => r.enrollmentId)).size).toBe(1);
    // Only the request made gets its page's link on the success screen: the repeats are answered with the
    // reference alone (whoever typed that email again is not known to own the request).
    const linked = results.filter((r) => r.pageHref);
    expect(linked).toHaveLength(1);
    expect(linked[0]!.pageHref).toBe(enrollmentPagePath(linked[0] === results[2] ? "ar" : "en", results[0]!.enrollmentId));
    expect(await rowsFor("sara@example.com")).toHaveLength(1);
    expect(await confirmations("sara@example.com")).toBe(1);
  });

  it("another run of the course, or another course, is another request", async () => {
    const first = await createEnrollment(input(), { locale: "en" });
    const other = await createEnrollment(input({ runId: runB }), { locale: "en" });
    expect(other.enrollmentId).not.toBe(first.enrollmentId);
    const otherCourse = await makeCourse({ isPublished: true });
    const third = await createEnrollment(input({ courseId: otherCourse.id, runId: undefined }), { locale: "en" });
    expect(third.enrollmentId).not.toBe(first.enrollmentId);
    expect(await rowsFor("sara@example.com")).toHaveLength(3);
    expect(await confirmations("sara@example.com")).toBe(3);
  });

  it("after ten minutes the same request is a new one", async () => {
    const first = await createEnrollment(input(), { locale: "en" });
    await db()
      .update(enrollments)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(enrollments.enrollmentId, first.enrollmentId));
    const again = await createEnrollment(input(), { locale: "en" });
    expect(again.enrollmentId).not.toBe(first.enrollmentId);
    expect(await rowsFor("sara@example.com")).toHaveLength(2);
  });
});
