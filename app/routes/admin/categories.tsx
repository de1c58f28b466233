// /admin/categories — categories and subcategories (SPEC §2 Admin Categories, §5, §8; D18, D22).
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { CategoriesPage } from "~/features/categories/components/categories-page.tsx";
import { categoriesAction } from "~/features/categories/categories-actions.server.ts";
import { listCategoriesAdmin } from "~/features/categories/categories.server.ts";
import { isClientDataRequest } from "~/lib/deferred.server.ts";
import { requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/categories";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "categories:view" });
  const lists = listCategoriesAdmin(actor);
  return {
    actor: toActorView(actor),
    // Client navigations show the placeholder while the two lists load; a document request waits. The
    // title has no count: a client navigation could not give the one a fresh load gives.
    lists: isClientDataRequest(request) ? lists : await lists,
    title: getInstance(context).t("categories.metaTitle"),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const action = (args: Route.ActionArgs) => categoriesAction(args);

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function CategoriesRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <CategoriesPage actor={loaderData.actor} lists={loaderData.lists} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
