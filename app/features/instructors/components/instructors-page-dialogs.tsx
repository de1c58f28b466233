// The four dialogs of Admin Instructors (SPEC §2, §5 Instructor; D7, D22): create, edit and delete an
// instructor, and the login account (create or renew). Modals once hydrated, panels in place without
// JavaScript.
import { tIsolated } from "~/components/ui/bidi.tsx";
import { AccountDialogBody, accountDialogTitle } from "~/features/instructor-accounts/components/account-dialog.tsx";
import type { AccountReply } from "~/features/instructor-accounts/accounts.schema.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { InstructorsReply } from "../instructors.schema.ts";
import type { AdminInstructorView } from "./instructor-admin-card.tsx";
import { DeleteInstructorForm, InstructorForm, INSTRUCTORS_PATH, ModalOrPanel } from "./instructor-dialogs.tsx";
import type { OpenDialog } from "./instructors-dialog-state.ts";

export function InstructorsPageDialogs({
  dialog,
  hydrated,
  locale,
  canCreateAccounts,
  noJsReply,
  noJsAccountReply,
  cancelHref,
  nameOf,
  onClose,
  onSaved,
  onDeleted,
}: {
  dialog: OpenDialog;
  hydrated: boolean;
  locale: Locale;
  canCreateAccounts: boolean;
  noJsReply: InstructorsReply | undefined;
  noJsAccountReply: AccountReply | undefined;
  /** Where the create form's Cancel goes without JavaScript. */
  cancelHref: string;
  nameOf: (instructor: AdminInstructorView) => string;
  onClose: () => void;
  onSaved: (reply: InstructorsReply) => void;
  onDeleted: (reply: InstructorsReply) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="mt-6">
      <ModalOrPanel open={dialog?.kind === "create"} hydrated={hydrated} onClose={onClose} title={t("instructorsAdmin.form.createTitle")}>
        {dialog?.kind === "create" && (
          <InstructorForm hydrated={hydrated} initialReply={noJsReply} cancelHref={cancelHref} onSuccess={onSaved} onCancel={onClose} />
        )}
      </ModalOrPanel>
      <ModalOrPanel
        open={dialog?.kind === "edit"}
        hydrated={hydrated}
        onClose={onClose}
        title={t("instructorsAdmin.form.editTitle")}
        description={dialog?.kind === "edit" ? tIsolated(t, "instructorsAdmin.form.editing", { name: nameOf(dialog.instructor) }) : undefined}
      >
        {dialog?.kind === "edit" && (
          <InstructorForm
            key={dialog.instructor.id}
            instructor={dialog.instructor}
            hydrated={hydrated}
            initialReply={noJsReply}
            cancelHref={INSTRUCTORS_PATH}
            onSuccess={onSaved}
            onCancel={onClose}
          />
        )}
      </ModalOrPanel>
      <ModalOrPanel
        open={dialog?.kind === "delete"}
        hydrated={hydrated}
        onClose={onClose}
        size="sm"
        title={t("instructorsAdmin.delete.title")}
        description={dialog?.kind === "delete" ? tIsolated(t, "instructorsAdmin.delete.instructor", { name: nameOf(dialog.instructor) }) : undefined}
      >
        {dialog?.kind === "delete" && (
          <DeleteInstructorForm
            instructor={dialog.instructor}
            hydrated={hydrated}
            initialReply={noJsReply}
            onSuccess={onDeleted}
            onCancel={onClose}
          />
        )}
      </ModalOrPanel>
      <ModalOrPanel
        open={dialog?.kind === "account" && canCreateAccounts}
        hydrated={hydrated}
        onClose={onClose}
        size="md"
        title={dialog?.kind === "account" ? accountDialogTitle(t, dialog.instructor) : ""}
      >
        {dialog?.kind === "account" && canCreateAccounts && (
          <AccountDialogBody
            key={dialog.instructor.id}
            instructor={dialog.instructor}
            locale={locale}
            action={INSTRUCTORS_PATH}
            hydrated={hydrated}
            initialReply={noJsAccountReply}
            onCancel={onClose}
            onDone={onClose}
          />
        )}
      </ModalOrPanel>
    </div>
  );
}
