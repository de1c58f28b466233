// A run's sessions on Cairo's clock (issue 38 item 3): a weekly class keeps its Cairo hour across the
// change to summer time (Egypt: the last Friday of April, 00:00 → 01:00) and back (the last Thursday of
// October), so its UTC moment moves by an hour; months end short; a run without repeats is one session.
import { describe, expect, it } from "vitest";
import { runSessions } from "./run-sessions.ts";

describe("a run's sessions", () => {
  it("keep 8 pm in Cairo every week across the start of summer time (2027-04-30)", () => {
    // Thursday 22 April 2027, 20:00 Cairo (UTC+2) = 18:00 UTC.
    const sessions = runSessions({ startsAt: new Date("2027-04-22T18:00:00Z"), sessionMinutes: 90, repeatFrequency: "weekly", repeatCount: 3 });
    expect(sessions.map((s) => s.startsAt.toISOString())).toEqual(["2027-04-22T18:00:00.000Z", "2027-04-29T18:00:00.000Z", "2027-05-06T17:00:00.000Z"]);
    expect(sessions[2]!.endsAt.toISOString()).toBe("2027-05-06T18:30:00.000Z");
    expect(sessions.map((s) => s.number)).toEqual([1, 2, 3]);
  });

  it("and back to winter time (at the end of the last Thursday of October 2027)", () => {
    const sessions = runSessions({ startsAt: new Date("2027-10-21T17:00:00Z"), sessionMinutes: 60, repeatFrequency: "weekly", repeatCount: 3 });
    expect(sessions.map((s) => s.startsAt.toISOString())).toEqual(["2027-10-21T17:00:00.000Z", "2027-10-28T17:00:00.000Z", "2027-11-04T18:00:00.000Z"]);
  });

  it("step by day and by month (the 31st becomes a short month's last day), one session without a repeat", () => {
    const daily = runSessions({ startsAt: new Date("2027-01-10T08:00:00Z"), sessionMinutes: null, repeatFrequency: "daily", repeatCount: 3 });
    expect(daily.map((s) => s.startsAt.toISOString().slice(0, 10))).toEqual(["2027-01-10", "2027-01-11", "2027-01-12"]);
    expect(daily[0]!.endsAt.getTime() - daily[0]!.startsAt.getTime()).toBe(60 * 60_000);
    const monthly = runSessions({ startsAt: new Date("2027-01-31T08:00:00Z"), sessionMinutes: 120, repeatFrequency: "monthly", repeatCount: 3 });
    expect(monthly.map((s) => s.startsAt.toISOString().slice(0, 10))).toEqual(["2027-01-31", "2027-02-28", "2027-03-31"]);
    expect(runSessions({ startsAt: new Date("2027-01-10T08:00:00Z"), sessionMinutes: 45, repeatFrequency: null, repeatCount: 8 })).toHaveLength(1);
  });
});
