// Shared form rules without zod, for the browser and the server alike: the email pattern and limit, the
// one-error-per-field checks the public forms run before posting (contact.rules.ts, enrollment.rules.ts),
// the honeypot check, and the `isOneOf` guard. Public pages load this file, so it must not import zod
// (docs/decisions/005-js-budget.md); the zod builders made of the same rules are in validation.schema.ts.
// Error messages are locale keys chosen by each form.
import { withoutDirectionControls } from "./direction-controls.ts";

/**
 * SPEC §5 "basic x@y.z pattern": something, @, something, a dot, something. Whitespace and the
 * characters that separate or quote addresses in a mail header (<>()[]\,;:") are refused as well,
 * so the address is always one plain mailbox when it is used as a Reply-To.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** RFC 5321 limit for an address. */
export const EMAIL_MAX = 254;

/** Whether `value` is one of `list`, narrowing it to the list's type (replaces `(list as readonly string[]).includes(v)`). */
export function isOneOf<const T extends string>(value: unknown, list: readonly T[]): value is T {
  return typeof value === "string" && list.some((item) => item === value);
}

/**
 * A web address typed without its scheme ("facebook.com/nile", "www.linkedin.com/in/x", "//x.com") is
 * completed with https:// rather than refused (issue 17). An address naming a scheme is left as typed
 * ("http://…" stays; "javascript:…" or "mailto:…" stay too, for the address rules to refuse), and a host
 * with a port ("x.com:8080/a") is an address, not a scheme.
 */
export function completeWebAddress(value: string): string {
  const text = value.trim();
  if (text === "") return text;
  if (text.startsWith("//")) return `https:${text}`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  if (scheme && (text.slice(scheme[0].length).startsWith("//") || !scheme[1]!.includes("."))) return text;
  return `https://${text}`;
}

/** The honeypot field ("website", hidden from people) holds something: a bot filled the form. */
export function isHoneypotFilled(value: { website?: string | undefined }): boolean {
  return typeof value.website === "string" && value.website.trim() !== "";
}

// --- The checks, one error per field (the first rule broken), as the zod builders report them. -------

/** Required, trimmed text: required, then too long. */
export function checkRequiredText(value: string | undefined, max: number, keys: { required: string; tooLong: string }): string | null {
  const text = (value ?? "").trim();
  if (text.length < 1) return keys.required;
  if (text.length > max) return keys.tooLong;
  return null;
}

/** Required email: required, then too long, then the x@y.z pattern. */
export function checkRequiredEmail(
  value: string | undefined,
  keys: { required: string; tooLong: string; invalid: string },
): string | null {
  return checkRequiredText(value, EMAIL_MAX, keys) ?? (EMAIL_PATTERN.test((value ?? "").trim()) ? null : keys.invalid);
}


/** Letters (any script), combining marks (Arabic harakat, accents), spaces and . ' ’ - only. */
const NAME_CHARACTERS = /^[\p{L}\p{M} .'’-]+$/u;
/** Two letters, a dot, two letters: a web address ("evil.example"), not an initial ("A. B. Salem"). */
const ADDRESS_LIKE = /[\p{L}]{2,}\.[\p{L}]{2,}/u;

/**
 * A person's name as the forms keep it: direction controls removed, runs of spaces (tabs, no-break spaces)
 * made one space, trimmed. Line breaks are kept, for the check to refuse.
 */
export function cleanPersonName(value: string | undefined): string {
  return withoutDirectionControls(value ?? "").replace(/[^\S\r\n\u2028\u2029]+/gu, " ").trim();
}

/** Whether a cleaned name is one line of letters, marks, spaces and a few punctuation marks, with no address. */
export function isPersonName(name: string): boolean {
  return NAME_CHARACTERS.test(name) && /\p{L}/u.test(name) && !ADDRESS_LIKE.test(name);
}

/**
 * A visitor's name (enrollment, contact; issue 34 item 6): required, then too long, then one line of
 * letters. A name is placed in emails sent to whatever address was typed, so it must not be able to carry
 * a second line, a link or reordered text.
 */
export function checkPersonName(
  value: string | undefined,
  max: number,
  keys: { required: string; tooLong: string; invalid: string },
): string | null {
  const name = cleanPersonName(value);
  return checkRequiredText(name, max, keys) ?? (isPersonName(name) ? null : keys.invalid);
}

/** Optional text: only too long. */
export function checkOptionalText(value: string | undefined, max: number, tooLongKey: string): string | null {
  return (value ?? "").trim().length > max ? tooLongKey : null;
}
