// The course form's texts: summary, description, level, curriculum and the outcomes in both languages.
import { SelectField, TextAreaField } from "~/components/forms/field-controls.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { COURSE_LEVELS, COURSE_LIMITS } from "../courses.schema.ts";
import type { CourseFormFields } from "./use-course-form.ts";

/** Summary, description, level, curriculum (a line an item) and the English and Arabic outcomes. */
export function CourseFormContent({ fields }: { fields: CourseFormFields }) {
  const { t } = useI18n();
  const outcomesHint = t("coursesAdmin.form.home.outcomesHint", { count: COURSE_LIMITS.outcomesItems });
  return (
    <>
      <div className="sm:col-span-2">
        <TextAreaField meta={fields.summary} label={t("coursesAdmin.form.summary")} rows={2} maxLength={COURSE_LIMITS.summary} dir="auto" />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField meta={fields.description} label={t("coursesAdmin.form.description")} rows={5} maxLength={COURSE_LIMITS.description} dir="auto" />
      </div>
      <SelectField meta={fields.level} label={t("coursesAdmin.form.level")}>
        <option value="">{t("coursesAdmin.form.noLevel")}</option>
        {COURSE_LEVELS.map((l) => (
          <option key={l} value={l}>
            {t(`coursesAdmin.levels.${l}`)}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <TextAreaField meta={fields.curriculum} label={t("coursesAdmin.form.curriculum")} hint={t("coursesAdmin.form.curriculumHint")} rows={5} dir="auto" />
      </div>
      <TextAreaField meta={fields.outcomes} label={t("coursesAdmin.form.home.outcomes")} hint={outcomesHint} rows={5} dir="auto" lang="en" />
      <TextAreaField meta={fields.outcomesAr} label={t("coursesAdmin.form.home.outcomesAr")} hint={outcomesHint} rows={5} dir="rtl" lang="ar" />
    </>
  );
}
