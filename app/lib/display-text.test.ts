// What staff are shown of visitor-typed text (issue 34 item 7): direction controls removed, and emails
// that mix alphabets flagged, their domain in punycode.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayText, emailForStaff } from "./display-text.ts";

const CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe("displayText", () => {
  it("removes the right-to-left override that made staff read 'exe.png nassaH ilA'", () => {
    expect(displayText("Ali Hassan \u202Egnp.exe")).toBe("Ali Hassan gnp.exe");
  });

  it("removes every embedding, override, isolate and invisible mark, and keeps the rest as typed", () => {
    expect(displayText("\u202Aa\u202Bb\u202Cc\u202Dd\u2066e\u2067f\u2068g\u2069h\u200Ei\u200Fj\u061Ck")).toBe("abcdefghijk");
    expect(displayText("مُحَمَّد عَلِيّ")).toBe("مُحَمَّد عَلِيّ");
    // Joiners are letters' business in Arabic and Persian script: kept.
    expect(displayText("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(displayText("line one\nline two")).toBe("line one\nline two");
    expect(displayText(null)).toBeNull();
    expect(displayText(undefined)).toBeUndefined();
    expect(displayText("")).toBe("");
  });

  it("never leaves a direction control, and is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 64 }), (s) => !CONTROLS.test(displayText(s)) && displayText(displayText(s)) === displayText(s)),
    );
  });
});

describe("emailForStaff", () => {
  it("shows a Latin address as typed, unflagged", () => {
    expect(emailForStaff("rania.hassan@mail.example.com")).toEqual({ shown: "rania.hassan@mail.example.com", mixedScript: false });
    expect(emailForStaff("Zoë.Ångström@exämple.de")).toEqual({ shown: "Zoë.Ångström@exämple.de", mixedScript: false });
  });

  it("shows an Arabic-only internationalised address as typed, unflagged", () => {
    expect(emailForStaff("info@مثال.مصر")).toEqual({ shown: "info@مثال.مصر", mixedScript: false });
    expect(emailForStaff("سارة@مثال.مصر")).toEqual({ shown: "سارة@مثال.مصر", mixedScript: false });
  });

  it("flags a Cyrillic look-alike in the domain and shows the domain in punycode", () => {
    expect(emailForStaff("admin@ex\u0430mple.com")).toEqual({ shown: "admin@xn--exmple-4nf.com", mixedScript: true });
    // A whole label in Cyrillic beside a Latin one ("аррlе.com") mixes them too.
    expect(emailForStaff("billing@\u0430\u0440\u0440l\u0435.com").mixedScript).toBe(true);
    expect(emailForStaff("billing@\u0430\u0440\u0440l\u0435.com").shown).toMatch(/^billing@xn--[a-z0-9-]+\.com$/);
    // Greek omicron among Latin letters.
    expect(emailForStaff("support@g\u03BF\u03BFgle.com")).toMatchObject({ mixedScript: true, shown: expect.stringMatching(/@xn--/) });
  });

  it("flags a local part that mixes alphabets (the domain stays readable)", () => {
    expect(emailForStaff("\u0430dmin@example.com")).toEqual({ shown: "\u0430dmin@example.com", mixedScript: true });
    expect(emailForStaff("\u0430dmin@ex\u0430mple.com")).toEqual({ shown: "\u0430dmin@xn--exmple-4nf.com", mixedScript: true });
  });

  it("removes direction controls before anything else", () => {
    expect(emailForStaff("\u202Emoc.elpmaxe@nimda")).toEqual({ shown: "moc.elpmaxe@nimda", mixedScript: false });
    expect(emailForStaff("admin@ex\u0430mple.com\u202C")).toEqual({ shown: "admin@xn--exmple-4nf.com", mixedScript: true });
  });

  it("never lets the URL parser read another host out of an odd domain", () => {
    // "#" would end the host: the domain is kept whole, still flagged.
    expect(emailForStaff("a@ex\u0430mple.com#evil.example")).toEqual({ shown: "a@ex\u0430mple.com#evil.example", mixedScript: true });
    expect(emailForStaff("no-at-sign")).toEqual({ shown: "no-at-sign", mixedScript: false });
  });

  it("shows any address without direction controls, and flags it only if it mixes alphabets", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 64 }), fc.string({ unit: "binary", maxLength: 64 }), (local, domain) => {
        const result = emailForStaff(`${local}@${domain}`);
        return !CONTROLS.test(result.shown) && (result.mixedScript || result.shown === displayText(`${local}@${domain}`).trim());
      }),
    );
  });
});
