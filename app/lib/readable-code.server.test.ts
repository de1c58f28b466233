import { describe, expect, it } from "vitest";
import { encodeReadable, randomReadable, READABLE_ALPHABET, readableKey } from "./readable-code.server.ts";

describe("readable codes", () => {
  it("leave out the characters read as one another", () => {
    for (const lookAlike of ["0", "O", "1", "I", "L"]) expect(READABLE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(READABLE_ALPHABET).size).toBe(READABLE_ALPHABET.length);
    const many = Array.from({ length: 2000 }, () => randomReadable(10)).join("");
    expect(many).toMatch(/^[2-9A-HJKMNP-Z]+$/);
    // Every character of the alphabet is drawn (2000 codes of 10: each of 31 characters ~645 times).
    expect(new Set(many).size).toBe(READABLE_ALPHABET.length);
  });

  it("write numbers in base 31, later ones sorting later within a length", () => {
    expect(encodeReadable(0)).toBe("2");
    expect(encodeReadable(30)).toBe("Z");
    expect(encodeReadable(31)).toBe("32");
    const a = encodeReadable(Date.UTC(2026, 11, 6));
    const b = encodeReadable(Date.UTC(2026, 11, 6) + 1);
    expect(a.length).toBe(b.length);
    expect(a < b).toBe(true);
    expect(() => encodeReadable(-1)).toThrow(RangeError);
    expect(() => encodeReadable(1.5)).toThrow(RangeError);
  });

  it("compare what was typed in any case, spaced or dashed", () => {
    expect(readableKey(" abcde-fghjk ")).toBe("ABCDEFGHJK");
    expect(readableKey("ABCDE FGHJK")).toBe(readableKey("abcdefghjk"));
  });
});
