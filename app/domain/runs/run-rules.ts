// Course runs (issue 20), the parts both the server and the browser need: the vocabulary and the seat
// arithmetic. Queries are in run-seats.server.ts.
import { RUN_MODES, RUN_REPEAT_FREQUENCIES, RUN_STATUSES } from "@db/schema/run-vocabulary.ts";

export { RUN_MODES, RUN_REPEAT_FREQUENCIES, RUN_STATUSES };

export type RunMode = (typeof RUN_MODES)[number];
export type RunStatus = (typeof RUN_STATUSES)[number];
export type RunRepeatFrequency = (typeof RUN_REPEAT_FREQUENCIES)[number];

/**
 * A run as people read it, staff and visitors alike: when, how often, how and where, for how many, at
 * what price, and its seats. The public pages' PublicRun and the admin sheet's AdminRunRow add their own.
 */
export interface RunFields {
  id: string;
  startsAt: Date;
  endsAt: Date | null;
  schedule: string | null;
  scheduleAr: string | null;
  mode: RunMode;
  location: string | null;
  locationAr: string | null;
  capacity: number | null;
  price: number | null;
  instructorId: string | null;
  sessionMinutes: number | null;
  repeatFrequency: RunRepeatFrequency | null;
  repeatCount: number | null;
  /** Approved requests (the seats taken). */
  approved: number;
  /** Seats still free; null without a seat limit. */
  seatsLeft: number | null;
}

/** A run as the public pages show it (listUpcomingRuns in run-seats.server.ts). */
export interface PublicRun extends RunFields {
  courseId: string;
  updatedAt: Date;
  full: boolean;
}

/** Seats still free (never below 0), or null for a run without a seat limit. */
export function seatsLeft(capacity: number | null, approved: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - approved);
}

/** A run is full when it has a seat limit and approved requests have taken every seat. */
export function isRunFull(capacity: number | null, approved: number): boolean {
  return capacity !== null && approved >= capacity;
}

/** Reminder emails go this long before a run starts (issue 20 point 4). */
export const RUN_REMINDER_LEAD_MS = 2 * 24 * 60 * 60 * 1000;
