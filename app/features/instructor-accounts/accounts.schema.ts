// Instructor accounts and the instructor sign-in (SPEC §5 instructor account, §8, §9; D7). Shared by the
// forms in the browser and by the actions and domain functions on the server. No server imports here.
// Messages are locale keys (app/locales/<lng>/instructor.json).
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { AUTH_ERRORS, loginSchema } from "~/features/auth/auth.schema.ts";
import { westernDigitsInput } from "~/lib/digits.ts";

/** SPEC §5/§9: the validity the admin enters, hours 0–24 and minutes 0–59 (empty counts as 0). */
export const ACCOUNT_LIMITS = { hoursMax: 24, minutesMax: 59 } as const;

export const ACCOUNT_ERRORS = {
  hoursInvalid: "instructorAccounts.errors.hoursInvalid",
  minutesInvalid: "instructorAccounts.errors.minutesInvalid",
  durationRequired: "instructorAccounts.errors.durationRequired",
  instructorInvalid: "instructorAccounts.errors.instructorInvalid",
  instructorNotFound: "instructorAccounts.errors.instructorNotFound",
  emailRequired: "instructorAccounts.errors.emailRequired",
  duplicateEmail: "instructorAccounts.errors.duplicateEmail",
  duplicateInstructor: "instructorAccounts.errors.duplicateInstructor",
  retrieveFailed: "instructorAccounts.errors.retrieveFailed",
  renewalInvalid: "instructorAccounts.errors.renewalInvalid",
  /** SPEC 'Failed to create account': anything unexpected. */
  createFailed: "instructorAccounts.errors.createFailed",
  /** SPEC 'Failed to create/renew instructor account: {msg}': wraps the refusals above in the modal. */
  createRenewFailed: "instructorAccounts.errors.createRenewFailed",
} as const;

export const ACCOUNT_MESSAGES = {
  /** SPEC §4: a request while the account is active returns the same password and expiry. */
  stillActive: "instructorAccounts.result.stillActive",
  /** SPEC §4: an expired account is replaced by a fresh one (a renewal). */
  newPassword: "instructorAccounts.result.newPassword",
  /** Issue 13: the first account of an instructor is created, not renewed. */
  created: "instructorAccounts.result.created",
  /** Issue 36 item 13: an active account given more time, its password kept. */
  extended: "instructorAccounts.result.extended",
} as const;

/**
 * What renewing an active account does (issue 36 item 13), chosen in the modal: "extend" keeps the
 * password and moves the expiry later by the duration; "newPassword" replaces the account with a new
 * password and an expiry of now + the duration. A post without a choice keeps the SPEC's rule (§4): the
 * active account's password and expiry come back unchanged.
 */
export const RENEWAL_CHOICES = ["extend", "newPassword"] as const;
export type RenewalChoice = (typeof RENEWAL_CHOICES)[number];

/** A whole number in 0..max; an empty field is 0; Arabic-Indic digits are read as 0–9 (D26). */
function durationPart(max: number, error: string) {
  return z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? 0 : westernDigitsInput(v)),
    z.coerce.number({ error }).int({ error }).min(0, { error }).max(max, { error }),
  );
}

/** The Hours/Minutes pair: each in range, and not both 0 (the button is disabled then; the server refuses too). */
export const durationSchema = z
  .object({
    hours: durationPart(ACCOUNT_LIMITS.hoursMax, ACCOUNT_ERRORS.hoursInvalid),
    minutes: durationPart(ACCOUNT_LIMITS.minutesMax, ACCOUNT_ERRORS.minutesInvalid),
  })
  .refine((v) => v.hours > 0 || v.minutes > 0, { error: ACCOUNT_ERRORS.durationRequired });

/** The account modal's post (intent "account" on /admin/instructors). */
export const accountRequestSchema = z
  .object({
    intent: z.literal("account"),
    instructorId: z.guid({ error: ACCOUNT_ERRORS.instructorInvalid }),
    hours: durationPart(ACCOUNT_LIMITS.hoursMax, ACCOUNT_ERRORS.hoursInvalid),
    minutes: durationPart(ACCOUNT_LIMITS.minutesMax, ACCOUNT_ERRORS.minutesInvalid),
    renewal: z.enum(RENEWAL_CHOICES, { error: ACCOUNT_ERRORS.renewalInvalid }).optional(),
  })
  .refine((v) => v.hours > 0 || v.minutes > 0, { error: ACCOUNT_ERRORS.durationRequired });

export type AccountRequest = z.output<typeof accountRequestSchema>;

/** An account post's outcome, shown once in the dialog (the page is sent with no-store). */
export interface AccountReplyResult {
  outcome: "created" | "renewed" | "extended" | "active";
  /** The one-time password, in this reply only. */
  password: string;
  /** ISO instant (UTC). */
  expiresAt: string;
  email: string;
  duration: { hours: number; minutes: number };
  /** The line shown with the password: still active / created / renewed / extended (from `outcome`). */
  messageKey: string;
}

/** What the account post (intent "account" on /admin/instructors) reports besides the common part. */
export interface AccountReplyFields {
  instructorId: string;
  account: AccountReplyResult;
}
export type AccountReply = AdminReply<string, AccountReplyFields>;

/** Whether the create button may be pressed: empty counts as 0, and both 0 is refused. */
export function durationChosen(hours: unknown, minutes: unknown): boolean {
  return durationSchema.safeParse({ hours, minutes }).success;
}

// ---- instructor sign-in ------------------------------------------------------------------------------

export const PORTAL_ERRORS = {
  /** SPEC §8: one message for an unknown email and a wrong password. */
  invalidCredentials: "instructorPortal.login.errors.invalidCredentials",
  /** SPEC §8: only after a correct password. */
  expired: "instructorPortal.login.errors.expired",
  authFailed: "instructorPortal.login.errors.authFailed",
  unexpected: "instructorPortal.login.errors.unexpected",
  tooManyAttempts: "instructorPortal.login.errors.tooManyAttempts",
  noSession: "instructorPortal.errors.noSession",
  instructorNotFound: "instructorPortal.errors.instructorNotFound",
  instructorInfoFailed: "instructorPortal.errors.instructorInfoFailed",
  coursesFailed: "instructorPortal.errors.coursesFailed",
} as const;

/** /instructor-login: email and password required (the staff sign-in's messages). */
export const instructorLoginSchema = z.object({
  email: loginSchema.shape.email,
  // No rule beyond "required": a sign-in form must not hint at how passwords are made.
  password: z
    .string({ error: AUTH_ERRORS.passwordRequired })
    .min(1, { error: AUTH_ERRORS.passwordRequired })
    .max(128, { error: PORTAL_ERRORS.invalidCredentials }),
});

export type InstructorLoginInput = z.output<typeof instructorLoginSchema>;
