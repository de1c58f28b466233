// Staff sign-in, password-reset and password-change rules (SPEC §5 with D25), shared by the browser
// (instant feedback, the live checklist) and the server (actions and domain functions re-check).
// No server imports here. Messages are locale keys under "auth." (app/locales/<lng>/auth.json).
import { z } from "zod";
import { toWesternDigits } from "~/lib/digits.ts";
import { sameOriginPath } from "~/lib/safe-redirect.ts";
import { requiredEmail } from "~/lib/validation.schema.ts";

/** D25: staff passwords 8 to 128 characters (OWASP ASVS 6.2.1); better-auth is configured the same. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const AUTH_ERRORS = {
  emailRequired: "auth.errors.emailRequired",
  emailInvalid: "auth.errors.emailInvalid",
  passwordRequired: "auth.errors.passwordRequired",
  invalidCredentials: "auth.errors.invalidCredentials",
  unexpected: "auth.errors.unexpected",
  tooManyAttempts: "auth.errors.tooManyAttempts",
  tooManyResetRequests: "auth.errors.tooManyResetRequests",
  invalidResetLink: "auth.errors.invalidResetLink",
  resetFailed: "auth.errors.resetFailed",
  updateFailed: "auth.errors.updateFailed",
  sameAsCurrent: "auth.errors.sameAsCurrent",
  currentPasswordInvalid: "auth.errors.currentPasswordInvalid",
} as const;

/** Two-step sign-in (issue 14 point 12): messages under auth.twoFactor.errors. */
export const TWO_FACTOR_ERRORS = {
  codeRequired: "auth.twoFactor.errors.codeRequired",
  codeFormat: "auth.twoFactor.errors.codeFormat",
  recoveryFormat: "auth.twoFactor.errors.recoveryFormat",
  wrongCode: "auth.twoFactor.errors.wrongCode",
  wrongRecoveryCode: "auth.twoFactor.errors.wrongRecoveryCode",
  codeUsed: "auth.twoFactor.errors.codeUsed",
  expired: "auth.twoFactor.errors.expired",
  notWaiting: "auth.twoFactor.errors.notWaiting",
  locked: "auth.twoFactor.errors.locked",
  alreadyOn: "auth.twoFactor.errors.alreadyOn",
  notOn: "auth.twoFactor.errors.notOn",
  requiredCannotTurnOff: "auth.twoFactor.errors.requiredCannotTurnOff",
  resetSelf: "auth.twoFactor.errors.resetSelf",
} as const;

export const PASSWORD_ERRORS = {
  minLength: "auth.password.errors.minLength",
  maxLength: "auth.password.errors.maxLength",
  uppercase: "auth.password.errors.uppercase",
  lowercase: "auth.password.errors.lowercase",
  number: "auth.password.errors.number",
  mismatch: "auth.password.errors.mismatch",
  confirmRequired: "auth.password.errors.confirmRequired",
} as const;

/**
 * The forced dialog's rules, one per line of the live checklist (SPEC §5: one message per rule).
 * Letters and digits of any script count (Unicode categories), so the rule and the checklist agree.
 */
export const PASSWORD_RULES = [
  { id: "length", label: "auth.password.rules.length", error: PASSWORD_ERRORS.minLength, test: (v: string) => v.length >= PASSWORD_MIN },
  { id: "uppercase", label: "auth.password.rules.uppercase", error: PASSWORD_ERRORS.uppercase, test: (v: string) => /\p{Lu}/u.test(v) },
  { id: "lowercase", label: "auth.password.rules.lowercase", error: PASSWORD_ERRORS.lowercase, test: (v: string) => /\p{Ll}/u.test(v) },
  { id: "number", label: "auth.password.rules.number", error: PASSWORD_ERRORS.number, test: (v: string) => /\p{Nd}/u.test(v) },
] as const;

/** Reset rules (SPEC "Reset / new password"): length only. */
export const newPassword = z
  .string({ error: PASSWORD_ERRORS.minLength })
  .min(PASSWORD_MIN, { error: PASSWORD_ERRORS.minLength })
  .max(PASSWORD_MAX, { error: PASSWORD_ERRORS.maxLength });

/** The forced dialog: length plus an uppercase letter, a lowercase letter and a number. */
export const strongPassword = newPassword
  .regex(/\p{Lu}/u, { error: PASSWORD_ERRORS.uppercase })
  .regex(/\p{Ll}/u, { error: PASSWORD_ERRORS.lowercase })
  .regex(/\p{Nd}/u, { error: PASSWORD_ERRORS.number });

const confirmPassword = z.string({ error: PASSWORD_ERRORS.confirmRequired });
const bothPasswordsGiven = z.object({ newPassword: z.string(), confirmPassword: z.string() });

function withConfirmation<T extends z.ZodObject<{ newPassword: z.ZodType<string>; confirmPassword: z.ZodType<string> }>>(schema: T) {
  return schema.refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    error: PASSWORD_ERRORS.mismatch,
    // Compare even when the new password breaks a rule, so both messages show at once.
    when: (payload) => bothPasswordsGiven.safeParse(payload.value).success,
  });
}

/** Staff sign-in (SPEC §5: email and password required). */
export const loginSchema = z.object({
  // Too long is reported as invalid: the sign-in form names no limits.
  email: requiredEmail({ required: AUTH_ERRORS.emailRequired, tooLong: AUTH_ERRORS.emailInvalid, invalid: AUTH_ERRORS.emailInvalid }),
  // No length rule shown here: a sign-in form must not hint at the password policy.
  password: z.string({ error: AUTH_ERRORS.passwordRequired }).min(1, { error: AUTH_ERRORS.passwordRequired }),
  /** Where to go after signing in (only a same-site /admin path is honoured). */
  from: z.string().max(2000).optional(),
});

export const forgotPasswordSchema = z.object({
  email: loginSchema.shape.email,
});

export const resetPasswordSchema = withConfirmation(
  z.object({
    token: z.string().max(500).optional(),
    newPassword,
    confirmPassword,
  }),
);

export const changePasswordSchema = withConfirmation(
  z.object({
    newPassword: strongPassword,
    confirmPassword,
  }),
);

/**
 * An authenticator code as typed: spaces and dashes dropped, an Arabic keyboard's digits folded (D26),
 * then exactly six digits.
 */
export const totpCode = z
  .string({ error: TWO_FACTOR_ERRORS.codeRequired })
  .transform((v) => toWesternDigits(v).replace(/[\s-]/g, ""))
  .pipe(z.string().min(1, { error: TWO_FACTOR_ERRORS.codeRequired, abort: true }).regex(/^\d{6}$/, { error: TWO_FACTOR_ERRORS.codeFormat }));

/** A recovery code as typed: 10 letters and digits, the dash in the middle optional (stored as "abcde-12345"). */
export const recoveryCode = z
  .string({ error: TWO_FACTOR_ERRORS.codeRequired })
  .transform((v) => toWesternDigits(v).replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .min(1, { error: TWO_FACTOR_ERRORS.codeRequired, abort: true })
      .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, { error: TWO_FACTOR_ERRORS.recoveryFormat })
      .transform((v) => (v.includes("-") ? v : `${v.slice(0, 5)}-${v.slice(5)}`)),
  );

const checkbox = z.preprocess((v) => v === "on" || v === "true", z.boolean());

/** The second step of a sign-in: a code from the app, or a recovery code (`method`). */
export const secondStepSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCode, trustDevice: checkbox.optional(), from: loginSchema.shape.from }),
  z.object({ method: z.literal("recovery"), code: recoveryCode, trustDevice: checkbox.optional(), from: loginSchema.shape.from }),
]);

/** The security page's forms, one intent each. */
export const SECURITY_SCHEMAS = {
  start: z.object({ intent: z.literal("start"), password: loginSchema.shape.password }),
  confirm: z.object({ intent: z.literal("confirm"), code: totpCode }),
  "recovery-codes": z.object({ intent: z.literal("recovery-codes"), password: loginSchema.shape.password }),
  "turn-off": z.object({ intent: z.literal("turn-off"), password: loginSchema.shape.password }),
} as const;

export type LoginInput = z.output<typeof loginSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/**
 * The `from` return path after sign-in: a same-site path (the shared check, app/lib/safe-redirect.ts:
 * normalised as the browser will, so "/admin/../login" is "/login") that is inside the admin area
 * ("/admin" or "/admin/…"). Anything else → undefined.
 */
export function safeAdminPath(from: string | null | undefined): string | undefined {
  const path = sameOriginPath(from);
  return path !== null && /^\/admin(?:[/?#]|$)/.test(path) ? path : undefined;
}
