import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import * as schema from "@db/schema/index.ts";
import type { Db } from "./db.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";

export interface AuthConfig {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins?: string[];
}

const DAY = 60 * 60 * 24;

export function createAuth(config: AuthConfig) {
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
    advanced: { database: { generateId: () => crypto.randomUUID() } },
  });
}

export type Auth = ReturnType<typeof createAuth>;
