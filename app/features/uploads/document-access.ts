// Who may read a private course document (D8). Kept free of server-only imports so that the document
// route module can export it.
import type { Actor } from "~/lib/permissions.server.ts";
import { can, staffHold } from "~/lib/permissions.ts";

/**
 * Who asks for a document: a staff member, an instructor signed in to their own area, or a student signed
 * in to the student area (issue 38 item 4) with the courses where their email holds a confirmed seat.
 */
export type DocumentReader =
  | { type: "staff"; actor: Actor }
  | { type: "instructor"; instructorId: string }
  | { type: "student"; email: string; confirmedCourseIds: ReadonlySet<string> };

/** What the access rule needs to know about a document. */
export interface DocumentAccess {
  courseId: string;
  /** The instructor assigned to the document's course, if any. */
  courseInstructorId: string | null;
  /** Staff marked it for the course's confirmed students (issue 38 item 4). */
  forStudents: boolean;
}

/**
 * May this reader see this course document? Staff with courses:view (not while a generated password is
 * still to be changed); an instructor only for a course assigned to them (the session was checked,
 * expiry included, before the reader was made). A draft's documents never reach this check for staff
 * without courses:publish: findDocument does not find them (404; course-visibility.server.ts). A student
 * only a document marked "for students" of a course where they hold a confirmed seat (approved, paid).
 */
export function canReadDocument(reader: DocumentReader | null, document: DocumentAccess): boolean {
  if (!reader) return false;
  if (reader.type === "staff") {
    const { actor } = reader;
    return staffHold(actor) === null && can(actor, "courses:view");
  }
  if (reader.type === "student") return document.forStudents && reader.confirmedCourseIds.has(document.courseId);
  return Boolean(reader.instructorId) && document.courseInstructorId === reader.instructorId;
}
