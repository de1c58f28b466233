// The instructor login account as the Admin Instructors cards show it (SPEC §2: Active, Expired, No
// Account, and the duration). Pure, so both the server and a unit test use it. Issue 7 creates the
// accounts; this only reads the instructor_accounts row.

export type AccountStatus = "active" | "expired" | "none";

export interface AccountSummary {
  status: AccountStatus;
  /** Validity chosen when the account was created or renewed (hours 0–24, minutes 0–59). */
  durationHours: number;
  durationMinutes: number;
  /** When the one-time password stops working (UTC instant); null without an account. */
  expiresAt: Date | null;
}

export interface AccountRow {
  expiresAt: Date | string | null;
  isActive: boolean | null;
  durationHours: number | null;
  durationMinutes: number | null;
}

/**
 * No row → 'No Account'; a row that has not reached its expiry and is not switched off → 'Active';
 * otherwise 'Expired' (the stored instant is UTC; a deactivated account cannot sign in either).
 */
export function accountSummary(row: AccountRow | null, now: Date = new Date()): AccountSummary {
  if (!row || row.expiresAt === null) return { status: "none", durationHours: 0, durationMinutes: 0, expiresAt: null };
  const expiresAt = new Date(row.expiresAt);
  const active = row.isActive !== false && expiresAt.getTime() > now.getTime();
  return {
    status: active ? "active" : "expired",
    durationHours: row.durationHours ?? 0,
    durationMinutes: row.durationMinutes ?? 0,
    expiresAt,
  };
}
