// /admin/users — 'User Management' (SPEC §2 Admin Users, §5 Add user, §8; D9, D11, D18, D25, D28). The page
// itself is app/features/users/components/users-page.tsx.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { resetStaffTwoFactor } from "~/features/auth/two-factor.server.ts";
import { UsersPage } from "~/features/users/components/users-page.tsx";
import type { UsersReply } from "~/features/users/users-reply.ts";
import { isUserIntent, USER_INTENT_SCHEMAS, type UserIntent } from "~/features/users/users.schema.ts";
import {
  addStaffUser,
  changeUserRole,
  deleteStaffUser,
  listStaffUsers,
} from "~/features/users/users.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { adminAction, requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/users";

export const handle = { permission: "users:view" } satisfies { permission: Permission };

/** The flag each intent needs on top of users:view (the domain functions check again). */
const INTENT_PERMISSION: Record<UserIntent, Permission> = {
  add: "users:create",
  editRole: "users:edit",
  delete: "users:delete",
  resetTwoFactor: "users:edit",
};

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "users:view" });
  const users = await listStaffUsers(actor);
  return { users, actor: toActorView(actor), title: getInstance(context).t("users.metaTitle") };
}

/** The generated password travels in this reply only: never cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function action({ request, context }: Route.ActionArgs) {
  requireActor(context, { permission: "users:view" });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isUserIntent(intent)) {
    return data<UsersReply>({ intent: null, ok: false, messageKey: "users.errors.invalidRequest" }, { status: 400 });
  }
  const actor = requireActor(context, { permission: INTENT_PERMISSION[intent] });

  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: USER_INTENT_SCHEMAS.add });
    // The chosen password is never sent back to the browser.
    const hideFields = ["password"];
    if (submission.status !== "success") {
      return data<UsersReply>({ intent, ok: false, result: submission.reply({ hideFields }) }, { status: 400 });
    }
    const outcome = await adminAction(() => addStaffUser(actor, submission.value));
    if (!("ok" in outcome)) {
      const { messageKey, fields } = outcome.data;
      const fieldErrors = fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])) : undefined;
      return data<UsersReply>(
        { intent, ok: false, messageKey, result: submission.reply({ fieldErrors, hideFields }) },
        outcome.init ?? undefined,
      );
    }
    return data<UsersReply>({
      intent,
      ok: true,
      email: outcome.value.user.email,
      generatedPassword: outcome.value.generatedPassword,
      result: submission.reply({ resetForm: true, hideFields }),
    });
  }

  const submission = parseWithZod(formData, { schema: USER_INTENT_SCHEMAS[intent] });
  const userId = typeof formData.get("userId") === "string" ? String(formData.get("userId")) : undefined;
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "users.errors.invalidRequest";
    return data<UsersReply>({ intent, ok: false, userId, messageKey: first }, { status: 400 });
  }
  const value = submission.value;
  const outcome = await adminAction(async () => {
    switch (value.intent) {
      case "editRole":
        return changeUserRole(actor, value.userId, value.role);
      case "delete":
        return deleteStaffUser(actor, value.userId);
      case "resetTwoFactor":
        return resetStaffTwoFactor(actor, value.userId);
    }
  });
  if (!("ok" in outcome)) {
    return data<UsersReply>({ intent, ok: false, userId, messageKey: outcome.data.messageKey }, outcome.init ?? undefined);
  }
  return data<UsersReply>({ intent, ok: true, userId, email: outcome.value.email });
}

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function UsersRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <UsersPage users={loaderData.users} actor={loaderData.actor} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
