import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { UnsavedChangesGuard, useFormsDirty } from "~/components/ui/unsaved-changes.tsx";
import { ADMIN_PATH, SETTINGS_CONTACT_ANCHOR } from "~/lib/admin-pages.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { usePageLocale } from "~/lib/use-locale-path.ts";
import { SETTINGS_LIMITS, settingsFormSchema, type SiteSettingsInput } from "../settings-admin.schema.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { SettingsReply } from "../settings-admin.schema.ts";

type Lang = "en" | "ar";

/** Text direction and language of a field's content (English, Arabic, or Latin-only like URLs). */
function langProps(lang: Lang | "latin") {
  if (lang === "ar") return { dir: "rtl" as const, lang: "ar" };
  if (lang === "en") return { dir: "ltr" as const, lang: "en" };
  return { dir: "ltr" as const };
}

function describedBy(field: FieldMetadata<unknown>, hint?: string): string | undefined {
  const ids = [hint ? `${field.id}-hint` : undefined, field.errors?.length ? `${field.id}-error` : undefined].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function TextInput({
  field,
  label,
  lang,
  type = "text",
  max,
  hint,
  required,
  autoComplete = "off",
  inputMode,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  lang: Lang | "latin";
  type?: "text" | "email" | "url" | "tel" | "number";
  max?: number;
  hint?: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "url";
}) {
  return (
    <Field id={field.id} label={label} required={required} errors={field.errors} hint={hint}>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        {...langProps(lang)}
        {...(type === "number" ? { min: 0, max: SETTINGS_LIMITS.figureMax, step: 1 } : { maxLength: max })}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={`${inputClass} ${lang === "ar" ? "" : "text-start"}`}
        aria-describedby={describedBy(field, hint)}
      />
    </Field>
  );
}

function TextArea({
  field,
  label,
  lang,
  max,
  hint,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  lang: Lang;
  max: number;
  hint?: string;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint}>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        {...langProps(lang)}
        rows={3}
        maxLength={max}
        className={inputClass}
        aria-describedby={describedBy(field, hint)}
      />
    </Field>
  );
}

function Group({ id, title, description, children }: { id?: string; title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset id={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {description && <p className="mb-4 text-sm text-slate-600">{description}</p>}
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * The version a save names (issue 35 item 6): the page's when it opened, then each successful save's; after
 * a refused save, the one that save sent. A colleague's newer save, loaded since but not shown in the
 * fields, is never overwritten unseen: saving again is refused until the page is reloaded.
 */
function useSaveVersion(current: string, reply: SettingsReply | undefined): string {
  const [openedAt] = useState(current);
  const sent = reply && !reply.ok ? reply.result?.initialValue?.version : undefined;
  return reply?.ok ? (reply.version ?? openedAt) : typeof sent === "string" ? sent : openedAt;
}

/** The Settings form (D12): every section in one form, saved by a fetcher (a plain post without JS). */
export function SettingsPage({ values, actionData }: { values: SiteSettingsInput & { version: string }; actionData?: SettingsReply }) {
  const { t } = useI18n();
  const locale = usePageLocale();
  const fetcher = useFetcher<SettingsReply>({ key: "site-settings" });
  const reply = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "site-settings",
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema }),
  });

  // Typed changes not yet saved ask before the page is left; a successful save makes the form clean again.
  const hydrated = useHydrated();
  const formArea = useRef<HTMLFormElement>(null);
  const saved = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : null;
  const isDirty = useFormsDirty(formArea, saved);

  const version = useSaveVersion(values.version, reply);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) showToast("success", t("settings.success"));
    // A colleague saved first: no field is at fault, so the toast says who and when (as the notice does).
    else showToast("error", (fetcher.data.conflict && failureMessage(t, fetcher.data, locale)) || t("settings.errors.checkFields"));
  }, [fetcher.state, fetcher.data, t, locale]);

  const formFailure = failureMessage(t, reply, locale);

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t("settings.title")}</h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("settings.intro")}</p>

      {/* Shown after a post without JavaScript; with it, a toast says the same. A conflict says its own (below). */}
      {!fetcher.data && actionData && !actionData.conflict && (
        <Notice ok={actionData.ok}>{actionData.ok ? t("settings.success") : t("settings.errors.checkFields")}</Notice>
      )}
      {formFailure && <Notice ok={false}>{formFailure}</Notice>}

      <fetcher.Form ref={formArea} method="post" action={ADMIN_PATH.settings} {...getFormProps(form)} className="mt-6 space-y-6" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={version} />

        <Group title={t("settings.groups.brand")} description={t("settings.groups.brandHint")}>
          <TextInput field={fields.brandNameEn} label={t("settings.fields.brandNameEn")} lang="en" max={SETTINGS_LIMITS.brandName} required />
          <TextInput field={fields.brandNameAr} label={t("settings.fields.brandNameAr")} lang="ar" max={SETTINGS_LIMITS.brandName} />
          <TextArea
            field={fields.brandDescriptionEn}
            label={t("settings.fields.brandDescriptionEn")}
            lang="en"
            max={SETTINGS_LIMITS.brandDescription}
          />
          <TextArea
            field={fields.brandDescriptionAr}
            label={t("settings.fields.brandDescriptionAr")}
            lang="ar"
            max={SETTINGS_LIMITS.brandDescription}
          />
        </Group>

        {/* The dashboard's "Finish setting up" links here. */}
        <Group id={SETTINGS_CONTACT_ANCHOR} title={t("settings.groups.contact")} description={t("settings.groups.contactHint")}>
          <TextArea field={fields.addressEn} label={t("settings.fields.addressEn")} lang="en" max={SETTINGS_LIMITS.address} />
          <TextArea field={fields.addressAr} label={t("settings.fields.addressAr")} lang="ar" max={SETTINGS_LIMITS.address} />
          <TextInput
            field={fields.phone1}
            label={t("settings.fields.phone1")}
            lang="latin"
            type="tel"
            max={SETTINGS_LIMITS.phone}
            hint={t("settings.fields.phoneHint")}
          />
          <TextInput
            field={fields.phone2}
            label={t("settings.fields.phone2")}
            lang="latin"
            type="tel"
            max={SETTINGS_LIMITS.phone}
            hint={t("settings.fields.phoneHint")}
          />
          <TextInput field={fields.email} label={t("settings.fields.email")} lang="latin" type="email" max={SETTINGS_LIMITS.email} />
          <TextInput
            field={fields.notifyEmail}
            label={t("settings.fields.notifyEmail")}
            lang="latin"
            type="email"
            max={SETTINGS_LIMITS.email}
            hint={t("settings.fields.notifyEmailHint")}
          />
        </Group>

        <Group title={t("settings.groups.social")} description={t("settings.groups.socialHint")}>
          <TextInput field={fields.facebook} label={t("settings.fields.facebook")} lang="latin" type="url" max={SETTINGS_LIMITS.url} />
          <TextInput field={fields.instagram} label={t("settings.fields.instagram")} lang="latin" type="url" max={SETTINGS_LIMITS.url} />
          <TextInput field={fields.linkedin} label={t("settings.fields.linkedin")} lang="latin" type="url" max={SETTINGS_LIMITS.url} />
          <TextInput field={fields.tiktok} label={t("settings.fields.tiktok")} lang="latin" type="url" max={SETTINGS_LIMITS.url} />
        </Group>

        <Group title={t("settings.groups.chat")} description={t("settings.groups.chatHint")}>
          <TextInput
            field={fields.chatNumber}
            label={t("settings.fields.chatNumber")}
            lang="latin"
            type="tel"
            max={20}
            hint={t("settings.fields.chatNumberHint")}
          />
          <div className="hidden md:block" />
          <TextArea field={fields.chatGreetingEn} label={t("settings.fields.chatGreetingEn")} lang="en" max={SETTINGS_LIMITS.greeting} />
          <TextArea field={fields.chatGreetingAr} label={t("settings.fields.chatGreetingAr")} lang="ar" max={SETTINGS_LIMITS.greeting} />
        </Group>

        <Group title={t("settings.groups.about")} description={t("settings.groups.aboutHint")}>
          <TextInput
            field={fields.yearsOfExperience}
            label={t("settings.fields.yearsOfExperience")}
            lang="latin"
            inputMode="numeric"
          />
          {/* Text inputs, not number: Arabic-Indic digits are accepted (D26; the schema reads them as 0–9). */}
          <TextInput field={fields.partners} label={t("settings.fields.partners")} lang="latin" inputMode="numeric" />
          <TextInput field={fields.students} label={t("settings.fields.students")} lang="latin" inputMode="numeric" />
        </Group>

        <Group title={t("settings.cards.title")} description={t("settings.cards.hint")}>
          <TextInput
            field={fields.enrolledCountFrom}
            label={t("settings.cards.enrolledCountFrom")}
            lang="latin"
            inputMode="numeric"
            hint={t("settings.cards.enrolledCountFromHint")}
          />
        </Group>

        <Group title={t("settings.runs.title")} description={t("settings.runs.hint")}>
          <TextInput
            field={fields.seatsLeftFrom}
            label={t("settings.runs.seatsLeftFrom")}
            lang="latin"
            inputMode="numeric"
            hint={t("settings.runs.seatsLeftFromHint")}
          />
          <div className="md:col-span-2">
            <label className="flex items-start gap-3 text-sm font-medium text-slate-900">
              <input
                {...getInputProps(fields.contactWhenNoRuns, { type: "checkbox" })}
                key={fields.contactWhenNoRuns.key}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-teal-700"
                aria-describedby={`${fields.contactWhenNoRuns.id}-hint`}
              />
              {t("settings.runs.contactWhenNoRuns")}
            </label>
            <p id={`${fields.contactWhenNoRuns.id}-hint`} className="mt-1 ps-7 text-sm text-slate-600">
              {t("settings.runs.contactWhenNoRunsHint")}
            </p>
          </div>
        </Group>

        <Group title={t("settings.groups.security")}>
          <div className="md:col-span-2">
            <label className="flex items-start gap-3 text-sm font-medium text-slate-900">
              <input
                {...getInputProps(fields.twoFactorRequired, { type: "checkbox" })}
                key={fields.twoFactorRequired.key}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-teal-700"
                aria-describedby={`${fields.twoFactorRequired.id}-hint`}
              />
              {t("settings.fields.twoFactorRequired")}
            </label>
            <p id={`${fields.twoFactorRequired.id}-hint`} className="mt-1 ps-7 text-sm text-slate-600">
              {t("settings.fields.twoFactorRequiredHint")}
            </p>
          </div>
        </Group>

        <div className="flex justify-end">
          <button type="submit" disabled={busy} className="btn-primary inline-flex px-6 py-2.5 disabled:opacity-60">
            {busy ? t("settings.saving") : t("settings.save")}
          </button>
        </div>
      </fetcher.Form>
      {hydrated && <UnsavedChangesGuard isDirty={isDirty} />}
    </div>
  );
}
