// Enrollment form schema (SPEC §2 Enrollment modal, §5, §9): what the server parses (the action and
// createEnrollment re-check). The browser checks the same rules without zod (enrollment.rules.ts:
// validateEnrollment), so public pages stay within the JS budget; a test keeps the two in agreement.
// No server imports here.
//
// Error messages are locale keys ("enrollment.errors.*" in app/locales/<lng>/forms.json); the UI
// translates them. Each field reports one error at a time (`abort`), the first rule it breaks.
import { z } from "zod";
import { isOneOf } from "~/lib/validation.ts";
import { honeypot, optionalText, personName, requiredEmail } from "~/lib/validation.schema.ts";
import { cleanHost, cleanSourcePage, cleanUtm } from "~/domain/enrollments/visit-source.ts";
import {
  DEFAULT_COUNTRY_CODE,
  DIAL_CODES,
  ENROLLMENT_ERRORS,
  ENROLLMENT_LIMITS,
  enrollmentPhone,
  phoneCountryError,
  phoneShapeError,
} from "./enrollment.rules.ts";

// The constants and the zod-free checks live in enrollment.rules.ts (the browser uses those); they are
// re-exported here so server code keeps one import.
export {
  COUNTRY_CODES,
  DEFAULT_COUNTRY_CODE,
  ENROLLMENT_ERRORS,
  ENROLLMENT_LIMITS,
  enrollmentPhone,
  isValidPhone,
  normalizePhone,
  type CountryCode,
  type CountryDialCode,
} from "./enrollment.rules.ts";
export { isHoneypotFilled } from "~/lib/validation.ts";

/**
 * Where the request came from (issue 19 point 10, ADR 021): hostile input never fails the request. Each
 * value is cleaned (control characters removed, lengths clamped) or null; a repeated field keeps its first
 * text. Idempotent, so createEnrollment may parse a parsed value again.
 */
const sourceFields = {
  sourcePage: z.unknown().optional().transform(cleanSourcePage),
  utmSource: z.unknown().optional().transform(cleanUtm),
  utmMedium: z.unknown().optional().transform(cleanUtm),
  utmCampaign: z.unknown().optional().transform(cleanUtm),
  utmTerm: z.unknown().optional().transform(cleanUtm),
  utmContent: z.unknown().optional().transform(cleanUtm),
  referrerHost: z.unknown().optional().transform(cleanHost),
};

const enrollmentFields = z.object({
  studentName: personName(ENROLLMENT_LIMITS.studentName, {
    required: ENROLLMENT_ERRORS.studentNameRequired,
    tooLong: ENROLLMENT_ERRORS.studentNameTooLong,
    invalid: ENROLLMENT_ERRORS.studentNameInvalid,
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
    .refine((v) => phoneShapeError(v) === null, { error: ENROLLMENT_ERRORS.phoneInvalid, abort: true }),
  message: optionalText(ENROLLMENT_LIMITS.message, ENROLLMENT_ERRORS.messageTooLong),
  courseId: z.guid({ error: ENROLLMENT_ERRORS.courseInvalid }),
  // Issue 20: the run asked for. Whether one is required, and whether it is an open upcoming run of the
  // course, is for createEnrollment to say (it reads the database); a repeated field is an array: refused.
  runId: z.guid({ error: ENROLLMENT_ERRORS.runInvalid }).optional(),
  website: honeypot,
  ...sourceFields,
});

/**
 * D26: the phone number read in the chosen country (a pasted +… number in its own country), reported on
 * the phone field, once the two fields pass their own checks. A refinement of the whole object would be
 * skipped whenever another field fails (zod stops object checks after an aborting issue), so this runs
 * beside the fields instead, on the raw values, and contributes no output of its own.
 */
const phoneInCountry = z
  .object({ countryCode: z.unknown().optional(), phoneNumber: z.unknown().optional() })
  .superRefine(({ countryCode, phoneNumber }, ctx) => {
    const code = countryCode === undefined || countryCode === "" ? DEFAULT_COUNTRY_CODE : countryCode;
    if (!isOneOf(code, DIAL_CODES)) return;
    const phone = typeof phoneNumber === "string" ? phoneNumber.trim() : "";
    if (phone === "" || phoneShapeError(phone)) return;
    const error = phoneCountryError(phone, code);
    // Not continuable: the intersection then reports it instead of merging this side's raw values.
    if (error) ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: error, continue: false });
  })
  .transform(() => ({}));

export const enrollmentSchema = z
  .intersection(enrollmentFields, phoneInCountry)
  // Stored in E.164: "+201012345678". Idempotent, so createEnrollment may parse a parsed value again.
  .transform((v) => ({ ...v, phoneNumber: enrollmentPhone(v.phoneNumber, v.countryCode) ?? v.phoneNumber }));

/** What the form sends (before parsing). */
export type EnrollmentFormValues = z.input<typeof enrollmentSchema>;
type EnrollmentOutput = z.output<typeof enrollmentSchema>;
type SourceKey = keyof typeof sourceFields;
/**
 * The parsed, normalised enrollment: trimmed texts, phone in E.164, blank message undefined; its source
 * fields (null when unknown) may be left out by callers other than the form.
 */
export type EnrollmentInput = Omit<EnrollmentOutput, SourceKey> & Partial<Pick<EnrollmentOutput, SourceKey>>;
