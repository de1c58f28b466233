// /admin — the dashboard (SPEC §2 Dashboard, §8 counts read 0 on failure, §9 five placeholders).
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { DashboardPage } from "~/features/dashboard/components/dashboard-page.tsx";
import { getDashboard } from "~/features/dashboard/dashboard.server.ts";
import { isClientDataRequest } from "~/lib/deferred.server.ts";
import { requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
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

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function Dashboard({ loaderData, matches }: Route.ComponentProps) {
  return <DashboardPage actor={loaderData.actor} dashboard={loaderData.dashboard} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
