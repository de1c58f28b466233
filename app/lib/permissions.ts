// The one list of what staff can be allowed to do (D18): resources × actions, and what each needs beside
// it (PERMISSION_DEPENDENCIES). `admin` has every
// permission; `instructor_course_manager` has what its role_permissions row grants. The server gate
// (permissions.server.ts) and the UI (to hide what would be refused) both read this registry.
// Labels live in the locale files under permissions.resources.* and permissions.actions.*.
import { isOneOf } from "./validation.ts";

export const PERMISSION_REGISTRY = {
  courses: ["view", "create", "edit", "delete", "publish"],
  categories: ["view", "create", "edit", "delete"],
  instructors: ["view", "create", "edit", "delete", "create_accounts"],
  users: ["view", "create", "edit", "delete"],
  enrollments: ["view", "edit", "export"],
  // Money on enrollments (issue 37): see it, record and check payments, give money back, export the list.
  payments: ["view", "verify", "refund", "export"],
  messages: ["view"],
  settings: ["edit"],
} as const;

export type Resource = keyof typeof PERMISSION_REGISTRY;
export type Permission = {
  [R in Resource]: `${R}:${(typeof PERMISSION_REGISTRY)[R][number]}`;
}[Resource];

export const ALL_PERMISSIONS: readonly Permission[] = Object.entries(PERMISSION_REGISTRY).flatMap(([resource, actions]) =>
  actions.map((action) => `${resource}:${action}` as Permission),
);

export function isPermission(value: unknown): value is Permission {
  return isOneOf(value, ALL_PERMISSIONS);
}

/**
 * What each permission needs granted beside it (ADR 014): every action of a resource needs that resource's
 * View, because the resource's page and its actions open only with View (an Edit without it could not be
 * used); so Export needs View of enrollments, Create login accounts needs View of instructors. A resource
 * without View (settings) has no dependency. Saving the manager role refuses a list that misses one; the
 * roles matrix ticks what a ticked box needs and unticks what depends on an unticked one.
 */
export const PERMISSION_DEPENDENCIES: Readonly<Record<Permission, readonly Permission[]>> = Object.fromEntries(
  ALL_PERMISSIONS.map((permission) => {
    const [resource, action] = permission.split(":");
    const view = `${resource}:view`;
    const needs: readonly Permission[] = action !== "view" && isPermission(view) ? [view] : [];
    return [permission, needs];
  }),
) as unknown as Record<Permission, readonly Permission[]>;

/** A granted permission whose dependency is not granted. */
export interface MissingDependency {
  permission: Permission;
  requires: Permission;
}

/** The dependencies a list misses, in registry order (empty when the list is whole). */
export function missingDependencies(granted: readonly Permission[]): MissingDependency[] {
  const have = new Set(granted);
  return ALL_PERMISSIONS.filter((p) => have.has(p)).flatMap((permission) =>
    PERMISSION_DEPENDENCIES[permission].filter((d) => !have.has(d)).map((requires) => ({ permission, requires })),
  );
}

/** The list with everything its permissions need (transitively), in registry order. */
export function withDependencies(granted: Iterable<Permission>): Permission[] {
  const have = new Set<Permission>();
  const add = (p: Permission) => {
    if (have.has(p)) return;
    have.add(p);
    PERMISSION_DEPENDENCIES[p].forEach(add);
  };
  for (const p of granted) add(p);
  return ALL_PERMISSIONS.filter((p) => have.has(p));
}

/** The list without `removed` and everything that needs it (transitively), in registry order. */
export function withoutDependents(granted: Iterable<Permission>, removed: Permission): Permission[] {
  const gone = new Set<Permission>([removed]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of ALL_PERMISSIONS) {
      if (!gone.has(p) && PERMISSION_DEPENDENCIES[p].some((d) => gone.has(d))) {
        gone.add(p);
        grew = true;
      }
    }
  }
  const have = new Set(granted);
  return ALL_PERMISSIONS.filter((p) => have.has(p) && !gone.has(p));
}

export const STAFF_ROLES = ["admin", "instructor_course_manager"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: unknown): role is StaffRole {
  return isOneOf(role, STAFF_ROLES);
}

/** Why a signed-in account may not act as staff yet, whatever the permission asked for. */
export type StaffHold = "notStaff" | "changePassword" | "secondFactor";

/**
 * The one staff gate (issue 34 item 3), read by every page guard (requireActor), upload and document route:
 * a staff role, no generated password still to change (D9), and the second factor set up when Settings
 * require one (D28). Null when the account may act (its permissions then say what it may do).
 */
export function staffHold(actor: { role: string; mustChangePassword: boolean; needsSecondFactor?: boolean }): StaffHold | null {
  if (!isStaffRole(actor.role)) return "notStaff";
  if (actor.mustChangePassword) return "changePassword";
  if (actor.needsSecondFactor) return "secondFactor";
  return null;
}

/** What the browser knows about the signed-in staff member (no secrets). */
export interface ActorView {
  id: string;
  email: string;
  role: StaffRole;
  permissions: Permission[];
}

/** The same rule on both sides: admins can do everything; managers need the flag; other roles nothing. */
export function can(actor: { role: string; permissions: Iterable<Permission> } | null | undefined, permission: Permission): boolean {
  if (!actor || !isStaffRole(actor.role)) return false;
  if (actor.role === "admin") return true;
  for (const p of actor.permissions) if (p === permission) return true;
  return false;
}
