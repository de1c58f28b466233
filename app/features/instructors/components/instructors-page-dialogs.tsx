// The four dialogs of Admin Instructors (SPEC §2, §5 Instructor; D7, D22): create, edit and delete an
// instructor, and the login account (create or renew). The dialog kit's frames: modals once hydrated,
// panels in place without JavaScript; the delete is the kit's confirmation.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import type { FetcherWithComponents } from "react-router";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { ConfirmDialog } from "~/components/ui/confirm.tsx";
import { DialogFrame, DialogLink, type UrlDialog } from "~/components/ui/url-dialog.tsx";
import { AccountDialogBody, accountDialogTitle } from "~/features/instructor-accounts/components/account-dialog.tsx";
import type { AccountReply } from "~/features/instructor-accounts/accounts.schema.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { InstructorsReply } from "../instructors.schema.ts";
import type { AdminInstructorView } from "./instructor-admin-card.tsx";
import { InstructorForm } from "./instructor-dialogs.tsx";
import type { DialogKind, OpenDialog } from "./instructors-dialog-state.ts";

export function InstructorsPageDialogs({
  dialog,
  shown,
  hydrated,
  locale,
  canCreateAccounts,
  canEdit,
  noJsReply,
  noJsAccountReply,
  nameOf,
  onSaved,
  deleteFetcher,
}: {
  dialog: UrlDialog<DialogKind>;
  /** The dialog the URL (or a post without JavaScript) asks for. */
  shown: OpenDialog;
  hydrated: boolean;
  locale: Locale;
  canCreateAccounts: boolean;
  /** May open the edit form (the account dialog of an instructor without an email leads there). */
  canEdit: boolean;
  noJsReply: InstructorsReply | undefined;
  noJsAccountReply: AccountReply | undefined;
  nameOf: (instructor: AdminInstructorView) => string;
  onSaved: (reply: InstructorsReply) => void;
  /** The delete's fetcher, held by the page with its success handler. */
  deleteFetcher: FetcherWithComponents<InstructorsReply>;
}) {
  const { t } = useI18n();
  return (
    <div className="mt-6">
      <DialogFrame open={shown?.kind === "create"} dialog={dialog} size="lg" title={t("instructorsAdmin.form.createTitle")}>
        {shown?.kind === "create" && <InstructorForm initialReply={noJsReply} onSuccess={onSaved} />}
      </DialogFrame>
      <DialogFrame
        open={shown?.kind === "edit"}
        dialog={dialog}
        size="lg"
        title={t("instructorsAdmin.form.editTitle")}
        description={shown?.kind === "edit" ? tIsolated(t, "instructorsAdmin.form.editing", { name: nameOf(shown.instructor) }) : undefined}
      >
        {shown?.kind === "edit" && (
          <InstructorForm key={shown.instructor.id} instructor={shown.instructor} initialReply={noJsReply} onSuccess={onSaved} />
        )}
      </DialogFrame>
      <ConfirmDialog
        dialog={dialog}
        title={t("instructorsAdmin.delete.title")}
        description={shown?.kind === "delete" ? tIsolated(t, "instructorsAdmin.delete.instructor", { name: nameOf(shown.instructor) }) : undefined}
        fetcher={deleteFetcher}
        action={ADMIN_PATH.instructors}
        fields={shown?.kind === "delete" ? { intent: "delete", instructorId: shown.instructor.id } : null}
        message={t("instructorsAdmin.delete.confirm")}
        consequences={t("instructorsAdmin.delete.consequences")}
        cancelLabel={t("instructorsAdmin.delete.cancel")}
        submitLabel={t("instructorsAdmin.delete.submit")}
        busyLabel={t("instructorsAdmin.delete.deleting")}
        failure={(r) => failureMessage(t, r)}
        initialReply={noJsReply?.intent === "delete" ? noJsReply : undefined}
      />
      <DialogFrame
        open={shown?.kind === "account" && canCreateAccounts}
        dialog={dialog}
        size="md"
        title={shown?.kind === "account" ? accountDialogTitle(t, shown.instructor) : ""}
      >
        {shown?.kind === "account" && canCreateAccounts && (
          <AccountDialogBody
            key={shown.instructor.id}
            instructor={shown.instructor}
            locale={locale}
            action={ADMIN_PATH.instructors}
            hydrated={hydrated}
            initialReply={noJsAccountReply}
            onDone={dialog.finish}
            editLink={
              canEdit ? (
                <DialogLink dialog={dialog} kind="edit" id={shown.instructor.id} className="btn-primary inline-flex px-4 py-2 text-sm">
                  {t("instructorAccounts.needsEmail.edit")}
                </DialogLink>
              ) : undefined
            }
          />
        )}
      </DialogFrame>
    </div>
  );
}
