// /admin/instructors — Admin Instructors (SPEC §2, §3, §5 Instructor, §8; D7, D18, D22): list, create, edit
// and delete instructors, and create or renew an instructor's login account (intent "account",
// instructors:create_accounts). The page is features/instructors/components/instructors-page.tsx.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import type { AccountReply } from "~/features/instructor-accounts/accounts-reply.ts";
import { ACCOUNT_ERRORS, accountRequestSchema } from "~/features/instructor-accounts/accounts.schema.ts";
import { createOrRenewAccount } from "~/features/instructor-accounts/accounts.server.ts";
import { InstructorsPage } from "~/features/instructors/components/instructors-page.tsx";
import type { InstructorsReply } from "~/features/instructors/instructors-reply.ts";
import {
  INSTRUCTOR_ERRORS,
  INSTRUCTOR_INTENT_SCHEMAS,
  isInstructorIntent,
  type InstructorIntent,
} from "~/features/instructors/instructors.schema.ts";
import {
  createInstructor,
  deleteInstructor,
  listInstructorsForAdmin,
  updateInstructor,
} from "~/features/instructors/instructors.server.ts";
import { can, type Permission } from "~/lib/permissions.ts";
import { adminAction, requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/instructors";

export const handle = { permission: "instructors:view" } satisfies { permission: Permission };

/** The flag each intent needs on top of instructors:view (the domain functions check again). */
const INTENT_PERMISSION: Record<InstructorIntent, Permission> = {
  create: "instructors:create",
  update: "instructors:edit",
  delete: "instructors:delete",
};

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
  };
}

/** Staff data (and, after an account post, a one-time password): never stored by any cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function idOf(formData: FormData): string | undefined {
  const value = formData.get("instructorId");
  return typeof value === "string" ? value : undefined;
}

/** The account modal's post: create or renew the instructor's login account (instructors:create_accounts). */
async function accountAction(formData: FormData, context: Route.ActionArgs["context"]) {
  const actor = requireActor(context, { permission: "instructors:create_accounts" });
  const instructorId = idOf(formData);
  const submission = parseWithZod(formData, { schema: accountRequestSchema });
  if (submission.status !== "success") {
    const firstError = Object.values(submission.error ?? {}).flat()[0];
    return data<AccountReply>(
      { intent: "account", ok: false, instructorId, result: submission.reply(), messageKey: firstError ?? ACCOUNT_ERRORS.durationRequired },
      { status: 400 },
    );
  }
  const outcome = await adminAction(() => createOrRenewAccount(actor, submission.value));
  if (!("ok" in outcome)) {
    const { messageKey, fields } = outcome.data;
    const fieldErrors = fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === "form" ? "" : k, [v]])) : undefined;
    return data<AccountReply>(
      { intent: "account", ok: false, instructorId, messageKey, result: submission.reply({ fieldErrors }) },
      outcome.init ?? undefined,
    );
  }
  const account = outcome.value;
  return data<AccountReply>({
    intent: "account",
    ok: true,
    instructorId,
    result: submission.reply({ resetForm: true }),
    account: { ...account, expiresAt: account.expiresAt.toISOString() },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireActor(context, { permission: "instructors:view" });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "account") return accountAction(formData, context);
  if (!isInstructorIntent(intent)) {
    return data<InstructorsReply>({ intent: null, ok: false, messageKey: INSTRUCTOR_ERRORS.invalidRequest }, { status: 400 });
  }
  const actor = requireActor(context, { permission: INTENT_PERMISSION[intent] });
  const instructorId = idOf(formData);

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: INSTRUCTOR_INTENT_SCHEMAS.delete });
    if (submission.status !== "success") {
      return data<InstructorsReply>({ intent, ok: false, instructorId, messageKey: INSTRUCTOR_ERRORS.instructorInvalid }, { status: 400 });
    }
    const id = submission.value.instructorId;
    const outcome = await adminAction(() => deleteInstructor(actor, id));
    if (!("ok" in outcome)) {
      return data<InstructorsReply>({ intent, ok: false, instructorId, messageKey: outcome.data.messageKey }, outcome.init ?? undefined);
    }
    return data<InstructorsReply>({ intent, ok: true, instructorId, name: outcome.value.name });
  }

  const submission = parseWithZod(formData, { schema: INSTRUCTOR_INTENT_SCHEMAS[intent] });
  if (submission.status !== "success") {
    return data<InstructorsReply>({ intent, ok: false, instructorId, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  const outcome = await adminAction(() =>
    value.intent === "update" ? updateInstructor(actor, value.instructorId, value) : createInstructor(actor, value),
  );
  if (!("ok" in outcome)) {
    const { messageKey, fields } = outcome.data;
    const fieldErrors = fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])) : undefined;
    return data<InstructorsReply>(
      { intent, ok: false, instructorId, messageKey, result: submission.reply({ fieldErrors }) },
      outcome.init ?? undefined,
    );
  }
  return data<InstructorsReply>({
    intent,
    ok: true,
    instructorId: outcome.value.id,
    name: outcome.value.name,
    result: submission.reply({ resetForm: true }),
  });
}

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function InstructorsRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { title: _title, ...page } = loaderData;
  return <InstructorsPage {...page} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
