// POST /admin/uploads/document — one PDF (multipart field `file`), stored privately (D8), answered as
// JSON { ok: true, key, fileName, fileType: "PDF", size } or { ok: false, message } with a 4xx. Needs
// courses create or edit. Outside the admin layout: the actor is resolved here.
import { requestInfoContext } from "~/lib/context.server.ts";
import { getActor } from "~/lib/staff-session.server.ts";
import { documentUploadInfo, documentUploadResponse } from "~/features/uploads/upload-routes.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/upload-document";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await getActor(request, context.get(requestInfoContext).ip);
  return documentUploadInfo(request, actor, getInstance(context).t);
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await getActor(request, context.get(requestInfoContext).ip);
  return documentUploadResponse(request, actor, getInstance(context).t);
}
