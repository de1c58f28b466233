// Course runs on the public course page (issue 20), the two choices an admin makes in Settings: from how
// many seats left a run says "3 seats left" (0: never), and whether a course without dates says "Contact
// us for the next start date". Both live in the `about` settings row (next to the cards' enrolled-count
// threshold); these read them. No imports: the settings form and the page read it in the browser too.

/** A run shows its seats left once this many or fewer remain, when Settings has no value. */
export const DEFAULT_SEATS_LEFT_FROM = 5;

export interface RunPageSettings {
  /** "3 seats left" shows when seats left ≤ this; 0 never shows it. */
  seatsLeftFrom: number;
  /** A course without upcoming runs says "Contact us for the next start date". */
  contactWhenNoRuns: boolean;
}

/** The stored threshold, or the default (5) when missing or malformed. */
export function storedSeatsLeftFrom(about: Record<string, unknown>): number {
  const value = about.seatsLeftFrom;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : DEFAULT_SEATS_LEFT_FROM;
}

/** Off unless an admin turned it on. */
export function storedContactWhenNoRuns(about: Record<string, unknown>): boolean {
  return about.contactWhenNoRuns === true;
}

export function runPageSettings(about: Record<string, unknown>): RunPageSettings {
  return { seatsLeftFrom: storedSeatsLeftFrom(about), contactWhenNoRuns: storedContactWhenNoRuns(about) };
}

/**
 * Whether a run says how many seats are left: only for a run with a seat limit, not full (a full run says
 * so instead), with seats left at or below the threshold; never when the threshold is 0.
 */
export function showsSeatsLeft(run: { seatsLeft: number | null; full: boolean }, seatsLeftFrom: number): boolean {
  return !run.full && run.seatsLeft !== null && seatsLeftFrom > 0 && run.seatsLeft <= seatsLeftFrom;
}
