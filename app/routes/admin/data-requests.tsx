// /admin/data-requests — "Erase requests" (issue 38 items 6 and 7; admins only): students' requests to
// delete their data, waiting ones first (oldest first), each confirmed in a dialog; confirming erases the
// person's data everywhere (app/features/students/data-requests.server.ts). Then the last ones done, with
// what was erased, and no address.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { DataRequestsPage } from "~/features/students/components/data-requests-page.tsx";
import { DATA_REQUESTS_INVALID, eraseSchema, type DataRequestsReplyFields } from "~/features/students/data-requests.schema.ts";
import { confirmErasure, listDataRequests } from "~/features/students/data-requests.server.ts";
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/data-requests";

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { adminOnly: true });
  const requests = await listDataRequests(actor);
  return { requests, title: getInstance(context).t("adminDataRequests.metaTitle"), count: requests.filter((r) => r.status === "pending").length };
}

export const action = adminAction<"erase", DataRequestsReplyFields>({
  guard: { adminOnly: true },
  invalidKey: DATA_REQUESTS_INVALID,
  subject: (formData) => ({ id: formText(formData, "id") }),
  intents: {
    erase: intent({
      schema: eraseSchema,
      run: async ({ id }, { actor }) => ({ id, requests: (await confirmErasure(actor, id)).requests }),
    }),
  },
});

export const meta: Route.MetaFunction = adminMeta;

export default function DataRequestsRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <DataRequestsPage requests={loaderData.requests} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
