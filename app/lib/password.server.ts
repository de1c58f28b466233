import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// OWASP's Argon2id setting: 19 MiB memory, 2 iterations, 1 lane. Algorithm 2 = Argon2id.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    return false;
  }
}

function pick(alphabet: string): string {
  return alphabet.charAt(crypto.randomInt(alphabet.length));
}

/**
 * A random password of `length` characters (crypto.randomInt): one from each of `classes`, the rest from
 * all of them together, then uniformly shuffled, so no position tells which class it holds.
 */
export function generatePassword({ length, classes }: { length: number; classes: readonly string[] }): string {
  const all = classes.join("");
  const chars = classes.map(pick);
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? "", chars[i] ?? ""];
  }
  return chars.join("");
}

/** Staff password classes (SPEC §9): lower, upper, digits, symbols; look-alikes (l, I, O, 0, 1) left out. */
const STAFF_CLASSES = ["abcdefghijkmnopqrstuvwxyz", "ABCDEFGHJKLMNPQRSTUVWXYZ", "23456789", "!@#$%^&*"] as const;

/** A 12-character staff password with at least one lower, upper, digit and symbol (SPEC §9). */
export function generateStaffPassword(length = 12): string {
  return generatePassword({ length, classes: STAFF_CLASSES });
}
