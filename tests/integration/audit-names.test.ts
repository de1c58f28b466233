// The audit log names who acted and what each entry is about (issue 17 point 4), against a real database:
// staff, instructors, courses, categories, enrollments, messages and emails by name instead of their
// UUIDs, a subject deleted since by the name its entry recorded (or just "deleted"), and entries about no
// single row (the site settings) with no subject. Entries are written by the real recordAudit.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contactMessages, courseRuns, courses, enrollments, user } from "@db/schema/index.ts";
import { listAuditLog } from "~/features/audit/audit-log.server.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { enqueueEmail } from "~/lib/outbox.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { loader as auditLoader } from "~/routes/admin/audit.tsx";
import { createAdmin, createManager, MANAGER } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeCategory, makeCourse, makeEnrollment, makeInstructor, makeMessage } from "../setup/factories.ts";
import { callLoader } from "../setup/route-call.ts";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  admin = await createAdmin();
});

/** The entries of the log's first page, oldest first, with what the page shows of each. */
async function shown() {
  const { entries } = await listAuditLog(admin);
  return entries.reverse().map((e) => ({ action: e.action, entity: e.entity, actor: [e.actorName, e.actorEmail], subject: e.subject }));
}

describe("audit log names", () => {
  it("names each entry's subject instead of its id, in the subject's own language", async () => {
    const course = await makeCourse({ title: "Excel للمبتدئين" });
    const category = await makeCategory({ name: "Languages", nameAr: "اللغات" });
    const instructor = await makeInstructor({ name: "Mona Adel", nameAr: "منى عادل" });
    const enrollment = await makeEnrollment({ studentName: "سارة أحمد", enrollmentId: "ENR-M5K2J9-AB12" });
    const message = await makeMessage({ name: "Omar" });
    const emailId = await enqueueEmail(database.db, { kind: "contact-message", to: "office@academy.test", subject: "Hi", text: "Hi", html: "<p>Hi</p>" });
    const db = database.db;
    await recordAudit(db, admin, { action: "update", entity: "course", entityId: course.id, data: { title: "Old title" } });
    await recordAudit(db, admin, { action: "update", entity: "category", entityId: category.id });
    await recordAudit(db, admin, { action: "update", entity: "instructor", entityId: instructor.id });
    await recordAudit(db, admin, { action: "approve", entity: "enrollment", entityId: enrollment.id, data: { from: "pending", to: "approved" } });
    await recordAudit(db, admin, { action: "status.change", entity: "message", entityId: message.id });
    await recordAudit(db, admin, { action: "status.change", entity: "email", entityId: emailId });
    await recordAudit(db, admin, { action: "update", entity: "role_permissions", entityId: MANAGER, data: { added: ["courses:view"] } });
    await recordAudit(db, admin, { action: "update", entity: "site_settings", entityId: null, data: { changed: [] } });

    // Entries written in the same millisecond have no order between them: compare by entity.
    expect(Object.fromEntries((await shown()).map((e) => [e.entity, e.subject]))).toEqual({
      course: { name: "Excel للمبتدئين", nameAr: null, ref: null, exists: true },
      category: { name: "Languages", nameAr: "اللغات", ref: null, exists: true },
      instructor: { name: "Mona Adel", nameAr: "منى عادل", ref: null, exists: true },
      enrollment: { name: "سارة أحمد", nameAr: null, ref: "ENR-M5K2J9-AB12", exists: true },
      message: { name: "Omar", nameAr: null, ref: null, exists: true },
      email: { name: "office@academy.test", nameAr: null, ref: null, exists: true },
      role_permissions: { name: MANAGER, exists: true, kind: "role" },
      site_settings: null,
    });
  });

  it("names a run by its course and its start in Cairo time, and a deleted one by the course its entry recorded (issue 36 item 14)", async () => {
    const course = await makeCourse({ title: "Excel Basics" });
    const [run] = await database.db
      .insert(courseRuns)
      .values({ courseId: course.id, startsAt: new Date("2027-01-12T17:00:00Z") })
      .returning({ id: courseRuns.id });
    await recordAudit(database.db, admin, { action: "update", entity: "course_run", entityId: run!.id, data: { courseId: course.id, course: "Excel Basics" } });
    expect((await shown())[0]!.subject).toEqual({ name: "Excel Basics", nameAr: null, ref: "2027-01-12 19:00", exists: true });
    await database.db.delete(courseRuns).where(eq(courseRuns.id, run!.id));
    expect((await shown())[0]!.subject).toEqual({ name: "Excel Basics", exists: false });
  });

  it("gives the names of the rows an entry's details point to, so no UUID is shown (issue 36 item 14)", async () => {
    const course = await makeCourse({ title: "Excel Basics" });
    const instructor = await makeInstructor({ name: "Mona Adel" });
    const gone = "0b1c2d3e-0000-4000-8000-00000000dead";
    await recordAudit(database.db, admin, {
      action: "update",
      entity: "course_run",
      entityId: gone,
      data: { courseId: course.id, before: { instructorId: null }, after: { instructorId: instructor.id }, removedBy: gone },
    });
    const { entries } = await listAuditLog(admin);
    expect(entries[0]!.refNames).toEqual({ [course.id]: "Excel Basics", [instructor.id]: "Mona Adel" });
  });

  it("shows a subject deleted since by the name its entry recorded, or as deleted without one", async () => {
    const course = await makeCourse({ title: "Excel Basics" });
    const message = await makeMessage({ name: "Omar" });
    await recordAudit(database.db, admin, { action: "delete", entity: "course", entityId: course.id, data: { title: "Excel Basics", documents: 0 } });
    await recordAudit(database.db, admin, { action: "status.change", entity: "message", entityId: message.id, data: { from: "unread", to: "read" } });
    const enrollment = await makeEnrollment({ enrollmentId: "ENR-GONE-0001" });
    await recordAudit(database.db, admin, { action: "reject", entity: "enrollment", entityId: enrollment.id, data: { enrollmentId: "ENR-GONE-0001" } });
    await database.db.delete(enrollments).where(eq(enrollments.id, enrollment.id));
    await database.db.delete(courses).where(eq(courses.id, course.id));
    await database.db.delete(contactMessages).where(eq(contactMessages.id, message.id));
    expect(Object.fromEntries((await shown()).map((e) => [e.entity, e.subject]))).toEqual({
      course: { name: "Excel Basics", exists: false },
      message: { name: null, exists: false },
      // A deleted request still shows the enrollment ID its entry recorded.
      enrollment: { name: null, exists: false, ref: "ENR-GONE-0001" },
    });
  });

  it("names staff subjects and actors by their own name, or by email when their name is only the email's first part", async () => {
    // addStaffUser names a new user after the email's first part, and writes its own audit line.
    const manager = await createManager(admin, "sara@example.com", ["courses:view"]);
    await database.db.update(user).set({ name: "Sara Ahmed" }).where(eq(user.id, manager.id));
    await recordAudit(database.db, manager, { action: "update", entity: "course", entityId: null });
    const entries = await shown();
    const created = entries.find((e) => e.action === "create" && e.entity === "user")!;
    expect(created.actor).toEqual([null, "admin@example.com"]);
    expect(created.subject).toEqual({ name: "Sara Ahmed", nameAr: null, ref: "sara@example.com", exists: true });
    expect(entries.at(-1)!.actor).toEqual(["Sara Ahmed", "sara@example.com"]);
  });

  it("names an instructor who acted through the portal", async () => {
    const instructor = await makeInstructor({ name: "Mona Adel" });
    await recordAudit(database.db, { id: `instructor:${instructor.id}`, email: "mona@example.com" }, { action: "sign_in", entity: "instructor_account", entityId: instructor.id });
    const [entry] = await shown();
    expect(entry!.actor).toEqual(["Mona Adel", "mona@example.com"]);
    expect(entry!.subject).toMatchObject({ name: "Mona Adel", exists: true });
  });

  it("gives the page's loader the names, and a malformed id a plain fallback rather than an error", async () => {
    await recordAudit(database.db, admin, { action: "update", entity: "course", entityId: "not-a-uuid", data: { title: "Recorded" } });
    const res = await callLoader(auditLoader, { url: "/admin/audit", actor: admin });
    expect(res.status).toBe(200);
    expect(res.data!.log.entries[0]!.subject).toEqual({ name: "Recorded", exists: false });
  });
});
