import { z } from "zod";
import { errorCode } from "./error-codes.ts";

/** An empty value (as in a copied .env.example) means "use the default", for every variable. */
export function withoutEmpty(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1].trim() !== ""));
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export const LOG_FORMATS = ["json", "pretty"] as const;
const logLevel = z.enum(LOG_LEVELS);
const logFormat = z.enum(LOG_FORMATS);

/**
 * The logger's settings, read by the same rules as the rest of the configuration, for the logger made at
 * import time (before parseEnv runs): LOG_LEVEL (default info, silent in tests) and LOG_FORMAT (default
 * pretty at a terminal, JSON otherwise). A wrong value falls back to the default here and is refused by
 * parseEnv with its one line, so the logger never throws first.
 */
export function logSettings(source: Record<string, string | undefined>, isTTY: boolean): { level: string; format: "json" | "pretty" } {
  const values = withoutEmpty(source);
  const level = logLevel.safeParse(values.LOG_LEVEL?.trim());
  const format = logFormat.safeParse(values.LOG_FORMAT?.trim());
  return {
    level: level.success ? level.data : values.NODE_ENV?.trim() === "test" ? "silent" : "info",
    format: format.success ? format.data : isTTY ? "pretty" : "json",
  };
}

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1" || v === "yes"));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const postgresUrl = optionalString.refine(
  (v) => {
    if (v === undefined) return true;
    try {
      const u = new URL(v);
      return (u.protocol === "postgres:" || u.protocol === "postgresql:") && u.hostname !== "";
    } catch {
      return false;
    }
  },
  { message: "must be a postgres:// or postgresql:// URL with a host" },
);

const smtpUrl = optionalString.refine(
  (v) => {
    if (v === undefined) return true;
    try {
      const u = new URL(v);
      return u.protocol === "smtp:" || u.protocol === "smtps:";
    } catch {
      return false;
    }
  },
  { message: "must be an smtp:// or smtps:// URL" },
);

const httpUrl = optionalString.refine(
  (v) => {
    if (v === undefined) return true;
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
    } catch {
      return false;
    }
  },
  { message: "must be an absolute http(s) URL" },
);

const intIn = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      if (!/^\d+$/.test(v.trim()) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: "custom", message: `must be an integer between ${min} and ${max}` });
        return z.NEVER;
      }
      return Number(v);
    });

const rateLimitSpec = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => /^\s*[1-9]\d{0,5}\s*\/\s*[1-9]\d{0,6}\s*$/.test(v), {
      message: 'must be "points/seconds", e.g. "5/600"',
    });

/** Where uploads go: S3 when a bucket is configured, else DATA_DIR/uploads. */
function storageOf(bucket: string | undefined): "s3" | "local" {
  return bucket ? "s3" : "local";
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: intIn(1, 65535, 3000),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: optionalString.refine((v) => v === undefined || URL.canParse(v), {
      message: "must be an absolute http(s) URL",
    }),
    DATABASE_URL: postgresUrl,
    DATA_DIR: z.string().default("./data"),
    SEED_DEMO: z.enum(["true", "false", "1", "0", "yes", "no", ""]).optional(),
    AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: "must be at least 32 characters",
    }),
    ADMIN_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, {
      message: "must be an email address",
    }),
    ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || (v.length >= 8 && v.length <= 128), {
      message: "must be 8 to 128 characters",
    }),
    SMTP_URL: smtpUrl,
    MAIL_FROM: z.string().default("Course Academy <no-reply@localhost>"),
    NOTIFY_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, {
      message: "must be an email address",
    }),
    OUTBOX_MAX_ATTEMPTS: intIn(1, 50, 8),
    OUTBOX_POLL_MS: intIn(50, 600_000, 2000),
    // How long the email of a staff decision (an enrollment approved or rejected) waits in the outbox,
    // during which the decision can be undone and the email withdrawn.
    DECISION_UNDO_SECONDS: intIn(1, 600, 30),
    LOG_LEVEL: logLevel.default("info"),
    // json | pretty; unset: pretty at a terminal, JSON otherwise (app/lib/logger.server.ts).
    LOG_FORMAT: logFormat.optional(),
    TRUST_PROXY: bool(false),
    // Keep rendered public pages in memory, compressed, on either database (app/lib/public-cache.server.ts, ADR 017).
    PUBLIC_PAGE_CACHE: bool(true),
    // Enrollment requests per client address (valid and invalid posts counted apart) and per email address.
    RATE_LIMIT_ENROLLMENT: rateLimitSpec("30/600"),
    RATE_LIMIT_ENROLLMENT_EMAIL: rateLimitSpec("5/3600"),
    RATE_LIMIT_CONTACT: rateLimitSpec("5/600"),
    // Staff and instructor sign-in: failed attempts per client address and per address+account (then
    // 429); per account alone only a growing delay (app/lib/rate-limit.server.ts, createLoginLimits).
    RATE_LIMIT_LOGIN: rateLimitSpec("20/60"),
    // Password-reset requests per client address and, separately, per email address.
    RATE_LIMIT_RESET: rateLimitSpec("5/600"),
    // S3-compatible object storage for uploads; set S3_BUCKET to use it instead of DATA_DIR/uploads.
    S3_ENDPOINT: httpUrl,
    S3_BUCKET: optionalString.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
      message: "must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)",
    }),
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: bool(false),
    S3_PUBLIC_URL: httpUrl,
  })
  .superRefine((e, ctx) => {
    // Half an S3 configuration is a mistake, not a reason to fall back to the local disk silently.
    const s3Set = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY, e.S3_PUBLIC_URL].some((v) => v !== undefined);
    if (s3Set && !e.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when other S3_* variables are set" });
    }
    if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [e.S3_ACCESS_KEY_ID === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"],
        message: "must be set together with the other S3 key variable",
      });
    }
  })
  .transform((e) => ({
    ...e,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    SEED_DEMO:
      e.SEED_DEMO === undefined || e.SEED_DEMO === ""
        ? e.DATABASE_URL === undefined
        : ["true", "1", "yes"].includes(e.SEED_DEMO),
    S3_PUBLIC_URL: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
    STORAGE: storageOf(e.S3_BUCKET),
  }));

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * A command's configuration (npm start, the database commands): parsed, or refused in one line on stderr
 * with exit code 1 — the operator's to fix, not the program's, so no stack.
 */
export function envOrExit(): Env {
  try {
    return parseEnv();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : String(err));
    process.exit(1);
  }
}

/** Parses configuration; throws a ConfigError whose message is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty value (as in a copied .env.example) means "use the default".
  const cleaned = withoutEmpty(source);
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "configuration");
    const got = source[name];
    const shown = got === undefined ? "" : ` (got ${JSON.stringify(name.includes("SECRET") || name.includes("PASSWORD") ? "***" : got)})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = result.data;
  // A shared PostgreSQL means several instances may run: they must share one secret from the environment.
  // With the embedded database (one process) a secret is generated into DATA_DIR instead (ADR 003).
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
    throw new ConfigError(
      "Invalid configuration: AUTH_SECRET is required in production with DATABASE_URL (at least 32 characters)",
    );
  }
  return env;
}

/** Loads ./.env into process.env when present (variables already set win). */
/**
 * `npm start` runs in production unless NODE_ENV says otherwise; an empty NODE_ENV (as in a copied
 * .env.example) is no exception: empty means the default, for every variable.
 */
export function applyStartDefaults(source: Record<string, string | undefined> = process.env): void {
  if (!source.NODE_ENV?.trim()) source.NODE_ENV = "production";
}

export function loadDotEnv(file = ".env"): void {
  try {
    process.loadEnvFile(file);
  } catch (err) {
    if (errorCode(err) !== "ENOENT") throw err;
  }
}

let cached: Env | undefined;
/** The process configuration, parsed once. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
