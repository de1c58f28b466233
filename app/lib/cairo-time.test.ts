import { describe, expect, it } from "vitest";
import { hasEasternDigits } from "./digits.ts";
import { cairoOffsetMinutes, cairoWallTimeToUtc, formatRunMoment, formatSheetDateTime, utcToCairoWallTime } from "./cairo-time.ts";

describe("Cairo wall time", () => {
  it("reads a winter time at +2 and a summer time at +3", () => {
    expect(cairoWallTimeToUtc("2027-01-12T19:00")?.toISOString()).toBe("2027-01-12T17:00:00.000Z");
    expect(cairoWallTimeToUtc("2027-07-12T19:00")?.toISOString()).toBe("2027-07-12T16:00:00.000Z");
    expect(cairoOffsetMinutes(new Date("2027-01-12T17:00:00Z"))).toBe(120);
    expect(cairoOffsetMinutes(new Date("2027-07-12T16:00:00Z"))).toBe(180);
  });

  it("goes back to the same wall time", () => {
    for (const wall of ["2027-01-12T19:00", "2027-07-01T00:30", "2026-12-31T23:59", "2027-10-29T12:00"]) {
      expect(utcToCairoWallTime(cairoWallTimeToUtc(wall)!)).toBe(wall);
    }
  });

  it("refuses what is not a wall time", () => {
    for (const bad of ["", "2027-02-30T10:00", "2027-13-01T10:00", "2027-01-01T24:00", "2027-01-01 10:00", "yesterday", "2027-01-01T10:00Z"]) {
      expect(cairoWallTimeToUtc(bad)).toBeNull();
    }
  });

  it("formats in both languages with Western digits and the Cairo date", () => {
    // 23:30 UTC on 11 January is already 12 January in Cairo.
    const at = new Date("2027-01-11T23:30:00Z");
    expect(formatRunMoment(at, "en", "short")).toBe("Jan 12");
    expect(formatRunMoment(at, "en", "long")).toBe("Tuesday, January 12, 2027 at 1:30 AM");
    const ar = formatRunMoment(at, "ar", "long");
    expect(ar).toContain("12");
    expect(ar).toContain("يناير");
    expect(hasEasternDigits(ar)).toBe(false);
  });
});

describe("formatSheetDateTime", () => {
  it("writes Cairo time as a spreadsheet reads a date, across summer time", () => {
    expect(formatSheetDateTime(new Date("2025-03-01T08:00:00Z"))).toBe("2025-03-01 10:00");
    expect(formatSheetDateTime(new Date("2025-07-01T08:00:00Z"))).toBe("2025-07-01 11:00");
    // Midnight in Cairo is the next day's 00:00, never "24:00".
    expect(formatSheetDateTime(new Date("2025-01-31T22:00:00Z"))).toBe("2025-02-01 00:00");
  });
});
