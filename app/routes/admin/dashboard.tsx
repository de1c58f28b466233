// /admin — the dashboard (SPEC §2 Dashboard, §8 counts read 0 on failure, §9 five placeholders).
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { DashboardPage } from "~/features/dashboard/components/dashboard-page.tsx";
import { getDashboard } from "~/features/dashboard/dashboard.server.ts";
import { isClientDataRequest } from "~/lib/deferred.server.ts";
import { requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context);
  const dashboard = getDashboard(actor);
  return {
    actor: toActorView(actor),
    // Client navigations show the five placeholders while the counts load; a document request waits.
    dashboard: isClientDataRequest(request) ? dashboard : await dashboard,
    title: getInstance(context).t("admin.dashboard.metaTitle"),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function Dashboard({ loaderData, matches }: Route.ComponentProps) {
  return <DashboardPage actor={loaderData.actor} dashboard={loaderData.dashboard} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
