// The admin users page (SPEC §2 Admin Users, §5 Add user, §8; D9, D11, D18, D25, D28): the route holds its
// loader and action.
import { KeyRound, Pencil, Plus, RefreshCw, ShieldCheck, Trash2, UserPlus } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { showToast } from "~/components/ui/toast.tsx";
import { isolateText, Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import { formatDate } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { can, isStaffRole, type ActorView } from "~/lib/permissions.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { UsersReply } from "../users.schema.ts";
import {
  AddUserForm,
  DeleteUserForm,
  EditRoleForm,
  GeneratedPassword,
  ModalOrPanel,
  ResetTwoFactorForm,
  USERS_PATH,
  type UserRowView,
} from "./user-dialogs.tsx";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";

export type UserListRow = UserRowView & { createdAt: Date | string };

type UserDialogKind = "editRole" | "delete" | "resetTwoFactor";
type OpenDialog = { kind: "add" } | { kind: UserDialogKind; user: UserRowView } | null;

const USER_DIALOGS: readonly string[] = ["editRole", "delete", "resetTwoFactor"] satisfies UserDialogKind[];

/** Which form the URL (links without JavaScript) or a no-JS post's failed reply asks for. */
function dialogFromUrl(params: URLSearchParams, users: UserRowView[], reply: UsersReply | undefined): OpenDialog {
  const failed = reply && !reply.ok ? reply : undefined;
  const kind = failed?.intent ?? params.get("dialog");
  if (kind === "add") return { kind: "add" };
  if (kind && USER_DIALOGS.includes(kind)) {
    const user = users.find((u) => u.id === (failed?.userId ?? params.get("user")));
    return user ? { kind: kind as UserDialogKind, user } : null;
  }
  return null;
}

/** The no-JS status line after a successful post. */
function successLine(t: ReturnType<typeof useI18n>["t"], reply: UsersReply): ReactNode {
  switch (reply.intent) {
    case "add":
      return tIsolated(t, "users.add.success", { email: <Ltr>{reply.email}</Ltr> });
    case "editRole":
      return t("users.role.success");
    case "resetTwoFactor":
      return tIsolated(t, "users.twoFactor.success", { email: <Ltr>{reply.email}</Ltr> });
    default:
      return t("users.delete.success");
  }
}

export function UsersPage({
  users,
  actor,
  actionData,
  locale,
}: {
  users: UserListRow[];
  actor: ActorView;
  actionData: UsersReply | undefined;
  locale: Locale;
}) {
  const { t } = useI18n();
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
  const onTwoFactorReset = useCallback(
    (reply: UsersReply) => {
      setDialog(null);
      showToast("success", t("users.twoFactor.success", { email: isolateText(reply.email ?? "") }));
    },
    [t],
  );

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
  const dialogUser = shownDialog && shownDialog.kind !== "add" ? shownDialog.user : null;

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
          {successLine(t, noJsReply)}
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
          description={dialogUser ? tIsolated(t, "users.role.user", { email: <Ltr>{dialogUser.email}</Ltr> }) : undefined}
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
          description={dialogUser ? tIsolated(t, "users.delete.user", { email: <Ltr>{dialogUser.email}</Ltr> }) : undefined}
        >
          {shownDialog?.kind === "delete" && (
            <DeleteUserForm user={shownDialog.user} hydrated={hydrated} initialReply={noJsReply} onSuccess={onDeleted} onCancel={close} />
          )}
        </ModalOrPanel>
        <ModalOrPanel
          open={shownDialog?.kind === "resetTwoFactor"}
          hydrated={hydrated}
          onClose={close}
          title={t("users.twoFactor.title")}
          description={dialogUser ? tIsolated(t, "users.twoFactor.user", { email: <Ltr>{dialogUser.email}</Ltr> }) : undefined}
        >
          {shownDialog?.kind === "resetTwoFactor" && (
            <ResetTwoFactorForm
              user={shownDialog.user}
              hydrated={hydrated}
              initialReply={noJsReply}
              onSuccess={onTwoFactorReset}
              onCancel={close}
            />
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
                    <div className="flex flex-wrap items-center gap-1.5">
                      <span
                        className={`rounded-full px-2.5 py-1 text-xs font-semibold ${
                          u.role === "admin" ? "bg-teal-100 text-teal-900" : "bg-slate-100 text-slate-800"
                        }`}
                      >
                        {roleLabel(u.role)}
                      </span>
                      {u.twoFactorEnabled && (
                        <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-emerald-50 px-2 py-1 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-200">
                          <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
                          {t("users.twoFactor.badge")}
                        </span>
                      )}
                    </div>
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <time dateTime={new Date(u.createdAt).toISOString()}>{formatDate(u.createdAt, locale)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-2">
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
                      {canEdit &&
                        mayTouch(u) &&
                        u.twoFactorEnabled &&
                        openLink(
                          { kind: "resetTwoFactor", user: u },
                          <>
                            <KeyRound aria-hidden="true" className="h-4 w-4" />
                            {t("users.twoFactor.action")}
                            <span className="sr-only">{`: ${u.email}`}</span>
                          </>,
                          `${iconButton} text-amber-900 hover:bg-amber-50 focus-visible:outline-amber-800`,
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
