// /admin/roles — Roles & permissions (D13, D18; admin only): the permission registry as a matrix for
// the manager role, saved to role_permissions; admins always hold every permission.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { RolesPage } from "~/features/roles/components/roles-page.tsx";
import type { RolesReply } from "~/features/roles/roles-reply.ts";
import { saveRolesSchema } from "~/features/roles/roles.schema.ts";
import { getManagerPermissions, saveManagerPermissions } from "~/features/roles/roles.server.ts";
import { adminAction, requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/roles";

export const handle = { adminOnly: true };

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { adminOnly: true });
  const granted = await getManagerPermissions(actor);
  return { granted, title: getInstance(context).t("roles.metaTitle") };
}

export type { RolesReply };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, { adminOnly: true });
  const submission = parseWithZod(await request.formData(), { schema: saveRolesSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "roles.errors.unknownPermission";
    return data<RolesReply>({ ok: false, messageKey: first }, { status: 400 });
  }
  const outcome = await adminAction(() => saveManagerPermissions(actor, submission.value.permissions));
  if (!("ok" in outcome)) return data<RolesReply>({ ok: false, messageKey: outcome.data.messageKey }, outcome.init ?? undefined);
  return data<RolesReply>({ ok: true, saved: outcome.value });
}

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function RolesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <RolesPage granted={loaderData.granted} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
