// A run's sessions (issue 38 item 3), from its schedule's fields: the first at the run's start, then one
// every day, week or month, `repeatCount` in all, each `sessionMinutes` long. Stepped on Cairo's wall
// clock, so a weekly 8 pm class stays at 8 pm in Cairo across the change to and from summer time (the
// moment in UTC moves by an hour). No imports from the server: the student's page and the calendar use it.
import { cairoWallTimeToUtc, utcToCairoWallTime } from "~/lib/cairo-time.ts";
import type { RunRepeatFrequency } from "./run-rules.ts";

/** Sessions listed at most (a daily run of a year is 365; nobody teaches more in one run). */
export const MAX_SESSIONS = 400;
/** A session's length when the run does not say. */
export const DEFAULT_SESSION_MINUTES = 60;

export interface RunSchedule {
  startsAt: Date;
  sessionMinutes: number | null;
  repeatFrequency: RunRepeatFrequency | null;
  repeatCount: number | null;
}

export interface RunSession {
  /** 1 for the first. */
  number: number;
  startsAt: Date;
  endsAt: Date;
}

/** The Cairo wall time `steps` days or months after `wall` ("2027-03-01T20:00"). */
function stepWall(wall: string, frequency: RunRepeatFrequency, steps: number): string {
  const [date, time] = wall.split("T") as [string, string];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (frequency === "monthly") {
    // The same day of a later month, or that month's last day (31 January → 28 or 29 February).
    const target = new Date(Date.UTC(y, m - 1 + steps, 1));
    const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(d, last));
    return `${target.toISOString().slice(0, 10)}T${time}`;
  }
  day.setUTCDate(day.getUTCDate() + steps * (frequency === "weekly" ? 7 : 1));
  return `${day.toISOString().slice(0, 10)}T${time}`;
}

export function runSessions(run: RunSchedule): RunSession[] {
  const count = Math.min(MAX_SESSIONS, Math.max(1, run.repeatFrequency ? (run.repeatCount ?? 1) : 1));
  const minutes = run.sessionMinutes && run.sessionMinutes > 0 ? run.sessionMinutes : DEFAULT_SESSION_MINUTES;
  const first = utcToCairoWallTime(run.startsAt);
  const sessions: RunSession[] = [];
  for (let i = 0; i < count; i++) {
    const startsAt = i === 0 ? run.startsAt : cairoWallTimeToUtc(stepWall(first, run.repeatFrequency!, i));
    if (!startsAt) continue;
    sessions.push({ number: sessions.length + 1, startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) });
  }
  return sessions;
}
