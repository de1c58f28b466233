// "My materials" (issue 38 item 4): the documents staff marked "for students" of each course where the
// signed-in student's email holds a confirmed seat (approved, nothing left to pay), by course, in the
// course's order. Each opens in the view-only viewer from /files/documents/:id, which checks the same rule
// again on every request (app/routes/api/document-file.ts): this list only says what there is.
import { and, asc, eq, inArray } from "drizzle-orm";
import { courseDocuments, courses } from "@db/schema/index.ts";
import { confirmedCourseIds } from "~/domain/enrollments/confirmed-seats.server.ts";
import { db } from "~/lib/db.server.ts";

export interface MyCourseMaterials {
  courseId: string;
  courseTitle: string;
  documents: { id: string; fileName: string; sizeBytes: number }[];
}

export async function listMyMaterials(email: string): Promise<MyCourseMaterials[]> {
  const ids = await confirmedCourseIds(email);
  if (ids.size === 0) return [];
  const rows = await db()
    .select({ id: courseDocuments.id, fileName: courseDocuments.fileName, sizeBytes: courseDocuments.sizeBytes, courseId: courses.id, courseTitle: courses.title })
    .from(courseDocuments)
    .innerJoin(courses, eq(courses.id, courseDocuments.courseId))
    .where(and(inArray(courseDocuments.courseId, [...ids]), eq(courseDocuments.forStudents, true)))
    .orderBy(asc(courses.title), asc(courses.id), asc(courseDocuments.position), asc(courseDocuments.createdAt));
  const byCourse = new Map<string, MyCourseMaterials>();
  for (const row of rows) {
    const course = byCourse.get(row.courseId) ?? { courseId: row.courseId, courseTitle: row.courseTitle, documents: [] };
    course.documents.push({ id: row.id, fileName: row.fileName, sizeBytes: row.sizeBytes });
    byCourse.set(row.courseId, course);
  }
  return [...byCourse.values()];
}
