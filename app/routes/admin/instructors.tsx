// /admin/instructors — Admin Instructors (SPEC §2, §3, §5 Instructor, §8; D18, D22). The card grid with
// each instructor's login-account status; create/edit/delete in modals (in place without JavaScript).
// `?action=create` opens the create form directly (with create permission); closing it returns to /admin.
// The 'Create login account' icon (instructors:create_accounts) opens the instructor account modal
// (intent "account": create or renew the login account, SPEC §2/§4/§5; D7, D22).
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound, Pencil, Plus, Trash2, UserRoundPlus } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { data, Link, useNavigate, useSearchParams } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { AccountDialogBody, accountDialogTitle } from "~/features/instructor-accounts/components/account-dialog.tsx";
import type { AccountReply } from "~/features/instructor-accounts/accounts-reply.ts";
import { ACCOUNT_ERRORS, accountRequestSchema } from "~/features/instructor-accounts/accounts.schema.ts";
import { createOrRenewAccount } from "~/features/instructor-accounts/accounts.server.ts";
import { InstructorAdminCard, type AdminInstructorView } from "~/features/instructors/components/instructor-admin-card.tsx";
import {
  DeleteInstructorForm,
  InstructorForm,
  INSTRUCTORS_PATH,
  ModalOrPanel,
} from "~/features/instructors/components/instructor-dialogs.tsx";
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
import { useHydrated } from "~/lib/use-hydrated.ts";
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

type OpenDialog = { kind: "create" } | { kind: "edit" | "delete" | "account"; instructor: AdminInstructorView } | null;
type ActionReply = InstructorsReply | AccountReply;

/** Which form the URL (links without JavaScript, ?action=create) or a no-JS post's failed reply asks for. */
function dialogFromUrl(
  params: URLSearchParams,
  instructors: AdminInstructorView[],
  reply: ActionReply | undefined,
  createFromLink: boolean,
): OpenDialog {
  // An account post shows its outcome (the password, or the refusal) in its own panel.
  if (reply?.intent === "account") {
    const instructor = instructors.find((i) => i.id === reply.instructorId);
    return instructor ? { kind: "account", instructor } : null;
  }
  const failed = reply && !reply.ok ? reply : undefined;
  const kind = failed?.intent ?? params.get("dialog") ?? (createFromLink ? "create" : null);
  if (kind === "create") return { kind: "create" };
  if (kind === "account") {
    const instructor = instructors.find((i) => i.id === params.get("instructor"));
    return instructor ? { kind: "account", instructor } : null;
  }
  if (kind === "edit" || kind === "update" || kind === "delete") {
    const instructor = instructors.find((i) => i.id === (failed?.instructorId ?? params.get("instructor")));
    return instructor ? { kind: kind === "delete" ? "delete" : "edit", instructor } : null;
  }
  return null;
}

export default function InstructorsPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const locale = matches[0].loaderData.locale;
  const { instructors, actor, createFromLink } = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDialog>(() => dialogFromUrl(searchParams, instructors, actionData, createFromLink));
  // SPEC: the create form opened by ?action=create returns to /admin when it is closed.
  const [returnToDashboard, setReturnToDashboard] = useState(createFromLink);

  const canCreate = can(actor, "instructors:create");
  const canEdit = can(actor, "instructors:edit");
  const canDelete = can(actor, "instructors:delete");
  const canCreateAccounts = can(actor, "instructors:create_accounts");

  const close = useCallback(() => {
    setDialog(null);
    if (returnToDashboard) void navigate("/admin");
  }, [navigate, returnToDashboard]);

  const onSaved = useCallback(
    (reply: InstructorsReply) => {
      setDialog(null);
      showToast(
        "success",
        t(reply.intent === "update" ? "instructorsAdmin.form.updated" : "instructorsAdmin.form.created", { name: reply.name }),
      );
      if (returnToDashboard) {
        // Saved: stay here to see the new card; drop ?action=create so a reload does not reopen the form.
        setReturnToDashboard(false);
        void navigate(INSTRUCTORS_PATH, { replace: true, preventScrollReset: true });
      }
    },
    [navigate, returnToDashboard, t],
  );
  const onDeleted = useCallback(
    (reply: InstructorsReply) => {
      setDialog(null);
      showToast("success", t("instructorsAdmin.delete.success", { name: reply.name }));
    },
    [t],
  );

  // Without JavaScript: the page after a post shows its outcome in place.
  const noJsAny: ActionReply | undefined = hydrated ? undefined : actionData;
  const noJsReply = noJsAny && noJsAny.intent !== "account" ? noJsAny : undefined;
  const noJsAccountReply = noJsAny?.intent === "account" ? noJsAny : undefined;
  const shownDialog = hydrated ? dialog : dialogFromUrl(searchParams, instructors, actionData, createFromLink && !actionData);
  const cancelHref = createFromLink && !actionData ? "/admin" : INSTRUCTORS_PATH;

  const openLink = (target: Exclude<OpenDialog, null>, content: ReactNode, className: string, label?: string) => {
    const href =
      target.kind === "create"
        ? `${INSTRUCTORS_PATH}?dialog=create`
        : `${INSTRUCTORS_PATH}?dialog=${target.kind}&instructor=${encodeURIComponent(target.instructor.id)}`;
    return hydrated ? (
      <button
        type="button"
        className={className}
        aria-label={label}
        title={label}
        onClick={() => {
          setReturnToDashboard(false);
          setDialog(target);
        }}
      >
        {content}
      </button>
    ) : (
      <Link to={href} className={className} aria-label={label} title={label}>
        {content}
      </Link>
    );
  };

  const nameOf = (i: AdminInstructorView) => (locale === "ar" && i.nameAr?.trim() ? i.nameAr : i.name);
  const iconButton =
    "inline-flex h-9 w-9 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2";

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("instructorsAdmin.title")}</h1>
          <p className="mt-1 text-slate-700">{t("instructorsAdmin.intro")}</p>
        </div>
        {canCreate &&
          openLink(
            { kind: "create" },
            <>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t("instructorsAdmin.addInstructor")}
            </>,
            "btn-primary inline-flex gap-2 px-4 py-2 text-sm",
          )}
      </div>

      {noJsReply?.ok && (
        <p role="status" className="mt-6 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950">
          {noJsReply.intent === "delete"
            ? tIsolated(t, "instructorsAdmin.delete.success", { name: noJsReply.name })
            : tIsolated(t, noJsReply.intent === "update" ? "instructorsAdmin.form.updated" : "instructorsAdmin.form.created", {
                name: noJsReply.name,
              })}
        </p>
      )}

      <div className="mt-6">
        <ModalOrPanel
          open={shownDialog?.kind === "create"}
          hydrated={hydrated}
          onClose={close}
          title={t("instructorsAdmin.form.createTitle")}
        >
          {shownDialog?.kind === "create" && (
            <InstructorForm hydrated={hydrated} initialReply={noJsReply} cancelHref={cancelHref} onSuccess={onSaved} onCancel={close} />
          )}
        </ModalOrPanel>
        <ModalOrPanel
          open={shownDialog?.kind === "edit"}
          hydrated={hydrated}
          onClose={close}
          title={t("instructorsAdmin.form.editTitle")}
          description={shownDialog?.kind === "edit" ? tIsolated(t, "instructorsAdmin.form.editing", { name: nameOf(shownDialog.instructor) }) : undefined}
        >
          {shownDialog?.kind === "edit" && (
            <InstructorForm
              key={shownDialog.instructor.id}
              instructor={shownDialog.instructor}
              hydrated={hydrated}
              initialReply={noJsReply}
              cancelHref={INSTRUCTORS_PATH}
              onSuccess={onSaved}
              onCancel={close}
            />
          )}
        </ModalOrPanel>
        <ModalOrPanel
          open={shownDialog?.kind === "delete"}
          hydrated={hydrated}
          onClose={close}
          size="sm"
          title={t("instructorsAdmin.delete.title")}
          description={
            shownDialog?.kind === "delete" ? tIsolated(t, "instructorsAdmin.delete.instructor", { name: nameOf(shownDialog.instructor) }) : undefined
          }
        >
          {shownDialog?.kind === "delete" && (
            <DeleteInstructorForm
              instructor={shownDialog.instructor}
              hydrated={hydrated}
              initialReply={noJsReply}
              onSuccess={onDeleted}
              onCancel={close}
            />
          )}
        </ModalOrPanel>
        <ModalOrPanel
          open={shownDialog?.kind === "account" && canCreateAccounts}
          hydrated={hydrated}
          onClose={close}
          size="md"
          title={shownDialog?.kind === "account" ? accountDialogTitle(t, shownDialog.instructor) : ""}
        >
          {shownDialog?.kind === "account" && canCreateAccounts && (
            <AccountDialogBody
              key={shownDialog.instructor.id}
              instructor={shownDialog.instructor}
              locale={locale}
              action={INSTRUCTORS_PATH}
              hydrated={hydrated}
              initialReply={noJsAccountReply}
              onCancel={close}
              onDone={close}
            />
          )}
        </ModalOrPanel>
      </div>

      {instructors.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <UserRoundPlus aria-hidden="true" className="mx-auto h-10 w-10 text-slate-500" />
          <p className="mt-3 text-lg font-semibold text-slate-900">{t("instructorsAdmin.empty")}</p>
          {canCreate && (
            <div className="mt-6">
              {openLink({ kind: "create" }, t("instructorsAdmin.addFirst"), "btn-primary inline-flex px-4 py-2 text-sm")}
            </div>
          )}
        </div>
      ) : (
        <ul aria-label={t("instructorsAdmin.listLabel")} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {instructors.map((instructor) => (
            <li key={instructor.id}>
              <InstructorAdminCard
                instructor={instructor}
                locale={locale}
                actions={
                  <>
                    {canCreateAccounts &&
                      openLink(
                        { kind: "account", instructor },
                        <KeyRound aria-hidden="true" className="h-4 w-4" />,
                        `${iconButton} text-amber-900 hover:bg-amber-50 focus-visible:outline-amber-800`,
                        t("instructorAccounts.open", { name: nameOf(instructor) }),
                      )}
                    {canEdit &&
                      openLink(
                        { kind: "edit", instructor },
                        <Pencil aria-hidden="true" className="h-4 w-4" />,
                        `${iconButton} text-teal-900 hover:bg-teal-50 focus-visible:outline-teal-800`,
                        t("instructorsAdmin.editInstructor", { name: nameOf(instructor) }),
                      )}
                    {canDelete &&
                      openLink(
                        { kind: "delete", instructor },
                        <Trash2 aria-hidden="true" className="h-4 w-4" />,
                        `${iconButton} text-red-800 hover:bg-red-50 focus-visible:outline-red-700`,
                        t("instructorsAdmin.deleteInstructor", { name: nameOf(instructor) }),
                      )}
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
