// /admin/instructors — Admin Instructors (SPEC §2, §3, §5 Instructor, §8; D7, D18, D22): list, create, edit
// and delete instructors, and create or renew an instructor's login account (intent "account",
// instructors:create_accounts). The page is features/instructors/components/instructors-page.tsx.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { ACCOUNT_ERRORS, accountRequestSchema } from "~/features/instructor-accounts/accounts.schema.ts";
import { createOrRenewAccount } from "~/features/instructor-accounts/accounts.server.ts";
import { InstructorsPage } from "~/features/instructors/components/instructors-page.tsx";
import {
  createInstructorSchema,
  deleteInstructorSchema,
  INSTRUCTOR_ERRORS,
  updateInstructorSchema,
  type InstructorIntent,
  type InstructorReplyFields,
} from "~/features/instructors/instructors.schema.ts";
import {
  createInstructor,
  deleteInstructor,
  listInstructorsForAdmin,
  updateInstructor,
} from "~/features/instructors/instructors.server.ts";
import { can } from "~/lib/permissions.ts";
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import { requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/instructors";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "instructors:view" });
  const instructors = await listInstructorsForAdmin(actor);
  const url = new URL(request.url);
  return {
    instructors,
    actor: toActorView(actor),
    // SPEC: ?action=create opens the create form, given create permission (otherwise it is ignored).
    createFromLink: url.searchParams.get("action") === "create" && can(toActorView(actor), "instructors:create"),
    title: getInstance(context).t("instructorsAdmin.metaTitle"),
    count: instructors.length,
  };
}

/** Staff data (and, after an account post, a one-time password): never stored by any cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// The instructors' own intents, and the login account that lives with the instructor accounts: this
// route is where the two meet. The domain functions check each flag again.
export const action = adminAction<InstructorIntent | "account", InstructorReplyFields>({
  guard: { permission: "instructors:view" },
  invalidKey: INSTRUCTOR_ERRORS.invalidRequest,
  subject: (formData) => ({ instructorId: formText(formData, "instructorId") }),
  // SPEC §8: 'Failed to create/renew instructor account: {msg}', unless the message already says so.
  plain: [ACCOUNT_ERRORS.createFailed],
  intents: {
    create: intent({
      permission: "instructors:create",
      schema: createInstructorSchema,
      form: true,
      run: async (value, { actor }) => saved(await createInstructor(actor, value)),
    }),
    update: intent({
      permission: "instructors:edit",
      schema: updateInstructorSchema,
      form: true,
      run: async (value, { actor }) => saved(await updateInstructor(actor, value.instructorId, value)),
    }),
    delete: intent({
      permission: "instructors:delete",
      schema: deleteInstructorSchema,
      run: async ({ instructorId }, { actor }) => {
        const { name, nameAr } = await deleteInstructor(actor, instructorId);
        return { instructorId, name, nameAr };
      },
    }),
    account: intent({
      permission: "instructors:create_accounts",
      schema: accountRequestSchema,
      form: true,
      failureKey: ACCOUNT_ERRORS.createRenewFailed,
      run: async (value, { actor }) => {
        const account = await createOrRenewAccount(actor, value);
        return { instructorId: value.instructorId, account: { ...account, expiresAt: account.expiresAt.toISOString() } };
      },
    }),
  },
});

const saved = ({ id, name, nameAr }: { id: string; name: string; nameAr?: string | null }) => ({ instructorId: id, name, nameAr: nameAr ?? null });

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function InstructorsRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { title: _title, count: _count, ...page } = loaderData;
  return <InstructorsPage {...page} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
