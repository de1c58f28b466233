import { describe, expect, it } from "vitest";
import { countdown, countdownParts, shouldWarn } from "./expiry.ts";

const MIN = 60_000;

describe("shouldWarn (SPEC §4)", () => {
  it("warns under 2 minutes whatever the window", () => {
    expect(shouldWarn(2 * MIN, 7 * 24 * 60 * MIN)).toBe(false);
    expect(shouldWarn(2 * MIN - 1, 7 * 24 * 60 * MIN)).toBe(true);
    expect(shouldWarn(1000, 60 * MIN)).toBe(true);
  });

  it("warns under half of a window of 5 minutes or less", () => {
    expect(shouldWarn(2.5 * MIN, 5 * MIN)).toBe(false);
    expect(shouldWarn(2.5 * MIN - 1, 5 * MIN)).toBe(true);
    // A 1-minute window: under 2 minutes anyway.
    expect(shouldWarn(59_000, MIN)).toBe(true);
    // Just over 5 minutes: only the 2-minute rule.
    expect(shouldWarn(2.5 * MIN - 1, 5 * MIN + 1)).toBe(false);
  });

  it("stops once expired", () => {
    expect(shouldWarn(0, MIN)).toBe(false);
    expect(shouldWarn(-5, MIN)).toBe(false);
  });
});

describe("countdown (SPEC §4: m:ss or seconds)", () => {
  it("shows m:ss from one minute up", () => {
    expect(countdown(119_000)).toEqual({ kind: "minutes", text: "1:59" });
    expect(countdown(60_000)).toEqual({ kind: "minutes", text: "1:00" });
    expect(countdown(65_000)).toEqual({ kind: "minutes", text: "1:05" });
    expect(countdown(10 * MIN)).toEqual({ kind: "minutes", text: "10:00" });
  });

  it("shows seconds below a minute, rounded up", () => {
    expect(countdown(59_999)).toEqual({ kind: "minutes", text: "1:00" });
    expect(countdown(59_000)).toEqual({ kind: "seconds", seconds: 59 });
    expect(countdown(1)).toEqual({ kind: "seconds", seconds: 1 });
    expect(countdown(0)).toEqual({ kind: "seconds", seconds: 0 });
    expect(countdown(-3000)).toEqual({ kind: "seconds", seconds: 0 });
  });
});

describe("countdownParts (the warning's sentence)", () => {
  it("splits the time left into minutes and seconds, rounded up", () => {
    expect(countdownParts(117_000)).toEqual({ minutes: 1, seconds: 57 });
    expect(countdownParts(120_000)).toEqual({ minutes: 2, seconds: 0 });
    expect(countdownParts(44_001)).toEqual({ minutes: 0, seconds: 45 });
    expect(countdownParts(-1)).toEqual({ minutes: 0, seconds: 0 });
  });
});
