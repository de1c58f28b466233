// "My course materials" (issue 38 item 4) on PGlite and PostgreSQL (TEST_DB=pg): staff mark a course's
// document "for students" in the course form; a student signed in to the student area with a confirmed
// seat (approved, paid in full) sees it listed and the document route streams it to them; a document not
// marked, a course where the seat is only held or pending, another course, or no session are refused, and
// nothing of it is listed. The route checks again on every request: a seat that stops being confirmed
// (staff move it back to pending) closes the document at once.
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDocuments } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { simplePdf } from "@db/seed/demo-documents.ts";
import { recordPayment } from "~/domain/payments/ledger.server.ts";
import { createCourse, getCourseForEdit, updateCourse } from "~/features/courses/courses-admin.server.ts";
import { reopenEnrollment } from "~/features/enrollments/enrollment-decisions.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import { getStorage } from "~/lib/storage.server.ts";
import { loader as documentLoader } from "~/routes/api/document-file.ts";
import { loader as myLoader } from "~/routes/site/my.tsx";
import { createAdmin } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { makeEnrollment } from "../setup/factories.ts";
import { approvedRequest } from "../setup/requests.ts";
import { callLoader } from "../setup/route-call.ts";
import { studentCookie } from "../setup/students.ts";

const database = setUpTestDatabase();
let admin: Actor;
const PDF = simplePdf([{ title: "Handbook", lines: ["Welcome"] }]);

async function stored(name: string) {
  const key = `documents/${crypto.randomUUID().replaceAll("-", "")}.pdf`;
  await getStorage().put(key, PDF, { contentType: "application/pdf", visibility: "private", originalName: name });
  return { key, fileName: name, fileType: "PDF", size: PDF.length };
}

/** A priced, published course with a handbook for students and trainer notes, set as staff do in the form. */
async function courseWithDocuments(slug: string) {
  const course = await createCourse(admin, { title: `Course ${slug}`, slug, language: "en", isPublished: true, price: 1000, documents: [await stored("handbook.pdf"), await stored("trainer-notes.pdf")] });
  const edit = await getCourseForEdit(admin, course.id);
  expect(edit.documents.map((d) => d.forStudents)).toEqual([false, false]);
  // Staff tick "For students" on the handbook and save.
  await updateCourse(admin, course.id, {
    title: `Course ${slug}`,
    slug,
    language: "en",
    isPublished: true,
    price: 1000,
    version: edit.version,
    documents: edit.documents.map((d) => ({ ...d, forStudents: d.fileName === "handbook.pdf" })),
  });
  const docs = await database.db.select().from(courseDocuments).where(eq(courseDocuments.courseId, course.id));
  return { id: course.id, handbook: docs.find((d) => d.fileName === "handbook.pdf")!, notes: docs.find((d) => d.fileName === "trainer-notes.pdf")! };
}

const open = (id: string, cookie?: string) => callLoader(documentLoader, { url: `/files/documents/${id}`, params: { id }, ...(cookie ? { headers: { Cookie: cookie } } : {}) });
const materialsOf = async (cookie: string) => (await callLoader(myLoader, { url: "/en/my", params: { lang: "en" }, headers: { Cookie: cookie } })).data!.student!.materials;

beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin();
});

describe("my course materials", () => {
  it("a confirmed seat: the handbook listed and streamed; the trainer notes neither; held, pending and no session refused", async () => {
    const course = await courseWithDocuments("excel");
    expect(course.handbook.forStudents).toBe(true);
    expect(course.notes.forStudents).toBe(false);
    const paid = await approvedRequest(admin, { courseId: course.id, emailPrefix: "paid" });
    await recordPayment(admin, paid.id, { amountPiastres: 100000, method: "cash", reference: "BOOK-7" });
    const held = await approvedRequest(admin, { courseId: course.id, emailPrefix: "held" });
    const pending = await makeEnrollment({ courseId: course.id, courseName: "Course excel", studentEmail: "pending@example.com" });

    const paidCookie = await studentCookie(paid.email.toUpperCase());
    expect(await materialsOf(paidCookie)).toEqual([
      { courseId: course.id, courseTitle: "Course excel", documents: [{ id: course.handbook.id, fileName: "handbook.pdf", sizeBytes: PDF.length }] },
    ]);
    const ok = await open(course.handbook.id, paidCookie);
    expect(ok.status).toBe(200);
    expect(ok.response!.headers.get("content-type")).toBe("application/pdf");
    expect(ok.response!.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await ok.response!.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await open(course.notes.id, paidCookie)).status).toBe(403);

    for (const email of [held.email, pending.studentEmail]) {
      const cookie = await studentCookie(email);
      expect(await materialsOf(cookie)).toEqual([]);
      expect((await open(course.handbook.id, cookie)).status).toBe(403);
    }
    expect((await open(course.handbook.id)).status).toBe(401);
    expect((await open(course.handbook.id, "na-student.session_token=forged.value")).status).toBe(401);
  });

  it("a confirmed seat in another course opens nothing here; a seat no longer confirmed closes the document at once", async () => {
    const excel = await courseWithDocuments("excel");
    const python = await courseWithDocuments("python");
    const seat = await approvedRequest(admin, { courseId: python.id, emailPrefix: "py" });
    await recordPayment(admin, seat.id, { amountPiastres: 100000, method: "instapay", reference: "IP-9" });
    const cookie = await studentCookie(seat.email);
    expect((await materialsOf(cookie)).map((c) => c.courseId)).toEqual([python.id]);
    expect((await open(excel.handbook.id, cookie)).status).toBe(403);
    expect((await open(python.handbook.id, cookie)).status).toBe(200);
    // Staff move the request back to pending (say, a payment recorded by mistake and refunded).
    await reopenEnrollment(admin, seat.id, "approved");
    expect((await open(python.handbook.id, cookie)).status).toBe(403);
    expect(await materialsOf(cookie)).toEqual([]);
  });
});
