// zod builders for the rules of validation.ts, shared by the forms' schemas (contact, enrollment, staff
// users, sign-in). Each field reports one error at a time (`abort`), the first rule it breaks, exactly as
// the zod-free checks in validation.ts do. No server imports here.
import { z } from "zod";
import { cleanPersonName, EMAIL_MAX, EMAIL_PATTERN, isPersonName } from "./validation.ts";

/** A required, trimmed text field with one error at a time: required, then too long. */
export function requiredText(max: number, keys: { required: string; tooLong: string }) {
  return z
    .string({ error: keys.required })
    .trim()
    .min(1, { error: keys.required, abort: true })
    .max(max, { error: keys.tooLong, abort: true });
}

/**
 * A visitor's name (issue 34 item 6; checkPersonName in validation.ts for the browser): direction controls
 * removed and spaces tidied (cleanPersonName), then required, too long, one line of letters.
 */
export function personName(max: number, keys: { required: string; tooLong: string; invalid: string }) {
  return z
    .string({ error: keys.required })
    .transform(cleanPersonName)
    // Conform turns the blank this leaves into undefined before the inner schema sees it: required again.
    .pipe(
      z
        .string({ error: keys.required })
        .min(1, { error: keys.required, abort: true })
        .max(max, { error: keys.tooLong, abort: true })
        .refine(isPersonName, { error: keys.invalid, abort: true }),
    );
}

/** A required email: required, then too long, then the x@y.z pattern. */
export function requiredEmail(keys: { required: string; tooLong: string; invalid: string }) {
  return requiredText(EMAIL_MAX, keys).regex(EMAIL_PATTERN, { error: keys.invalid });
}

/** A trimmed text that may be left blank, at most `max` long: the base of the optional builders below. */
function blankable(max: number, tooLongKey: string) {
  return z.string({ error: tooLongKey }).trim().max(max, { error: tooLongKey, abort: true }).nullish();
}

/** An optional text: blank (or absent) becomes undefined (a public form's field left out). */
export function optionalText(max: number, tooLongKey: string) {
  return blankable(max, tooLongKey).transform((v) => v || undefined);
}

/** An optional text stored as null when blank (SPEC §3): an edit form can clear what was there. */
export function optionalTextOrNull(max: number, tooLongKey: string) {
  return blankable(max, tooLongKey).transform((v) => v || null);
}

/** An optional text kept as "" when blank (a setting: absent is the empty string). */
export function optionalTextOrEmpty(max: number, tooLongKey: string) {
  return blankable(max, tooLongKey).transform((v) => v ?? "");
}

/**
 * Honeypot: a field hidden from people. The schema accepts any value so a bot gets no hint; the
 * action checks `isHoneypotFilled` (validation.ts) and answers as if the request succeeded, storing nothing.
 */
export const honeypot = z.string().optional();

/**
 * The version an edit form was opened at (app/lib/edit-version.ts, a timestamp in milliseconds): a save
 * over a newer one is refused. Absent for callers other than a form.
 */
export const editVersion = z.string().max(20).optional();
