import {
  cloneElement,
  isValidElement,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import type { ValidatedField } from "~/lib/form-validation.ts";
import { EMAIL_MAX } from "~/lib/validation.ts";
import { useI18n } from "~/lib/use-i18n.ts";

/** A labelled field with its (translated) error and hint, wired with aria-describedby / aria-invalid. */
export function Field({
  id,
  label,
  required,
  errors,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  /** Locale keys from the schema. */
  errors?: string[];
  hint?: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </label>
      {withAutoDirection(children)}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {errors && errors.length > 0 && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {t(errors[0]!)}
        </p>
      )}
    </div>
  );
}

/** Text-like fields whose value may be written in either language. */
const TEXT_TYPES = new Set([undefined, "text", "search", "email", "url", "tel"]);

/**
 * A text field or text area takes its direction from what is typed in it (dir="auto"): an English title
 * typed into the Arabic form starts at the left and reads whole, an Arabic name on an English page at the
 * right. A field that sets its own direction (dir="ltr" on a phone number) keeps it.
 */
function withAutoDirection(child: ReactNode): ReactNode {
  if (!isValidElement<{ type?: string; dir?: string }>(child) || child.props.dir !== undefined) return child;
  const text = child.type === "textarea" || (child.type === "input" && TEXT_TYPES.has(child.props.type));
  return text ? cloneElement(child, { dir: "auto" }) : child;
}

export const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-teal-700 focus:outline-2 focus:outline-teal-700 aria-[invalid=true]:border-red-600";

/** Visually hidden field that people never fill; bots do (the server drops those submissions). */
export function Honeypot({ label }: { label: string }) {
  return (
    <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

// The controls under the form kit, free of Conform and zod so the public forms can use them within their
// JavaScript budget (docs/decisions/005-js-budget.md; kept in this file, one chunk with Field, for the
// same reason). A control is given its field already wired (what the form library sets on it: id, name,
// default value, aria-invalid…, plus its key and errors) and renders it inside a Field, with
// aria-describedby naming its hint and its error. field-controls.tsx wires Conform's metadata into these;
// the public forms wire useValidatedForm's fields with `validated`.

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

/** The Field and, inside it, the control (`key` first: the form starts over when it changes). */
function render(tag: "input" | "textarea" | "select", props: Control<{ className?: string }>) {
  const { field, control } = split(props);
  const Tag = tag;
  return (
    <Field {...field}>
      <Tag key={props.wired.key} {...control} />
    </Field>
  );
}

export const InputControl = (props: Control<InputHTMLAttributes<HTMLInputElement>>) => render("input", props);

export const TextAreaControl = (props: Control<TextareaHTMLAttributes<HTMLTextAreaElement>>) => render("textarea", props);

/** A select; its options are its children. */
export const SelectControl = (props: Control<SelectHTMLAttributes<HTMLSelectElement>> & { children: ReactNode }) =>
  render("select", props);

// The person a public form comes from (the contact message, the enrollment request): a name and an email
// address, with the same limits, autofill and direction on both forms.

/** Name then email, both required; `nameMax` is the form's own limit for the name. */
export function PersonFields({
  name,
  email,
  nameMax,
  keys,
}: {
  name: ValidatedField;
  email: ValidatedField;
  nameMax: number;
  /** Each field's locale key, under which its `label` and `placeholder` are. */
  keys: { name: string; email: string };
}) {
  const { t } = useI18n();
  const words = (key: string) => ({ label: t(`${key}.label`), placeholder: t(`${key}.placeholder`) });
  return (
    <>
      <InputControl wired={validated(name, "text")} {...words(keys.name)} required autoComplete="name" maxLength={nameMax} />
      <InputControl
        wired={validated(email, "email")}
        {...words(keys.email)}
        required
        autoComplete="email"
        dir="ltr"
        maxLength={EMAIL_MAX}
        className={`${inputClass} text-start`}
      />
    </>
  );
}
