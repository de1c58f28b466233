// Enrollment form rules (SPEC §2 Enrollment modal, §5, §9), shared by the browser (instant feedback)
// and the server (the action and createEnrollment re-check). No server imports here.
//
// Error messages are locale keys ("enrollment.errors.*" in app/locales/<lng>/forms.json); the UI
// translates them. Each field reports one error at a time (`abort`), the first rule it breaks.
import { z } from "zod";

export interface CountryCode {
  /** Dialling code, e.g. "+20". */
  code: string;
  /** ISO 3166-1 alpha-2 country code. */
  iso: string;
  name: { en: string; ar: string };
}

/** SPEC §2/§9: about 24 codes, Arab countries first with Egypt (+20) the default, then Europe and others. */
export const COUNTRY_CODES = [
  { code: "+20", iso: "EG", name: { en: "Egypt", ar: "مصر" } },
  { code: "+966", iso: "SA", name: { en: "Saudi Arabia", ar: "السعودية" } },
  { code: "+971", iso: "AE", name: { en: "United Arab Emirates", ar: "الإمارات" } },
  { code: "+965", iso: "KW", name: { en: "Kuwait", ar: "الكويت" } },
  { code: "+974", iso: "QA", name: { en: "Qatar", ar: "قطر" } },
  { code: "+973", iso: "BH", name: { en: "Bahrain", ar: "البحرين" } },
  { code: "+968", iso: "OM", name: { en: "Oman", ar: "عُمان" } },
  { code: "+962", iso: "JO", name: { en: "Jordan", ar: "الأردن" } },
  { code: "+961", iso: "LB", name: { en: "Lebanon", ar: "لبنان" } },
  { code: "+963", iso: "SY", name: { en: "Syria", ar: "سوريا" } },
  { code: "+964", iso: "IQ", name: { en: "Iraq", ar: "العراق" } },
  { code: "+212", iso: "MA", name: { en: "Morocco", ar: "المغرب" } },
  { code: "+213", iso: "DZ", name: { en: "Algeria", ar: "الجزائر" } },
  { code: "+216", iso: "TN", name: { en: "Tunisia", ar: "تونس" } },
  { code: "+218", iso: "LY", name: { en: "Libya", ar: "ليبيا" } },
  { code: "+249", iso: "SD", name: { en: "Sudan", ar: "السودان" } },
  { code: "+970", iso: "PS", name: { en: "Palestine", ar: "فلسطين" } },
  { code: "+967", iso: "YE", name: { en: "Yemen", ar: "اليمن" } },
  { code: "+44", iso: "GB", name: { en: "United Kingdom", ar: "المملكة المتحدة" } },
  { code: "+49", iso: "DE", name: { en: "Germany", ar: "ألمانيا" } },
  { code: "+33", iso: "FR", name: { en: "France", ar: "فرنسا" } },
  { code: "+39", iso: "IT", name: { en: "Italy", ar: "إيطاليا" } },
  { code: "+1", iso: "US", name: { en: "United States / Canada", ar: "الولايات المتحدة / كندا" } },
  { code: "+90", iso: "TR", name: { en: "Turkey", ar: "تركيا" } },
] as const satisfies readonly CountryCode[];

export type CountryDialCode = (typeof COUNTRY_CODES)[number]["code"];

export const DEFAULT_COUNTRY_CODE: CountryDialCode = "+20";

const DIAL_CODES = COUNTRY_CODES.map((c) => c.code) as [CountryDialCode, ...CountryDialCode[]];

/** Field limits (SPEC §9: name 100; email 254 per RFC 5321; message 2000). */
export const ENROLLMENT_LIMITS = { studentName: 100, studentEmail: 254, message: 2000 } as const;

/**
 * SPEC §5 "basic x@y.z pattern": something, @, something, a dot, something. Whitespace and the
 * characters that separate or quote addresses in a mail header (<>()[]\,;:") are refused as well,
 * so the address is always one plain mailbox when it is used as a Reply-To.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** SPEC §5: after removing spaces, 7–15 characters of digits, hyphens or parentheses. */
export const PHONE_PATTERN = /^[0-9()-]{7,15}$/;

/**
 * The phone number as it is checked and stored: Arabic-Indic and Persian digits (as typed on an
 * Arabic keyboard) become ASCII digits, and all whitespace is removed.
 */
export function normalizePhone(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\s+/g, "");
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(value));
}

/** A required, trimmed text field with one error at a time: required, then too long. */
export function requiredText(max: number, keys: { required: string; tooLong: string }) {
  return z
    .string({ error: keys.required })
    .trim()
    .min(1, { error: keys.required, abort: true })
    .max(max, { error: keys.tooLong, abort: true });
}

/** A required email: required, then too long, then the x@y.z pattern. */
export function requiredEmail(keys: { required: string; tooLong: string; invalid: string }) {
  return requiredText(ENROLLMENT_LIMITS.studentEmail, keys).regex(EMAIL_PATTERN, { error: keys.invalid });
}

/** An optional text: blank becomes undefined. */
export function optionalText(max: number, tooLongKey: string) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLongKey, abort: true })
    .optional()
    .transform((v) => (v ? v : undefined));
}

/**
 * Honeypot: a field hidden from people. The schema accepts any value so a bot gets no hint; the
 * action checks `isHoneypotFilled` and answers as if the request succeeded, storing nothing.
 */
export const honeypot = z.string().optional();

export function isHoneypotFilled(value: { website?: string | undefined }): boolean {
  return typeof value.website === "string" && value.website.trim() !== "";
}

export const ENROLLMENT_ERRORS = {
  studentNameRequired: "enrollment.errors.studentNameRequired",
  studentNameTooLong: "enrollment.errors.studentNameTooLong",
  emailRequired: "enrollment.errors.emailRequired",
  emailInvalid: "enrollment.errors.emailInvalid",
  emailTooLong: "enrollment.errors.emailTooLong",
  countryCodeInvalid: "enrollment.errors.countryCodeInvalid",
  phoneRequired: "enrollment.errors.phoneRequired",
  phoneInvalid: "enrollment.errors.phoneInvalid",
  messageTooLong: "enrollment.errors.messageTooLong",
  courseInvalid: "enrollment.errors.courseInvalid",
} as const;

export const enrollmentSchema = z.object({
  studentName: requiredText(ENROLLMENT_LIMITS.studentName, {
    required: ENROLLMENT_ERRORS.studentNameRequired,
    tooLong: ENROLLMENT_ERRORS.studentNameTooLong,
  }),
  studentEmail: requiredEmail({
    required: ENROLLMENT_ERRORS.emailRequired,
    tooLong: ENROLLMENT_ERRORS.emailTooLong,
    invalid: ENROLLMENT_ERRORS.emailInvalid,
  }),
  countryCode: z.enum(DIAL_CODES, { error: ENROLLMENT_ERRORS.countryCodeInvalid }).default(DEFAULT_COUNTRY_CODE),
  phoneNumber: z
    .string({ error: ENROLLMENT_ERRORS.phoneRequired })
    .trim()
    .min(1, { error: ENROLLMENT_ERRORS.phoneRequired, abort: true })
    .refine(isValidPhone, { error: ENROLLMENT_ERRORS.phoneInvalid, abort: true })
    .transform(normalizePhone),
  message: optionalText(ENROLLMENT_LIMITS.message, ENROLLMENT_ERRORS.messageTooLong),
  courseId: z.guid({ error: ENROLLMENT_ERRORS.courseInvalid }),
  website: honeypot,
});

/** What the form sends (before parsing). */
export type EnrollmentFormValues = z.input<typeof enrollmentSchema>;
/** The parsed, normalised enrollment: trimmed texts, phone without spaces, blank message undefined. */
export type EnrollmentInput = z.output<typeof enrollmentSchema>;
