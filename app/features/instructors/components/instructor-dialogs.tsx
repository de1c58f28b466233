// The Admin Instructors form: create/edit (every bilingual field side by side, photo upload), shown in the
// dialog kit's frame. With JavaScript it posts through a fetcher; without, the page renders the same
// form in place (reached by a link) and it posts as a plain form.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { describedBy, FormAlert, useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { DialogCancel } from "~/components/ui/url-dialog.tsx";
import { ImageUpload } from "~/components/uploads/image-upload.tsx";
import { failureMessage } from "~/lib/admin-reply.ts";
import type { InstructorsReply } from "../instructors.schema.ts";
import { createInstructorSchema, INSTRUCTOR_LIMITS, updateInstructorSchema } from "../instructors.schema.ts";


/** The fields of one instructor the forms need (a row of the admin list). */
export interface InstructorFormValues {
  id: string;
  name: string;
  nameAr: string | null;
  title: string | null;
  titleAr: string | null;
  bioShort: string | null;
  bioShortAr: string | null;
  photoUrl: string | null;
  email: string | null;
  facebook: string | null;
  instagram: string | null;
  linkedin: string | null;
}

type TextField = FieldMetadata<string | null | undefined>;

/** One text input with its label, hint and error. Arabic inputs are right-to-left whatever the page. */
function TextInput({
  field,
  label,
  max,
  lang,
  type = "text",
  required,
  hint,
  placeholder,
  autoComplete = "off",
}: {
  field: TextField;
  label: string;
  max: number;
  lang: "en" | "ar";
  type?: "text" | "email" | "url";
  required?: boolean;
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
}) {
  const errorId = field.errors?.length ? `${field.id}-error` : undefined;
  return (
    <Field id={field.id} label={label} required={required} errors={field.errors} hint={hint}>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        required={required}
        maxLength={max}
        dir={lang === "ar" ? "rtl" : "ltr"}
        lang={lang}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={`${inputClass} text-start`}
        aria-describedby={describedBy(hint && `${field.id}-hint`, errorId)}
      />
    </Field>
  );
}

function TextArea({ field, label, max, lang, hint }: { field: TextField; label: string; max: number; lang: "en" | "ar"; hint?: string }) {
  const errorId = field.errors?.length ? `${field.id}-error` : undefined;
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint}>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={5}
        maxLength={max}
        dir={lang === "ar" ? "rtl" : "ltr"}
        lang={lang}
        className={`${inputClass} text-start`}
        aria-describedby={describedBy(hint && `${field.id}-hint`, errorId)}
      />
    </Field>
  );
}

/** Add Instructor / Edit Instructor: English and Arabic side by side, contact links, photo. */
export function InstructorForm({
  instructor,
  initialReply,
  onSuccess,
}: {
  /** The instructor being edited; absent when adding one. */
  instructor?: InstructorFormValues;
  /** The server's reply when the page was rendered after a post without JavaScript. */
  initialReply?: InstructorsReply;
  onSuccess: (reply: InstructorsReply) => void;
}) {
  const { t } = useI18n();
  const intent = instructor ? "update" : "create";
  const fetcher = useFreshFetcher<InstructorsReply>(`instructors-${intent}`);
  const ownInitial =
    initialReply?.intent === intent && (intent === "create" || initialReply.instructorId === instructor?.id) ? initialReply : undefined;
  const reply = fetcher.data ?? ownInitial;
  const formId = useId();
  const [form, fields] = useForm({
    id: `instructor-${intent}-${formId}`,
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    defaultValue: instructor
      ? {
          name: instructor.name,
          nameAr: instructor.nameAr ?? "",
          title: instructor.title ?? "",
          titleAr: instructor.titleAr ?? "",
          bioShort: instructor.bioShort ?? "",
          bioShortAr: instructor.bioShortAr ?? "",
          email: instructor.email ?? "",
          facebook: instructor.facebook ?? "",
          instagram: instructor.instagram ?? "",
          linkedin: instructor.linkedin ?? "",
        }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: instructor ? updateInstructorSchema : createInstructorSchema }),
  });
  useOnSuccess(fetcher, onSuccess);
  // Saving waits for a photo still uploading, so the form never stores the previous value by mistake.
  const [photoBusy, setPhotoBusy] = useState(false);
  const busy = fetcher.state !== "idle";
  const photoErrorId = fields.photoUrl.errors?.length ? `${fields.photoUrl.id}-error` : undefined;

  return (
    <fetcher.Form method="post" action={ADMIN_PATH.instructors} {...getFormProps(form)} className="space-y-6" noValidate preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {instructor && <input type="hidden" name="instructorId" value={instructor.id} />}
      <FormAlert message={failureMessage(t, reply)} />

      <div className="space-y-1">
        <ImageUpload
          name="photoUrl"
          kind="photo"
          label={t("instructorsAdmin.form.photo")}
          defaultUrl={instructor?.photoUrl ?? undefined}
          onBusyChange={setPhotoBusy}
        />
        {photoErrorId && (
          <p id={photoErrorId} role="alert" className="text-sm text-red-700">
            {t(fields.photoUrl.errors![0]!)}
          </p>
        )}
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <fieldset className="space-y-4">
          <legend className="mb-2 text-base font-semibold text-slate-900">{t("instructorsAdmin.form.english")}</legend>
          <TextInput field={fields.name} label={t("instructorsAdmin.form.name")} max={INSTRUCTOR_LIMITS.name} lang="en" required />
          <TextInput field={fields.title} label={t("instructorsAdmin.form.title")} max={INSTRUCTOR_LIMITS.title} lang="en" />
          <TextArea
            field={fields.bioShort}
            label={t("instructorsAdmin.form.bioShort")}
            max={INSTRUCTOR_LIMITS.bioShort}
            lang="en"
            hint={t("instructorsAdmin.form.bioHint")}
          />
        </fieldset>
        <fieldset className="space-y-4" aria-describedby={`${formId}-arabic-hint`}>
          <legend className="mb-2 text-base font-semibold text-slate-900">{t("instructorsAdmin.form.arabic")}</legend>
          <TextInput field={fields.nameAr} label={t("instructorsAdmin.form.nameAr")} max={INSTRUCTOR_LIMITS.nameAr} lang="ar" />
          <TextInput field={fields.titleAr} label={t("instructorsAdmin.form.titleAr")} max={INSTRUCTOR_LIMITS.titleAr} lang="ar" />
          <TextArea field={fields.bioShortAr} label={t("instructorsAdmin.form.bioShortAr")} max={INSTRUCTOR_LIMITS.bioShortAr} lang="ar" />
          {/* Below the fields, so both columns line up. */}
          <p id={`${formId}-arabic-hint`} className="text-xs text-slate-600">
            {t("instructorsAdmin.form.arabicHint")}
          </p>
        </fieldset>
      </div>

      <fieldset className="space-y-4" aria-describedby={`${formId}-contact-hint`}>
        <legend className="mb-2 text-base font-semibold text-slate-900">{t("instructorsAdmin.form.contact")}</legend>
        <p id={`${formId}-contact-hint`} className="text-xs text-slate-600">
          {t("instructorsAdmin.form.contactHint")}
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            field={fields.email}
            label={t("instructorsAdmin.form.email")}
            max={INSTRUCTOR_LIMITS.email}
            lang="en"
            type="email"
            placeholder="name@example.com"
          />
          {(["facebook", "instagram", "linkedin"] as const).map((kind) => (
            <TextInput
              key={kind}
              field={fields[kind]}
              label={t(`instructorsAdmin.form.${kind}`)}
              max={INSTRUCTOR_LIMITS.url}
              lang="en"
              type="url"
              placeholder={t("instructorsAdmin.form.urlPlaceholder")}
            />
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <DialogCancel label={t("instructorsAdmin.form.cancel")} />
        <button type="submit" disabled={busy || photoBusy} className="btn-primary inline-flex px-4 py-2 text-sm disabled:opacity-60">
          {busy
            ? t("instructorsAdmin.form.saving")
            : instructor
              ? t("instructorsAdmin.form.submitEdit")
              : t("instructorsAdmin.form.submitCreate")}
        </button>
      </div>
    </fetcher.Form>
  );
}
