// How better-auth is configured for staff and instructors: sessions, Argon2id hashing, reset tokens, the
// second factor. The reset email is passed in (`sendResetPassword`) by auth.server.ts, which is what the
// app calls; this module stays free of email code so the running state (app.server.ts) can name the
// instance's type without importing the outbox.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import * as schema from "@db/schema/index.ts";
import type { Db } from "./db.server.ts";
import { logger } from "./logger.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { randomReadable } from "./readable-code.server.ts";

export interface AuthConfig {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins?: string[];
  /** The name authenticator apps show beside the account (the brand). */
  issuer?: string;
}

const DAY = 60 * 60 * 24;

/** A device trusted at the second step skips it for this long (issue 14 point 12: at most 30 days). */
export const TRUSTED_DEVICE_SECONDS = 30 * DAY;
/** Time between the password and the code before the sign-in starts over. */
export const SECOND_STEP_SECONDS = 10 * 60;

/** better-auth's `sendResetPassword` hook: queues the email for an existing user's new reset token. */
export type SendResetPassword = (args: { user: { id: string; email: string }; token: string }) => Promise<void>;

export function configureAuth(config: AuthConfig, sendResetEmail: SendResetPassword) {
  return betterAuth({
    appName: "Course Academy",
    secret: config.secret,
    baseURL: config.baseURL,
    basePath: "/api/auth",
    trustedOrigins: config.trustedOrigins ?? [config.baseURL],
    database: drizzleAdapter(config.db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Called by auth.api.requestPasswordReset for an existing user only: drops the user's older reset
      // links and queues the email (link to our /reset-password page) through the outbox.
      sendResetPassword: ({ user, token }) => sendResetEmail({ user, token }),
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        role: { type: "string", required: true, defaultValue: "instructor_course_manager", input: false },
        mustChangePassword: { type: "boolean", required: true, defaultValue: false, input: false },
      },
    },
    // Sliding: a day of inactivity ends the session; staff-session.server.ts adds the 7-day absolute limit.
    session: { expiresIn: DAY, updateAge: 60 * 60 },
    verification: { storeIdentifier: "hashed" },
    // better-auth's messages go to our logger (JSON, levels, silent in tests) instead of the console.
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const err = args.find((a: unknown): a is Error => a instanceof Error);
        logger[level]({ component: "better-auth", ...(err ? { err } : {}) }, message);
      },
    },
    // Two-step sign-in for staff (authenticator app codes and single-use recovery codes). Its endpoints
    // are reached only through app/features/auth/two-factor.server.ts (the HTTP handler is not mounted).
    plugins: [
      twoFactor({
        issuer: config.issuer ?? "Course Academy",
        trustDeviceMaxAge: TRUSTED_DEVICE_SECONDS,
        twoFactorCookieMaxAge: SECOND_STEP_SECONDS,
        backupCodeOptions: {
          amount: 10,
          // Ten readable characters as "ABCDE-FGHJK" (no 0/O, 1/I/L: copied by hand from paper; issue 36 item 6).
          customBackupCodesGenerate: () =>
            Array.from({ length: 10 }, () => randomReadable(10).replace(/^(.{5})/, "$1-")),
          storeBackupCodes: "encrypted",
        },
      }),
    ],
    advanced: { database: { generateId: () => crypto.randomUUID() } },
  });
}

export type Auth = ReturnType<typeof configureAuth>;
