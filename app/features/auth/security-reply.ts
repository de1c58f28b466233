// What the staff security page's action answers (types only; safe in the browser).
import type { SubmissionResult } from "@conform-to/react";

export type SecurityIntent = "start" | "confirm" | "recovery-codes" | "turn-off";

export interface SecurityReply {
  intent: SecurityIntent | null;
  ok: boolean;
  result?: SubmissionResult<string[]>;
  /** Locale key of a message for the whole form (a refusal or failure). */
  formError?: string;
  /** New recovery codes: in this one reply only (no-store), shown once. */
  recoveryCodes?: string[];
}

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
