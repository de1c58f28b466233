import { cloneElement, isValidElement, type ReactNode } from "react";
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
