import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { appState } from "./app.server.ts";
import { parseEnv, type Env } from "./env.server.ts";

/**
 * The server secret: AUTH_SECRET when set; otherwise (embedded database, one process) a random secret
 * generated once into DATA_DIR/auth-secret with mode 0600, so sessions survive restarts (ADR 003).
 */
export function resolveAuthSecret(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): { secret: string; generated: boolean } {
  if (env.AUTH_SECRET) return { secret: env.AUTH_SECRET, generated: false };
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  if (fs.existsSync(file)) return { secret: fs.readFileSync(file, "utf8").trim(), generated: false };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, generated: true };
}

const derived = new Map<string, Buffer>();

/**
 * A 256-bit key for one purpose only (`purpose`: e.g. "enrollment-page/v1"), derived from the server
 * secret with HKDF-SHA-256, so a key leaked or rotated for one use says nothing of another's.
 */
export function purposeKey(purpose: string, secret: string = serverSecret()): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "course-academy", purpose, 32));
    derived.set(id, key);
  }
  return key;
}

/**
 * The running app's server secret (AUTH_SECRET or the generated DATA_DIR/auth-secret), else AUTH_SECRET
 * from the environment (scripts, tests). Never a built-in default.
 */
export function serverSecret(): string {
  try {
    const running = appState().secret;
    if (running) return running;
  } catch {
    // The app is not started in this process.
  }
  const secret = parseEnv().AUTH_SECRET;
  if (!secret) throw new Error("The server secret is not available: start the app or set AUTH_SECRET");
  return secret;
}
