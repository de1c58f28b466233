// The one list of what staff can be allowed to do (D18): resources × actions. `admin` has every
// permission; `instructor_course_manager` has what its role_permissions row grants. The server gate
// (permissions.server.ts) and the UI (to hide what would be refused) both read this registry.
// Labels live in the locale files under permissions.resources.* and permissions.actions.*.

export const PERMISSION_REGISTRY = {
  courses: ["view", "create", "edit", "delete", "publish"],
  categories: ["view", "create", "edit", "delete"],
  instructors: ["view", "create", "edit", "delete", "create_accounts"],
  users: ["view", "create", "edit", "delete"],
  enrollments: ["view", "edit", "export"],
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
  return typeof value === "string" && (ALL_PERMISSIONS as readonly string[]).includes(value);
}

export const STAFF_ROLES = ["admin", "instructor_course_manager"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
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
