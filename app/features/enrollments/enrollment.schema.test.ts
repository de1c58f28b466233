import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectWording, localeText, schemaChecks } from "../../../tests/setup/schema-checks.ts";
import {
  COUNTRY_CODES,
  DEFAULT_COUNTRY_CODE,
  enrollmentSchema,
  isHoneypotFilled,
  isValidPhone,
  normalizePhone,
} from "./enrollment.schema.ts";

const valid = {
  studentName: "Sara Ahmed",
  studentEmail: "sara@example.com",
  countryCode: "+20",
  phoneNumber: "010 1234 5678",
  message: "Evenings, please.",
  courseId: "3f1c2a9e-5b7d-4c8a-9e2f-1a2b3c4d5e6f",
  website: "",
};
const { errorsFor, expectError, expectValid } = schemaChecks(enrollmentSchema, valid);

describe("enrollmentSchema (SPEC §5)", () => {
  it("accepts a complete request and normalises it", () => {
    const out = expectValid({ studentName: "  Sara Ahmed ", studentEmail: " sara@example.com ", phoneNumber: " 010 1234 5678 " });
    expect(out).toEqual({
      studentName: "Sara Ahmed",
      studentEmail: "sara@example.com",
      countryCode: "+20",
      phoneNumber: "+201012345678",
      message: "Evenings, please.",
      courseId: valid.courseId,
      website: "",
      // No source sent: every source field is null (ADR 021).
      sourcePage: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmTerm: null,
      utmContent: null,
      referrerHost: null,
    });
  });

  it("cleans hostile source fields instead of refusing the request (ADR 021)", () => {
    const out = expectValid({
      sourcePage: "https://evil.com/x",
      utmSource: ["face\u0000book", "second"],
      utmCampaign: "c".repeat(10_000),
      referrerHost: "evil.com:8080",
      utmTerm: "javascript:alert(1)",
    });
    expect(out).toMatchObject({ sourcePage: null, utmSource: "facebook", referrerHost: null, utmTerm: "javascript:alert(1)" });
    expect(out.utmCampaign).toHaveLength(100);
  });

  describe("studentName", () => {
    it.each([[undefined], [""], ["   "]])("is required (%j)", (value) => {
      expectError({ studentName: value }, "studentName", "enrollment.errors.studentNameRequired", "Student name is required");
    });
    it("is at most 100 characters", () => {
      expectValid({ studentName: "a".repeat(100) });
      expectError({ studentName: "a".repeat(101) }, "studentName", "enrollment.errors.studentNameTooLong");
    });
  });

  describe("studentEmail", () => {
    it.each([[undefined], [""], ["  "]])("is required (%j)", (value) => {
      expectError({ studentEmail: value }, "studentEmail", "enrollment.errors.emailRequired", "Email is required");
    });
    it.each([["sara"], ["sara@"], ["sara@example"], ["@example.com"], ["sara@example."], ["sa ra@example.com"], ["a@b@c.de"], ["a,b@c.de"], ["<a@b.cd>"], ['"a"@b.cd']])(
      "rejects %j as not x@y.z",
      (value) => {
        expectError({ studentEmail: value }, "studentEmail", "enrollment.errors.emailInvalid", "Please enter a valid email address");
      },
    );
    it.each([["a@b.c"], ["first.last+tag@sub.example.co.uk"], ["سارة@مثال.مصر"]])("accepts %j", (value) => {
      expectValid({ studentEmail: value });
    });
    it("is at most 254 characters", () => {
      const at254 = `${"a".repeat(254 - "@example.com".length)}@example.com`;
      expect(at254).toHaveLength(254);
      expectValid({ studentEmail: at254 });
      expectError({ studentEmail: `a${at254}` }, "studentEmail", "enrollment.errors.emailTooLong");
    });
  });

  describe("phoneNumber", () => {
    it.each([[undefined], [""], ["   "]])("is required (%j)", (value) => {
      expectError({ phoneNumber: value }, "phoneNumber", "enrollment.errors.phoneRequired", "Phone number is required");
    });
    it.each([
      ["010 1234 5678", "+20", "+201012345678"],
      ["01012345678", "+20", "+201012345678"],
      ["010-1234-5678", "+20", "+201012345678"],
      ["(010) 1234 5678", "+20", "+201012345678"],
      ["1012345678", "+20", "+201012345678"],
      ["٠١٠ ١٢٣٤ ٥٦٧٨", "+20", "+201012345678"],
      ["٠١٠١٢٣٤٥٦٧٨", "+20", "+201012345678"],
      ["۰۱۱۲۳۴۵۶۷۸۹", "+20", "+201123456789"],
      ["+201012345678", "+20", "+201012345678"],
      ["+20 10 1234 5678", "+20", "+201012345678"],
      ["0020 10 1234 5678", "+20", "+201012345678"],
      ["(02) 2345-6789", "+20", "+20223456789"],
      ["050 123 4567", "+966", "+966501234567"],
      ["+20 10 1234 5678", "+966", "+201012345678"],
      ["+44 7700 900123", "+20", "+447700900123"],
      ["07700 900123", "+44", "+447700900123"],
    ])("accepts %j with %s (stored as %j, D26)", (value, countryCode, stored) => {
      expect(expectValid({ phoneNumber: value, countryCode }).phoneNumber).toBe(stored);
    });
    it.each([
      ["01012345abc", "letters"],
      ["phone number", "words"],
      ["010.1234.5678", "dots"],
      ["010 1234 5678 ext 2", "an extension"],
      ["++201012345678", "two plus signs"],
    ])("rejects %j (%s)", (value) => {
      expectError({ phoneNumber: value }, "phoneNumber", "enrollment.errors.phoneInvalid", "Please enter a valid phone number");
    });
    it.each([
      ["123456", "too short"],
      ["0101234567", "a mobile number a digit short"],
      ["010123456789", "a mobile number a digit long"],
      ["01312345678", "013 is not a mobile prefix"],
      ["+20 10 1234 567", "pasted +20, a digit short"],
      ["1234 5678 9012 3456", "16 digits"],
    ])("rejects %j as an Egyptian number (%s) with its own message", (value) => {
      expectError(
        { phoneNumber: value },
        "phoneNumber",
        "enrollment.errors.phoneEgyptInvalid",
        "Please enter a valid Egyptian number, for example 010 1234 5678 (mobile numbers have 11 digits and start with 010, 011, 012 or 015).",
      );
      expect(localeText("ar", "enrollment.errors.phoneEgyptInvalid")).toContain("\u2066010 1234 5678\u2069");
    });
    it.each([
      ["+966 1234", "+20"],
      ["+1234567890123456", "+20"],
      ["123", "+966"],
      ["0044 12", "+44"],
    ])("rejects %j (country %s) as an international number with its own message", (value, countryCode) => {
      expectError(
        { phoneNumber: value, countryCode },
        "phoneNumber",
        "enrollment.errors.phoneInternationalInvalid",
        "Please enter a valid international number: the country code and the number have 8 to 15 digits together, for example +966 50 123 4567.",
      );
      expect(localeText("ar", "enrollment.errors.phoneInternationalInvalid")).toMatch(/[\u0600-\u06ff]/);
    });
    it("reads the number only in a valid country (an invalid code is its own error)", () => {
      expect(errorsFor({ ...valid, countryCode: "+999", phoneNumber: "123" }, "phoneNumber")).toEqual([]);
      expect(errorsFor({ ...valid, countryCode: "+999", phoneNumber: "abc" }, "phoneNumber")).toEqual(["enrollment.errors.phoneInvalid"]);
    });

    it("accepts digits, hyphens and parentheses with spaces anywhere, and stores E.164 exactly when isValidPhone says so", () => {
      const typed = fc.string({ unit: fc.constantFrom(..."0123456789-() +٠١٢٣٤٥٦٧٨٩"), minLength: 1, maxLength: 22 });
      fc.assert(
        fc.property(typed, fc.constantFrom(...COUNTRY_CODES.map((c) => c.code)), (phone, countryCode) => {
          const result = enrollmentSchema.safeParse({ ...valid, phoneNumber: phone, countryCode });
          const accepted = phone.trim() !== "" && isValidPhone(phone.trim(), countryCode);
          expect(result.success).toBe(accepted);
          if (result.success) expect(result.data.phoneNumber).toMatch(/^\+[1-9]\d{7,14}$/);
        }),
      );
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 15 }).filter((s) => /[^0-9()\-\s\u0660-\u0669\u06f0-\u06f9+\u2010-\u2015\u2212\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]/.test(s)), (s) => {
          expect(isValidPhone(s)).toBe(false);
        }),
      );
    });

    it("normalizePhone removes whitespace and folds Arabic-Indic digits", () => {
      expect(normalizePhone(" ٠١٢\t3 ")).toBe("0123");
    });
  });

  describe("countryCode", () => {
    it("defaults to +20 (Egypt)", () => {
      const { countryCode: _omit, ...rest } = valid;
      expect(enrollmentSchema.parse(rest).countryCode).toBe("+20");
      expect(DEFAULT_COUNTRY_CODE).toBe("+20");
    });
    it("must be one of the listed codes", () => {
      expectError({ countryCode: "+999" }, "countryCode", "enrollment.errors.countryCodeInvalid");
      expectError({ countryCode: "20" }, "countryCode", "enrollment.errors.countryCodeInvalid");
      for (const c of COUNTRY_CODES) expectValid({ countryCode: c.code });
    });
    it("lists about 24 codes, Arab countries first with Egypt at the top, each with ISO code and both names", () => {
      expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(20);
      expect(COUNTRY_CODES.length).toBeLessThanOrEqual(30);
      expect(COUNTRY_CODES[0]).toMatchObject({ code: "+20", iso: "EG" });
      expect(new Set(COUNTRY_CODES.map((c) => c.code)).size).toBe(COUNTRY_CODES.length);
      expect(new Set(COUNTRY_CODES.map((c) => c.iso)).size).toBe(COUNTRY_CODES.length);
      for (const c of COUNTRY_CODES) {
        expect(c.code).toMatch(/^\+\d{1,3}$/);
        expect(c.iso).toMatch(/^[A-Z]{2}$/);
        expect(c.name.en.trim()).not.toBe("");
        expect(c.name.ar).toMatch(/[\u0600-\u06ff]/);
      }
      const codes = COUNTRY_CODES.map((c) => c.code);
      for (const code of ["+966", "+971", "+965", "+974", "+973", "+968", "+962", "+961", "+212", "+44", "+49", "+33", "+1", "+90"]) {
        expect(codes).toContain(code);
      }
      // Arab countries before the European and other ones.
      expect(codes.indexOf("+967")).toBeLessThan(codes.indexOf("+44"));
    });
  });

  describe("message", () => {
    it("is optional; blank becomes undefined", () => {
      const { message: _omit, ...rest } = valid;
      expect(enrollmentSchema.parse(rest).message).toBeUndefined();
      expect(expectValid({ message: "" }).message).toBeUndefined();
      expect(expectValid({ message: "   " }).message).toBeUndefined();
    });
    it("is at most 2000 characters", () => {
      expectValid({ message: "x".repeat(2000) });
      expectError({ message: "x".repeat(2001) }, "message", "enrollment.errors.messageTooLong");
    });
  });

  describe("courseId", () => {
    it.each([[undefined], [""], ["not-a-uuid"], ["3f1c2a9e-5b7d-4c8a-9e2f"], ["'; drop table courses; --"]])("must be a UUID (%j)", (value) => {
      expectError({ courseId: value }, "courseId", "enrollment.errors.courseInvalid");
    });
  });

  describe("honeypot", () => {
    it("accepts any value so bots get no hint; the action checks isHoneypotFilled", () => {
      expect(expectValid({ website: "http://spam.example" }).website).toBe("http://spam.example");
      expect(isHoneypotFilled({ website: "http://spam.example" })).toBe(true);
      expect(isHoneypotFilled({ website: "" })).toBe(false);
      expect(isHoneypotFilled({ website: "  " })).toBe(false);
      expect(isHoneypotFilled({})).toBe(false);
    });
  });

  it("reports one error per field, in every field at once", () => {
    const result = enrollmentSchema.safeParse({ courseId: valid.courseId, phoneNumber: "12" });
    // The phone is read in its country after the fields' own checks (D26), so its error comes last.
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["studentName", "enrollment.errors.studentNameRequired"],
      ["studentEmail", "enrollment.errors.emailRequired"],
      ["phoneNumber", "enrollment.errors.phoneEgyptInvalid"],
    ]);
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...Object.keys(valid)), fc.anything()), (input) => {
        expect(() => enrollmentSchema.safeParse(input)).not.toThrow();
      }),
    );
  });

  it("has SPEC's form messages in both languages", () => {
    const texts: Record<string, string> = {
      "enrollment.success": "Enrollment request sent successfully! Enrollment ID: {{id}}. We'll contact you soon.",
      "enrollment.error": "Sorry, there was an error sending your enrollment request. Please try again.",
      "enrollment.open": "Enroll Now",
      "enrollment.cancel": "Cancel",
      "enrollment.close": "Close",
      "enrollment.sending": "Sending...",
      "enrollment.submit": "Submit enrollment",
      "enrollment.submitting": "Submitting...",
      "enrollment.fields.studentName.label": "Full name",
      "enrollment.fields.studentEmail.label": "Email",
      "enrollment.fields.countryCode.label": "Country code",
      "enrollment.fields.phoneNumber.label": "Phone number",
      "enrollment.fields.message.label": "Message (optional)",
      "enrollmentEmails.noMessage": "No additional message",
      "enrollment.errors.tooManyRequests": "Too many requests. Please wait a few minutes and try again.",
    };
    expectWording(texts);
    expect(localeText("ar", "enrollment.success")).toContain("{{id}}");
  });
});
