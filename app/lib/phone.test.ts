import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasEasternDigits, toWesternDigits, westernDigitsInput } from "./digits.ts";
import { DISPLAY_COUNTRY_CODES, formatPhone, isE164, parsePhone, phoneInText, telHref, toE164 } from "./phone.ts";

describe("toWesternDigits (D26)", () => {
  it("maps Arabic-Indic and Persian digits to 0–9 and the Arabic decimal separator to '.'", () => {
    expect(toWesternDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(toWesternDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(toWesternDigits("١٢٫٥")).toBe("12.5");
    expect(toWesternDigits("السعر ١٥٠٠ جنيه")).toBe("السعر 1500 جنيه");
  });
  it("leaves everything else alone (Western digits, letters, the thousands separator)", () => {
    expect(toWesternDigits("abc 123 ١٬٥٠٠")).toBe("abc 123 1٬500");
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => !hasEasternDigits(toWesternDigits(s))));
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => toWesternDigits(toWesternDigits(s)) === toWesternDigits(s)));
  });
  it("westernDigitsInput folds strings only (a zod preprocess)", () => {
    expect(westernDigitsInput("٤٢")).toBe("42");
    expect(westernDigitsInput(42)).toBe(42);
    expect(westernDigitsInput(undefined)).toBeUndefined();
  });
});

describe("parsePhone: Egyptian numbers (the default country)", () => {
  it.each([
    ["01012345678", "+201012345678", "mobile with its leading 0"],
    ["010 1234 5678", "+201012345678", "spaces"],
    ["010-1234-5678", "+201012345678", "hyphens"],
    ["(010) 1234 5678", "+201012345678", "parentheses"],
    ["010\u00a01234\u20135678", "+201012345678", "no-break space and an en dash"],
    ["1012345678", "+201012345678", "mobile without its 0"],
    ["٠١٠١٢٣٤٥٦٧٨", "+201012345678", "Arabic-Indic digits"],
    ["٠١٠ ١٢٣٤ ٥٦٧٨", "+201012345678", "Arabic-Indic digits with spaces"],
    ["۰۱۱۱۲۳۴۵۶۷۸", "+201112345678", "Persian digits"],
    ["\u2066+20 10 1234 5678\u2069", "+201012345678", "copied from an Arabic page with its isolates"],
    ["+201012345678", "+201012345678", "pasted +20"],
    ["+20 10 1234 5678", "+201012345678", "pasted +20 with spaces"],
    ["+20 010 1234 5678", "+201012345678", "+20 then the trunk 0"],
    ["+٢٠ ١٠ ١٢٣٤ ٥٦٧٨", "+201012345678", "+20 in Arabic-Indic digits"],
    ["00201012345678", "+201012345678", "0020"],
    ["0020 10 1234 5678", "+201012345678", "0020 with spaces"],
    ["20 10 1234 5678", "+201012345678", "the country code without +"],
    ["01212345678", "+201212345678", "012"],
    ["01512345678", "+201512345678", "015"],
    ["02 2345 6789", "+20223456789", "Cairo landline"],
    ["03 456 7890", "+2034567890", "Alexandria landline"],
    ["040 123 4567", "+20401234567", "Tanta landline"],
    ["+20 2 2222 2222", "+20222222222", "pasted Cairo landline"],
  ])("%j → %j (%s)", (input, e164) => {
    expect(parsePhone(input)).toEqual({ ok: true, e164 });
    expect(toE164(input)).toBe(e164);
  });

  it.each([
    ["0101234567", "10 digits"],
    ["010123456789", "12 digits"],
    ["01312345678", "013 is not a mobile prefix"],
    ["+20 10 1234 567", "pasted +20, a digit short"],
    ["00201234", "0020, too short"],
    ["1234567", "7 digits"],
    ["0", "a zero"],
  ])("refuses %j as an Egyptian number (%s)", (input) => {
    expect(parsePhone(input)).toEqual({ ok: false, problem: "egypt" });
    expect(toE164(input)).toBeNull();
  });

  it.each([
    [""],
    ["   "],
    ["call me"],
    ["010.1234.5678"],
    ["010/1234/5678"],
    ["01012345678 ext 2"],
    ["+"],
    ["()-"],
    ["010+12345678"],
    ["++201012345678"],
    ["tel:01012345678"],
  ])("refuses %j as not a phone number at all", (input) => {
    expect(parsePhone(input)).toEqual({ ok: false, problem: "invalid" });
  });
});

describe("parsePhone: other countries", () => {
  it.each([
    ["+966 50 123 4567", {}, "+966501234567"],
    ["00966501234567", {}, "+966501234567"],
    ["+44 7700 900123", {}, "+447700900123"],
    ["+1 (555) 000-1234", {}, "+15550001234"],
    ["050 123 4567", { dialCode: "+966" }, "+966501234567"],
    ["50 123 4567", { dialCode: "+966" }, "+966501234567"],
    ["07700 900123", { dialCode: "+44" }, "+447700900123"],
    ["06 1234 5678", { dialCode: "+39" }, "+390612345678"],
    ["1 555 000 1234", { dialCode: "+1" }, "+15550001234"],
    ["555 000 1234", { dialCode: "+1" }, "+15550001234"],
    ["+20 10 1234 5678", { dialCode: "+966" }, "+201012345678"],
    ["201012345678", { bareDigits: "international" as const }, "+201012345678"],
    ["966501234567", { bareDigits: "international" as const }, "+966501234567"],
    ["01012345678", { bareDigits: "international" as const }, "+201012345678"],
  ])("%j with %j → %j", (input, options, e164) => {
    expect(parsePhone(input, options)).toEqual({ ok: true, e164 });
  });

  it.each([
    ["+966 1234", {}],
    ["+0123456789", {}],
    ["+1234567890123456", {}],
    ["0044 123", {}],
    ["123", { dialCode: "+966" }],
    ["12345678901234", { dialCode: "+966" }],
  ])("refuses %j with %j as an international number", (input, options) => {
    expect(parsePhone(input, options)).toEqual({ ok: false, problem: "international" });
  });

  it("always gives E.164 when it accepts, and reads its own output back unchanged", () => {
    const typed = fc.string({ unit: fc.constantFrom(..."0123456789+-() ٠١٢٣٤٥٦٧٨٩"), maxLength: 20 });
    // The codes the display knows are the enrollment form's (enrollment.rules.test.ts keeps them in step).
    const codes = fc.constantFrom(...DISPLAY_COUNTRY_CODES.map((c) => `+${c}`));
    fc.assert(
      fc.property(typed, codes, (text, dialCode) => {
        const parsed = parsePhone(text, { dialCode });
        if (!parsed.ok) return;
        expect(isE164(parsed.e164)).toBe(true);
        expect(parsePhone(parsed.e164, { dialCode })).toEqual(parsed);
        expect(parsePhone(formatPhone(parsed.e164), { dialCode })).toEqual(parsed);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("formatPhone, telHref, phoneInText", () => {
  it.each([
    ["+201012345678", "+20 10 1234 5678"],
    ["+20223456789", "+20 2 2345 6789"],
    ["+2034567890", "+20 3 456 7890"],
    ["+20401234567", "+20 40 123 4567"],
    ["+966501234567", "+966 50 123 4567"],
    ["+447700900123", "+44 770 090 0123"],
    ["+15550001234", "+1 555 000 1234"],
    ["+20 1001234567", "+20 1001234567"],
    ["01000000000", "01000000000"],
  ])("%j is shown as %j", (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it("links the E.164 number; an older stored value keeps its + and digits", () => {
    expect(telHref("+201012345678")).toBe("tel:+201012345678");
    expect(telHref("+20 (10) 1234-5678")).toBe("tel:+201012345678");
  });

  it("isolates the number left to right inside Arabic text", () => {
    expect(phoneInText("+201012345678", "en")).toBe("+20 10 1234 5678");
    expect(phoneInText("+201012345678", "ar")).toBe("\u2066+20 10 1234 5678\u2069");
  });
});
