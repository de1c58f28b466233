// Roles & permissions form (D13): the manager role's permission keys, from the one registry (D18).
// Shared by the browser and the server. Error messages are locale keys ("roles.errors.*").
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { editVersion } from "~/lib/validation.schema.ts";
import { ALL_PERMISSIONS, isPermission, type Permission } from "~/lib/permissions.ts";

/** The role whose permissions the matrix edits; `admin` always has every permission. */
export const MANAGER_ROLE = "instructor_course_manager" as const;

export const ROLES_ERRORS = {
  unknownPermission: "roles.errors.unknownPermission",
} as const;

/**
 * The refusal naming a permission that a ticked one needs and that is not ticked (ADR 014): one message per
 * needed flag, "roles.errors.requires.courses.view" ("Courses: View must be ticked too, ...").
 */
export function requiresKey(required: Permission): string {
  const [resource, action] = required.split(":");
  return `roles.errors.requires.${resource}.${action}`;
}

/** Registry keys only, each once, in registry order (so the stored list is stable). */
export const permissionListSchema = z
  .array(z.string({ error: ROLES_ERRORS.unknownPermission }), { error: ROLES_ERRORS.unknownPermission })
  .max(ALL_PERMISSIONS.length * 4, { error: ROLES_ERRORS.unknownPermission })
  .refine((list) => list.every(isPermission), { error: ROLES_ERRORS.unknownPermission })
  .transform((list) => ALL_PERMISSIONS.filter((p) => list.includes(p)) as Permission[]);

/** The matrix form: unchecked boxes send nothing, so no field means no permissions. */
export const saveRolesSchema = z.object({
  intent: z.literal("save"),
  permissions: permissionListSchema.default([]),
  /** The version the matrix was opened at (app/lib/edit-version.ts). */
  version: editVersion,
});

/**
 * What the Roles & permissions action (D13) reports besides the common part: the saved keys; a refusal
 * gives back the boxes ticked and the version sent, so a page without JavaScript keeps what was ticked.
 */
export interface RolesReplyFields {
  saved: Permission[];
  ticked: Permission[];
  sentVersion: string;
}
export type RolesReply = AdminReply<"save", RolesReplyFields>;
