// The Admin Instructors form: create/edit (every bilingual field side by side, photo upload), shown in the
// dialog kit's frame. With JavaScript it posts through a fetcher; without, the page renders the same
// form in place (reached by a link) and it posts as a plain form.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { FormStart, useDialogForm, useOpenedVersion } from "~/components/admin/form-kit.tsx";
import { TextAreaField, TextField } from "~/components/forms/field-controls.tsx";
import { useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { DialogCancel } from "~/components/ui/url-dialog.tsx";
import { ImageUpload } from "~/components/uploads/image-upload.tsx";
import type { PublicInstructor } from "~/components/site/instructor-view.ts";
import type { InstructorsReply } from "../instructors.schema.ts";
import { createInstructorSchema, INSTRUCTOR_LIMITS, updateInstructorSchema } from "../instructors.schema.ts";

/** The fields of one instructor the forms need (a row of the admin list): the public ones and the version. */
export interface InstructorFormValues extends PublicInstructor {
  /** The version an edit form carries (app/lib/edit-version.ts). */
  version?: string;
}

type Meta = FieldMetadata<string | null | undefined>;

/** A text input or area of the form. Arabic fields are right-to-left whatever the page, English ones left to right. */
function BilingualText({
  meta,
  label,
  max,
  lang,
  ...rest
}: {
  meta: Meta;
  label: string;
  max: number;
  lang: "en" | "ar";
  type?: "text" | "email" | "url";
  hint?: string;
  required?: boolean;
  placeholder?: string;
}) {
  const dir = lang === "ar" ? "rtl" : "ltr";
  const className = `${inputClass} text-start`;
  return <TextField meta={meta} label={label} maxLength={max} lang={lang} dir={dir} autoComplete="off" className={className} {...rest} />;
}

function BilingualArea({ meta, label, max, lang, hint }: { meta: Meta; label: string; max: number; lang: "en" | "ar"; hint?: string }) {
  const dir = lang === "ar" ? "rtl" : "ltr";
  return <TextAreaField meta={meta} label={label} hint={hint} rows={5} maxLength={max} lang={lang} dir={dir} className={`${inputClass} text-start`} />;
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
  const ownInitial =
    initialReply?.intent === intent && (intent === "create" || initialReply.instructorId === instructor?.id) ? initialReply : undefined;
  const { fetcher, form, fields, reply, busy } = useDialogForm<InstructorsReply, typeof updateInstructorSchema | typeof createInstructorSchema>({
    intent,
    schema: instructor ? updateInstructorSchema : createInstructorSchema,
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
    initialReply: ownInitial,
    onSuccess,
  });
  const version = useOpenedVersion(instructor?.version, reply);
  // Saving waits for a photo still uploading, so the form never stores the previous value by mistake.
  const [photoBusy, setPhotoBusy] = useState(false);
  const photoErrorId = fields.photoUrl.errors?.length ? `${fields.photoUrl.id}-error` : undefined;

  return (
    <fetcher.Form method="post" action={ADMIN_PATH.instructors} {...getFormProps(form)} className="space-y-6" noValidate preventScrollReset>
      <FormStart form={form} reply={reply} hidden={{ intent, instructorId: instructor?.id, version: instructor && (version ?? "") }} />

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
          <BilingualText meta={fields.name} label={t("instructorsAdmin.form.name")} max={INSTRUCTOR_LIMITS.name} lang="en" required />
          <BilingualText meta={fields.title} label={t("instructorsAdmin.form.title")} max={INSTRUCTOR_LIMITS.title} lang="en" />
          <BilingualArea
            meta={fields.bioShort}
            label={t("instructorsAdmin.form.bioShort")}
            max={INSTRUCTOR_LIMITS.bioShort}
            lang="en"
            hint={t("instructorsAdmin.form.bioHint")}
          />
        </fieldset>
        <fieldset className="space-y-4" aria-describedby={`${form.id}-arabic-hint`}>
          <legend className="mb-2 text-base font-semibold text-slate-900">{t("instructorsAdmin.form.arabic")}</legend>
          <BilingualText meta={fields.nameAr} label={t("instructorsAdmin.form.nameAr")} max={INSTRUCTOR_LIMITS.nameAr} lang="ar" />
          <BilingualText meta={fields.titleAr} label={t("instructorsAdmin.form.titleAr")} max={INSTRUCTOR_LIMITS.titleAr} lang="ar" />
          <BilingualArea meta={fields.bioShortAr} label={t("instructorsAdmin.form.bioShortAr")} max={INSTRUCTOR_LIMITS.bioShortAr} lang="ar" />
          {/* Below the fields, so both columns line up. */}
          <p id={`${form.id}-arabic-hint`} className="text-xs text-slate-600">
            {t("instructorsAdmin.form.arabicHint")}
          </p>
        </fieldset>
      </div>

      <fieldset className="space-y-4" aria-describedby={`${form.id}-contact-hint`}>
        <legend className="mb-2 text-base font-semibold text-slate-900">{t("instructorsAdmin.form.contact")}</legend>
        <p id={`${form.id}-contact-hint`} className="text-xs text-slate-600">
          {t("instructorsAdmin.form.contactHint")}
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <BilingualText
            meta={fields.email}
            label={t("instructorsAdmin.form.email")}
            max={INSTRUCTOR_LIMITS.email}
            lang="en"
            type="email"
            placeholder="name@example.com"
          />
          {(["facebook", "instagram", "linkedin"] as const).map((kind) => (
            <BilingualText
              key={kind}
              meta={fields[kind]}
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
