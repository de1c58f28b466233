// GET /files/documents/:id — a course document, streamed only to those allowed to read it (D8):
// `Cache-Control: private, no-store`, `Content-Type: application/pdf`, nosniff. 401 nobody signed in,
// 403 not allowed, 404 unknown. Issue 7 adds the assigned instructor (see canReadDocument).
import { requestInfoContext } from "~/lib/context.server.ts";
import { getActor } from "~/lib/staff-session.server.ts";
import type { DocumentReader } from "~/features/uploads/document-access.ts";
import { documentFileResponse } from "~/features/uploads/upload-routes.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/document-file";

export { canReadDocument, type DocumentReader } from "~/features/uploads/document-access.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await getActor(request, context.get(requestInfoContext).ip);
  const reader: DocumentReader | null = actor ? { type: "staff", actor } : null;
  return documentFileResponse(params.id, reader, getInstance(context).t);
}
