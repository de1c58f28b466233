// The course form's category and subcategory: the subcategory list follows the category (with JavaScript).
import { useState } from "react";
import { describedBy } from "~/components/admin/form-kit.tsx";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { errorId, initialString, type CourseConformForm, type CourseFormFields, type CourseFormOptionsView } from "./use-course-form.ts";

interface CourseFormCategoryProps {
  form: CourseConformForm;
  fields: CourseFormFields;
  options: CourseFormOptionsView;
  hydrated: boolean;
  locale: Locale;
}

/** Category and subcategory, both controlled; without JavaScript every subcategory shows with its category. */
export function CourseFormCategory({ form, fields, options, hydrated, locale }: CourseFormCategoryProps) {
  const { t } = useI18n();
  const [categoryId, setCategoryId] = useState(() => initialString(fields.categoryId.initialValue));
  const [subcategoryId, setSubcategoryId] = useState(() => initialString(fields.subcategoryId.initialValue));
  const subcategoryOptions = hydrated
    ? options.subcategories.filter((s) => s.categoryId === categoryId)
    : options.subcategories;
  const onCategoryChange = (next: string) => {
    setCategoryId(next);
    if (!options.subcategories.some((s) => s.id === subcategoryId && s.categoryId === next)) setSubcategoryId("");
  };
  const name = (v: { name: string; nameAr: string | null }) => pickText({ en: v.name, ar: v.nameAr }, locale);
  const categoryName = (id: string) => {
    const c = options.categories.find((x) => x.id === id);
    return c ? name(c) : "";
  };
  return (
    <>
      <Field id={fields.categoryId.id} label={t("coursesAdmin.form.category")} errors={fields.categoryId.errors}>
        <select
          id={fields.categoryId.id}
          name={fields.categoryId.name}
          form={form.id}
          value={categoryId}
          onChange={(e) => onCategoryChange(e.currentTarget.value)}
          className={inputClass}
          aria-invalid={fields.categoryId.errors?.length ? true : undefined}
          aria-describedby={errorId(fields.categoryId.id, fields.categoryId.errors)}
        >
          <option value="">{t("coursesAdmin.form.noCategory")}</option>
          {options.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {name(c)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={fields.subcategoryId.id}
        label={t("coursesAdmin.form.subcategory")}
        errors={fields.subcategoryId.errors}
        hint={hydrated && !categoryId ? t("coursesAdmin.form.subcategoryHint") : undefined}
      >
        <select
          id={fields.subcategoryId.id}
          name={fields.subcategoryId.name}
          form={form.id}
          value={subcategoryId}
          onChange={(e) => setSubcategoryId(e.currentTarget.value)}
          disabled={hydrated && !categoryId}
          className={`${inputClass} disabled:bg-slate-100 disabled:text-slate-600`}
          aria-invalid={fields.subcategoryId.errors?.length ? true : undefined}
          aria-describedby={describedBy(
            hydrated && !categoryId && `${fields.subcategoryId.id}-hint`,
            errorId(fields.subcategoryId.id, fields.subcategoryId.errors),
          )}
        >
          <option value="">{t("coursesAdmin.form.noSubcategory")}</option>
          {subcategoryOptions.map((s) => (
            <option key={s.id} value={s.id}>
              {hydrated ? name(s) : `${categoryName(s.categoryId)} › ${name(s)}`}
              {s.isActive ? "" : ` (${t("coursesAdmin.form.inactive")})`}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
