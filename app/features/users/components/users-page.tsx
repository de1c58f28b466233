// The admin users page (SPEC §2 Admin Users, §5 Add user, §8; D9, D11, D18, D25, D28): the route holds its
// loader and action.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { Plus, RefreshCw, UserPlus } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { RoleNote } from "~/components/admin/role-note.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { useStateCloser, useUrlDialog } from "~/components/ui/url-dialog.tsx";
import { isOneOf } from "~/lib/validation.ts";
import { Link, useNavigation, useSearchParams } from "react-router";
import { showToast } from "~/components/ui/toast.tsx";
import { Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { can, type ActorView } from "~/lib/permissions.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { UsersReply } from "../users.schema.ts";
import type { UserRowView } from "./user-dialogs.tsx";
import type { DialogKind, OpenDialog, UserDialogKind, UserListRow } from "./users-dialog-state.ts";

export type { UserListRow } from "./users-dialog-state.ts";
import { UsersDialogs } from "./users-page-dialogs.tsx";
import { UserDialogLink, UsersTable } from "./users-table.tsx";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";

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

  const onAdded = useCallback(
    (reply: UsersReply) => {
      showToast("success", t("users.add.success", { email: reply.email }));
      if (reply.generatedPassword && reply.email) setCreated({ email: reply.email, password: reply.generatedPassword });
      finish();
    },
    [t, finish],
  );

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
          {canCreate && (
            <UserDialogLink dialog={dialog} target={{ kind: "add" }} className="btn-primary inline-flex gap-2 px-4 py-2 text-sm">
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t("users.addUser")}
            </UserDialogLink>
          )}
        </div>
      </div>

      {noJsReply?.ok && <Notice tone="success" className="mt-6">{successLine(t, noJsReply)}</Notice>}

      <UsersDialogs
        dialog={dialog}
        shownDialog={shownDialog}
        shownCreated={shownCreated}
        createdCloser={createdCloser}
        closeCreated={closeCreated}
        actorIsAdmin={actorIsAdmin}
        hydrated={hydrated}
        noJsReply={noJsReply}
        onAdded={onAdded}
      />

      {users.length === 0 ? (
        <EmptyState icon={UserPlus} title={t("users.empty")}>
          {canCreate && (
            <UserDialogLink dialog={dialog} target={{ kind: "add" }} className="btn-primary inline-flex px-4 py-2 text-sm">
              {t("users.addFirst")}
            </UserDialogLink>
          )}
        </EmptyState>
      ) : (
        <UsersTable users={users} actor={actor} dialog={dialog} canEdit={canEdit} canDelete={canDelete} locale={locale} />
      )}
    </div>
  );
}
