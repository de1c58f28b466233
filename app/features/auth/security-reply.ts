// What the staff security page shows of its account's second factor, and what its action reports
// (types only; safe in the browser).
import type { AdminReply } from "~/lib/admin-reply.ts";

export type SecurityIntent = "start" | "confirm" | "recovery-codes" | "turn-off";

export interface SecurityReplyFields {
  /** New recovery codes: in this one reply only (no-store), shown once. */
  recoveryCodes: string[];
}
export type SecurityReply = AdminReply<SecurityIntent, SecurityReplyFields>;

export interface TwoFactorStatus {
  enabled: boolean;
  /** Every staff member must have one (Settings → Security). */
  required: boolean;
  /** Recovery codes not used yet (null when off). */
  recoveryCodesLeft: number | null;
  /** A setup waiting for its first code: the key and QR code to show again on reload. */
  pending: PendingSetup | null;
}

export interface PendingSetup {
  /** The otpauth:// address the QR code holds. */
  uri: string;
  /** The same secret for typing by hand (base32, in groups of four). */
  manualKey: string;
  /** The QR code as an SVG document (made here, from the address only). */
  qrSvg: string;
}
