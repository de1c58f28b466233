// The Settings form's controls: a one-line field, a text area and a box, each in its language and
// direction, and the fieldset that groups them.
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, inputClass } from "~/components/forms/field.tsx";
import { SETTINGS_LIMITS } from "../settings-admin.schema.ts";

type Lang = "en" | "ar";

/** Text direction and language of a field's content (English, Arabic, or Latin-only like URLs). */
function langProps(lang: Lang | "latin") {
  if (lang === "ar") return { dir: "rtl" as const, lang: "ar" };
  if (lang === "en") return { dir: "ltr" as const, lang: "en" };
  return { dir: "ltr" as const };
}

function describedBy(field: FieldMetadata<unknown>, hint?: string): string | undefined {
  const ids = [hint ? `${field.id}-hint` : undefined, field.errors?.length ? `${field.id}-error` : undefined].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** A one-line field in its language and direction (a number field is bounded by the schema's limit). */
export function TextInput({
  field,
  label,
  lang,
  type = "text",
  max,
  hint,
  required,
  autoComplete = "off",
  inputMode,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  lang: Lang | "latin";
  type?: "text" | "email" | "url" | "tel" | "number";
  max?: number;
  hint?: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "url";
}) {
  return (
    <Field id={field.id} label={label} required={required} errors={field.errors} hint={hint}>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        {...langProps(lang)}
        {...(type === "number" ? { min: 0, max: SETTINGS_LIMITS.figureMax, step: 1 } : { maxLength: max })}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={`${inputClass} ${lang === "ar" ? "" : "text-start"}`}
        aria-describedby={describedBy(field, hint)}
      />
    </Field>
  );
}

/** A three-line field in its language and direction. */
export function TextArea({
  field,
  label,
  lang,
  max,
  hint,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  lang: Lang;
  max: number;
  hint?: string;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint}>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        {...langProps(lang)}
        rows={3}
        maxLength={max}
        className={inputClass}
        aria-describedby={describedBy(field, hint)}
      />
    </Field>
  );
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
      <label className="flex items-start gap-3 text-sm font-medium text-slate-900">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          key={field.key}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-teal-700"
          aria-describedby={`${field.id}-hint`}
        />
        {label}
      </label>
      <p id={`${field.id}-hint`} className="mt-1 ps-7 text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );
}
