import { describe, expect, it } from "vitest";
import { hasEasternDigits } from "./digits.ts";
import { formatPiastres } from "./money.ts";
import { formatDate, formatDateTime, formatFigure, formatFileSize, formatNumber, formatPercent, formatPrice, formatWeek, intlLocale } from "./format.ts";
import { formatPhone } from "./phone.ts";

describe("formatPrice", () => {
  it("is null (Free) for a missing or zero price", () => {
    expect(formatPrice(null, "en")).toBeNull();
    expect(formatPrice(undefined, "ar")).toBeNull();
    expect(formatPrice(0, "en")).toBeNull();
  });

  it("formats EGP for the locale", () => {
    expect(formatPrice(1500, "en")).toMatch(/EGP\s?1,500/);
    expect(formatPrice(99.5, "en")).toMatch(/99\.50/);
    const ar = formatPrice(1500, "ar")!;
    expect(ar).toContain("1,500"); // D26: Western digits in Arabic too
    expect(ar).toContain("ج.م");
  });
});

describe("formatNumber", () => {
  it("uses Western digits in both languages (D26)", () => {
    expect(formatNumber(1234, "ar")).toBe("1,234");
    expect(formatNumber(1234, "en")).toBe("1,234");
  });
});

describe("intlLocale (D26)", () => {
  it("is Egyptian Arabic with Latin digits, or English for Egypt", () => {
    expect(intlLocale("ar")).toBe("ar-EG-u-nu-latn");
    expect(intlLocale("en")).toBe("en-EG");
    expect(new Intl.NumberFormat(intlLocale("ar")).resolvedOptions().numberingSystem).toBe("latn");
    expect(new Intl.DateTimeFormat(intlLocale("ar")).resolvedOptions().numberingSystem).toBe("latn");
  });
});

describe("no Arabic-Indic digit in the Arabic interface (D26)", () => {
  const EASTERN = /[\u0660-\u0669\u06f0-\u06f9]/;
  const moments = ["2025-01-31T21:30:00Z", "2026-12-09T08:05:59Z", new Date("2024-02-29T12:00:00Z")];
  const numbers = [0, 1, 7, 9, 10, 42, 99.5, 1234, 15_000, 1_234_567.89, 10_000_000];

  it("holds for every format helper, in Arabic, while the text is Arabic", () => {
    const outputs: string[] = [];
    for (const n of numbers) {
      outputs.push(formatNumber(n, "ar"), formatPrice(n, "ar") ?? "", formatFigure(n, "ar", true), formatFigure(n, "ar", false));
      outputs.push(formatFileSize(n * 1024, "ar"), formatFileSize(n * 1024 * 1024, "ar"), formatFileSize(n, "ar"), formatPercent(n, "ar"));
    }
    for (const m of moments) {
      outputs.push(formatDate(m, "ar"), formatDateTime(m, "ar"), formatDateTime(m, "ar", { seconds: true }));
    }
    for (const week of ["2025-07-12", "2025-12-31", "2026-01-03"]) outputs.push(formatWeek(week, "ar"), formatWeek(week, "ar", "long"));
    for (const phone of ["+201012345678", "+20222222222", "+966501234567", "+15550001234"]) outputs.push(formatPhone(phone));
    for (const text of outputs) {
      expect(text, text).not.toMatch(EASTERN);
      expect(hasEasternDigits(text), text).toBe(false);
    }
    // The Arabic formats still read as Arabic (month names, currency, units), only the digits are Western.
    expect(formatDate("2025-07-12T10:00:00Z", "ar")).toBe("12\u200f/07\u200f/2025");
    expect(formatDateTime("2025-07-12T10:00:00Z", "ar")).toMatch(/[\u0600-\u06ff]/); // "م" (PM)
    expect(formatPrice(1500, "ar")).toMatch(/ج\.م/);
    expect(formatWeek("2025-07-12", "ar", "long")).toBe("12 يوليو 2025");
  });
});

describe("formatPiastres (issue 37: money held in piastres)", () => {
  it("writes whole pounds without decimals, else two, exactly, with Western digits in Arabic", () => {
    expect(formatPiastres(250000, "en")).toBe(formatPrice(2500, "en"));
    expect(formatPiastres(249999, "en")).toMatch(/2,499\.99/);
    // 0.1 + 0.2 style float error cannot happen: 1000000000001 piastres is 10,000,000,000.01 EGP exactly.
    expect(formatPiastres(1000000000001, "en")).toMatch(/10,000,000,000\.01/);
    expect(formatPiastres(-50, "en")).toMatch(/-.*0\.50/);
    expect(formatPiastres(0, "en")).toMatch(/EGP\s?0$/);
    const ar = formatPiastres(123456, "ar");
    expect(ar).toMatch(/1,234\.56|1٬234٫56|1,234.56/);
    expect(ar).not.toMatch(/[٠-٩]/);
  });
});

