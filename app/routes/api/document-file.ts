// GET /files/documents/:id — a course document, streamed only to those allowed to read it (D8):
// staff with courses:view, or the instructor assigned to the document's course (a valid instructor
// session, checked for expiry on every request). `Cache-Control: private, no-store`, an inline
// Content-Disposition with a safe file name, nosniff. 401 nobody signed in, 403 not allowed, 404 unknown.
import { requestInfoContext } from "~/lib/context.server.ts";
import { clearSessionHeaders, getInstructorSession } from "~/lib/instructor-session.server.ts";
import { getActor } from "~/lib/staff-session.server.ts";
import type { DocumentReader } from "~/features/uploads/document-access.ts";
import { documentFileResponse } from "~/features/uploads/upload-routes.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
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
  const response = await documentFileResponse(params.id, reader, getInstance(context).t);
  // An expired instructor session was ended on the server: the browser forgets its cookie too.
  if (stale) clearSessionHeaders(request, response.headers);
  return response;
}
