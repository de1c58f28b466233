// The Admin Users forms (SPEC §2): Add User, Edit User Role and the generated password shown once, in
// the dialog kit's frame (the delete and the reset of two-step sign-in, D28, are the kit's ConfirmForm).
// With JavaScript each posts through a fetcher; without, the page renders the same form in place
// (reached by a link) and it posts as a plain form.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { getFormProps } from "@conform-to/react";
import { ErrorSummary } from "~/components/forms/error-summary.tsx";
import { FormAlert, useDialogForm, useOpenedVersion } from "~/components/admin/form-kit.tsx";
import { usePageLocale } from "~/lib/use-locale-path.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link } from "react-router";
import { inputClass } from "~/components/forms/field.tsx";
import { EmailField, PasswordField, SelectField } from "~/components/forms/field-controls.tsx";
import { Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import { CopyField } from "~/components/ui/copy-field.tsx";
import { DialogCancel, useDialogFrame } from "~/components/ui/url-dialog.tsx";
import { STAFF_ROLES, isStaffRole } from "~/lib/permissions.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { UsersReply } from "../users.schema.ts";
import { addUserSchema, editRoleSchema, STAFF_PASSWORD } from "../users.schema.ts";

export interface UserRowView {
  id: string;
  email: string;
  role: string;
  /** Two-step sign-in is on (D28). */
  twoFactorEnabled?: boolean;
}

export function AddUserForm({
  canGrantAdmin,
  hydrated,
  initialReply,
  onSuccess,
}: {
  canGrantAdmin: boolean;
  hydrated: boolean;
  /** The server's reply when the page was rendered after a post without JavaScript. */
  initialReply?: UsersReply;
  onSuccess: (reply: UsersReply) => void;
}) {
  const { t } = useI18n();
  const { fetcher, form, fields, reply, busy } = useDialogForm({
    intent: "add",
    schema: addUserSchema,
    defaultValue: { role: "instructor_course_manager" },
    initialReply,
    onSuccess,
  });
  const role = fields.role.value ?? "instructor_course_manager";
  // Without JavaScript the field cannot follow the select, so it shows with a hint; the server ignores
  // a password sent with the manager role.
  const passwordShown = !hydrated || role === "admin";

  return (
    <fetcher.Form method="post" action={ADMIN_PATH.users} {...getFormProps(form)} className="space-y-4" noValidate preventScrollReset>
      <input type="hidden" name="intent" value="add" />
      <FormAlert message={failureMessage(t, reply)} />
      <ErrorSummary form={form} />
      <EmailField
        meta={fields.email}
        label={t("users.add.email")}
        required
        autoComplete="off"
        maxLength={254}
        placeholder={t("users.add.emailPlaceholder")}
        className={`${inputClass} text-start`}
      />
      <SelectField
        meta={fields.role}
        label={t("users.add.role")}
        required
        hint={role === "admin" || !hydrated ? undefined : t("users.add.managerHint")}
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r} disabled={r === "admin" && !canGrantAdmin}>
            {t(`admin.roles.${r}`)}
          </option>
        ))}
      </SelectField>
      {passwordShown && (
        <PasswordField
          meta={fields.password}
          label={t("users.add.password")}
          required={hydrated}
          hint={hydrated ? t("users.add.passwordHint") : `${t("users.add.passwordHint")} ${t("users.add.managerHint")}`}
          autoComplete="new-password"
          minLength={STAFF_PASSWORD.min}
          maxLength={STAFF_PASSWORD.max}
        />
      )}
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <DialogCancel label={t("users.add.cancel")} />
        <button type="submit" disabled={busy} className="btn-primary inline-flex px-4 py-2 text-sm disabled:opacity-60">
          {busy ? t("users.add.submitting") : t("users.add.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}

export function EditRoleForm({
  user,
  canGrantAdmin,
  initialReply,
  onSuccess,
}: {
  user: UserRowView;
  canGrantAdmin: boolean;
  initialReply?: UsersReply;
  onSuccess: (reply: UsersReply) => void;
}) {
  const { t } = useI18n();
  const locale = usePageLocale();
  const frame = useDialogFrame();
  const { fetcher, form, fields, reply, busy } = useDialogForm({
    intent: "editRole",
    schema: editRoleSchema,
    defaultValue: { role: isStaffRole(user.role) ? user.role : "instructor_course_manager" },
    initialReply,
    onSuccess,
  });
  // The role the form showed: a colleague's change since is refused, not overwritten (issue 35 item 6).
  const fromRole = useOpenedVersion(user.role, reply, "fromRole");
  return (
    <fetcher.Form
      method="post"
      action={ADMIN_PATH.users}
      {...getFormProps(form)}
      noValidate
      preventScrollReset
      className="space-y-4"
      onSubmit={(e) => {
        // SPEC: closing without a change does nothing.
        if (new FormData(e.currentTarget).get("role") === user.role) {
          e.preventDefault();
          frame.finish();
        }
      }}
    >
      <input type="hidden" name="intent" value="editRole" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="fromRole" value={fromRole ?? ""} />
      <FormAlert message={failureMessage(t, reply, locale)} />
      <SelectField meta={fields.role} label={t("users.role.label")} hint={canGrantAdmin ? undefined : t("users.role.adminOnlyHint")}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r} disabled={r === "admin" && !canGrantAdmin}>
            {t(`admin.roles.${r}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <DialogCancel label={t("users.role.cancel")} />
        <button type="submit" disabled={busy} className="btn-primary inline-flex px-4 py-2 text-sm disabled:opacity-60">
          {busy ? t("users.role.saving") : t("users.role.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The generated password, shown once, with a copy button whose feedback lasts 2 seconds (SPEC). */
export function GeneratedPassword({
  email,
  password,
  hydrated,
  onDone,
}: {
  email: string;
  password: string;
  hydrated: boolean;
  onDone: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="space-y-4">
      <p className="text-slate-800">{tIsolated(t, "users.created.text", { email: <Ltr>{email}</Ltr> })}</p>
      <CopyField
        value={password}
        label={t("users.created.passwordLabel")}
        copy={t("users.created.copy")}
        copied={t("users.created.copied")}
        failed={t("users.created.copyFailed")}
      />
      <div className="flex justify-end">
        {hydrated ? (
          <button type="button" onClick={onDone} className="btn-primary inline-flex px-4 py-2 text-sm">
            {t("users.created.done")}
          </button>
        ) : (
          <Link to={ADMIN_PATH.users} className="btn-primary inline-flex px-4 py-2 text-sm">
            {t("users.created.done")}
          </Link>
        )}
      </div>
    </div>
  );
}
