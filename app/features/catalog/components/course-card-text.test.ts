// When a course card shows its enrolled count (issue 19 point 3): from the Settings threshold on, never
// a zero, never when the threshold is 0.
import { describe, expect, it } from "vitest";
import { showsEnrolledCount } from "./course-card-text.ts";

describe("showsEnrolledCount", () => {
  it("shows the count from the threshold on (default 10)", () => {
    expect(showsEnrolledCount(0, 10)).toBe(false);
    expect(showsEnrolledCount(3, 10)).toBe(false);
    expect(showsEnrolledCount(9, 10)).toBe(false);
    expect(showsEnrolledCount(10, 10)).toBe(true);
    expect(showsEnrolledCount(12, 10)).toBe(true);
  });

  it("never shows a zero count, even with a threshold of 1", () => {
    expect(showsEnrolledCount(0, 1)).toBe(false);
    expect(showsEnrolledCount(1, 1)).toBe(true);
  });

  it("shows no count at all with a threshold of 0", () => {
    for (const count of [0, 1, 12, 5000]) expect(showsEnrolledCount(count, 0)).toBe(false);
  });
});
