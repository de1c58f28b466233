import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatWeek } from "~/lib/format.ts";
import { axisMax } from "./chart.ts";

describe("axisMax", () => {
  it.each([
    [0, 4],
    [1, 4],
    [4, 4],
    [5, 6],
    [6, 10],
    [11, 20],
    [20, 20],
    [21, 50],
    [51, 100],
    [999, 1000],
    [1001, 2000],
  ])("%i → %i", (max, top) => {
    expect(axisMax(max)).toBe(top);
  });

  it("is even, at least the highest count, and less than three times it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (max) => {
        const top = axisMax(max);
        expect(top % 2).toBe(0);
        expect(top).toBeGreaterThanOrEqual(max);
        if (max > 4) expect(top).toBeLessThan(3 * max);
      }),
    );
  });
});

describe("formatWeek", () => {
  it("prints the calendar date as given, whatever the machine's time zone", () => {
    expect(formatWeek("2025-07-12", "en")).toBe("Jul 12");
    expect(formatWeek("2025-07-12", "en", "long")).toBe("July 12, 2025");
    expect(formatWeek("2025-07-12", "ar")).toBe("12\u200f/7"); // D26: Western digits in Arabic
    expect(formatWeek("2025-07-12", "ar", "long")).toBe("12 يوليو 2025");
  });
});
