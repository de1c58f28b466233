import { eq } from "drizzle-orm";
import { account, user } from "@db/schema/index.ts";
import type { Db, Executor } from "~/lib/db.server.ts";
import { generateStaffPassword, hashPassword } from "~/lib/password.server.ts";

export interface CreatedAdmin {
  id: string;
  email: string;
  /** Present only when the password was generated here (it must be changed at first sign-in, D9). */
  generatedPassword?: string;
  created: boolean;
}

/** A staff user row and its credential account (email and password sign-in), written together. */
export async function insertStaffAccount(
  tx: Executor,
  staff: { id: string; email: string; role: string; passwordHash: string; mustChangePassword: boolean; now?: Date },
): Promise<void> {
  const { id, email, role, passwordHash, mustChangePassword, now = new Date() } = staff;
  await tx.insert(user).values({ id, email, name: email.split("@")[0] || email, emailVerified: true, role, mustChangePassword, createdAt: now, updatedAt: now });
  await tx.insert(account).values({ id: crypto.randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash, createdAt: now, updatedAt: now });
}

/**
 * Creates an admin with a credential account, or reports the existing one untouched.
 * With no password given, a 12-character password is generated and flagged for a forced change.
 */
export async function ensureAdmin(db: Db, input: { email: string; password?: string }): Promise<CreatedAdmin> {
  const email = input.email.trim().toLowerCase();
  const existing = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing[0]) return { id: existing[0].id, email, created: false };

  const generated = input.password ? undefined : generateStaffPassword();
  const passwordHash = await hashPassword(input.password ?? generated!);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await insertStaffAccount(tx, { id, email, role: "admin", passwordHash, mustChangePassword: generated !== undefined });
  });
  return { id, email, generatedPassword: generated, created: true };
}
