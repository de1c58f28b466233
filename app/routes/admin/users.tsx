// /admin/users — 'User Management' (SPEC §2 Admin Users, §5 Add user, §8; D9, D11, D18, D25, D28). The page
// itself is app/features/users/components/users-page.tsx.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { resetStaffTwoFactor } from "~/features/auth/two-factor.server.ts";
import { UsersPage } from "~/features/users/components/users-page.tsx";
import {
  addUserSchema,
  deleteUserSchema,
  editRoleSchema,
  resetTwoFactorSchema,
  USERS_ERRORS,
  type UserIntent,
  type UserReplyFields,
} from "~/features/users/users.schema.ts";
import {
  addStaffUser,
  changeUserRole,
  deleteStaffUser,
  listStaffUsers,
} from "~/features/users/users.server.ts";
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import { requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/users";

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "users:view" });
  const users = await listStaffUsers(actor);
  return { users, actor: toActorView(actor), title: getInstance(context).t("users.metaTitle"), count: users.length };
}

/** The generated password travels in this reply only: never cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

// The users feature's own intents, and the two-step reset that lives with the sign-in (features/auth):
// this route is where the two meet. The domain functions check each flag again.
export const action = adminAction<UserIntent, UserReplyFields>({
  guard: { permission: "users:view" },
  invalidKey: USERS_ERRORS.invalidRequest,
  subject: (formData) => ({ userId: formText(formData, "userId") }),
  intents: {
    add: intent({
      permission: "users:create",
      schema: addUserSchema,
      form: true,
      // The chosen password is never sent back to the browser.
      hideFields: ["password"],
      failureKey: "users.errors.addFailed",
      run: async (value, { actor }) => {
        const { user, generatedPassword } = await addStaffUser(actor, value);
        return { email: user.email, generatedPassword };
      },
    }),
    editRole: intent({
      permission: "users:edit",
      schema: editRoleSchema,
      failureKey: "users.errors.updateRoleFailed",
      run: async ({ userId, role, fromRole }, { actor }) => ({ userId, email: (await changeUserRole(actor, userId, role, fromRole)).email }),
    }),
    delete: intent({
      permission: "users:delete",
      schema: deleteUserSchema,
      failureKey: "users.errors.deleteFailed",
      run: async ({ userId }, { actor }) => ({ userId, email: (await deleteStaffUser(actor, userId)).email }),
    }),
    resetTwoFactor: intent({
      permission: "users:edit",
      schema: resetTwoFactorSchema,
      failureKey: "users.errors.resetTwoFactorFailed",
      run: async ({ userId }, { actor }) => ({ userId, email: (await resetStaffTwoFactor(actor, userId)).email }),
    }),
  },
});

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function UsersRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <UsersPage users={loaderData.users} actor={loaderData.actor} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
