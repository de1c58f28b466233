import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectTranslated, expectWording } from "../../../tests/setup/schema-checks.ts";
import {
  addUserInputSchema,
  addUserSchema,
  deleteUserSchema,
  editRoleSchema,
  resetTwoFactorSchema,
  USERS_ERRORS,
} from "./users.schema.ts";

function errorsOf(input: unknown): Record<string, string[]> {
  const result = addUserInputSchema.safeParse(input);
  expect(result.success).toBe(false);
  const out: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

const MANAGER = "instructor_course_manager";

describe("addUserInputSchema (SPEC §5 Add user, D25)", () => {
  it("normalises the email to trimmed lower case", () => {
    expect(addUserInputSchema.parse({ email: "  Omar.Hassan@Example.COM ", role: MANAGER })).toEqual({
      email: "omar.hassan@example.com",
      role: MANAGER,
      password: undefined,
    });
  });

  it.each([[undefined], [""], ["   "]])("email is required and not blank (%j)", (email) => {
    expect(errorsOf({ email, role: MANAGER })).toEqual({ email: [USERS_ERRORS.emailRequired] });
  });

  it.each([["omar"], ["omar@example"], ["omar @example.com"], ["<a@b.co>"]])("email %j must be an address", (email) => {
    expect(errorsOf({ email, role: MANAGER }).email).toEqual([USERS_ERRORS.emailInvalid]);
  });

  it("email is at most 254 characters", () => {
    const at254 = `${"a".repeat(242)}@example.com`;
    expect(addUserInputSchema.safeParse({ email: at254, role: MANAGER }).success).toBe(true);
    expect(errorsOf({ email: `a${at254}`, role: MANAGER }).email).toEqual([USERS_ERRORS.emailTooLong]);
  });

  it.each([[undefined], [""], ["superuser"], ["Admin"], ["student"]])("role must be a staff role (%j)", (role) => {
    expect(errorsOf({ email: "a@b.co", role }).role).toEqual([USERS_ERRORS.roleInvalid]);
  });

  it("the admin role needs a chosen password of 8 to 128 characters", () => {
    expect(errorsOf({ email: "a@b.co", role: "admin" })).toEqual({ password: [USERS_ERRORS.passwordRequired] });
    expect(errorsOf({ email: "a@b.co", role: "admin", password: "" })).toEqual({ password: [USERS_ERRORS.passwordRequired] });
    expect(errorsOf({ email: "a@b.co", role: "admin", password: "1234567" })).toEqual({ password: [USERS_ERRORS.passwordTooShort] });
    expect(errorsOf({ email: "a@b.co", role: "admin", password: "x".repeat(129) })).toEqual({
      password: [USERS_ERRORS.passwordTooLong],
    });
    expect(addUserInputSchema.parse({ email: "a@b.co", role: "admin", password: "12345678" }).password).toBe("12345678");
    expect(addUserInputSchema.parse({ email: "a@b.co", role: "admin", password: "x".repeat(128) }).password).toHaveLength(128);
    // Spaces count: a password is never trimmed.
    expect(addUserInputSchema.parse({ email: "a@b.co", role: "admin", password: " pass wd " }).password).toBe(" pass wd ");
  });

  it("a manager's password is generated, so a sent one is dropped", () => {
    expect(addUserInputSchema.parse({ email: "a@b.co", role: MANAGER, password: "whatever" }).password).toBeUndefined();
  });

  it("reports the email and the password together", () => {
    expect(errorsOf({ email: "", role: "admin", password: "" })).toEqual({
      email: [USERS_ERRORS.emailRequired],
      password: [USERS_ERRORS.passwordRequired],
    });
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("email", "role", "password", "intent"), fc.anything()), (input) => {
        expect(() => addUserInputSchema.safeParse(input)).not.toThrow();
        expect(() => addUserSchema.safeParse(input)).not.toThrow();
      }),
    );
  });
});

describe("intent schemas", () => {
  it("each needs its intent", () => {
    expect(addUserSchema.safeParse({ intent: "delete", email: "a@b.co", role: MANAGER }).success).toBe(false);
    expect(addUserSchema.safeParse({ intent: "add", email: "a@b.co", role: MANAGER }).success).toBe(true);
    expect(editRoleSchema.safeParse({ intent: "editRole", userId: "u1", role: "admin" }).success).toBe(true);
    expect(editRoleSchema.safeParse({ intent: "editRole", userId: "u1", role: "root" }).error!.issues[0]!.message).toBe(
      USERS_ERRORS.roleInvalid,
    );
    expect(editRoleSchema.safeParse({ intent: "editRole", userId: " ", role: "admin" }).error!.issues[0]!.message).toBe(
      USERS_ERRORS.userInvalid,
    );
    expect(deleteUserSchema.safeParse({ intent: "delete", userId: "u1" }).success).toBe(true);
    expect(deleteUserSchema.safeParse({ intent: "delete" }).success).toBe(false);
    expect(resetTwoFactorSchema.safeParse({ intent: "resetTwoFactor", userId: "u1" }).success).toBe(true);
    expect(resetTwoFactorSchema.safeParse({ intent: "delete", userId: "u1" }).success).toBe(false);
    expect(resetTwoFactorSchema.safeParse({ intent: "resetTwoFactor", userId: "" }).error!.issues[0]!.message).toBe(USERS_ERRORS.userInvalid);
  });
});

describe("Admin Users texts", () => {
  it("has every schema message in both languages", () => {
    for (const key of Object.values(USERS_ERRORS)) expectTranslated(key);
    for (const key of ["users.errors.resetTwoFactorFailed", "users.errors.onlyAdminResetsAdmin", "users.twoFactor.badge", "users.twoFactor.confirm"]) {
      expectTranslated(key);
    }
  });

  it("keeps SPEC's English wording", () => {
    const texts: Record<string, string> = {
      "users.title": "User Management",
      "users.refresh": "Refresh",
      "users.addUser": "Add User",
      "users.empty": "No users found",
      "users.addFirst": "Add Your First User",
      "users.role.title": "Edit User Role",
      "users.delete.confirm":
        "Are you sure you want to delete this user? This will remove their access to the admin system.",
      "users.errors.passwordRequired": "Please enter a password for the admin account.",
      "users.errors.passwordTooShort": "Password must be at least 8 characters long",
      "users.errors.addFailed": "Failed to add user: {{msg}}",
      "users.errors.updateRoleFailed": "Failed to update role: {{msg}}",
      "users.created.copied": "Password copied to clipboard!",
    };
    expectWording(texts);
  });
});

