// Settings → Payments (issue 37): how long an approved, priced request holds its seat before it expires
// unpaid. Stored in the `payments` settings row. No imports: the settings form reads it in the browser too.

/** Hours a seat is held for payment when Settings has no value. */
export const DEFAULT_HOLD_HOURS = 48;
/** The longest hold staff may set: two weeks. */
export const HOLD_HOURS_MAX = 336;

/** The stored hold in hours, or the default (48) when missing or malformed. */
export function storedHoldHours(payments: Record<string, unknown>): number {
  const value = payments.holdHours;
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= HOLD_HOURS_MAX ? value : DEFAULT_HOLD_HOURS;
}
