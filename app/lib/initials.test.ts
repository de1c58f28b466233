import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initials } from "./initials.ts";

/** Two Arabic initials are kept apart by a zero-width non-joiner. */
const ZWNJ = "\u200C";

describe("initials", () => {
  it.each([
    ["Ahmed El-Sayed", "AS"],
    ["Dr. Ahmed El-Sayed", "AS"],
    ["Dr.Ahmed Hassan", "AH"],
    ["prof. mona adel", "MA"],
    ["Mohamed bin Salman", "MS"],
    ["Omar El Sayed", "OS"],
    ["Abd El Rahman Khaled", "AK"],
    ["Mona Adel Hassan", "MH"],
    ["Ahmed", "A"],
    ["  sara  ", "S"],
    ["J. R. R. Tolkien", "JT"],
    ["Émile Zola", "ÉZ"],
  ])("%j → %j (upper-case Latin)", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it.each([
    ["أحمد السيد", `أ${ZWNJ}س`],
    ["د. أحمد السيد", `أ${ZWNJ}س`],
    ["د.أحمد السيد", `أ${ZWNJ}س`],
    ["أ.د. منى عادل", `م${ZWNJ}ع`],
    ["المهندس محمود حسن", `م${ZWNJ}ح`],
    ["محمد علي حسن", `م${ZWNJ}ح`],
    ["عبد الرحمن محمد", `ع${ZWNJ}م`],
    ["محمد بن سلمان", `م${ZWNJ}س`],
    ["مُحَمَّد عَلِي", `م${ZWNJ}ع`],
    ["السيد", "س"],
    ["منى", "م"],
  ])("%j → %j (Arabic letters)", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("is empty without a letter, and keeps a title when it is the whole name", () => {
    expect(initials("")).toBe("");
    expect(initials("  ")).toBe("");
    expect(initials("123 …")).toBe("");
    expect(initials("Dr.")).toBe("D");
  });

  it("takes the first two words, or two letters of one word, for titles", () => {
    const title = { words: "first-two", singleWord: 2 } as const;
    expect(initials("English for Business", title)).toBe("EF");
    expect(initials("Python", title)).toBe("PY");
    expect(initials("دورة اللغة العربية", title)).toBe(`د${ZWNJ}ل`);
  });

  it("keeps a letter that upper-cases to several characters as one letter", () => {
    expect(initials("ΐ ß")).toBe("ΐß");
  });

  it("gives at most two letters (plus the non-joiner), never a digit or a symbol", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (name) => {
        const letters = Array.from(initials(name).replace(ZWNJ, ""));
        expect(letters.length).toBeLessThanOrEqual(2);
        for (const l of letters) expect(l).toMatch(/\p{L}/u);
      }),
    );
  });
});
