import { describe, expect, it } from "vitest";
import { piastresFromText } from "~/lib/money.ts";

describe("piastresFromText (amounts staff type in pounds)", () => {
  it("reads pounds and piastres exactly, with separators and Arabic-Indic digits", () => {
    expect(piastresFromText("2500")).toBe(250000);
    expect(piastresFromText(" 2,500.5 ")).toBe(250050);
    expect(piastresFromText("0.07")).toBe(7);
    expect(piastresFromText("١٬٢٣٤٫٥٦")).toBe(123456);
    // 0.1 + 0.2 is not 0.3 in floats; here it never goes through one.
    expect(piastresFromText("0.30")).toBe(30);
    expect(piastresFromText("100000000")).toBe(10_000_000_000);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "-5", "1.234", "1e3", "12abc", "100000001", "١.٢.٣", "NaN", " . "]) expect(piastresFromText(text), text).toBeNull();
  });
});
