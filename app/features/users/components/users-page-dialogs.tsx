// The admin users page's dialogs: the new user's password, Add User, Change Role, Delete and Reset Two-Step.
import { useCallback } from "react";
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { ConfirmDialog } from "~/components/ui/confirm.tsx";
import { DialogFrame, type DialogCloser, type UrlDialog } from "~/components/ui/url-dialog.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import { showToast } from "~/components/ui/toast.tsx";
import { isolateText, Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import type { UsersReply } from "../users.schema.ts";
import { AddUserForm, EditRoleForm, GeneratedPassword } from "./user-dialogs.tsx";
import type { DialogKind, OpenDialog } from "./users-dialog-state.ts";

interface UsersDialogsProps {
  dialog: UrlDialog<DialogKind>;
  shownDialog: OpenDialog;
  /** The added user's generated password, shown once the Add User dialog has closed. */
  shownCreated: { email: string; password: string } | null;
  createdCloser: DialogCloser;
  closeCreated: () => void;
  actorIsAdmin: boolean;
  hydrated: boolean;
  noJsReply: UsersReply | undefined;
  onAdded: (reply: UsersReply) => void;
}

/** The page's dialogs, each open when the URL (or the added user's password) says so. */
export function UsersDialogs({ dialog, shownDialog, shownCreated, createdCloser, closeCreated, actorIsAdmin, hydrated, noJsReply, onAdded }: UsersDialogsProps) {
  const { t } = useI18n();
  const { finish } = dialog;
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
  const dialogUser = shownDialog && shownDialog.kind !== "add" ? shownDialog.user : null;

  return (
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
  );
}
