import { describe, expect, it } from "vitest";
import { piastresFromText, poundsText } from "./money.ts";

describe("poundsText (amounts a form starts from)", () => {
  it("writes whole pounds bare and parts with two decimals, and piastresFromText reads it back", () => {
    expect(poundsText(250000)).toBe("2500");
    expect(poundsText(250050)).toBe("2500.50");
    expect(poundsText(7)).toBe("0.07");
    for (const n of [0, 7, 100, 250050, 10_000_000_000]) expect(piastresFromText(poundsText(n))).toBe(n);
  });
});
