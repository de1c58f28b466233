import { describe, expect, it } from "vitest";
import { accountSummary } from "./account-status.ts";

const now = new Date("2025-06-01T12:00:00Z");

describe("accountSummary", () => {
  it("reads 'No Account' without a row", () => {
    expect(accountSummary(null, now)).toEqual({ status: "none", durationHours: 0, durationMinutes: 0, expiresAt: null });
  });

  it("is active until the expiry instant, then expired", () => {
    const row = { expiresAt: new Date("2025-06-01T12:00:01Z"), isActive: true, durationHours: 2, durationMinutes: 30 };
    expect(accountSummary(row, now)).toMatchObject({ status: "active", durationHours: 2, durationMinutes: 30 });
    expect(accountSummary({ ...row, expiresAt: now }, now).status).toBe("expired");
    expect(accountSummary({ ...row, expiresAt: "2025-06-01T11:59:59Z" }, now).status).toBe("expired");
  });

  it("counts a switched-off account as expired", () => {
    const row = { expiresAt: new Date("2025-06-02T00:00:00Z"), isActive: false, durationHours: 24, durationMinutes: 0 };
    expect(accountSummary(row, now).status).toBe("expired");
  });
});
