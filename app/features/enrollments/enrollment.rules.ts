// Enrollment form rules without zod (SPEC §2 Enrollment modal, §5, §9): the constants, patterns and
// messages the zod schema (enrollment.schema.ts, used by the server) is built from, and the same checks
// written out for the browser, so the public pages validate instantly without downloading zod
// (docs/decisions/005-js-budget.md). enrollment.rules.test.ts checks that both always agree.
//
// Error messages are locale keys ("enrollment.errors.*" in app/locales/<lng>/forms.json).
import type { FieldErrors, FormValues } from "~/lib/form-validation.ts";
import { compactPhone, parsePhone, type PhoneProblem } from "~/lib/phone.ts";
import { checkOptionalText, checkPersonName, checkRequiredEmail, EMAIL_MAX, isOneOf } from "~/lib/validation.ts";

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

export const DIAL_CODES = COUNTRY_CODES.map((c) => c.code) as [CountryDialCode, ...CountryDialCode[]];

/** Field limits (SPEC §9: name 100; email 254 per RFC 5321; message 2000). */
export const ENROLLMENT_LIMITS = { studentName: 100, studentEmail: EMAIL_MAX, message: 2000 } as const;

/**
 * The phone number as it is checked: Arabic-Indic and Persian digits (as typed on an Arabic keyboard)
 * become ASCII digits; whitespace and invisible direction marks are removed.
 */
export function normalizePhone(value: string): string {
  return compactPhone(value);
}

/**
 * D26: the phone number in the country chosen in the form (app/lib/phone.ts says what is accepted):
 * Egyptian numbers with or without their leading 0, a pasted "+…" or "00…" number whatever the
 * country chosen, spaces, hyphens and parentheses anywhere.
 */
export function isValidPhone(value: string, countryCode: string = DEFAULT_COUNTRY_CODE): boolean {
  return parsePhone(value, { dialCode: countryCode }).ok;
}

/** The number as stored (E.164, "+201012345678"); null when it is not valid. */
export function enrollmentPhone(value: string, countryCode: string = DEFAULT_COUNTRY_CODE): string | null {
  const parsed = parsePhone(value, { dialCode: countryCode });
  return parsed.ok ? parsed.e164 : null;
}

export const ENROLLMENT_ERRORS = {
  studentNameRequired: "enrollment.errors.studentNameRequired",
  studentNameTooLong: "enrollment.errors.studentNameTooLong",
  studentNameInvalid: "enrollment.errors.studentNameInvalid",
  emailRequired: "enrollment.errors.emailRequired",
  emailInvalid: "enrollment.errors.emailInvalid",
  emailTooLong: "enrollment.errors.emailTooLong",
  countryCodeInvalid: "enrollment.errors.countryCodeInvalid",
  phoneRequired: "enrollment.errors.phoneRequired",
  phoneInvalid: "enrollment.errors.phoneInvalid",
  phoneEgyptInvalid: "enrollment.errors.phoneEgyptInvalid",
  phoneInternationalInvalid: "enrollment.errors.phoneInternationalInvalid",
  messageTooLong: "enrollment.errors.messageTooLong",
  courseInvalid: "enrollment.errors.courseInvalid",
  // Issue 20: the run (start date) asked for; strings under "enrollment.run" in forms.json.
  runInvalid: "enrollment.run.errors.invalid",
  runRequired: "enrollment.run.errors.required",
} as const;

const PHONE_PROBLEM_ERRORS: Record<PhoneProblem, string> = {
  invalid: ENROLLMENT_ERRORS.phoneInvalid,
  egypt: ENROLLMENT_ERRORS.phoneEgyptInvalid,
  international: ENROLLMENT_ERRORS.phoneInternationalInvalid,
};

/** The field's own check, whatever the country: only digits, "+", spaces, hyphens, parentheses. */
export function phoneShapeError(value: string): string | null {
  const parsed = parsePhone(value);
  return !parsed.ok && parsed.problem === "invalid" ? ENROLLMENT_ERRORS.phoneInvalid : null;
}

/** The check with the country chosen: a valid Egyptian or international number, or the message saying which. */
export function phoneCountryError(value: string, countryCode: string): string | null {
  const parsed = parsePhone(value, { dialCode: countryCode });
  return parsed.ok ? null : PHONE_PROBLEM_ERRORS[parsed.problem];
}

/** zod's z.guid(): any 8-4-4-4-12 hexadecimal identifier. */
const GUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * The enrollment form's errors by field, for values read as the server reads them (blank = undefined).
 * `runRequired`: the form offers runs, so one must be chosen (the server decides that from the database;
 * the schema alone only checks the shape of a run id that is sent).
 */
export function validateEnrollment(values: FormValues, opts: { runRequired?: boolean } = {}): FieldErrors {
  const errors: FieldErrors = {};
  const put = (field: string, key: string | null) => {
    if (key) errors[field] = [key];
  };
  put(
    "studentName",
    checkPersonName(values.studentName, ENROLLMENT_LIMITS.studentName, {
      required: ENROLLMENT_ERRORS.studentNameRequired,
      tooLong: ENROLLMENT_ERRORS.studentNameTooLong,
      invalid: ENROLLMENT_ERRORS.studentNameInvalid,
    }),
  );
  put(
    "studentEmail",
    checkRequiredEmail(values.studentEmail, {
      required: ENROLLMENT_ERRORS.emailRequired,
      tooLong: ENROLLMENT_ERRORS.emailTooLong,
      invalid: ENROLLMENT_ERRORS.emailInvalid,
    }),
  );
  const code = values.countryCode;
  const codeValid = code === undefined || isOneOf(code, DIAL_CODES);
  put("countryCode", codeValid ? null : ENROLLMENT_ERRORS.countryCodeInvalid);
  // As the schema: required, then the shape; then, when the country code is valid, the number in that country.
  const phone = (values.phoneNumber ?? "").trim();
  put(
    "phoneNumber",
    phone === ""
      ? ENROLLMENT_ERRORS.phoneRequired
      : (phoneShapeError(phone) ?? (codeValid ? phoneCountryError(phone, code ?? DEFAULT_COUNTRY_CODE) : null)),
  );
  put("message", checkOptionalText(values.message, ENROLLMENT_LIMITS.message, ENROLLMENT_ERRORS.messageTooLong));
  put("courseId", values.courseId !== undefined && GUID_PATTERN.test(values.courseId) ? null : ENROLLMENT_ERRORS.courseInvalid);
  const runId = values.runId;
  put(
    "runId",
    runId === undefined
      ? opts.runRequired
        ? ENROLLMENT_ERRORS.runRequired
        : null
      : GUID_PATTERN.test(runId)
        ? null
        : ENROLLMENT_ERRORS.runInvalid,
  );
  return errors;
}
