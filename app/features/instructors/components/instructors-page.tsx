// The Admin Instructors page (SPEC §2, §3, §5 Instructor, §8; D18, D22): the card grid with each
// instructor's login-account status; create/edit/delete in the dialog kit's frames, in the URL
// (?dialog=create|edit|delete|account&instructor=…), modals with JavaScript and in place without.
// `?action=create` opens the create form directly (with create permission); closing it returns to /admin.
// The 'Create login account' icon (instructors:create_accounts) opens the instructor account modal. The
// route holds its loader and action.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { KeyRound, Pencil, Plus, Trash2, UserRoundPlus, type LucideIcon } from "lucide-react";
import { Fragment, useCallback, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { RoleNote } from "~/components/admin/role-note.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { DialogLink, useUrlDialog } from "~/components/ui/url-dialog.tsx";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { can, type ActorView } from "~/lib/permissions.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { InstructorsReply } from "../instructors.schema.ts";
import { InstructorAdminCard, type AdminInstructorView } from "./instructor-admin-card.tsx";
import { DIALOG_KINDS, dialogFromUrl, type InstructorsActionReply, type OpenDialog } from "./instructors-dialog-state.ts";
import { InstructorsPageDialogs } from "./instructors-page-dialogs.tsx";

/** A card's icon buttons: the dialog each opens, its icon, colours and accessible name. */
const CARD_ACTIONS: readonly { kind: "account" | "edit" | "delete"; icon: LucideIcon; tone: string; labelKey: string }[] = [
  { kind: "account", icon: KeyRound, tone: "text-amber-900 hover:bg-amber-50 focus-visible:outline-amber-800", labelKey: "instructorAccounts.open" },
  { kind: "edit", icon: Pencil, tone: "text-teal-900 hover:bg-teal-50 focus-visible:outline-teal-800", labelKey: "instructorsAdmin.editInstructor" },
  { kind: "delete", icon: Trash2, tone: "text-red-800 hover:bg-red-50 focus-visible:outline-red-700", labelKey: "instructorsAdmin.deleteInstructor" },
];

/** ?action=create (from the dashboard) belongs to the create dialog. */
const ACTION_PARAMS = ["action"];

export interface InstructorsPageProps {
  instructors: AdminInstructorView[];
  actor: ActorView;
  /** ?action=create with create permission: the create form is open, and closing it returns to /admin. */
  createFromLink: boolean;
  actionData: InstructorsActionReply | undefined;
  locale: Locale;
}

/** The instructor's name as the page shows it (cards, buttons, messages): the Arabic one on the Arabic page, when there is one. */
function shownName(reply: { name?: string; nameAr?: string | null }, locale: Locale): string {
  return pickText({ en: reply.name, ar: reply.nameAr }, locale);
}

export function InstructorsPage({ instructors, actor, createFromLink, actionData, locale }: InstructorsPageProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  // SPEC: the create form opened by ?action=create returns to /admin when it is closed; saved, it stays
  // here to show the new card (without ?action=create, so a reload does not reopen the form).
  const dialog = useUrlDialog({
    kinds: DIALOG_KINDS,
    idParam: "instructor",
    params: ACTION_PARAMS,
    closeTo: createFromLink ? ADMIN_PATH.dashboard : undefined,
    finishTo: createFromLink ? ADMIN_PATH.instructors : undefined,
  });
  const { finish } = dialog;

  const canCreate = can(actor, "instructors:create");
  const canEdit = can(actor, "instructors:edit");
  const canDelete = can(actor, "instructors:delete");
  const canCreateAccounts = can(actor, "instructors:create_accounts");

  const onSaved = useCallback(
    (reply: InstructorsReply) => {
      showToast(
        "success",
        tIsolated(t, reply.intent === "update" ? "instructorsAdmin.form.updated" : "instructorsAdmin.form.created", { name: shownName(reply, locale) }),
      );
      finish();
    },
    [finish, t, locale],
  );
  const deleteFetcher = useFreshFetcher<InstructorsReply>("instructors-delete");
  useOnSuccess(deleteFetcher, (reply) => {
    showToast("success", tIsolated(t, "instructorsAdmin.delete.success", { name: shownName(reply, locale) }));
    finish();
  });

  // Without JavaScript: the page after a post shows its outcome in place.
  const noJsAny: InstructorsActionReply | undefined = hydrated ? undefined : actionData;
  const noJsReply = noJsAny && noJsAny.intent !== "account" ? noJsAny : undefined;
  const noJsAccountReply = noJsAny?.intent === "account" ? noJsAny : undefined;
  const shownDialog = dialogFromUrl(searchParams, instructors, noJsAny, createFromLink && !noJsAny);

  const openLink = (target: Exclude<OpenDialog, null>, content: ReactNode, className: string, label?: string) => (
    <DialogLink
      dialog={dialog}
      kind={target.kind}
      id={target.kind === "create" ? undefined : target.instructor.id}
      as="button"
      className={className}
      label={label}
    >
      {content}
    </DialogLink>
  );

  const nameOf = (i: AdminInstructorView) => shownName(i, locale);
  const iconButton =
    "inline-flex h-9 w-9 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2";
  // A card's icon buttons, in this order, each for those who may.
  const cardActions = CARD_ACTIONS.filter(({ kind }) => ({ account: canCreateAccounts, edit: canEdit, delete: canDelete })[kind]);

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("instructorsAdmin.title")}</h1>
          <p className="mt-1 text-slate-700">{t("instructorsAdmin.intro")}</p>
          <RoleNote actor={actor} resource="instructors" />
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
        <Notice tone="success" className="mt-6">
          {noJsReply.intent === "delete"
            ? tIsolated(t, "instructorsAdmin.delete.success", { name: shownName(noJsReply, locale) })
            : tIsolated(t, noJsReply.intent === "update" ? "instructorsAdmin.form.updated" : "instructorsAdmin.form.created", {
                name: shownName(noJsReply, locale),
              })}
        </Notice>
      )}

      <InstructorsPageDialogs
        dialog={dialog}
        shown={shownDialog}
        hydrated={hydrated}
        locale={locale}
        canCreateAccounts={canCreateAccounts}
        canEdit={canEdit}
        noJsReply={noJsReply}
        noJsAccountReply={noJsAccountReply}
        nameOf={nameOf}
        onSaved={onSaved}
        deleteFetcher={deleteFetcher}
      />

      {instructors.length === 0 ? (
        <EmptyState icon={UserRoundPlus} title={t("instructorsAdmin.empty")}>
          {canCreate && openLink({ kind: "create" }, t("instructorsAdmin.addFirst"), "btn-primary inline-flex px-4 py-2 text-sm")}
        </EmptyState>
      ) : (
        <ul aria-label={t("instructorsAdmin.listLabel")} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {instructors.map((instructor) => (
            <li key={instructor.id}>
              <InstructorAdminCard
                instructor={instructor}
                locale={locale}
                actions={cardActions.map(({ kind, icon: ActionIcon, tone, labelKey }) => (
                  <Fragment key={kind}>
                    {openLink(
                      { kind, instructor },
                      <ActionIcon aria-hidden="true" className="h-4 w-4" />,
                      `${iconButton} ${tone}`,
                      t(labelKey, { name: nameOf(instructor) }),
                    )}
                  </Fragment>
                ))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
