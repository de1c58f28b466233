// Who may read a private course document (D8). Kept free of server-only imports so that the document
// route module can export it (issue 7 extends it for the instructor assigned to the course).
import type { Actor } from "~/lib/permissions.server.ts";
import { can, isStaffRole } from "~/lib/permissions.ts";

/** Who asks for a document: a staff member, or (issue 7) an instructor signed in to their own area. */
export type DocumentReader = { type: "staff"; actor: Actor } | { type: "instructor"; instructorId: string };

/** What the access rule needs to know about a document. */
export interface DocumentAccess {
  courseId: string;
  /** The instructor assigned to the document's course, if any. */
  courseInstructorId: string | null;
}

/**
 * May this reader see this course document? Staff with courses:view (not while a generated password is
 * still to be changed). Instructors: not yet — issue 7 lets the instructor assigned to the course in.
 */
export function canReadDocument(reader: DocumentReader | null, document: DocumentAccess): boolean {
  if (!reader) return false;
  if (reader.type === "staff") {
    const { actor } = reader;
    return isStaffRole(actor.role) && !actor.mustChangePassword && can(actor, "courses:view");
  }
  void document;
  return false;
}
