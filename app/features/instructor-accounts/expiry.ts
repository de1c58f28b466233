// The instructor session's expiry warning (SPEC §4, §9): pure, so the dashboard and a unit test share it.

/** SPEC §9: warn when fewer than 2 minutes remain. */
export const WARNING_MS = 2 * 60_000;
/** SPEC §4: a whole window of 5 minutes or less warns at half of it instead. */
export const SHORT_WINDOW_MS = 5 * 60_000;
/** SPEC §9: the expiry is checked every second. */
export const TICK_MS = 1000;

/**
 * Whether the banner shows: under 2 minutes left, or, when the whole session window is 5 minutes or
 * less, under half of it left. Nothing once expired (the page is leaving by then).
 */
export function shouldWarn(remainingMs: number, windowMs: number): boolean {
  if (remainingMs <= 0) return false;
  if (remainingMs < WARNING_MS) return true;
  return windowMs <= SHORT_WINDOW_MS && remainingMs < windowMs / 2;
}

export type Countdown = { kind: "minutes"; text: string } | { kind: "seconds"; seconds: number };

/** SPEC §4: m:ss from a minute up, plain seconds below (rounded up, so 0 shows only at the end). */
export function countdown(remainingMs: number): Countdown {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  if (total < 60) return { kind: "seconds", seconds: total };
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return { kind: "minutes", text: `${minutes}:${String(seconds).padStart(2, "0")}` };
}

/** The whole minutes and the seconds left (rounded up), for the sentence "in 1 minute 57 seconds". */
export function countdownParts(remainingMs: number): { minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/** While the warning shows, the server is asked again this often (an extension by the admin is seen). */
export const WARNING_RECHECK_MS = 30_000;
