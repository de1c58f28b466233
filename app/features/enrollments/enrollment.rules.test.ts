// The browser's enrollment checks (validateEnrollment, no zod) must say exactly what the server's zod
// schema says, for any input: same fields in error, same message key, one per field. Inputs go through
// FormData both ways, as in the browser (the server parses with Conform's parseWithZod).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formDataOf, serverErrors, textArbitraries } from "../../../tests/setup/schema-checks.ts";
import { readFormValues } from "~/lib/form-validation.ts";
import { DISPLAY_COUNTRY_CODES } from "~/lib/phone.ts";
import { COUNTRY_CODES, DIAL_CODES, ENROLLMENT_ERRORS, ENROLLMENT_LIMITS, validateEnrollment } from "./enrollment.rules.ts";
import { enrollmentSchema } from "./enrollment.schema.ts";

const { spaces, aroundLimit, anyText, emailLike } = textArbitraries(["", " ", "  ", "\t", "\n", "\u00a0"]);
const emailish = emailLike(
  ENROLLMENT_LIMITS.studentEmail,
  fc.tuple(spaces, fc.emailAddress(), spaces).map(([a, e, b]) => `${a}${e}${b}`),
);
const phoneish = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."0123456789()- +.x٠١٢٣٤٥٦٧٨٩۰۱۲۳\u00a0"), maxLength: 22 }),
  fc.integer({ min: 0, max: 18 }).map((n) => "1".repeat(n)),
  // D26: numbers people type or paste, valid and not quite.
  fc.constantFrom("01012345678", "010 1234 5678", "+201012345678", "0020 10 1234 5678", "٠١٠١٢٣٤٥٦٧٨", "۰۱۰۱۲۳۴۵۶۷۸", "(02) 2345-6789"),
  fc.constantFrom("0101234567", "+20 10 1234 567", "+966 50 123 4567", "050 123 4567", "+1234", "\u2066+20 10 1234 5678\u2069", "010.1234.5678"),
);
const courseIds = fc.oneof(fc.uuid(), fc.constantFrom(undefined, "", "not-a-uuid", "3F1C2A9E-5B7D-4C8A-9E2F-1A2B3C4D5E6F", " 3f1c2a9e-5b7d-4c8a-9e2f-1a2b3c4d5e6f"));

describe("validateEnrollment agrees with enrollmentSchema", () => {
  it("for any form the browser can send", () => {
    fc.assert(
      fc.property(
        fc.record({
          studentName: fc.oneof(anyText, aroundLimit(ENROLLMENT_LIMITS.studentName), aroundLimit(ENROLLMENT_LIMITS.studentName, "ع")),
          studentEmail: fc.oneof(anyText, emailish),
          countryCode: fc.oneof(fc.constantFrom(...DIAL_CODES), fc.constantFrom(undefined, "", "+999", "20", " +20")),
          phoneNumber: fc.oneof(anyText, phoneish),
          message: fc.oneof(anyText, aroundLimit(ENROLLMENT_LIMITS.message)),
          courseId: courseIds,
          runId: courseIds,
          website: anyText,
        }),
        (values) => {
          const data = formDataOf(values);
          expect(validateEnrollment(readFormValues(data))).toEqual(serverErrors(enrollmentSchema, data));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("on the cases people meet", () => {
    const courseId = "3f1c2a9e-5b7d-4c8a-9e2f-1a2b3c4d5e6f";
    const cases: Record<string, string | undefined>[] = [
      { courseId },
      { studentName: "Sara", studentEmail: "sara@example.com", phoneNumber: "12 34", courseId },
      { studentName: "Sara", studentEmail: "sara@example", phoneNumber: "010 1234 5678", courseId },
      { studentName: "سارة", studentEmail: "sara@example.com", phoneNumber: "٠١٠ ١٢٣٤ ٥٦٧٨", countryCode: "+966", courseId },
      { studentName: "x".repeat(101), studentEmail: "a@b.co", phoneNumber: "1234567", message: "m".repeat(2001), courseId },
      { studentName: "سارة", studentEmail: "sara@example.com", phoneNumber: "٠١٠١٢٣٤٥٦٧٨", courseId },
      { studentName: "Sara", studentEmail: "sara@example.com", phoneNumber: "+20 10 1234 5678", countryCode: "+966", courseId },
      { studentName: "Sara", studentEmail: "sara@example.com", phoneNumber: "0020 10 1234 567", courseId },
      { studentName: "Sara", studentEmail: "sara@example.com", phoneNumber: "12", countryCode: "+966", courseId },
      { studentName: "Sara", studentEmail: "sara@example.com", phoneNumber: "abc", countryCode: "+999", courseId },
    ];
    for (const values of cases) {
      const data = formDataOf(values);
      expect(validateEnrollment(readFormValues(data))).toEqual(serverErrors(enrollmentSchema, data));
    }
    expect(validateEnrollment(readFormValues(formDataOf(cases[1]!)))).toEqual({ phoneNumber: [ENROLLMENT_ERRORS.phoneEgyptInvalid] });
    expect(validateEnrollment(readFormValues(formDataOf(cases[3]!)))).toEqual({});
    expect(validateEnrollment(readFormValues(formDataOf(cases[5]!)))).toEqual({});
    expect(validateEnrollment(readFormValues(formDataOf(cases[6]!)))).toEqual({});
    expect(validateEnrollment(readFormValues(formDataOf(cases[7]!)))).toEqual({ phoneNumber: [ENROLLMENT_ERRORS.phoneEgyptInvalid] });
    expect(validateEnrollment(readFormValues(formDataOf(cases[8]!)))).toEqual({ phoneNumber: [ENROLLMENT_ERRORS.phoneInternationalInvalid] });
    expect(validateEnrollment(readFormValues(formDataOf(cases[9]!)))).toEqual({
      countryCode: [ENROLLMENT_ERRORS.countryCodeInvalid],
      phoneNumber: [ENROLLMENT_ERRORS.phoneInvalid],
    });
  });
});

describe("the run choice (issue 20)", () => {
  const base = { studentName: "Sara", studentEmail: "sara@example.com", phoneNumber: "010 1234 5678", courseId: "3f1c2a9e-5b7d-4c8a-9e2f-1a2b3c4d5e6f" };
  const runId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
  it("is required only when the form offers runs (the server decides that from the database)", () => {
    expect(validateEnrollment(readFormValues(formDataOf(base)))).toEqual({});
    expect(validateEnrollment(readFormValues(formDataOf(base)), { runRequired: true })).toEqual({ runId: [ENROLLMENT_ERRORS.runRequired] });
    expect(validateEnrollment(readFormValues(formDataOf({ ...base, runId })), { runRequired: true })).toEqual({});
  });
  it("refuses a run id that is not an id, as the schema does, required or not", () => {
    for (const bad of ["not-a-uuid", "1; drop table course_runs", `${runId}x`]) {
      const data = formDataOf({ ...base, runId: bad });
      expect(serverErrors(enrollmentSchema, data)).toEqual({ runId: [ENROLLMENT_ERRORS.runInvalid] });
      expect(validateEnrollment(readFormValues(data), { runRequired: true })).toEqual({ runId: [ENROLLMENT_ERRORS.runInvalid] });
    }
  });
});

describe("readFormValues", () => {
  it("reads text as the server does: blank is undefined, the first value of a name wins, files are skipped", () => {
    const data = new FormData();
    data.append("a", "");
    data.append("b", " x ");
    data.append("b", "second");
    data.append("f", new Blob(["pdf"]), "file.pdf");
    expect(readFormValues(data)).toEqual({ a: undefined, b: " x " });
  });
});

describe("the form's country codes", () => {
  it("are all known to the phone display (app/lib/phone.ts)", () => {
    for (const c of COUNTRY_CODES) expect(DISPLAY_COUNTRY_CODES as readonly string[]).toContain(c.code.slice(1));
  });
});
