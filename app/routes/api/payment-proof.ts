// GET /admin/payments/proofs/:id — a student's proof of payment, to staff with payments:view (issue 37
// item 9). Outside the admin layout: the actor is resolved here (app/features/uploads/upload-routes.server.ts).
import { requestInfoContext } from "~/lib/context.server.ts";
import { getActor } from "~/lib/staff-session.server.ts";
import { proofFileResponse } from "~/features/uploads/upload-routes.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/payment-proof";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await getActor(request, context.get(requestInfoContext).ip);
  return proofFileResponse(request, params.id, actor, getInstance(context).t);
}
