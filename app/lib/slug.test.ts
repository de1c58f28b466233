import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SLUG_PATTERN, slugify } from "./slug.ts";

describe("slugify (SPEC §5 slug rule)", () => {
  it.each([
    ["Web Development", "web-development"],
    ["  Data   Science  ", "data-science"],
    ["Business English", "business-english"],
    ["C++ & Node.js: Basics!", "c-nodejs-basics"],
    ["Front-end -- Back-end", "front-end-back-end"],
    ["IELTS 2025 Preparation", "ielts-2025-preparation"],
    ["Café Français", "cafe-francais"],
    ["UPPER_case_Name", "uppercasename"],
    ["-Leading and trailing-", "leading-and-trailing"],
    ["tab\tand\nnewline", "tab-and-newline"],
    ["Python البرمجة بلغة", "python"],
    ["English دورة 101", "english-101"],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("returns '' for a name without a Latin letter, so the caller can fall back", () => {
    expect(slugify("البرمجة والتكنولوجيا")).toBe("");
    expect(slugify("دورة ٢٠٢٥")).toBe("");
    expect(slugify("2025")).toBe("");
    expect(slugify("")).toBe("");
    expect(slugify("   ---   ")).toBe("");
    expect(slugify("!@#$%")).toBe("");
  });

  it("cuts to a maximum length without a trailing hyphen", () => {
    expect(slugify("Technology and Programming for Everyone", 15)).toBe("technology-and");
    expect(slugify("abc def", 50)).toBe("abc-def");
    expect(slugify("a".repeat(120), 100)).toHaveLength(100);
  });

  it("always gives '' or a slug the SPEC pattern accepts, within the limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), fc.integer({ min: 1, max: 120 }), (name, max) => {
        const slug = slugify(name, max);
        if (slug === "") return;
        expect(slug).toMatch(SLUG_PATTERN);
        expect(slug.length).toBeLessThanOrEqual(max);
        expect(slug).not.toMatch(/^-|-$|--/);
        expect(slug).toMatch(/[a-z]/);
      }),
    );
  });

  it("is idempotent on its own output", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (name) => {
        const slug = slugify(name);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});
