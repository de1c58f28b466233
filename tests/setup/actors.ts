// Who does things in a test: staff actors built as the staff session builds them (a user row, its role's
// permissions from the matrix), managers with exactly the permissions a test names, actors that exist
// only in memory for pure checks, instructors signed in through the portal, and nobody (null). Plus
// `caught`, the AppError a refused call rejects with. They use the process database the test file opened
// (createTestDatabase installs it).
import { eq } from "drizzle-orm";
import { rolePermissions, user } from "@db/schema/index.ts";
import { createOrRenewAccount } from "~/features/instructor-accounts/accounts.server.ts";
import { signInInstructor } from "~/features/instructor-accounts/portal.server.ts";
import { ensureAdmin } from "~/features/users/admin-bootstrap.server.ts";
import { addStaffUser } from "~/features/users/users.server.ts";
import { db } from "~/lib/db.server.ts";
import { loadPermissions, type Actor } from "~/lib/permissions.server.ts";
import { ALL_PERMISSIONS, type Permission } from "~/lib/permissions.ts";
import { makeStaffUser } from "./factories.ts";

/** The one staff role besides admin, whose permissions the admin sets in the matrix. */
export const MANAGER = "instructor_course_manager";

/** The first admin's credentials in the tests. */
export const ADMIN_CREDENTIALS = { email: "admin@example.com", password: "Admin-Passw0rd!" } as const;

/** Nobody signed in: what the admin layout leaves in the context without a session. */
export const ANONYMOUS = null;

export interface ActorOptions {
  /** Client address, for the audit log. */
  ip?: string;
  /** Default false (signed in and past the forced change); "stored": the user row's flag, as the session reads it. */
  mustChangePassword?: boolean | "stored";
}

/** The actor the staff session makes of the user row `id`: its role's permissions from the matrix. */
export async function actorFor(id: string, options: ActorOptions = {}): Promise<Actor> {
  const [row] = await db().select().from(user).where(eq(user.id, id));
  if (!row) throw new Error(`actorFor: no user ${id}`);
  const { ip, mustChangePassword = false } = options;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    mustChangePassword: mustChangePassword === "stored" ? row.mustChangePassword : mustChangePassword,
    permissions: await loadPermissions(row.role),
    ...(ip === undefined ? {} : { ip }),
  };
}

/** The first admin, created as at start (ensureAdmin, with a password), and its actor. */
export async function createAdmin(options: ActorOptions & { email?: string; password?: string } = {}): Promise<Actor> {
  const { email = ADMIN_CREDENTIALS.email, password = ADMIN_CREDENTIALS.password, ...actor } = options;
  const created = await ensureAdmin(db(), { email, password });
  return actorFor(created.id, actor);
}

/** Gives the manager role exactly `permissions` (its row of the matrix). */
export async function setManagerPermissions(permissions: readonly Permission[]): Promise<void> {
  const value = [...permissions];
  await db()
    .insert(rolePermissions)
    .values({ roleName: MANAGER, permissions: value })
    .onConflictDoUpdate({ target: rolePermissions.roleName, set: { permissions: value } });
}

/** A manager holding exactly `permissions` (the role's matrix row is set to them), added by `by` as on Users. */
export async function createManager(by: Actor, email: string, permissions: readonly Permission[], options: ActorOptions = {}): Promise<Actor> {
  await setManagerPermissions(permissions);
  const { user: row } = await addStaffUser(by, { email, role: MANAGER });
  return actorFor(row.id, options);
}

/** A staff user row written directly (no password, no audit line) and its actor: for files about other things than users. */
export async function insertStaff(email: string, role: string, options: Omit<ActorOptions, "mustChangePassword"> = {}): Promise<Actor> {
  const row = await makeStaffUser({ email, role });
  return actorFor(row.id, options);
}

/** A manager holding exactly `permissions` (the role's matrix row is set to them), its user row written directly. */
export async function insertManager(email: string, permissions: readonly Permission[], options: Omit<ActorOptions, "mustChangePassword"> = {}): Promise<Actor> {
  await setManagerPermissions(permissions);
  return insertStaff(email, MANAGER, options);
}

/** An actor that exists only in memory (no user row): for checks that read the role and permissions alone. */
export function memoryActor(role: string, permissions: readonly Permission[] = [], extra: Partial<Actor> = {}): Actor {
  return {
    id: crypto.randomUUID(),
    email: `${role}@example.com`,
    name: role,
    role,
    mustChangePassword: false,
    permissions: new Set(role === "admin" ? ALL_PERMISSIONS : permissions),
    ...extra,
  };
}

/** An instructor with a fresh account (created by `by`) signed in through the portal: the session token and the Cookie header. */
export async function signedInInstructor(
  by: Actor,
  instructorId: string,
  options: { hours?: number; minutes?: number; ip?: string; now?: Date } = {},
): Promise<{ email: string; password: string; token: string; cookie: string }> {
  const { hours = 1, minutes = 0, ip = "192.0.2.10", now } = options;
  const account = await createOrRenewAccount(by, { instructorId, hours, minutes }, now);
  const { token } = await signInInstructor({ email: account.email, password: account.password }, ip, now);
  return { email: account.email, password: account.password, token, cookie: `ca_instructor=${token}` };
}

/** The AppError a refused call rejects with (tests/setup/expect.ts). */
export { caught } from "./expect.ts";
