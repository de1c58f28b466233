// The instructor account modal (SPEC §2): 'Create Instructor Account' / 'Renew Instructor Account' with
// the instructor's name, email and title, the current account status (Active/Expired, duration, expiry
// time), Hours and Minutes (empty = 0; the button is disabled while both are 0), then the password with
// a copy button ('Password copied to clipboard!', 2 s) and Done. For an active account the admin chooses
// (issue 36 item 13): "Extend by…" (the same password, the expiry later by the duration) or "New password"
// (a new password valid for the duration from now). With JavaScript it posts through a
// fetcher inside the dialog; without, the same form posts as a plain form and the page shows the result.
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link } from "react-router";
import { describedBy, FormAlert, useDialogForm } from "~/components/admin/form-kit.tsx";
import { DialogCancel } from "~/components/ui/url-dialog.tsx";
import { inputClass } from "~/components/forms/field.tsx";
import { TextField } from "~/components/forms/field-controls.tsx";
import { Ltr } from "~/components/ui/bidi.tsx";
import { CopyField } from "~/components/ui/copy-field.tsx";
import { localizeInstructor } from "~/components/site/instructor-view.ts";
import { type AdminInstructorView } from "~/features/instructors/components/instructor-admin-card.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { AccountReply, AccountReplyResult, RenewalChoice } from "../accounts.schema.ts";
import { ACCOUNT_LIMITS, accountRequestSchema, durationChosen, RENEWAL_CHOICES } from "../accounts.schema.ts";


type T = (key: string, options?: Record<string, unknown>) => string;

/** '2 hours 30 minutes', '45 minutes', '1 hour' (the instructor cards' wording). */
export function durationText(t: T, hours: number, minutes: number): string {
  const h = t("instructorsAdmin.account.hours", { count: hours });
  const m = t("instructorsAdmin.account.minutes", { count: minutes });
  if (hours && minutes) return t("instructorsAdmin.account.durationBoth", { hours: h, minutes: m });
  return hours ? h : m;
}

/** The title of the modal: create for an instructor without an account, renew otherwise. */
export function accountDialogTitle(t: T, instructor: AdminInstructorView): string {
  return t(instructor.account.status === "none" ? "instructorAccounts.createTitle" : "instructorAccounts.renewTitle");
}

const STATUS_STYLE = {
  active: "bg-emerald-100 text-emerald-900",
  expired: "bg-amber-100 text-amber-900",
  none: "bg-slate-100 text-slate-800",
} as const;

function InstructorFacts({ instructor, locale }: { instructor: AdminInstructorView; locale: Locale }) {
  const { t } = useI18n();
  const view = localizeInstructor(instructor, locale, t("instructorsAdmin.fallbackTitle"));
  const { account } = instructor;
  const row = "grid grid-cols-[8rem_1fr] gap-2 py-1.5";
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-4 py-1 text-sm">
        <div className={row}>
          <dt className="font-medium text-slate-700">{t("instructorAccounts.name")}</dt>
          <dd className="text-slate-900">
            <bdi>{view.name}</bdi>
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">{t("instructorAccounts.email")}</dt>
          <dd className="min-w-0 text-slate-900">
            {instructor.email ? <Ltr truncate>{instructor.email}</Ltr> : <span className="text-slate-600 ltr:italic">{t("instructorAccounts.noEmail")}</span>}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-700">{t("instructorAccounts.title")}</dt>
          <dd className="text-slate-900">
            <bdi>{view.title}</bdi>
          </dd>
        </div>
      </dl>
      <section aria-labelledby={`account-status-${instructor.id}`} className="rounded-lg bg-slate-50 px-4 py-3 text-sm">
        <h3 id={`account-status-${instructor.id}`} className="font-semibold text-slate-900">
          {t("instructorAccounts.status.label")}
        </h3>
        <dl className="mt-2 space-y-1">
          <div className="flex flex-wrap gap-2">
            <dt className="text-slate-700">{t("instructorAccounts.status.state")}:</dt>
            <dd>
              <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[account.status]}`}>
                {t(`instructorsAdmin.account.${account.status}`)}
              </span>
            </dd>
          </div>
          {account.status !== "none" && (
            <>
              <div className="flex flex-wrap gap-2">
                <dt className="text-slate-700">{t("instructorAccounts.status.duration")}:</dt>
                <dd className="text-slate-900">{durationText(t, account.durationHours, account.durationMinutes)}</dd>
              </div>
              <div className="flex flex-wrap gap-2">
                <dt className="text-slate-700">{t("instructorAccounts.status.expiresAt")}:</dt>
                <dd className="text-slate-900">
                  {account.expiresAt ? (
                    <time dateTime={new Date(account.expiresAt).toISOString()}>{formatDateTime(account.expiresAt, locale)}</time>
                  ) : (
                    t("instructorAccounts.status.noExpiry")
                  )}
                </dd>
              </div>
            </>
          )}
        </dl>
        {account.status === "active" && <p className="mt-2 text-slate-700">{t("instructorAccounts.activeNote")}</p>}
      </section>
    </div>
  );
}

function NumberInput({ field, label, max, hint }: { field: FieldMetadata<unknown>; label: string; max: number; hint: string }) {
  return (
    <TextField
      meta={field}
      label={label}
      hint={hint}
      maxLength={String(max).length}
      inputMode="numeric"
      placeholder="0"
      dir="ltr"
      className={`${inputClass} text-start`}
    />
  );
}

/** An active account's two ways forward (issue 36 item 13), "Extend by…" chosen at first. */
function RenewalChoiceField({ field }: { field: FieldMetadata<unknown> }) {
  const { t } = useI18n();
  const chosen = typeof field.value === "string" ? field.value : "extend";
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-base font-semibold text-slate-900">{t("instructorAccounts.renewal.legend")}</legend>
      {RENEWAL_CHOICES.map((choice) => (
        <label
          key={choice}
          className="flex items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm text-slate-700 has-checked:border-teal-700 has-checked:bg-teal-50"
        >
          <input
            type="radio"
            name={field.name}
            key={field.key}
            value={choice}
            defaultChecked={chosen === choice}
            aria-describedby={`${field.id}-${choice}-hint`}
            className="mt-1 size-4 shrink-0 accent-teal-700"
          />
          <span className="min-w-0">
            <b className="block text-slate-900">{t(`instructorAccounts.renewal.${choice}`)}</b>
            <span id={`${field.id}-${choice}-hint`}>{t(`instructorAccounts.renewal.${choice}Hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The submit button's words: create, renew an expired account, or the active account's chosen way. */
function submitKey(status: "none" | "active" | "expired", renewal: RenewalChoice): string {
  if (status === "none") return "instructorAccounts.submitCreate";
  if (status === "expired") return "instructorAccounts.submitRenew";
  return renewal === "extend" ? "instructorAccounts.submitExtend" : "instructorAccounts.submitNewPassword";
}

/** The generated (or still active) password with its copy button, the SPEC line and Done. */
export function AccountResultView({
  result,
  locale,
  hydrated,
  doneHref,
  onDone,
}: {
  result: AccountReplyResult;
  locale: Locale;
  hydrated: boolean;
  doneHref: string;
  onDone: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="space-y-4">
      <p
        role="status"
        className={`rounded-lg border p-3 text-sm ${
          result.outcome === "active" ? "border-amber-200 bg-amber-50 text-amber-950" : "border-emerald-200 bg-emerald-50 text-emerald-950"
        }`}
      >
        {t(result.messageKey)}
      </p>
      <CopyField
        value={result.password}
        label={t("instructorAccounts.result.passwordLabel")}
        copy={t("instructorAccounts.result.copy")}
        copyLabel={t("instructorAccounts.result.copyLabel")}
        copied={t("instructorAccounts.result.copied")}
        failed={t("instructorAccounts.result.copyFailed")}
        large
      />
      <ul className="space-y-1 text-sm text-slate-800">
        <li>
          {t("instructorAccounts.result.forEmail")}{" "}
          <Ltr>{result.email}</Ltr>
        </li>
        <li>
          <time dateTime={result.expiresAt}>
            {t("instructorAccounts.result.validUntil", { time: formatDateTime(result.expiresAt, locale) })}
          </time>
          {" · "}
          {durationText(t, result.duration.hours, result.duration.minutes)}
        </li>
      </ul>
      <p className="text-sm text-slate-600">{t("instructorAccounts.result.hint")}</p>
      <div className="flex justify-end">
        {hydrated ? (
          <button type="button" onClick={onDone} className="btn-primary inline-flex px-4 py-2 text-sm">
            {t("instructorAccounts.result.done")}
          </button>
        ) : (
          <Link to={doneHref} className="btn-primary inline-flex px-4 py-2 text-sm">
            {t("instructorAccounts.result.done")}
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * An instructor without an email cannot have a login account (it is made for their address): the modal
 * says what to fill in, with the way to the instructor's edit form for staff who may edit, instead of
 * offering a form the server would refuse.
 */
function NeedsEmail({ instructor, locale, editLink }: { instructor: AdminInstructorView; locale: Locale; editLink?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="space-y-5">
      <InstructorFacts instructor={instructor} locale={locale} />
      <section aria-labelledby={`needs-email-${instructor.id}`} className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        <h3 id={`needs-email-${instructor.id}`} className="font-semibold">
          {t("instructorAccounts.needsEmail.title")}
        </h3>
        <p className="mt-1">{t("instructorAccounts.needsEmail.text")}</p>
        {!editLink && <p className="mt-1">{t("instructorAccounts.needsEmail.askEditor")}</p>}
      </section>
      <div className="flex flex-wrap justify-end gap-3">
        <DialogCancel label={t("instructorAccounts.cancel")} />
        {editLink}
      </div>
    </div>
  );
}

/** The whole modal body: the facts and the Hours/Minutes form, then the password. */
export function AccountDialogBody({
  instructor,
  locale,
  action,
  hydrated,
  initialReply,
  onDone,
  editLink,
}: {
  instructor: AdminInstructorView;
  locale: Locale;
  /** Where the form posts (the admin instructors page). */
  action: string;
  hydrated: boolean;
  /** The server's reply when the page was rendered after a post without JavaScript. */
  initialReply?: AccountReply;
  onDone: () => void;
  /** The way to the instructor's edit form ("Add an email address"), for staff who may edit instructors. */
  editLink?: ReactNode;
}) {
  if (!instructor.email?.trim()) return <NeedsEmail instructor={instructor} locale={locale} editLink={editLink} />;
  return <AccountForm instructor={instructor} locale={locale} action={action} hydrated={hydrated} initialReply={initialReply} onDone={onDone} />;
}

function AccountForm({
  instructor,
  locale,
  action,
  hydrated,
  initialReply,
  onDone,
}: {
  instructor: AdminInstructorView;
  locale: Locale;
  action: string;
  hydrated: boolean;
  initialReply?: AccountReply;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const ownInitial = initialReply?.instructorId === instructor.id ? initialReply : undefined;
  const { fetcher, form, fields, reply, busy } = useDialogForm<AccountReply, typeof accountRequestSchema>({
    intent: "account",
    schema: accountRequestSchema,
    initialReply: ownInitial,
  });

  if (reply?.ok && reply.account) {
    return <AccountResultView result={reply.account} locale={locale} hydrated={hydrated} doneHref={action} onDone={onDone} />;
  }

  // SPEC: the button is disabled while both are 0 (empty counts as 0). Without JavaScript the server decides.
  const chosen = durationChosen(fields.hours.value, fields.minutes.value);
  const formErrors = form.errors ?? [];
  const active = instructor.account.status === "active";
  const renewal: RenewalChoice = fields.renewal.value === "newPassword" ? "newPassword" : "extend";
  const hintId = `${form.id}-duration-hint`;

  return (
    <div className="space-y-5">
      <InstructorFacts instructor={instructor} locale={locale} />
      <fetcher.Form method="post" action={action} {...getFormProps(form)} className="space-y-4" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="account" />
        <input type="hidden" name="instructorId" value={instructor.id} />
        <FormAlert message={failureMessage(t, reply, locale)} />
        {active && <RenewalChoiceField field={fields.renewal} />}
        <fieldset className="space-y-3" aria-describedby={describedBy(hintId, formErrors.length > 0 && form.errorId)}>
          <legend className="text-base font-semibold text-slate-900">
            {t(active && renewal === "extend" ? "instructorAccounts.extendLegend" : "instructorAccounts.durationLegend")}
          </legend>
          <p id={hintId} className="text-xs text-slate-600">
            {t("instructorAccounts.durationHint")}
          </p>
          <div className="grid grid-cols-2 gap-4">
            <NumberInput field={fields.hours} label={t("instructorAccounts.hours")} max={ACCOUNT_LIMITS.hoursMax} hint={t("instructorAccounts.hoursHint")} />
            <NumberInput
              field={fields.minutes}
              label={t("instructorAccounts.minutes")}
              max={ACCOUNT_LIMITS.minutesMax}
              hint={t("instructorAccounts.minutesHint")}
            />
          </div>
          {formErrors.length > 0 && (
            <p id={form.errorId} className="text-sm text-red-700">
              {t(formErrors[0]!)}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <DialogCancel label={t("instructorAccounts.cancel")} />
          <button
            type="submit"
            disabled={busy || (hydrated && !chosen)}
            className="btn-primary inline-flex px-4 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? t("instructorAccounts.submitting") : t(submitKey(instructor.account.status, renewal))}
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}
