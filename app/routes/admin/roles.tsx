// /admin/roles — Roles & permissions (D13, D18; admin only): the permission registry as a matrix for
// the manager role, saved to role_permissions; admins always hold every permission.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { RolesPage } from "~/features/roles/components/roles-page.tsx";
import { saveRolesSchema, type RolesReply, type RolesReplyFields } from "~/features/roles/roles.schema.ts";
import { getRolesMatrix, saveManagerPermissions } from "~/features/roles/roles.server.ts";
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import { isPermission } from "~/lib/permissions.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/roles";

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { adminOnly: true });
  const { granted, version } = await getRolesMatrix(actor);
  return { granted, version, title: getInstance(context).t("roles.metaTitle") };
}

export type { RolesReply };

export const action = adminAction<"save", RolesReplyFields>({
  guard: { adminOnly: true },
  invalidKey: "roles.errors.unknownPermission",
  // A refusal echoes the ticked boxes (registry keys only) and the version sent: see RolesReplyFields.
  subject: (formData) => ({
    ticked: formData.getAll("permissions").filter(isPermission),
    sentVersion: formText(formData, "version") ?? "",
  }),
  intents: {
    save: intent({
      schema: saveRolesSchema,
      failureKey: "roles.errors.saveFailed",
      run: async ({ permissions, version }, { actor }) => ({ saved: await saveManagerPermissions(actor, permissions, version) }),
    }),
  },
});

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function RolesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <RolesPage granted={loaderData.granted} version={loaderData.version} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
