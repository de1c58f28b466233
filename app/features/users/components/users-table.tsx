// The admin users page's table: a row a user with role, two-step badge, created date and the actions
// the actor may take.
import { KeyRound, Pencil, ShieldCheck, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { ActionsCell, Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { Email } from "~/components/ui/email.tsx";
import { DialogLink, type UrlDialog } from "~/components/ui/url-dialog.tsx";
import { formatDate } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { isStaffRole, type ActorView } from "~/lib/permissions.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { UserRowView } from "./user-dialogs.tsx";
import type { DialogKind, OpenDialog, UserListRow } from "./users-dialog-state.ts";

/** A button that opens one of the page's dialogs (a link without JavaScript). */
export function UserDialogLink({
  dialog,
  target,
  className,
  children,
}: {
  dialog: UrlDialog<DialogKind>;
  target: Exclude<OpenDialog, null>;
  className: string;
  children: ReactNode;
}) {
  return (
    <DialogLink dialog={dialog} kind={target.kind} id={target.kind === "add" ? undefined : target.user.id} as="button" className={className}>
      {children}
    </DialogLink>
  );
}

interface UsersTableProps {
  users: UserListRow[];
  actor: ActorView;
  dialog: UrlDialog<DialogKind>;
  canEdit: boolean;
  canDelete: boolean;
  locale: Locale;
}

/** The users: email (and "you"), role and two-step badge, created, actions. */
export function UsersTable({ users, actor, dialog, canEdit, canDelete, locale }: UsersTableProps) {
  const { t } = useI18n();
  return (
    <Table caption={t("users.table.caption")}>
      <TableHead>
        <HeaderCell>{t("users.table.email")}</HeaderCell>
        <HeaderCell>{t("users.table.role")}</HeaderCell>
        <HeaderCell>{t("users.table.created")}</HeaderCell>
        <HeaderCell end>{t("users.table.actions")}</HeaderCell>
      </TableHead>
      <TableBody>
        {users.map((u) => (
          <UserRow key={u.id} user={u} actor={actor} dialog={dialog} canEdit={canEdit} canDelete={canDelete} locale={locale} />
        ))}
      </TableBody>
    </Table>
  );
}

/** One user. D18: nobody changes their own role or deletes themself; only an admin touches an admin. */
function UserRow({ user: u, actor, dialog, canEdit, canDelete, locale }: Omit<UsersTableProps, "users"> & { user: UserListRow }) {
  const { t } = useI18n();
  const mayTouch = (v: UserRowView) => v.id !== actor.id && (actor.role === "admin" || v.role !== "admin");
  const roleLabel = (role: string) => (isStaffRole(role) ? t(`admin.roles.${role}`) : t("users.otherRole", { role }));
  const iconButton =
    "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    <tr>
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
        {canEdit && mayTouch(u) && (
          <UserDialogLink dialog={dialog} target={{ kind: "editRole", user: u }} className={`${iconButton} text-teal-900 hover:bg-teal-50 focus-visible:outline-teal-800`}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t("users.editRole")}
            <span className="sr-only">{`: ${u.email}`}</span>
          </UserDialogLink>
        )}
        {canEdit && mayTouch(u) && u.twoFactorEnabled && (
          <UserDialogLink
            dialog={dialog}
            target={{ kind: "resetTwoFactor", user: u }}
            className={`${iconButton} text-amber-900 hover:bg-amber-50 focus-visible:outline-amber-800`}
          >
            <KeyRound aria-hidden="true" className="h-4 w-4" />
            {t("users.twoFactor.action")}
            <span className="sr-only">{`: ${u.email}`}</span>
          </UserDialogLink>
        )}
        {canDelete && mayTouch(u) && (
          <UserDialogLink dialog={dialog} target={{ kind: "delete", user: u }} className={`${iconButton} text-red-800 hover:bg-red-50 focus-visible:outline-red-700`}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t("users.deleteUser")}
            <span className="sr-only">{`: ${u.email}`}</span>
          </UserDialogLink>
        )}
      </ActionsCell>
    </tr>
  );
}
