// GET /files/documents/:id — a course document, streamed only to those allowed to read it (D8):
// staff with courses:view, the instructor assigned to the document's course (a valid instructor
// session, checked for expiry on every request), or a signed-in student with a confirmed seat in the
// course when staff marked the document "for students" (issue 38 item 4). `Cache-Control: private, no-store`, an inline
// Content-Disposition with a safe file name, nosniff. 401 nobody signed in, 403 not allowed, 404 unknown.
import { requestInfoContext } from "~/lib/context.server.ts";
import { clearSessionHeaders, getInstructorSession } from "~/lib/instructor-session.server.ts";
import { getActor } from "~/lib/staff-session.server.ts";
import type { DocumentReader } from "~/features/uploads/document-access.ts";
import { documentFileResponse } from "~/features/uploads/upload-routes.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { confirmedCourseIds } from "~/domain/enrollments/confirmed-seats.server.ts";
import { currentStudent } from "~/features/students/student-sign-in.server.ts";
import type { Route } from "./+types/document-file";

export { canReadDocument, type DocumentReader } from "~/features/uploads/document-access.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await getActor(request, context.get(requestInfoContext).ip);
  let reader: DocumentReader | null = actor ? { type: "staff", actor } : null;
  let stale = false;
  if (!reader) {
    const lookup = await getInstructorSession(request);
    if (lookup.session) reader = { type: "instructor", instructorId: lookup.session.instructorId };
    stale = lookup.stale;
  }
  if (!reader) {
    // The student area's session (issue 38 item 4): the courses where that email holds a confirmed seat.
    const student = await currentStudent(request);
    if (student) reader = { type: "student", email: student.email, confirmedCourseIds: await confirmedCourseIds(student.email) };
  }
  const response = await documentFileResponse(params.id, reader, getInstance(context).t);
  // An expired instructor session was ended on the server: the browser forgets its cookie too.
  if (stale) clearSessionHeaders(request, response.headers);
  return response;
}
