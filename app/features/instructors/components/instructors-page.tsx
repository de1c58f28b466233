// The Admin Instructors page (SPEC §2, §3, §5 Instructor, §8; D18, D22): the card grid with each
// instructor's login-account status; create/edit/delete in modals (in place without JavaScript).
// `?action=create` opens the create form directly (with create permission); closing it returns to /admin.
// The 'Create login account' icon (instructors:create_accounts) opens the instructor account modal. The
// route holds its loader and action.
import { KeyRound, Pencil, Plus, Trash2, UserRoundPlus } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { tIsolated } from "~/components/ui/bidi.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { can, type ActorView } from "~/lib/permissions.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { InstructorsReply } from "../instructors.schema.ts";
import { InstructorAdminCard, type AdminInstructorView } from "./instructor-admin-card.tsx";
import { INSTRUCTORS_PATH } from "./instructor-dialogs.tsx";
import { dialogFromUrl, type InstructorsActionReply, type OpenDialog } from "./instructors-dialog-state.ts";
import { InstructorsPageDialogs } from "./instructors-page-dialogs.tsx";

export interface InstructorsPageProps {
  instructors: AdminInstructorView[];
  actor: ActorView;
  /** ?action=create with create permission: the create form is open, and closing it returns to /admin. */
  createFromLink: boolean;
  actionData: InstructorsActionReply | undefined;
  locale: Locale;
}

export function InstructorsPage({ instructors, actor, createFromLink, actionData, locale }: InstructorsPageProps) {
  const { t } = useI18n();
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
  const noJsAny: InstructorsActionReply | undefined = hydrated ? undefined : actionData;
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

      <InstructorsPageDialogs
        dialog={shownDialog}
        hydrated={hydrated}
        locale={locale}
        canCreateAccounts={canCreateAccounts}
        noJsReply={noJsReply}
        noJsAccountReply={noJsAccountReply}
        cancelHref={cancelHref}
        nameOf={nameOf}
        onClose={close}
        onSaved={onSaved}
        onDeleted={onDeleted}
      />

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
