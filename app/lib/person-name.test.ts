// A visitor's name (issue 34 item 6): it goes into emails sent to whatever address was typed, so it is one
// line of letters, with no link and no direction controls. The browser's check and the server's schema.
import { describe, expect, it } from "vitest";
import { checkPersonName, cleanPersonName } from "./validation.ts";
import { personName } from "./validation.schema.ts";

const KEYS = { required: "required", tooLong: "tooLong", invalid: "invalid" };
const schema = personName(100, KEYS);

function both(value: string): { browser: string | null; server: string | null; kept?: string } {
  const parsed = schema.safeParse(value);
  return {
    browser: checkPersonName(value, 100, KEYS),
    server: parsed.success ? null : (parsed.error.issues[0]?.message ?? "?"),
    kept: parsed.success ? parsed.data : undefined,
  };
}

describe("a person's name", () => {
  it.each([
    "Ali Hassan",
    "سارة أحمد",
    "مُحَمَّد عَلِيّ",
    "عبد الرحمن بن عوف",
    "O'Brien",
    "Jean-Luc Picard",
    "A. B. Salem",
    "Zoë Ångström",
    "Ali\u00a0Hassan",
  ])("accepts %s in both languages' scripts, marks included", (name) => {
    expect(both(name)).toMatchObject({ browser: null, server: null });
  });

  it.each([
    ["Ali\nACTION NEEDED: pay at http://evil.example/pay", "a second line and a link"],
    ["مرحبًا Ali\r\nادفع الآن", "a line break"],
    ["Ali http://evil.example", "a link"],
    ["Ali evil.example", "a host name"],
    ["www.evil.com", "a host name"],
    ["Ali123", "digits"],
    ["Ali <b>", "markup"],
    ["Ali\u2028Hassan", "a line separator"],
    ["...", "no letter"],
  ])("refuses %j (%s)", (name) => {
    expect(both(name)).toMatchObject({ browser: "invalid", server: "invalid" });
  });

  it("removes direction controls before the checks and keeps the name without them", () => {
    // U+202E would show staff "exe.png nassaH ilA" for "Ali Hassan png.exe"; removed, the host name is refused.
    expect(both("\u202eAli Hassan")).toEqual({ browser: null, server: null, kept: "Ali Hassan" });
    expect(both("Ali \u2066Hassan\u2069\u200f")).toMatchObject({ kept: "Ali Hassan" });
    expect(both("\u202eAli Hassan png.exe")).toMatchObject({ browser: "invalid", server: "invalid" });
    expect(cleanPersonName(" \u202a  Ali \t  Hassan \u202c ")).toBe("Ali Hassan");
  });

  it("is required and at most 100 characters, as before", () => {
    expect(both("   ")).toMatchObject({ browser: "required", server: "required" });
    expect(both("\u202e")).toMatchObject({ browser: "required", server: "required" });
    expect(both("a".repeat(101))).toMatchObject({ browser: "tooLong", server: "tooLong" });
    expect(both("a".repeat(100))).toMatchObject({ browser: null, server: null });
  });
});
