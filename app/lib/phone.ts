// Phone numbers (D26): read as people type or paste them, stored in E.164 ("+" country code, then the
// national number without its trunk "0": 010 1234 5678 in Egypt is stored as +201012345678), shown
// grouped ("+20 10 1234 5678") as a left-to-right token. E.164 can be dialled from anywhere and goes
// straight into tel: and WhatsApp (wa.me) links. No imports but the digit folding: the public
// enrollment form's browser checks use it.
//
// What is accepted (docs/digits-and-phone-numbers.md):
// - Arabic-Indic or Persian digits, spaces (any kind), hyphens/dashes and parentheses anywhere, and the
//   invisible direction marks a number copied from an Arabic page carries. Anything else (letters,
//   dots, slashes, "ext.") is refused.
// - An international number: "+" or "00", the country code, the number. A "+20"/"0020" number is
//   checked as Egyptian (a "0" typed after +20 is dropped: +20 010… is +2010…); any other country: 8 to
//   15 digits in all, not starting with 0 (E.164's longest number is 15 digits).
// - A national number, in the country given (Egypt, +20, unless the form says otherwise):
//   Egypt: a mobile number, 11 digits "01[0125]…" (or the 10 digits without the 0), or a landline with its
//   area code (02 + 8 digits for Cairo and Giza, 03 + 7 for Alexandria, 0xx + 7 elsewhere); "20…" typed
//   without "+" before a mobile number is taken as the country code. Other countries: the national
//   number with its trunk "0" dropped (kept for Italy, +39), or for +1 a leading "1" dropped from 11
//   digits; then 8 to 15 digits in all.
import { toWesternDigits } from "./digits.ts";

export const EGYPT_DIAL_CODE = "+20";

/** Why a number was refused: not a phone number at all, not a valid Egyptian number, or not a valid international one. */
export type PhoneProblem = "invalid" | "egypt" | "international";

export type PhoneParse = { ok: true; e164: string } | { ok: false; problem: PhoneProblem };

export interface PhoneOptions {
  /** The country a national number is read in ("+20", "+966", …); Egypt by default. */
  dialCode?: string;
  /**
   * A number typed without "+" or "00" and not starting with 0: "national" (default) reads it in
   * `dialCode`; "international" reads it as a full international number (the chat number's
   * "digits only, for example 201012345678").
   */
  bareDigits?: "national" | "international";
}

/** Direction marks and isolates, Arabic letter mark, BOM: invisible, carried along when copying from RTL text. */
const INVISIBLE = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** After spaces and invisible marks are removed: an optional leading "+", then digits, dashes, parentheses. */
const SHAPE = /^\+?[0-9()\-\u2010-\u2015\u2212]+$/;

/** Egyptian mobile numbers without the trunk 0: 10, 11, 12, 15, then 8 digits. */
const EG_MOBILE = /^1[0125]\d{8}$/;
/** Egyptian landlines without the trunk 0: Cairo/Giza 2 + 8 digits; Alexandria 3 + 7; other two-digit area codes + 7. */
const EG_LANDLINE = /^(?:2\d{8}|3\d{7}|1[35]\d{7}|[4-9]\d{8})$/;
/** An E.164 number's digits: country code first (never 0), 8 to 15 digits in all. */
const INTERNATIONAL = /^[1-9]\d{7,14}$/;
/** Country codes whose national numbers keep their leading 0 (Italy's fixed lines). */
const KEEPS_ZERO = new Set(["39"]);

export function isEgyptianNationalNumber(nsn: string): boolean {
  return EG_MOBILE.test(nsn) || EG_LANDLINE.test(nsn);
}

/** The text with Western digits and no whitespace or invisible marks (what the checks look at). */
export function compactPhone(value: string): string {
  return toWesternDigits(value).replace(INVISIBLE, "").replace(/\s+/g, "");
}

function egyptian(nsnWithTrunk: string): PhoneParse {
  const nsn = nsnWithTrunk.startsWith("0") ? nsnWithTrunk.slice(1) : nsnWithTrunk;
  return isEgyptianNationalNumber(nsn) ? { ok: true, e164: `${EGYPT_DIAL_CODE}${nsn}` } : { ok: false, problem: "egypt" };
}

function international(digits: string): PhoneParse {
  if (digits.startsWith("20")) return egyptian(digits.slice(2));
  return INTERNATIONAL.test(digits) ? { ok: true, e164: `+${digits}` } : { ok: false, problem: "international" };
}

function national(digits: string, dialCode: string): PhoneParse {
  const cc = dialCode.replace(/\D/g, "");
  if (cc === "20") {
    const local = egyptian(digits);
    if (local.ok || digits.startsWith("0")) return local;
    // "20 10 1234 5678": the country code typed without its "+".
    if (digits.startsWith("20") && EG_MOBILE.test(digits.slice(2))) return { ok: true, e164: `+${digits}` };
    return local;
  }
  let nsn = digits;
  if (cc === "1" && /^1\d{10}$/.test(nsn)) nsn = nsn.slice(1);
  else if (nsn.startsWith("0") && !KEEPS_ZERO.has(cc)) nsn = nsn.slice(1);
  const full = `${cc}${nsn}`;
  return nsn.length >= 4 && (!nsn.startsWith("0") || KEEPS_ZERO.has(cc)) && INTERNATIONAL.test(full) ? { ok: true, e164: `+${full}` } : { ok: false, problem: "international" };
}

/** Reads a typed or pasted phone number (see the header for what is accepted). */
export function parsePhone(value: string, options: PhoneOptions = {}): PhoneParse {
  const text = compactPhone(value);
  if (!SHAPE.test(text)) return { ok: false, problem: "invalid" };
  const digits = text.replace(/\D/g, "");
  if (digits === "") return { ok: false, problem: "invalid" };
  if (text.startsWith("+")) return international(digits);
  if (digits.startsWith("00")) return international(digits.slice(2));
  if (options.bareDigits === "international" && !digits.startsWith("0")) return international(digits);
  return national(digits, options.dialCode ?? EGYPT_DIAL_CODE);
}

/** The E.164 form of a valid number, or null. */
export function toE164(value: string, options: PhoneOptions = {}): string | null {
  const parsed = parsePhone(value, options);
  return parsed.ok ? parsed.e164 : null;
}

export function isE164(value: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(value);
}

/** Country codes the display knows how to split off (the enrollment form's list; a test keeps them in step). */
export const DISPLAY_COUNTRY_CODES = [
  "1", "20", "33", "39", "44", "49", "90", "212", "213", "216", "218", "249",
  "961", "962", "963", "964", "965", "966", "967", "968", "970", "971", "973", "974",
] as const;

/** Digits in groups from the end: …, 3, 4 ("501234567" → "50 123 4567"). */
function groupDigits(digits: string): string {
  if (digits.length <= 4) return digits;
  const parts = [digits.slice(-4)];
  const rest = digits.slice(0, -4);
  if (rest.length <= 3) return [rest, ...parts].join(" ");
  return [rest.slice(0, -3), rest.slice(-3), ...parts].join(" ");
}

/**
 * A stored number for people: "+20 10 1234 5678", "+20 2 1234 5678", "+966 50 123 4567". Anything
 * that is not E.164 (a number stored before D26 and left as it was) is shown unchanged. Show it as a
 * left-to-right token (`dir="ltr"`), so "+" stays in front on Arabic pages.
 */
export function formatPhone(value: string): string {
  if (!isE164(value)) return value;
  const digits = value.slice(1);
  if (digits.startsWith("20")) {
    const nsn = digits.slice(2);
    if (EG_MOBILE.test(nsn)) return `+20 ${nsn.slice(0, 2)} ${nsn.slice(2, 6)} ${nsn.slice(6)}`;
    if (/^2\d{8}$/.test(nsn)) return `+20 2 ${nsn.slice(1, 5)} ${nsn.slice(5)}`;
    if (/^3\d{7}$/.test(nsn)) return `+20 3 ${nsn.slice(1, 4)} ${nsn.slice(4)}`;
    if (EG_LANDLINE.test(nsn)) return `+20 ${nsn.slice(0, 2)} ${nsn.slice(2, 5)} ${nsn.slice(5)}`;
  }
  const code = [...DISPLAY_COUNTRY_CODES].sort((a, b) => b.length - a.length).find((c) => digits.startsWith(c));
  if (!code) return value;
  return `+${code} ${groupDigits(digits.slice(code.length))}`;
}

/**
 * A stored number inside running text (an email): grouped, and in Arabic wrapped in a left-to-right
 * isolate (U+2066 … U+2069), so "+20 10 1234 5678" does not read backwards in a right-to-left line.
 */
export function phoneInText(value: string, locale: string): string {
  const shown = formatPhone(value);
  return locale === "ar" ? `\u2066${shown}\u2069` : shown;
}

/** A tel: link: the E.164 number (or, for a number stored before D26, its "+" and digits). */
export function telHref(value: string): string {
  return `tel:${isE164(value) ? value : toWesternDigits(value).replace(/[^\d+]/g, "")}`;
}
