import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format.ts";

describe("formatDateTime", () => {
  it("shows Cairo time in the viewer's language", () => {
    // 21:30 UTC on 31 Jan is 23:30 in Cairo (UTC+2 in winter), still 31 Jan.
    const value = new Date("2025-01-31T21:30:00Z");
    const en = formatDateTime(value, "en");
    expect(en).toContain("31");
    expect(en).toContain("2025");
    expect(en).toMatch(/11:30\s?PM/i);
    const ar = formatDateTime(value, "ar");
    expect(ar).toMatch(/[\u0600-\u06FF]/);
    expect(ar).toContain("11:30"); // D26: Western digits in Arabic
  });

  it("moves to the next day when Cairo is already past midnight", () => {
    expect(formatDateTime("2025-01-31T23:30:00Z", "en")).toMatch(/Feb/);
  });
});
