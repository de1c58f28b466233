// The form kit's controls (issue 35 item 1): each takes Conform's metadata for its field and wires the
// control itself (id, name, key, default value, constraints, aria-invalid, and aria-describedby naming its
// hint and its error), inside a Field that renders the label, the hint and the translated error. A screen
// writes `<TextField meta={fields.name} label={…} />`; what a control needs beyond that (maxLength, dir,
// autoComplete, an onChange) passes through.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import {
  controlDescription,
  InputControl,
  SelectControl,
  TextAreaControl,
  type FrameProps,
  type Wired,
  type WiredField,
  Field,
} from "./field.tsx";
import { PasswordInput } from "./password-input.tsx";

/** Conform's metadata of one field, whatever its value's type. */
type Meta = FieldMetadata<unknown>;

type FieldProps = FrameProps & { meta: Meta };

/** The hint's and the error's ids, as Field renders them. */
export function fieldDescription(meta: Meta, hint: string | undefined, more: (string | false | undefined)[] = []) {
  return controlDescription(meta.id, meta.errors, hint, more);
}

/** Conform's attributes for a control, with its field's key and errors. */
function wire(meta: Meta, props: WiredField["props"]): WiredField {
  return { props, key: meta.key, errors: meta.errors };
}

type TextType = "text" | "email" | "url" | "tel" | "search" | "password" | "datetime-local";

export function TextField({
  meta,
  type = "text",
  ...props
}: FieldProps & { type?: TextType } & Omit<InputHTMLAttributes<HTMLInputElement>, Wired>) {
  return <InputControl wired={wire(meta, getInputProps(meta, { type }))} {...props} />;
}

/** An email address: written left to right in either language, the browser's email keyboard and autofill. */
export function EmailField(props: Omit<Parameters<typeof TextField>[0], "type">) {
  return <TextField type="email" dir="ltr" autoComplete="email" spellCheck={false} {...props} />;
}

/** A password with its show/hide toggle (PasswordInput); the value never comes back from the server. */
export function PasswordField({
  meta,
  label,
  hint,
  required,
  describedByIds,
  ...control
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, Wired | "className">) {
  const { type: _type, ...wired } = getInputProps(meta, { type: "password" });
  return (
    <Field id={meta.id} label={label} required={required} errors={meta.errors} hint={hint}>
      <PasswordInput
        {...wired}
        key={meta.key}
        aria-describedby={fieldDescription(meta, hint, describedByIds)}
        aria-required={required || undefined}
        dir="ltr"
        {...control}
      />
    </Field>
  );
}

export function TextAreaField({ meta, ...props }: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Wired>) {
  return <TextAreaControl wired={wire(meta, getTextareaProps(meta))} {...props} />;
}

export function SelectField({
  meta,
  ...props
}: FieldProps & { children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, Wired>) {
  return <SelectControl wired={wire(meta, getSelectProps(meta))} {...props} />;
}

/** A checkbox with its label beside it and its hint (and error) under both. */
export function CheckboxField({ meta, label, hint, describedByIds, ...control }: Omit<FieldProps, "required"> & Omit<InputHTMLAttributes<HTMLInputElement>, Wired>) {
  return (
    <div className="flex flex-col justify-center gap-1">
      <div className="flex items-center gap-3">
        <input
          {...getInputProps(meta, { type: "checkbox" })}
          key={meta.key}
          className="h-5 w-5 cursor-pointer accent-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
          aria-describedby={fieldDescription(meta, hint, describedByIds)}
          {...control}
        />
        <label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${meta.id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {meta.errors?.[0] && <CheckboxError id={`${meta.id}-error`} messageKey={meta.errors[0]} />}
    </div>
  );
}

/**
 * A box inside its own label, the label's text beside it (a switch among a form's options), with its hint
 * and error under it when it has them. The screen gives the label's, the box's and the hint's look.
 */
export function InlineCheckboxField({
  meta,
  label,
  hint,
  describedByIds,
  labelClassName = "flex items-center gap-2 text-sm font-medium text-slate-800",
  hintClassName = "text-xs text-slate-600",
  className = "h-4 w-4 rounded border-slate-400 accent-teal-700",
  ...control
}: Omit<FieldProps, "required"> & { labelClassName?: string; hintClassName?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, Wired>) {
  return (
    <>
      <label className={labelClassName}>
        <input
          {...getInputProps(meta, { type: "checkbox" })}
          key={meta.key}
          className={className}
          aria-describedby={fieldDescription(meta, hint, describedByIds)}
          {...control}
        />
        {label}
      </label>
      {hint && (
        <p id={`${meta.id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      {meta.errors?.[0] && <CheckboxError id={`${meta.id}-error`} messageKey={meta.errors[0]} />}
    </>
  );
}

function CheckboxError({ id, messageKey }: { id: string; messageKey: string }) {
  const { t } = useI18n();
  return (
    <p id={id} className="text-sm text-red-700">
      {t(messageKey)}
    </p>
  );
}
