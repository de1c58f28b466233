// The course form's first fields: title and slug (the slug follows the title while creating), language
// and instructor.
import { useRef, useState } from "react";
import { describedBy } from "~/components/admin/form-kit.tsx";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { SelectField, TextField } from "~/components/forms/field-controls.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { COURSE_LANGUAGES, COURSE_LIMITS, shortId, slugFromTitle } from "../courses.schema.ts";
import { errorId, initialString, type CourseConformForm, type CourseFormFields, type CourseFormOptionsView } from "./use-course-form.ts";

interface CourseFormBasicsProps {
  form: CourseConformForm;
  fields: CourseFormFields;
  editing: boolean;
  instructors: CourseFormOptionsView["instructors"];
  locale: Locale;
}

/** Title, slug, language and instructor. The slug is controlled: it follows the title while creating. */
export function CourseFormBasics({ form, fields, editing, instructors, locale }: CourseFormBasicsProps) {
  const { t } = useI18n();
  const [slug, setSlug] = useState(() => initialString(fields.slug.initialValue));
  const slugEdited = useRef(editing || initialString(fields.slug.initialValue) !== "");
  const fallbackId = useRef<string | null>(null);
  const onTitleInput = (title: string) => {
    if (editing || slugEdited.current) return;
    fallbackId.current ??= shortId();
    setSlug(slugFromTitle(title, fallbackId.current));
  };
  const name = (v: { name: string; nameAr: string | null }) => pickText({ en: v.name, ar: v.nameAr }, locale);
  return (
    <>
      <div className="sm:col-span-2">
        <TextField
          meta={fields.title}
          label={t("coursesAdmin.form.title")}
          required
          maxLength={COURSE_LIMITS.title}
          dir="auto"
          onChange={(e) => onTitleInput(e.currentTarget.value)}
        />
      </div>
      <div className="sm:col-span-2">
        <Field
          id={fields.slug.id}
          label={t("coursesAdmin.form.slug")}
          required
          errors={fields.slug.errors}
          hint={t("coursesAdmin.form.slugHint")}
        >
          <input
            id={fields.slug.id}
            name={fields.slug.name}
            form={form.id}
            type="text"
            value={slug}
            onChange={(e) => {
              slugEdited.current = true;
              setSlug(e.currentTarget.value);
            }}
            maxLength={COURSE_LIMITS.slug}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            required
            className={`${inputClass} text-start font-mono`}
            aria-invalid={fields.slug.errors?.length ? true : undefined}
            aria-describedby={describedBy(`${fields.slug.id}-hint`, errorId(fields.slug.id, fields.slug.errors))}
          />
        </Field>
      </div>
      <SelectField meta={fields.language} label={t("coursesAdmin.form.language")} required>
        <option value="">{t("coursesAdmin.form.selectLanguage")}</option>
        {COURSE_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`coursesAdmin.languages.${l}`)}
          </option>
        ))}
      </SelectField>
      <SelectField meta={fields.instructorId} label={t("coursesAdmin.form.instructor")}>
        <option value="">{t("coursesAdmin.form.noInstructor")}</option>
        {instructors.map((i) => (
          <option key={i.id} value={i.id}>
            {name(i)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
