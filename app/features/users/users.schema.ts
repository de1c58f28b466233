// Admin Users forms (SPEC §2 Admin Users, §5 Add user, D18, D25), shared by the browser (instant
// feedback) and the server (the action and the domain functions re-check). No server imports here.
// Error messages are locale keys ("users.errors.*" in app/locales/<lng>/admin-users.json).
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";
import { requiredEmail } from "~/lib/validation.schema.ts";
import { STAFF_ROLES } from "~/lib/permissions.ts";

/** D25: staff passwords 8–128 characters; generated staff passwords are 12 (SPEC §9). */
export const STAFF_PASSWORD = { min: 8, max: 128, generatedLength: 12 } as const;

export const USERS_ERRORS = {
  emailRequired: "users.errors.emailRequired",
  emailInvalid: "users.errors.emailInvalid",
  emailTooLong: "users.errors.emailTooLong",
  roleInvalid: "users.errors.roleInvalid",
  passwordRequired: "users.errors.passwordRequired",
  passwordTooShort: "users.errors.passwordTooShort",
  passwordTooLong: "users.errors.passwordTooLong",
  userInvalid: "users.errors.userInvalid",
  invalidRequest: "users.errors.invalidRequest",
} as const;

/** Role select: one of the staff roles; anything else is refused (D18). */
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: USERS_ERRORS.roleInvalid });

/** The chosen admin password: required (SPEC wording), then D25's bounds. Not trimmed: spaces count. */
export const adminPasswordSchema = z
  .string({ error: USERS_ERRORS.passwordRequired })
  .min(1, { error: USERS_ERRORS.passwordRequired, abort: true })
  .min(STAFF_PASSWORD.min, { error: USERS_ERRORS.passwordTooShort, abort: true })
  .max(STAFF_PASSWORD.max, { error: USERS_ERRORS.passwordTooLong, abort: true });

/** Email: required and not blank (SPEC), a plain address, stored lower-case. */
export const staffEmailSchema = requiredEmail({
  required: USERS_ERRORS.emailRequired,
  tooLong: USERS_ERRORS.emailTooLong,
  invalid: USERS_ERRORS.emailInvalid,
}).toLowerCase();

/**
 * Role decides the password rule: an admin gets a chosen password; a manager gets a generated one, so
 * any password sent with the manager role is ignored.
 */
const roleAndPassword = z.discriminatedUnion(
  "role",
  [
    z.object({ role: z.literal("admin"), password: adminPasswordSchema }),
    z.object({
      role: z.literal("instructor_course_manager"),
      password: z.unknown().optional().transform(() => undefined),
    }),
  ],
  { error: USERS_ERRORS.roleInvalid },
);

/** What `addStaffUser` accepts (re-checked on the server whatever the form did). */
export const addUserInputSchema = z.object({ email: staffEmailSchema }).and(roleAndPassword);
export type AddUserInput = z.output<typeof addUserInputSchema>;
export type AddUserValues = z.input<typeof addUserInputSchema>;

const userId = z.string({ error: USERS_ERRORS.userInvalid }).trim().min(1, { error: USERS_ERRORS.userInvalid }).max(100, {
  error: USERS_ERRORS.userInvalid,
});

export type UserIntent = "add" | "editRole" | "delete" | "resetTwoFactor";

/** What the /admin/users action reports besides the common part of an AdminReply. */
export interface UserReplyFields {
  /** The user an edit, delete or reset was about (so a no-JS page can show that form again). */
  userId: string;
  /** Email of the user added, changed, deleted or whose two-step sign-in was reset. */
  email: string;
  /** A new manager's generated password: in this one reply only, never stored in plain text. */
  generatedPassword: string;
}
export type UsersReply = AdminReply<UserIntent, UserReplyFields>;

/** Add User modal (intent "add"). */
export const addUserSchema = z.object({ intent: z.literal("add"), email: staffEmailSchema }).and(roleAndPassword);

/** Edit User Role modal (intent "editRole"). */
/** `fromRole`: the role the form showed (a save over a colleague's newer change is refused). */
export const editRoleSchema = z.object({ intent: z.literal("editRole"), userId, role: staffRoleSchema, fromRole: z.string().max(40).optional() });

/** Delete confirmation (intent "delete"). */
export const deleteUserSchema = z.object({ intent: z.literal("delete"), userId });

/** Reset two-step sign-in confirmation (intent "resetTwoFactor", D28). */
export const resetTwoFactorSchema = z.object({ intent: z.literal("resetTwoFactor"), userId });

