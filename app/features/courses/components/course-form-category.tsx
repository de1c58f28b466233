// The course form's category and subcategory: the subcategory list follows the category (with JavaScript).
import { useState } from "react";
import { inputClass } from "~/components/forms/field.tsx";
import { SelectField } from "~/components/forms/field-controls.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { initialString, type CourseFormFields, type CourseFormOptionsView } from "./use-course-form.ts";

interface CourseFormCategoryProps {
  fields: CourseFormFields;
  options: CourseFormOptionsView;
  hydrated: boolean;
  locale: Locale;
}

/**
 * Category and subcategory; the category is followed as it changes, and the subcategory list offers only
 * its subcategories (a subcategory of another category, no longer listed, leaves "No subcategory" chosen).
 * Without JavaScript every subcategory shows with its category.
 */
export function CourseFormCategory({ fields, options, hydrated, locale }: CourseFormCategoryProps) {
  const { t } = useI18n();
  const [categoryId, setCategoryId] = useState(() => initialString(fields.categoryId.initialValue));
  const subcategoryOptions = hydrated
    ? options.subcategories.filter((s) => s.categoryId === categoryId)
    : options.subcategories;
  const name = (v: { name: string; nameAr: string | null }) => pickText({ en: v.name, ar: v.nameAr }, locale);
  const categoryName = (id: string) => {
    const c = options.categories.find((x) => x.id === id);
    return c ? name(c) : "";
  };
  return (
    <>
      <SelectField meta={fields.categoryId} label={t("coursesAdmin.form.category")} onChange={(e) => setCategoryId(e.currentTarget.value)}>
        <option value="">{t("coursesAdmin.form.noCategory")}</option>
        {options.categories.map((c) => (
          <option key={c.id} value={c.id}>
            {name(c)}
          </option>
        ))}
      </SelectField>
      <SelectField
        meta={fields.subcategoryId}
        label={t("coursesAdmin.form.subcategory")}
        hint={hydrated && !categoryId ? t("coursesAdmin.form.subcategoryHint") : undefined}
        disabled={hydrated && !categoryId}
        className={`${inputClass} disabled:bg-slate-100 disabled:text-slate-600`}
      >
        <option value="">{t("coursesAdmin.form.noSubcategory")}</option>
        {subcategoryOptions.map((s) => (
          <option key={s.id} value={s.id}>
            {hydrated ? name(s) : `${categoryName(s.categoryId)} › ${name(s)}`}
            {s.isActive ? "" : ` (${t("coursesAdmin.form.inactive")})`}
          </option>
        ))}
      </SelectField>
    </>
  );
}
