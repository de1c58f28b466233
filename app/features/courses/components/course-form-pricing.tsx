// The course form's hours, price and visibility (published, price shown), and its place on the home page.
import { InlineCheckboxField, TextField } from "~/components/forms/field-controls.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import type { CourseFormFields } from "./use-course-form.ts";

/** Hours and price, then the visibility boxes (publishing only with courses:publish; otherwise a note). */
export function CourseFormPricing({ fields, canPublish, published }: { fields: CourseFormFields; canPublish: boolean; published: boolean | undefined }) {
  const { t } = useI18n();
  return (
    <>
      {/* Text, not number: Arabic-Indic digits typed or pasted are accepted (D26; the schema reads them as 0–9). */}
      <TextField meta={fields.hours} label={t("coursesAdmin.form.hours")} inputMode="numeric" />
      <TextField meta={fields.price} label={t("coursesAdmin.form.price")} hint={t("coursesAdmin.form.priceHint")} inputMode="decimal" />
      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <legend className="sr-only">{t("coursesAdmin.form.visibility")}</legend>
        {canPublish ? (
          <InlineCheckboxField meta={fields.isPublished} label={t("coursesAdmin.form.publish")} />
        ) : (
          <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
            {published ? t("coursesAdmin.form.publishLockedPublished") : t("coursesAdmin.form.publishLockedDraft")}
          </p>
        )}
        <InlineCheckboxField meta={fields.priceVisible} label={t("coursesAdmin.form.priceVisible")} />
      </fieldset>
    </>
  );
}

/** The home page's featured box and the order among featured courses. */
export function CourseFormHome({ fields }: { fields: CourseFormFields }) {
  const { t } = useI18n();
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2 sm:items-start">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("coursesAdmin.form.home.legend")}</legend>
      <InlineCheckboxField
        meta={fields.featured}
        label={t("coursesAdmin.form.home.featured")}
        labelClassName="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800"
      />
      <TextField meta={fields.featuredOrder} label={t("coursesAdmin.form.home.order")} hint={t("coursesAdmin.form.home.orderHint")} inputMode="numeric" />
    </fieldset>
  );
}
