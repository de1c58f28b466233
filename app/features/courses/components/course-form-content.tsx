// The course form's texts: summary, description, level, curriculum and the outcomes in both languages.
import { getSelectProps, getTextareaProps } from "@conform-to/react";
import { describedBy } from "~/components/admin/form-kit.tsx";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { COURSE_LEVELS, COURSE_LIMITS } from "../courses.schema.ts";
import { errorId, type CourseFormFields } from "./use-course-form.ts";

/** Summary, description, level, curriculum (a line an item) and the English and Arabic outcomes. */
export function CourseFormContent({ fields }: { fields: CourseFormFields }) {
  const { t } = useI18n();
  return (
    <>
      <div className="sm:col-span-2">
        <Field id={fields.summary.id} label={t("coursesAdmin.form.summary")} errors={fields.summary.errors}>
          <textarea
            {...getTextareaProps(fields.summary)}
            key={fields.summary.key}
            rows={2}
            maxLength={COURSE_LIMITS.summary}
            dir="auto"
            className={inputClass}
            aria-describedby={errorId(fields.summary.id, fields.summary.errors)}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id={fields.description.id} label={t("coursesAdmin.form.description")} errors={fields.description.errors}>
          <textarea
            {...getTextareaProps(fields.description)}
            key={fields.description.key}
            rows={5}
            maxLength={COURSE_LIMITS.description}
            dir="auto"
            className={inputClass}
            aria-describedby={errorId(fields.description.id, fields.description.errors)}
          />
        </Field>
      </div>
      <Field id={fields.level.id} label={t("coursesAdmin.form.level")} errors={fields.level.errors}>
        <select
          {...getSelectProps(fields.level)}
          key={fields.level.key}
          className={inputClass}
          aria-describedby={errorId(fields.level.id, fields.level.errors)}
        >
          <option value="">{t("coursesAdmin.form.noLevel")}</option>
          {COURSE_LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`coursesAdmin.levels.${l}`)}
            </option>
          ))}
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Field
          id={fields.curriculum.id}
          label={t("coursesAdmin.form.curriculum")}
          errors={fields.curriculum.errors}
          hint={t("coursesAdmin.form.curriculumHint")}
        >
          <textarea
            {...getTextareaProps(fields.curriculum)}
            key={fields.curriculum.key}
            rows={5}
            dir="auto"
            className={inputClass}
            aria-describedby={describedBy(`${fields.curriculum.id}-hint`, errorId(fields.curriculum.id, fields.curriculum.errors))}
          />
        </Field>
      </div>
      <Field
        id={fields.outcomes.id}
        label={t("coursesAdmin.form.home.outcomes")}
        errors={fields.outcomes.errors}
        hint={t("coursesAdmin.form.home.outcomesHint", { count: COURSE_LIMITS.outcomesItems })}
      >
        <textarea
          {...getTextareaProps(fields.outcomes)}
          key={fields.outcomes.key}
          rows={5}
          dir="auto"
          lang="en"
          className={inputClass}
          aria-describedby={describedBy(`${fields.outcomes.id}-hint`, errorId(fields.outcomes.id, fields.outcomes.errors))}
        />
      </Field>
      <Field
        id={fields.outcomesAr.id}
        label={t("coursesAdmin.form.home.outcomesAr")}
        errors={fields.outcomesAr.errors}
        hint={t("coursesAdmin.form.home.outcomesHint", { count: COURSE_LIMITS.outcomesItems })}
      >
        <textarea
          {...getTextareaProps(fields.outcomesAr)}
          key={fields.outcomesAr.key}
          rows={5}
          dir="rtl"
          lang="ar"
          className={inputClass}
          aria-describedby={describedBy(`${fields.outcomesAr.id}-hint`, errorId(fields.outcomesAr.id, fields.outcomesAr.errors))}
        />
      </Field>
    </>
  );
}
