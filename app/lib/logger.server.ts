// The application logger, and the one place where secrets are kept out of every log line (issue 14,
// item 7): reset tokens in URLs (`/reset-password?token=…`), passwords, one-time codes, secrets.
//
// Three layers, all applied by the logger itself, so no call site has to remember anything:
//  - `formatters.log` walks the logged object: a field whose name says it holds a secret (password,
//    token, secret, code, cookie, authorization…) is replaced by "[REDACTED]", and every string (a `url`,
//    `req.url`, `originalUrl`, a body kept as text) has its secret query parameters and JSON members
//    redacted;
//  - the `err` serializer does the same on the serialized error (message, stack, nested fields), keeping
//    error codes (`err.code`) readable;
//  - `hooks.streamWrite` rewrites secret query parameters in the final line, which also covers the
//    message string and child bindings.
//
// Every line also says who wrote it (issue 33 item 5): `pid`, `instance` (INSTANCE_ID, or host name and
// pid) and `version` (package.json's), and its level as a word ("level":"info"), for whoever reads the
// lines of several instances and releases together.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import pretty from "pino-pretty";
import { z } from "zod";
import { instanceId, logSettings } from "./env.server.ts";

export const REDACTED = "[REDACTED]";

/** Names of fields and parameters whose values are secrets, matched anywhere in the (decoded) name. */
// `t`: the token of a student's enrollment link (/{en|ar}/enrollment/<reference>?t=…, issue 37).
const SECRET_NAME = /pass(?:word|wd|phrase)|token|secret|signature|api[-_]?key|otp$|^(?:set-)?cookie$|^authorization$|^t$/i;

/** Names ending in "code" that are not secrets (HTTP status, exit codes, locales…). */
const HARMLESS_CODE =
  /^(?:status|http|response|exit|err|error|country|lang|language|locale|currency|post|zip|char|key|dial|phone|area|region|iso|reason)codes?$/;

/** Identifiers such as ECONNREFUSED or INVALID_EMAIL_OR_PASSWORD: kept under a `code` field name. */
const ERROR_CONSTANT = /^[A-Z][A-Z0-9_]{2,}$/;

/**
 * `name=value` pairs in query strings, fragments and form bodies. The value ends at the next separator,
 * `?` (an unencoded nested URL: its own parameters are then matched on their own), white space, a quote or
 * a backslash (so a match never eats a JSON escape).
 */
const QUERY_PAIR = /(^|[?&;#\s])([^=&;#?\s"'<>\\]+)=([^&;#?\s"'<>\\]*)/g;

/** `"name": "value"` or `"name": 123` inside text (a JSON body kept as a string). */
const JSON_MEMBER = /"((?:[^"\\]|\\.)*)"(\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)/g;

/** Percent-decodes a query component, repeatedly (double encoding), never throwing. */
function decodeComponent(raw: string): string {
  let s = raw.replace(/\+/g, " ");
  for (let i = 0; i < 3 && s.includes("%"); i++) {
    let next: string;
    try {
      next = decodeURIComponent(s);
    } catch {
      next = s.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (next === s) break;
    s = next;
  }
  return s;
}

/** Is a field or parameter with this (raw or encoded) name a secret? */
export function isSecretName(rawName: string): boolean {
  const name = decodeComponent(rawName);
  if (SECRET_NAME.test(name)) return true;
  // One-time and recovery codes: `code`, `backupCode`, `totp_code`, `codes`… but not `statusCode`.
  const compact = name.toLowerCase().replace(/[^a-z]/g, "");
  return /codes?$/.test(compact) && !HARMLESS_CODE.test(compact);
}

/** A secret field of a logged object or JSON text; a plain `code` holding an error constant is kept. */
function isSecretMember(name: string, value: unknown): boolean {
  if (!isSecretName(name)) return false;
  // Flags (`mustChangePassword: true`) and empty values hold nothing to hide.
  if (value === null || value === undefined || value === "" || typeof value === "boolean") return false;
  if (typeof value === "string" && ERROR_CONSTANT.test(value) && !SECRET_NAME.test(decodeComponent(name))) return false;
  return true;
}

/**
 * Replaces the value of every secret parameter in URLs, query strings, fragments and form bodies found in
 * `text`: `/reset-password?token=abc` → `/reset-password?token=[REDACTED]`. Names are compared decoded
 * (`%74oken`, `new+password`), every repetition is redacted, and a parameter whose value is itself an
 * encoded URL (`from=%2Freset-password%3Ftoken%3D…`) has that URL redacted too.
 */
export function redactQuery(text: string, depth = 0): string {
  if (!text.includes("=")) return text;
  return text.replace(QUERY_PAIR, (match, sep: string, name: string, value: string) => {
    if (!value) return match;
    if (isSecretName(name)) return `${sep}${name}=${REDACTED}`;
    // A value that is itself a URL or query, encoded or not (`from=/en/token=…`).
    if (depth < 2 && /[%=]/.test(value)) {
      const encoded = value.includes("%");
      const inner = encoded ? decodeComponent(value) : value;
      const redacted = redactQuery(inner, depth + 1);
      if (redacted !== inner) return `${sep}${name}=${encoded ? encodeURIComponent(redacted) : redacted}`;
    }
    return match;
  });
}

/** `redactQuery`, plus secret members of JSON kept as text (`{"password":"…"}`). */
export function redactText(text: string): string {
  const out = redactQuery(text);
  if (!out.includes('"')) return out;
  return out.replace(JSON_MEMBER, (match, name: string, colon: string, value: string) => {
    const plain = value.startsWith('"') ? value.slice(1, -1) : value;
    return isSecretMember(name, plain) ? `"${name}"${colon}"${REDACTED}"` : match;
  });
}

const MAX_DEPTH = 8;

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a logged value with secret fields replaced and every string passed through `redactText`.
 * Errors are left to the `err` serializer; class instances other than plain objects are left as they are.
 * @param keepCodes inside a serialized error: `code` fields are error codes (ECONNREFUSED, 23505).
 */
export function redactValue(value: unknown, keepCodes = false, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, keepCodes, depth + 1));
  if (!isPlainObject(value)) return value;
  return redactFields(value, keepCodes, depth);
}

/** redactValue of a plain object: a copy with secret fields replaced and the rest redacted in turn. */
function redactFields(value: Record<string, unknown>, keepCodes = false, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const codeKept = keepCodes && /^(?:code|errno|sqlState)$/i.test(key);
    out[key] = !codeKept && isSecretMember(key, item) ? REDACTED : redactValue(item, keepCodes, depth + 1);
  }
  return out;
}

/** pino's serialized errors have their own prototype; plain copies (nested ones too) can be walked. */
function plainError(serialized: object, proto: unknown, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    const nested = (item: unknown) =>
      item && typeof item === "object" && Object.getPrototypeOf(item) === proto && depth < MAX_DEPTH
        ? plainError(item, proto, depth + 1)
        : item;
    out[key] = Array.isArray(value) ? value.map(nested) : nested(value);
  }
  return out;
}

/** The standard error serializer, then redaction (a failed request's message may quote its URL). */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return redactValue(err, true);
  const serialized = pino.stdSerializers.err(err);
  return redactValue(plainError(serialized, Object.getPrototypeOf(serialized)), true);
}

/**
 * The release running: package.json's version, read once from the working directory (the project root, as
 * for the migrations: `npm start`, the compiled server and tsx all run there), so the sources and the
 * build say the same. "unknown" when it cannot be read.
 */
function readAppVersion(root = process.cwd()): string {
  try {
    const json: unknown = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    return z.object({ version: z.string().min(1).max(64) }).parse(json).version;
  } catch {
    return "unknown";
  }
}

export const APP_VERSION = readAppVersion();

/** Who writes the lines: the fields every line starts with. */
export interface LogIdentity {
  instance: string;
  version: string;
}

const IDENTITY: LogIdentity = { instance: instanceId(process.env, os.hostname(), process.pid), version: APP_VERSION };

/**
 * A stand-in for a value a line must not show (an email typed at a refused sign-in): the same value gives
 * the same 12 characters, so an operator can count attempts on one account without reading its address.
 */
export function logDigest(value: string): string {
  return createHash("sha256").update(value.trim().toLowerCase()).digest("base64url").slice(0, 12);
}

/**
 * A logger with the application's settings and redaction, writing to `destination` (stdout by default).
 * Tests pass a stream to read what the server would print.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, identity: LogIdentity = IDENTITY) {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid, instance: identity.instance, version: identity.version },
    redact: { paths: ["password", "*.password", "req.headers.cookie", "req.headers.authorization"], remove: true },
    serializers: { err: serializeError },
    formatters: {
      level: (label) => ({ level: label }),
      log: (object) => (isPlainObject(object) ? redactFields(object) : object),
    },
    hooks: { streamWrite: (line) => redactQuery(line) },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type LogFormat = "json" | "pretty";

/**
 * Where log lines go: stdout, written synchronously, so that the lines of the server and of the app build
 * (each has its own logger) come out in the order they were logged.
 */
export function logDestination(format: LogFormat, colorize = false): pino.DestinationStream {
  if (format === "pretty") {
    return pretty({ sync: true, destination: 1, colorize, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname,instance,version", singleLine: true });
  }
  return pino.destination({ dest: 1, sync: true });
}

const tty = Boolean(process.stdout.isTTY);
const settings = logSettings(process.env, tty);
export const logger = createLogger(settings.level, logDestination(settings.format, tty));

export type Logger = typeof logger;
