// /admin/roles — Roles & permissions (D13, D18; admin only): the permission registry as a matrix for
// the manager role, saved to role_permissions; admins always hold every permission.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { RolesPage } from "~/features/roles/components/roles-page.tsx";
import { saveRolesSchema, type RolesReply } from "~/features/roles/roles.schema.ts";
import { getManagerPermissions, saveManagerPermissions } from "~/features/roles/roles.server.ts";
import { adminAction, intent } from "~/lib/admin-action.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/roles";

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { adminOnly: true });
  const granted = await getManagerPermissions(actor);
  return { granted, title: getInstance(context).t("roles.metaTitle") };
}

export type { RolesReply };

export const action = adminAction<"save", { saved: Permission[] }>({
  guard: { adminOnly: true },
  invalidKey: "roles.errors.unknownPermission",
  intents: {
    save: intent({
      schema: saveRolesSchema,
      failureKey: "roles.errors.saveFailed",
      run: async ({ permissions }, { actor }) => ({ saved: await saveManagerPermissions(actor, permissions) }),
    }),
  },
});

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function RolesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <RolesPage granted={loaderData.granted} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
