// The course form's hours, price and visibility (published, price shown), and its place on the home page.
import { getInputProps } from "@conform-to/react";
import { describedBy } from "~/components/admin/form-kit.tsx";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { errorId, type CourseFormFields } from "./use-course-form.ts";

/** Hours and price, then the visibility boxes (publishing only with courses:publish; otherwise a note). */
export function CourseFormPricing({ fields, canPublish, published }: { fields: CourseFormFields; canPublish: boolean; published: boolean | undefined }) {
  const { t } = useI18n();
  return (
    <>
      <Field id={fields.hours.id} label={t("coursesAdmin.form.hours")} errors={fields.hours.errors}>
        {/* Text, not number: Arabic-Indic digits typed or pasted are accepted (D26; the schema reads them as 0–9). */}
        <input
          {...getInputProps(fields.hours, { type: "text" })}
          key={fields.hours.key}
          inputMode="numeric"
          className={inputClass}
          aria-describedby={errorId(fields.hours.id, fields.hours.errors)}
        />
      </Field>
      <Field id={fields.price.id} label={t("coursesAdmin.form.price")} errors={fields.price.errors} hint={t("coursesAdmin.form.priceHint")}>
        <input
          {...getInputProps(fields.price, { type: "text" })}
          key={fields.price.key}
          inputMode="decimal"
          className={inputClass}
          aria-describedby={describedBy(`${fields.price.id}-hint`, errorId(fields.price.id, fields.price.errors))}
        />
      </Field>
      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <legend className="sr-only">{t("coursesAdmin.form.visibility")}</legend>
        {canPublish ? (
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              {...getInputProps(fields.isPublished, { type: "checkbox" })}
              key={fields.isPublished.key}
              className="h-4 w-4 rounded border-slate-400 accent-teal-700"
            />
            {t("coursesAdmin.form.publish")}
          </label>
        ) : (
          <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
            {published ? t("coursesAdmin.form.publishLockedPublished") : t("coursesAdmin.form.publishLockedDraft")}
          </p>
        )}
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            {...getInputProps(fields.priceVisible, { type: "checkbox" })}
            key={fields.priceVisible.key}
            className="h-4 w-4 rounded border-slate-400 accent-teal-700"
          />
          {t("coursesAdmin.form.priceVisible")}
        </label>
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
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
        <input
          {...getInputProps(fields.featured, { type: "checkbox" })}
          key={fields.featured.key}
          className="h-4 w-4 rounded border-slate-400 accent-teal-700"
        />
        {t("coursesAdmin.form.home.featured")}
      </label>
      <Field
        id={fields.featuredOrder.id}
        label={t("coursesAdmin.form.home.order")}
        errors={fields.featuredOrder.errors}
        hint={t("coursesAdmin.form.home.orderHint")}
      >
        <input
          {...getInputProps(fields.featuredOrder, { type: "text" })}
          key={fields.featuredOrder.key}
          inputMode="numeric"
          className={inputClass}
          aria-describedby={describedBy(`${fields.featuredOrder.id}-hint`, errorId(fields.featuredOrder.id, fields.featuredOrder.errors))}
        />
      </Field>
    </fieldset>
  );
}
