// /admin/users — 'User Management' (SPEC §2 Admin Users, §5 Add user, §8; D9, D11, D18, D25).
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Plus, RefreshCw, Trash2, UserPlus } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { data, Link, useNavigation, useSearchParams } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import {
  AddUserForm,
  DeleteUserForm,
  EditRoleForm,
  GeneratedPassword,
  ModalOrPanel,
  USERS_PATH,
  type UserRowView,
} from "~/features/users/components/user-dialogs.tsx";
import { useHydrated } from "~/features/users/components/use-hydrated.ts";
import type { UsersReply } from "~/features/users/users-reply.ts";
import { isUserIntent, USER_INTENT_SCHEMAS, type UserIntent } from "~/features/users/users.schema.ts";
import { addStaffUser, changeUserRole, deleteStaffUser, listStaffUsers } from "~/features/users/users.server.ts";
import { formatDate } from "~/lib/format.ts";
import { can, isStaffRole, type Permission } from "~/lib/permissions.ts";
import { adminAction, requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/users";

export const handle = { permission: "users:view" } satisfies { permission: Permission };

/** The flag each intent needs on top of users:view (the domain functions check again). */
const INTENT_PERMISSION: Record<UserIntent, Permission> = {
  add: "users:create",
  editRole: "users:edit",
  delete: "users:delete",
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
  const outcome = await adminAction(async () =>
    value.intent === "editRole" ? changeUserRole(actor, value.userId, value.role) : deleteStaffUser(actor, value.userId),
  );
  if (!("ok" in outcome)) {
    return data<UsersReply>({ intent, ok: false, userId, messageKey: outcome.data.messageKey }, outcome.init ?? undefined);
  }
  return data<UsersReply>({ intent, ok: true, userId, email: outcome.value.email });
}

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

type OpenDialog = { kind: "add" } | { kind: "editRole" | "delete"; user: UserRowView } | null;

/** Which form the URL (links without JavaScript) or a no-JS post's failed reply asks for. */
function dialogFromUrl(params: URLSearchParams, users: UserRowView[], reply: UsersReply | undefined): OpenDialog {
  const failed = reply && !reply.ok ? reply : undefined;
  const kind = failed?.intent ?? params.get("dialog");
  if (kind === "add") return { kind: "add" };
  if (kind === "editRole" || kind === "delete") {
    const user = users.find((u) => u.id === (failed?.userId ?? params.get("user")));
    return user ? { kind, user } : null;
  }
  return null;
}

export default function UsersPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const locale = matches[0].loaderData.locale;
  const { users, actor } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDialog>(() => dialogFromUrl(searchParams, users, actionData));
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const close = useCallback(() => setDialog(null), []);

  const canCreate = can(actor, "users:create");
  const canEdit = can(actor, "users:edit");
  const canDelete = can(actor, "users:delete");
  const actorIsAdmin = actor.role === "admin";
  // D18: nobody changes their own role or deletes themself; only an admin touches an admin.
  const mayTouch = (u: UserRowView) => u.id !== actor.id && (actorIsAdmin || u.role !== "admin");

  const onAdded = useCallback(
    (reply: UsersReply) => {
      setDialog(null);
      showToast("success", t("users.add.success", { email: reply.email }));
      if (reply.generatedPassword && reply.email) setCreated({ email: reply.email, password: reply.generatedPassword });
    },
    [t],
  );
  const onRoleChanged = useCallback(() => {
    setDialog(null);
    showToast("success", t("users.role.success"));
  }, [t]);
  const onDeleted = useCallback(() => {
    setDialog(null);
    showToast("success", t("users.delete.success"));
  }, [t]);

  // Without JavaScript: the page after a post shows its outcome in place.
  const noJsReply = hydrated ? undefined : actionData;
  const noJsDialog = hydrated ? null : dialogFromUrl(searchParams, users, actionData);
  const shownDialog = hydrated ? dialog : noJsDialog;
  const noJsCreated =
    noJsReply?.ok && noJsReply.intent === "add" && noJsReply.generatedPassword && noJsReply.email
      ? { email: noJsReply.email, password: noJsReply.generatedPassword }
      : null;
  const shownCreated = hydrated ? created : noJsCreated;
  const refreshing = navigation.state === "loading" && navigation.location.pathname === USERS_PATH;

  const openLink = (target: Exclude<OpenDialog, null>, content: ReactNode, className: string) => {
    const href =
      target.kind === "add" ? `${USERS_PATH}?dialog=add` : `${USERS_PATH}?dialog=${target.kind}&user=${encodeURIComponent(target.user.id)}`;
    return hydrated ? (
      <button type="button" className={className} onClick={() => setDialog(target)}>
        {content}
      </button>
    ) : (
      <Link to={href} className={className}>
        {content}
      </Link>
    );
  };

  const roleLabel = (role: string) => (isStaffRole(role) ? t(`admin.roles.${role}`) : t("users.otherRole", { role }));
  const iconButton =
    "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("users.title")}</h1>
          <p className="mt-1 text-slate-700">{t("users.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={USERS_PATH} className="btn-secondary inline-flex gap-2 px-4 py-2 text-sm" preventScrollReset>
            <RefreshCw aria-hidden="true" className={`h-4 w-4 ${refreshing ? "animate-spin" : ""}`} />
            {refreshing ? t("users.refreshing") : t("users.refresh")}
          </Link>
          {canCreate &&
            openLink(
              { kind: "add" },
              <>
                <Plus aria-hidden="true" className="h-4 w-4" />
                {t("users.addUser")}
              </>,
              "btn-primary inline-flex gap-2 px-4 py-2 text-sm",
            )}
        </div>
      </div>

      {noJsReply?.ok && (
        <p role="status" className="mt-6 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950">
          {noJsReply.intent === "add"
            ? tIsolated(t, "users.add.success", { email: <Ltr>{noJsReply.email}</Ltr> })
            : noJsReply.intent === "editRole"
              ? t("users.role.success")
              : t("users.delete.success")}
        </p>
      )}

      <div className="mt-6">
        {shownCreated && (
          <ModalOrPanel open hydrated={hydrated} onClose={() => setCreated(null)} title={t("users.created.title")}>
            <GeneratedPassword
              email={shownCreated.email}
              password={shownCreated.password}
              hydrated={hydrated}
              onDone={() => setCreated(null)}
            />
          </ModalOrPanel>
        )}
        <ModalOrPanel open={shownDialog?.kind === "add"} hydrated={hydrated} onClose={close} title={t("users.add.title")}>
          <AddUserForm canGrantAdmin={actorIsAdmin} hydrated={hydrated} initialReply={noJsReply} onSuccess={onAdded} onCancel={close} />
        </ModalOrPanel>
        <ModalOrPanel
          open={shownDialog?.kind === "editRole"}
          hydrated={hydrated}
          onClose={close}
          title={t("users.role.title")}
          description={shownDialog && shownDialog.kind !== "add" ? tIsolated(t, "users.role.user", { email: <Ltr>{shownDialog.user.email}</Ltr> }) : undefined}
        >
          {shownDialog?.kind === "editRole" && (
            <EditRoleForm
              user={shownDialog.user}
              canGrantAdmin={actorIsAdmin}
              hydrated={hydrated}
              initialReply={noJsReply}
              onSuccess={onRoleChanged}
              onCancel={close}
            />
          )}
        </ModalOrPanel>
        <ModalOrPanel
          open={shownDialog?.kind === "delete"}
          hydrated={hydrated}
          onClose={close}
          title={t("users.delete.title")}
          description={shownDialog && shownDialog.kind !== "add" ? tIsolated(t, "users.delete.user", { email: <Ltr>{shownDialog.user.email}</Ltr> }) : undefined}
        >
          {shownDialog?.kind === "delete" && (
            <DeleteUserForm user={shownDialog.user} hydrated={hydrated} initialReply={noJsReply} onSuccess={onDeleted} onCancel={close} />
          )}
        </ModalOrPanel>
      </div>

      {users.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <UserPlus aria-hidden="true" className="mx-auto h-10 w-10 text-slate-500" />
          <p className="mt-3 text-lg font-semibold text-slate-900">{t("users.empty")}</p>
          {canCreate && (
            <div className="mt-6">
              {openLink({ kind: "add" }, t("users.addFirst"), "btn-primary inline-flex px-4 py-2 text-sm")}
            </div>
          )}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[40rem] text-start text-sm">
            <caption className="sr-only">{t("users.table.caption")}</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {t("users.table.email")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {t("users.table.role")}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {t("users.table.created")}
                </th>
                <th scope="col" className="px-4 py-3 text-end font-semibold">
                  {t("users.table.actions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {users.map((u) => (
                <tr key={u.id}>
                  <th scope="row" className="px-4 py-3 text-start font-medium text-slate-900">
                    <Ltr truncate className="max-w-[20rem]">{u.email}</Ltr>
                    {u.id === actor.id && <span className="ms-2 text-xs font-normal text-slate-600">{t("users.you")}</span>}
                  </th>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2.5 py-1 text-xs font-semibold ${
                        u.role === "admin" ? "bg-teal-100 text-teal-900" : "bg-slate-100 text-slate-800"
                      }`}
                    >
                      {roleLabel(u.role)}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <time dateTime={new Date(u.createdAt).toISOString()}>{formatDate(u.createdAt, locale)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      {canEdit &&
                        mayTouch(u) &&
                        openLink(
                          { kind: "editRole", user: u },
                          <>
                            <Pencil aria-hidden="true" className="h-4 w-4" />
                            {t("users.editRole")}
                            <span className="sr-only">{`: ${u.email}`}</span>
                          </>,
                          `${iconButton} text-teal-900 hover:bg-teal-50 focus-visible:outline-teal-800`,
                        )}
                      {canDelete &&
                        mayTouch(u) &&
                        openLink(
                          { kind: "delete", user: u },
                          <>
                            <Trash2 aria-hidden="true" className="h-4 w-4" />
                            {t("users.deleteUser")}
                            <span className="sr-only">{`: ${u.email}`}</span>
                          </>,
                          `${iconButton} text-red-800 hover:bg-red-50 focus-visible:outline-red-700`,
                        )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
