// The admin users page (SPEC §2 Admin Users, §5 Add user, §8; D9, D11, D18, D25, D28): the route holds its
// loader and action.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { KeyRound, Pencil, Plus, RefreshCw, ShieldCheck, Trash2, UserPlus } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { ConfirmDialog } from "~/components/ui/confirm.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { RoleNote } from "~/components/admin/role-note.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { ActionsCell, Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { Email } from "~/components/ui/email.tsx";
import { DialogFrame, DialogLink, useStateCloser, useUrlDialog } from "~/components/ui/url-dialog.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { isOneOf } from "~/lib/validation.ts";
import { Link, useNavigation, useSearchParams } from "react-router";
import { showToast } from "~/components/ui/toast.tsx";
import { isolateText, Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import { formatDate } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { can, isStaffRole, type ActorView } from "~/lib/permissions.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { UsersReply } from "../users.schema.ts";
import { AddUserForm, EditRoleForm, GeneratedPassword, type UserRowView } from "./user-dialogs.tsx";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";

export type UserListRow = UserRowView & { createdAt: Date | string };

type UserDialogKind = "editRole" | "delete" | "resetTwoFactor";
type DialogKind = "add" | UserDialogKind;
type OpenDialog = { kind: "add" } | { kind: UserDialogKind; user: UserRowView } | null;

const USER_DIALOGS: readonly UserDialogKind[] = ["editRole", "delete", "resetTwoFactor"];
const DIALOG_KINDS: readonly DialogKind[] = ["add", ...USER_DIALOGS];

/** Which form the URL (links without JavaScript) or a no-JS post's failed reply asks for. */
function dialogFromUrl(params: URLSearchParams, users: UserRowView[], reply: UsersReply | undefined): OpenDialog {
  const failed = reply && !reply.ok ? reply : undefined;
  const kind = failed?.intent ?? params.get("dialog");
  if (kind === "add") return { kind: "add" };
  if (isOneOf(kind, USER_DIALOGS)) {
    const user = users.find((u) => u.id === (failed?.userId ?? params.get("user")));
    return user ? { kind, user } : null;
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
  // ?dialog=add, ?dialog=editRole|delete|resetTwoFactor&user=<id>: the same URL with or without JavaScript.
  const dialog = useUrlDialog({ kinds: DIALOG_KINDS, idParam: "user" });
  const { finish } = dialog;
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const closeCreated = useCallback(() => setCreated(null), []);
  const createdCloser = useStateCloser(closeCreated, ADMIN_PATH.users);

  const canCreate = can(actor, "users:create");
  const canEdit = can(actor, "users:edit");
  const canDelete = can(actor, "users:delete");
  const actorIsAdmin = actor.role === "admin";
  // D18: nobody changes their own role or deletes themself; only an admin touches an admin.
  const mayTouch = (u: UserRowView) => u.id !== actor.id && (actorIsAdmin || u.role !== "admin");

  const onAdded = useCallback(
    (reply: UsersReply) => {
      showToast("success", t("users.add.success", { email: reply.email }));
      if (reply.generatedPassword && reply.email) setCreated({ email: reply.email, password: reply.generatedPassword });
      finish();
    },
    [t, finish],
  );
  const onRoleChanged = useCallback(() => {
    showToast("success", t("users.role.success"));
    finish();
  }, [t, finish]);
  const onDeleted = useCallback(() => {
    showToast("success", t("users.delete.success"));
    finish();
  }, [t, finish]);
  const onTwoFactorReset = useCallback(
    (reply: UsersReply) => {
      showToast("success", t("users.twoFactor.success", { email: isolateText(reply.email ?? "") }));
      finish();
    },
    [t, finish],
  );

  const deleteFetcher = useFreshFetcher<UsersReply>("users-delete");
  useOnSuccess(deleteFetcher, onDeleted);
  const resetFetcher = useFreshFetcher<UsersReply>("users-reset-two-factor");
  useOnSuccess(resetFetcher, onTwoFactorReset);

  // Without JavaScript: the page after a post shows its outcome in place.
  const noJsReply = hydrated ? undefined : actionData;
  const shownDialog = dialogFromUrl(searchParams, users, noJsReply);
  const noJsCreated =
    noJsReply?.ok && noJsReply.intent === "add" && noJsReply.generatedPassword && noJsReply.email
      ? { email: noJsReply.email, password: noJsReply.generatedPassword }
      : null;
  // The password shows once the Add User dialog has closed.
  const shownCreated = hydrated ? (shownDialog?.kind === "add" ? null : created) : noJsCreated;
  const refreshing = navigation.state === "loading" && navigation.location.pathname === ADMIN_PATH.users;
  const dialogUser = shownDialog && shownDialog.kind !== "add" ? shownDialog.user : null;

  const openLink = (target: Exclude<OpenDialog, null>, content: ReactNode, className: string) => (
    <DialogLink dialog={dialog} kind={target.kind} id={target.kind === "add" ? undefined : target.user.id} as="button" className={className}>
      {content}
    </DialogLink>
  );

  const roleLabel = (role: string) => (isStaffRole(role) ? t(`admin.roles.${role}`) : t("users.otherRole", { role }));
  const iconButton =
    "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("users.title")}</h1>
          <p className="mt-1 text-slate-700">{t("users.intro")}</p>
          <RoleNote actor={actor} resource="users" />
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={ADMIN_PATH.users} className="btn-secondary inline-flex gap-2 px-4 py-2 text-sm" preventScrollReset>
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

      {noJsReply?.ok && <Notice ok>{successLine(t, noJsReply)}</Notice>}

      <div className="mt-6">
        <DialogFrame open={shownCreated !== null} dialog={createdCloser} guard={false} title={t("users.created.title")}>
          {shownCreated && (
            <GeneratedPassword email={shownCreated.email} password={shownCreated.password} hydrated={hydrated} onDone={closeCreated} />
          )}
        </DialogFrame>
        <DialogFrame open={shownDialog?.kind === "add"} dialog={dialog} title={t("users.add.title")}>
          <AddUserForm canGrantAdmin={actorIsAdmin} hydrated={hydrated} initialReply={noJsReply} onSuccess={onAdded} />
        </DialogFrame>
        <DialogFrame
          open={shownDialog?.kind === "editRole"}
          dialog={dialog}
          title={t("users.role.title")}
          description={dialogUser ? tIsolated(t, "users.role.user", { email: <Ltr>{dialogUser.email}</Ltr> }) : undefined}
        >
          {shownDialog?.kind === "editRole" && (
            <EditRoleForm user={shownDialog.user} canGrantAdmin={actorIsAdmin} initialReply={noJsReply} onSuccess={onRoleChanged} />
          )}
        </DialogFrame>
        <ConfirmDialog
          dialog={dialog}
          title={t("users.delete.title")}
          description={dialogUser ? tIsolated(t, "users.delete.user", { email: <Ltr>{dialogUser.email}</Ltr> }) : undefined}
          fetcher={deleteFetcher}
          action={ADMIN_PATH.users}
          fields={shownDialog?.kind === "delete" ? { intent: "delete", userId: shownDialog.user.id } : null}
          message={t("users.delete.confirm")}
          cancelLabel={t("users.delete.cancel")}
          submitLabel={t("users.delete.submit")}
          busyLabel={t("users.delete.deleting")}
          failure={(r) => failureMessage(t, r)}
          initialReply={noJsReply?.intent === "delete" ? noJsReply : undefined}
        />
        <ConfirmDialog
          dialog={dialog}
          title={t("users.twoFactor.title")}
          description={dialogUser ? tIsolated(t, "users.twoFactor.user", { email: <Ltr>{dialogUser.email}</Ltr> }) : undefined}
          fetcher={resetFetcher}
          action={ADMIN_PATH.users}
          fields={shownDialog?.kind === "resetTwoFactor" ? { intent: "resetTwoFactor", userId: shownDialog.user.id } : null}
          message={t("users.twoFactor.confirm")}
          cancelLabel={t("users.twoFactor.cancel")}
          submitLabel={t("users.twoFactor.submit")}
          busyLabel={t("users.twoFactor.resetting")}
          failure={(r) => failureMessage(t, r)}
          initialReply={noJsReply?.intent === "resetTwoFactor" ? noJsReply : undefined}
        />
      </div>

      {users.length === 0 ? (
        <EmptyState icon={UserPlus} title={t("users.empty")}>
          {canCreate && openLink({ kind: "add" }, t("users.addFirst"), "btn-primary inline-flex px-4 py-2 text-sm")}
        </EmptyState>
      ) : (
        <Table caption={t("users.table.caption")}>
          <TableHead>
            <HeaderCell>{t("users.table.email")}</HeaderCell>
            <HeaderCell>{t("users.table.role")}</HeaderCell>
            <HeaderCell>{t("users.table.created")}</HeaderCell>
            <HeaderCell end>{t("users.table.actions")}</HeaderCell>
          </TableHead>
          <TableBody>
            {users.map((u) => (
              <tr key={u.id}>
                <RowHeader className="min-w-[12rem] font-medium text-slate-900">
                  <Email value={u.email} />
                  {u.id === actor.id && <span className="ms-2 text-xs font-normal text-slate-600">{t("users.you")}</span>}
                </RowHeader>
                <Cell label={t("users.table.role")}>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <Badge tone={u.role === "admin" ? "teal" : "slate"}>{roleLabel(u.role)}</Badge>
                    {u.twoFactorEnabled && (
                      <Badge tone="outline">
                        <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
                        {t("users.twoFactor.badge")}
                      </Badge>
                    )}
                  </div>
                </Cell>
                <Cell label={t("users.table.created")} className="whitespace-nowrap text-slate-700">
                  <time dateTime={new Date(u.createdAt).toISOString()}>{formatDate(u.createdAt, locale)}</time>
                </Cell>
                <ActionsCell>
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
                </ActionsCell>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
