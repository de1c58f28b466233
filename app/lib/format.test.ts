import { describe, expect, it } from "vitest";
import { formatNumber, formatPrice } from "./format.ts";

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
    expect(ar).toContain("١٬٥٠٠");
    expect(ar).toContain("ج.م");
  });
});

describe("formatNumber", () => {
  it("uses Arabic-Indic digits in Arabic", () => {
    expect(formatNumber(1234, "ar")).toBe("١٬٢٣٤");
    expect(formatNumber(1234, "en")).toBe("1,234");
  });
});
