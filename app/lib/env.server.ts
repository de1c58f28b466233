import { isIP } from "node:net";
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

/** INSTANCE_ID: a short name for log lines (letters, digits, dot, dash, underscore, colon). */
const instanceName = z.string().regex(/^[A-Za-z0-9][\w.:-]{0,63}$/, "must be 1-64 letters, digits, dots, dashes, underscores or colons");

/**
 * The instance every log line names (issue 33 item 5), read at import time like logSettings: INSTANCE_ID,
 * or this machine's short host name and the process id (two instances on one host differ; a restart is a
 * new instance). A wrong INSTANCE_ID falls back here and is refused by parseEnv.
 */
export function instanceId(source: Record<string, string | undefined>, hostname: string, pid: number): string {
  const given = instanceName.safeParse(withoutEmpty(source).INSTANCE_ID?.trim());
  return given.success ? given.data : `${hostname.split(".")[0] || "host"}-${pid}`;
}

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1" || v === "yes"));

/** Express's names for address ranges ("trust proxy"): 127.0.0.0/8 and ::1, link-local, private. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY, with Express's "trust proxy" semantics (issue 33): which proxies in front of the app may
 * say who the client is. The client address is then the rightmost X-Forwarded-For entry that was not
 * written by a trusted proxy, so an address a client writes into the header itself is never believed.
 * - false / 0 / no / empty: trust nobody; the socket's address is the client;
 * - true / yes: one proxy (the usual nginx or load balancer in front), the same as 1;
 * - a hop count n: the n proxies nearest the app;
 * - addresses, CIDR ranges or Express's names (loopback, linklocal, uniquelocal), comma-separated: those
 *   proxies, wherever they are in the chain.
 * "Trust everyone" (Express's `true`, which takes the leftmost entry, the one a client writes) is not offered.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = raw?.trim().toLowerCase() ?? "";
    if (v === "" || v === "false" || v === "no" || v === "0") return false;
    if (v === "true" || v === "yes") return 1;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const entries = v.split(",").map((e) => e.trim()).filter(Boolean);
    if (entries.length > 0 && entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({
      code: "custom",
      message: "must be false, true, a number of proxies, or proxy addresses/CIDR ranges separated by commas",
    });
    return z.NEVER;
  });

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
    PUBLIC_URL: httpUrl,
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
    // Unset: the academy's name from Settings at no-reply@ PUBLIC_URL's host (email.server.ts, defaultSender).
    MAIL_FROM: optionalString,
    NOTIFY_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, {
      message: "must be an email address",
    }),
    OUTBOX_MAX_ATTEMPTS: intIn(1, 50, 8),
    OUTBOX_POLL_MS: intIn(50, 600_000, 2000),
    // How long the email of a staff decision (an enrollment approved or rejected) waits in the outbox,
    // during which the decision can be undone and the email withdrawn.
    DECISION_UNDO_SECONDS: intIn(1, 600, 30),
    // How often each instance looks for held seats whose payment deadline has passed (issue 37 item 2).
    HOLD_SWEEP_SECONDS: intIn(1, 3600, 60),
    LOG_LEVEL: logLevel.default("info"),
    // json | pretty; unset: pretty at a terminal, JSON otherwise (app/lib/logger.server.ts).
    LOG_FORMAT: logFormat.optional(),
    TRUST_PROXY: trustProxy,
    // Keep rendered public pages in memory, compressed, on either database (app/lib/public-cache.server.ts, ADR 017).
    PUBLIC_PAGE_CACHE: bool(true),
    // Enrollment requests per client address (valid and invalid posts counted apart) and per email address.
    RATE_LIMIT_ENROLLMENT: rateLimitSpec("30/600"),
    RATE_LIMIT_ENROLLMENT_EMAIL: rateLimitSpec("5/3600"),
    RATE_LIMIT_CONTACT: rateLimitSpec("5/600"),
    RATE_LIMIT_PROOF: rateLimitSpec("20/3600"),
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
    // GET /metrics (Prometheus, app/lib/metrics.server.ts): with METRICS_TOKEN on the site's port for
    // `Authorization: Bearer <token>` only; with METRICS_PORT on 127.0.0.1:<port> without a token. Neither: off.
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || /^[\x21-\x7e]{16,256}$/.test(v), {
      message: "must be 16 to 256 printable characters without spaces",
    }),
    METRICS_PORT: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        if (!/^\d{1,5}$/.test(v.trim()) || Number(v) < 1 || Number(v) > 65535) {
          ctx.addIssue({ code: "custom", message: "must be a port number between 1 and 65535" });
          return z.NEVER;
        }
        return Number(v);
      }),
    // Online payment through Paymob (issue 37 item 5, app/lib/paymob.server.ts): offered only when the three
    // keys and at least one integration id are set. PAYMOB_API_URL is Paymob's host (a local simulator in tests).
    PAYMOB_SECRET_KEY: optionalString,
    PAYMOB_PUBLIC_KEY: optionalString,
    PAYMOB_HMAC_SECRET: optionalString,
    PAYMOB_INTEGRATION_IDS: optionalString.refine((v) => v === undefined || /^\s*\d{1,12}(\s*,\s*\d{1,12}){0,9}\s*$/.test(v), {
      message: "must be Paymob integration ids separated by commas, e.g. 4512345,4512346",
    }),
    PAYMOB_API_URL: httpUrl,
    RATE_LIMIT_PAYMOB: rateLimitSpec("10/3600"),
    // "Send me my request's link" (the student's page, issue 37 item 3) per client address.
    RATE_LIMIT_LINK: rateLimitSpec("5/600"),
    // The instance named on every log line; default: host name and process id (instanceId above).
    INSTANCE_ID: optionalString.pipe(instanceName.optional()),
  })
  .superRefine((e, ctx) => {
    if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    }
    // Mail that leaves the server from no-reply@localhost is refused or filed as spam by receiving servers.
    const localHost = e.PUBLIC_URL === undefined || /^(localhost|127\.|\[::1\])/.test(new URL(e.PUBLIC_URL).hostname);
    if (e.NODE_ENV === "production" && e.SMTP_URL !== undefined && e.MAIL_FROM === undefined && localHost) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message: "is required when SMTP_URL is set in production and PUBLIC_URL does not name the site (mail would come from no-reply@localhost)",
      });
    }
    // Half an S3 configuration is a mistake, not a reason to fall back to the local disk silently.
    const s3Set = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY, e.S3_PUBLIC_URL].some((v) => v !== undefined);
    if (s3Set && !e.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when other S3_* variables are set" });
    }
    // Half a Paymob configuration would offer a checkout whose callbacks cannot be verified.
    const paymob = { PAYMOB_SECRET_KEY: e.PAYMOB_SECRET_KEY, PAYMOB_PUBLIC_KEY: e.PAYMOB_PUBLIC_KEY, PAYMOB_HMAC_SECRET: e.PAYMOB_HMAC_SECRET, PAYMOB_INTEGRATION_IDS: e.PAYMOB_INTEGRATION_IDS };
    const paymobSet = Object.entries(paymob).filter(([, v]) => v !== undefined);
    if (paymobSet.length > 0 && paymobSet.length < 4) {
      for (const [key, v] of Object.entries(paymob)) {
        if (v === undefined) ctx.addIssue({ code: "custom", path: [key], message: "is required when other PAYMOB_* keys are set" });
      }
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
    /**
     * The origin requests are rebuilt on when PUBLIC_URL is given (issue 33): behind a proxy the Host the
     * app receives may lack the public port or name (nginx's `$host`), and every URL the app makes must be
     * the public one. Undefined when PUBLIC_URL is not set: the request's own Host is used.
     */
    PUBLIC_ORIGIN: e.PUBLIC_URL === undefined ? undefined : new URL(e.PUBLIC_URL).origin,
    SEED_DEMO:
      e.SEED_DEMO === undefined || e.SEED_DEMO === ""
        ? e.DATABASE_URL === undefined
        : ["true", "1", "yes"].includes(e.SEED_DEMO),
    S3_PUBLIC_URL: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
    PAYMOB_API_URL: (e.PAYMOB_API_URL ?? "https://accept.paymob.com").replace(/\/+$/, ""),
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
    const shown = got === undefined ? "" : ` (got ${JSON.stringify(/SECRET|PASSWORD|TOKEN/.test(name) ? "***" : got)})`;
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
