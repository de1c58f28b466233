// The Settings form's controls: the kit's text field, text area and box (app/components/forms), each in
// its language and direction, and the fieldset that groups them.
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { InlineCheckboxField, TextAreaField, TextField } from "~/components/forms/field-controls.tsx";
import { inputClass } from "~/components/forms/field.tsx";

type Lang = "en" | "ar";

/** Text direction and language of a field's content (English, Arabic, or Latin-only like URLs). */
function langProps(lang: Lang | "latin") {
  if (lang === "ar") return { dir: "rtl" as const, lang: "ar" };
  if (lang === "en") return { dir: "ltr" as const, lang: "en" };
  return { dir: "ltr" as const };
}

/** A one-line field in its language and direction. */
export function TextInput({
  field,
  lang,
  type = "text",
  max,
  ...rest
}: {
  field: FieldMetadata<unknown>;
  label: string;
  lang: Lang | "latin";
  type?: "text" | "email" | "url" | "tel";
  max?: number;
  hint?: string;
  required?: boolean;
  inputMode?: "numeric" | "tel" | "email" | "url";
}) {
  return (
    <TextField
      meta={field}
      type={type}
      {...langProps(lang)}
      maxLength={max}
      autoComplete="off"
      className={`${inputClass} ${lang === "ar" ? "" : "text-start"}`}
      {...rest}
    />
  );
}

/** A three-line field in its language and direction. */
export function TextArea({ field, lang, max, ...rest }: { field: FieldMetadata<unknown>; label: string; lang: Lang; max: number; hint?: string }) {
  return <TextAreaField meta={field} {...langProps(lang)} rows={3} maxLength={max} {...rest} />;
}

/** A section of the form: a fieldset with its title, description and a two-column grid. */
export function Group({ id, title, description, children }: { id?: string; title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset id={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {description && <p className="mb-4 text-sm text-slate-600">{description}</p>}
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** A box across both columns, with its hint beneath it. */
export function CheckboxRow({ field, label, hint }: { field: FieldMetadata<unknown>; label: string; hint: string }) {
  return (
    <div className="md:col-span-2">
      <InlineCheckboxField
        meta={field}
        label={label}
        hint={hint}
        labelClassName="flex items-start gap-3 text-sm font-medium text-slate-900"
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-teal-700"
        hintClassName="mt-1 ps-7 text-sm text-slate-600"
      />
    </div>
  );
}
