// Rows a test needs as its starting point, written straight into the process database (no audit, no
// emails): each factory fills what the schema requires with a distinct, readable default and takes any
// column as an override, and answers the stored row. Use the domain functions instead when the write
// itself is what the test is about.
import {
  account,
  categories,
  contactMessages,
  courseDocuments,
  courseRuns,
  courses,
  enrollments,
  instructors,
  subcategories,
  user,
} from "@db/schema/index.ts";
import { db } from "~/lib/db.server.ts";
import { hashPassword } from "~/lib/password.server.ts";

/** Distinct defaults across a test file (slugs and enrollment ids are unique in the schema). */
let sequence = 0;
const next = () => ++sequence;

type Over<T extends { $inferInsert: object }> = Partial<T["$inferInsert"]>;

async function one<R>(rows: Promise<R[]>): Promise<R> {
  const [row] = await rows;
  if (!row) throw new Error("factory: insert returned no row");
  return row;
}

export function makeCategory(over: Over<typeof categories> = {}) {
  const n = next();
  return one(db().insert(categories).values({ name: `Category ${n}`, slug: `category-${n}`, ...over }).returning());
}

export function makeSubcategory(categoryId: string, over: Over<typeof subcategories> = {}) {
  const n = next();
  return one(db().insert(subcategories).values({ name: `Subcategory ${n}`, slug: `subcategory-${n}`, categoryId, ...over }).returning());
}

export function makeInstructor(over: Over<typeof instructors> = {}) {
  return one(db().insert(instructors).values({ name: `Instructor ${next()}`, ...over }).returning());
}

/** A course (a draft in English unless told otherwise). */
export function makeCourse(over: Over<typeof courses> = {}) {
  const n = next();
  return one(db().insert(courses).values({ title: `Course ${n}`, slug: `course-${n}`, language: "en", ...over }).returning());
}

export function makeCourseDocument(courseId: string, over: Over<typeof courseDocuments> = {}) {
  const n = next();
  return one(db().insert(courseDocuments).values({ courseId, storageKey: `documents/test-${n}.pdf`, fileName: `document-${n}.pdf`, ...over }).returning());
}

/** An open live-online run of a course, starting in 30 days unless told otherwise (no seat limit). */
export function makeRun(courseId: string, over: Over<typeof courseRuns> = {}) {
  return one(
    db()
      .insert(courseRuns)
      .values({ courseId, startsAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000), ...over })
      .returning(),
  );
}

/** A pending enrollment request (no course unless given: the course name is kept either way). */
export function makeEnrollment(over: Over<typeof enrollments> = {}) {
  const n = next();
  return one(
    db()
      .insert(enrollments)
      .values({
        enrollmentId: `ENR-TEST-${n}`,
        courseName: "Course",
        studentName: `Student ${n}`,
        studentEmail: `student${n}@example.com`,
        studentPhone: "+201000000000",
        ...over,
      })
      .returning(),
  );
}

/** A contact message, unread. */
export function makeMessage(over: Over<typeof contactMessages> = {}) {
  const n = next();
  return one(
    db()
      .insert(contactMessages)
      .values({ name: `Visitor ${n}`, email: `visitor${n}@example.com`, message: `Question number ${n}`, ...over })
      .returning(),
  );
}

/** A staff user row (no password, no audit line); `role` defaults to the manager role. */
export function makeStaffUser(over: Over<typeof user> = {}) {
  const n = next();
  const now = new Date();
  const email = over.email ?? `staff${n}@example.com`;
  return one(
    db()
      .insert(user)
      .values({ id: crypto.randomUUID(), email, name: email, emailVerified: true, role: "instructor_course_manager", createdAt: now, updatedAt: now, ...over })
      .returning(),
  );
}

/** A staff user row with a password sign-in (its credential account, the password hashed as at sign-up). */
export async function makeStaffWithPassword(password: string, over: Over<typeof user> = {}) {
  const row = await makeStaffUser(over);
  const now = new Date();
  const [credential] = await db()
    .insert(account)
    .values({ id: crypto.randomUUID(), accountId: row.id, providerId: "credential", userId: row.id, password: await hashPassword(password), createdAt: now, updatedAt: now })
    .returning();
  return { ...row, passwordHash: credential!.password! };
}
