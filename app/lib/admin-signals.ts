// What the admin shell signals on every page (issue 17 point 4): the badges of the side navigation and
// the banner saying emails are not leaving the server. Computed by the admin layout's loader
// (admin-signals.server.ts); safe in the browser.

export interface AdminSignals {
  /** Enrollment requests waiting for a decision; null for staff without enrollments:view. */
  pendingEnrollments: number | null;
  /** Contact messages nobody has read yet; null for staff without messages:view. */
  unreadMessages: number | null;
  /** No SMTP server is configured: emails are only written to the server log. Told to admins only. */
  smtpMissing: boolean;
}

export const NO_SIGNALS: AdminSignals = { pendingEnrollments: null, unreadMessages: null, smtpMissing: false };

/** The navigation entries (admin.nav.<key>) that carry a count, and which count. */
export const NAV_BADGES = {
  enrollments: "pendingEnrollments",
  messages: "unreadMessages",
} as const satisfies Record<string, Exclude<keyof AdminSignals, "smtpMissing">>;

/** The count shown on a navigation entry: a positive number, or undefined for none. */
export function navBadgeCount(signals: AdminSignals, navKey: string): number | undefined {
  const field = Object.hasOwn(NAV_BADGES, navKey) ? NAV_BADGES[navKey as keyof typeof NAV_BADGES] : undefined;
  const n = field ? signals[field] : null;
  return n && n > 0 ? n : undefined;
}
