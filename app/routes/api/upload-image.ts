// POST /admin/uploads/image?kind=thumbnail|photo — one image (multipart field `file`), answered as JSON
// { ok: true, url, key, width, height, srcset? } or { ok: false, message } with a 4xx. Thumbnails need
// courses create or edit; photos instructors create or edit. Outside the admin layout: the actor is
// resolved here. GET answers what the route accepts (to permitted staff).
import { requestInfoContext } from "~/lib/context.server.ts";
import { getActor } from "~/lib/staff-session.server.ts";
import { imageUploadInfo, imageUploadResponse } from "~/features/uploads/upload-routes.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/upload-image";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await getActor(request, context.get(requestInfoContext).ip);
  return imageUploadInfo(request, actor, getInstance(context).t);
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await getActor(request, context.get(requestInfoContext).ip);
  return imageUploadResponse(request, actor, getInstance(context).t);
}
