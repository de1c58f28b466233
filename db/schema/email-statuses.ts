// The email outbox's states, one list for the table's check (catalog.ts) and the admin email log. No
// imports: the browser reads it too.
// "logged": written to the server log because no SMTP server is configured (nothing left the machine);
// "cancelled": withdrawn before it left (a staff decision undone within its window).
export const EMAIL_STATUSES = ["pending", "sending", "sent", "logged", "failed", "cancelled"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
