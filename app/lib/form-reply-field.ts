// A form field from the server's last reply alone, for forms that carry no validation code of their own
// (pages at their JavaScript budget): its own module, so such a page does not take the form kit's hooks.
import type { ValidatedField } from "./form-validation.ts";

/**
 * A field as the kit's controls take it, from the server's reply to the last post (its errors and what was
 * typed): for a form that carries no validation code of its own (a page at its JavaScript budget).
 * `prefix` makes the ids unique on the page.
 */
export function fieldFromReply(reply: { result?: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } } | undefined, name: string, prefix: string): ValidatedField {
  const errors = reply?.result?.error?.[name] ?? undefined;
  const typed = reply?.result?.initialValue?.[name];
  return {
    id: `${prefix}-${name}`,
    name,
    errors: errors?.length ? errors : undefined,
    invalid: Boolean(errors?.length),
    defaultValue: typeof typed === "string" ? typed : undefined,
    key: name,
  };
}
