// The controls under the form kit, free of Conform and zod so the public forms can use them within their
// JavaScript budget (docs/decisions/005-js-budget.md). A control is given its field already wired (what the
// form library sets on it: id, name, default value, aria-invalid…, plus its key and errors) and renders it
// inside a Field, with aria-describedby naming its hint and its error. field-controls.tsx wires Conform's
// metadata into these; the public forms wire useValidatedForm's fields with `validated`.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { ValidatedField } from "~/lib/form-validation.ts";
import { Field, inputClass } from "./field.tsx";

/** A field as its control is wired: the attributes the form library sets, the key that resets it, its errors. */
export interface WiredField {
  props: { id: string; name?: string; type?: string } & Record<string, unknown>;
  key: string | undefined;
  errors: string[] | undefined;
}

/** What the wiring sets on a control: never passed by the screen. */
export type Wired = "id" | "name" | "form" | "type" | "defaultValue" | "defaultChecked" | "value" | "aria-invalid";

export interface FrameProps {
  label: string;
  hint?: string;
  required?: boolean;
  /** More ids the control is described by (a counter, a note under the group). */
  describedByIds?: (string | false | undefined)[];
}

/** The ids that describe a control: its hint, its error (when shown), then any others. */
export function controlDescription(
  id: string,
  errors: string[] | undefined,
  hint: string | undefined,
  more: (string | false | undefined)[] = [],
): string | undefined {
  const ids = [hint && `${id}-hint`, Boolean(errors?.length) && `${id}-error`, ...more].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** A public form's field (useValidatedForm) wired for its control; `type` for an input. */
export function validated(field: ValidatedField, type?: string): WiredField {
  return {
    props: {
      id: field.id,
      name: field.name,
      type,
      defaultValue: field.defaultValue,
      "aria-invalid": field.invalid || undefined,
    },
    key: field.key,
    errors: field.errors,
  };
}

/** A control's props: its wired field, the Field's words, and whatever else the element takes. */
type Control<A> = FrameProps & { wired: WiredField } & Omit<A, Wired>;

/** The Field's props, and the control's: its wiring, the kit's class and the ids that describe it. */
function split<A extends { className?: string }>({ wired, label, hint, required, describedByIds, className = inputClass, ...rest }: Control<A>) {
  const { id } = wired.props;
  return {
    field: { id, label, required, errors: wired.errors, hint },
    control: {
      ...wired.props,
      className,
      "aria-describedby": controlDescription(id, wired.errors, hint, describedByIds),
      "aria-required": required || undefined,
      ...rest,
    },
  };
}

export function InputControl(props: Control<InputHTMLAttributes<HTMLInputElement>>) {
  const { field, control } = split(props);
  return (
    <Field {...field}>
      <input {...control} key={props.wired.key} />
    </Field>
  );
}

export function TextAreaControl(props: Control<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { field, control } = split(props);
  return (
    <Field {...field}>
      <textarea {...control} key={props.wired.key} />
    </Field>
  );
}

/** A select; its options are its children. */
export function SelectControl(props: Control<SelectHTMLAttributes<HTMLSelectElement>> & { children: ReactNode }) {
  const { field, control } = split(props);
  return (
    <Field {...field}>
      <select {...control} key={props.wired.key} />
    </Field>
  );
}
