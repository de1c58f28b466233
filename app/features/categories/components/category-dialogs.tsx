// The Admin Categories forms (SPEC §2): create/edit category and create/edit subcategory, shown in the
// dialog kit's frame (a modal with JavaScript, a panel reached by a link without). Each posts through a
// fetcher of its own; without JavaScript, as a plain form.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { FormStart, useDialogForm, useOpenedVersion } from "~/components/admin/form-kit.tsx";
import { useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { CheckboxField, fieldDescription, SelectField, TextAreaField, TextField } from "~/components/forms/field-controls.tsx";
import { DialogCancel } from "~/components/ui/url-dialog.tsx";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { slugify } from "~/lib/slug.ts";
import type { CategoriesReply } from "../categories.schema.ts";
import type { CategoryRow, SubcategoryRow } from "../categories.server.ts";
import type { Wire } from "~/lib/wire.ts";
import {
  CATEGORY_LIMITS,
  createCategoryFormSchema,
  createSubcategoryFormSchema,
  updateCategoryFormSchema,
  updateSubcategoryFormSchema,
} from "../categories.schema.ts";


export type CategoryView = Wire<CategoryRow>;

export type SubcategoryView = Wire<SubcategoryRow>;

/**
 * The slug follows the name while creating (SPEC rule, app/lib/slug.ts) until the slug is typed in;
 * clearing it makes it follow again. While editing it never changes by itself.
 */
function useSlug(initial: string, follow: boolean, max: number) {
  const [slug, setSlug] = useState(initial);
  const [typed, setTyped] = useState(!follow || initial !== "");
  return {
    slug,
    onName(name: string) {
      if (follow && !typed) setSlug(slugify(name, max));
    },
    onSlug(value: string) {
      setSlug(value);
      setTyped(value !== "");
    },
  };
}

function SubmitRow({ busy, cancelLabel, submitLabel, busyLabel }: { busy: boolean; cancelLabel: string; submitLabel: string; busyLabel: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <DialogCancel label={cancelLabel} />
      <button type="submit" disabled={busy} className="btn-primary inline-flex px-4 py-2 text-sm disabled:opacity-60">
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}

type TextMeta = FieldMetadata<string | null | undefined>;

/** Name, Arabic name and slug: the first three fields of both forms. */
function NameFields({
  name,
  nameAr,
  slugField,
  slug,
  editing,
  slugMax,
}: {
  name: TextMeta;
  nameAr: TextMeta;
  slugField: TextMeta;
  slug: ReturnType<typeof useSlug>;
  editing: boolean;
  slugMax: number;
}) {
  const { t } = useI18n();
  const { defaultValue: _slugDefault, ...slugProps } = getInputProps(slugField, { type: "text" });
  const slugHint = editing ? t("categories.form.slugEditHint") : t("categories.form.slugHint");
  return (
    <>
      <TextField
        meta={name}
        label={t("categories.form.name")}
        required
        maxLength={CATEGORY_LIMITS.name}
        autoComplete="off"
        onChange={(e) => slug.onName(e.currentTarget.value)}
      />
      <TextField
        meta={nameAr}
        label={t("categories.form.nameAr")}
        hint={t("categories.form.nameArHint")}
        maxLength={CATEGORY_LIMITS.nameAr}
        autoComplete="off"
        dir="rtl"
        lang="ar"
      />
      {/* The slug follows the name (a controlled value), so its input is wired here, not by TextField. */}
      <Field
        id={slugField.id}
        label={t("categories.form.slug")}
        required
        errors={slugField.errors}
        hint={slugHint}
      >
        <input
          {...slugProps}
          key={slugField.key}
          value={slug.slug}
          onChange={(e) => slug.onSlug(e.currentTarget.value)}
          maxLength={slugMax}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          className={`${inputClass} text-start font-mono`}
          aria-describedby={fieldDescription(slugField, slugHint)}
        />
      </Field>
    </>
  );
}

export function CategoryForm({
  category,
  hydrated,
  initialReply,
  onSuccess,
}: {
  /** The category being edited; absent when creating. */
  category?: CategoryView;
  hydrated: boolean;
  /** The server's reply when the page was rendered after a post without JavaScript. */
  initialReply?: CategoriesReply;
  onSuccess: (reply: CategoriesReply) => void;
}) {
  const { t } = useI18n();
  const editing = Boolean(category);
  const intent = editing ? "updateCategory" : "createCategory";
  const { fetcher, form, fields, reply, busy } = useDialogForm({
    intent,
    schema: editing ? updateCategoryFormSchema : createCategoryFormSchema,
    defaultValue: category ? { name: category.name, nameAr: category.nameAr ?? "", slug: category.slug } : undefined,
    initialReply,
    onSuccess,
  });
  const initialSlug = String(reply?.result?.initialValue?.slug ?? category?.slug ?? "");
  const slug = useSlug(initialSlug, !editing && hydrated, CATEGORY_LIMITS.categorySlug);
  const version = useOpenedVersion(category?.version, reply);

  return (
    <fetcher.Form method="post" action={ADMIN_PATH.categories} {...getFormProps(form)} className="space-y-4" noValidate preventScrollReset>
      <FormStart form={form} reply={reply} hidden={{ intent, id: category?.id, version: category && (version ?? "") }} />
      <NameFields
        name={fields.name}
        nameAr={fields.nameAr}
        slugField={fields.slug}
        slug={slug}
        editing={editing}
        slugMax={CATEGORY_LIMITS.categorySlug}
      />
      <SubmitRow
        busy={busy}
        cancelLabel={t("categories.form.cancel")}
        submitLabel={editing ? t("categories.form.saveChanges") : t("categories.form.createCategory")}
        busyLabel={t("categories.form.saving")}
      />
    </fetcher.Form>
  );
}

export function SubcategoryForm({
  subcategory,
  categories,
  locale,
  hydrated,
  initialReply,
  onSuccess,
}: {
  subcategory?: SubcategoryView;
  categories: readonly Pick<CategoryView, "id" | "name" | "nameAr">[];
  locale: Locale;
  hydrated: boolean;
  initialReply?: CategoriesReply;
  onSuccess: (reply: CategoriesReply) => void;
}) {
  const { t } = useI18n();
  const editing = Boolean(subcategory);
  const intent = editing ? "updateSubcategory" : "createSubcategory";
  const { fetcher, form, fields, reply, busy } = useDialogForm({
    intent,
    schema: editing ? updateSubcategoryFormSchema : createSubcategoryFormSchema,
    defaultValue: subcategory
      ? {
          name: subcategory.name,
          nameAr: subcategory.nameAr ?? "",
          slug: subcategory.slug,
          categoryId: subcategory.categoryId,
          description: subcategory.description ?? "",
          isActive: subcategory.isActive,
          sortOrder: subcategory.sortOrder,
        }
      : { isActive: true, sortOrder: 0 },
    initialReply,
    onSuccess,
  });
  const initialSlug = String(reply?.result?.initialValue?.slug ?? subcategory?.slug ?? "");
  const slug = useSlug(initialSlug, !editing && hydrated, CATEGORY_LIMITS.subcategorySlug);
  const version = useOpenedVersion(subcategory?.version, reply);

  if (categories.length === 0) {
    return (
      <div className="space-y-4">
        <p className="text-slate-800">{t("categories.form.noCategoriesYet")}</p>
        <div className="flex justify-end">
          <DialogCancel label={t("categories.form.close")} />
        </div>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" action={ADMIN_PATH.categories} {...getFormProps(form)} className="space-y-4" noValidate preventScrollReset>
      <FormStart form={form} reply={reply} hidden={{ intent, id: subcategory?.id, version: subcategory && (version ?? "") }} />
      <NameFields
        name={fields.name}
        nameAr={fields.nameAr}
        slugField={fields.slug}
        slug={slug}
        editing={editing}
        slugMax={CATEGORY_LIMITS.subcategorySlug}
      />
      <SelectField meta={fields.categoryId} label={t("categories.form.category")} required>
        <option value="">{t("categories.form.selectCategory")}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {pickText({ en: c.name, ar: c.nameAr }, locale)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        meta={fields.description}
        label={t("categories.form.description")}
        hint={t("categories.form.descriptionHint")}
        rows={3}
        maxLength={CATEGORY_LIMITS.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {/* Text, not number: Arabic-Indic digits are accepted (D26; the schema reads them as 0–9). */}
        <TextField
          meta={fields.sortOrder}
          label={t("categories.form.sortOrder")}
          hint={t("categories.form.sortOrderHint")}
          inputMode="numeric"
          dir="ltr"
          className={`${inputClass} text-start`}
        />
        <CheckboxField meta={fields.isActive} label={t("categories.form.isActive")} hint={t("categories.form.isActiveHint")} />
      </div>
      <SubmitRow
        busy={busy}
        cancelLabel={t("categories.form.cancel")}
        submitLabel={editing ? t("categories.form.saveChanges") : t("categories.form.createSubcategory")}
        busyLabel={t("categories.form.saving")}
      />
    </fetcher.Form>
  );
}
