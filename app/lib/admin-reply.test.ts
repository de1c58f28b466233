import { describe, expect, it } from "vitest";
import { failureMessage } from "./admin-reply.ts";

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key}(${JSON.stringify(options)})` : `T:${key}`);

describe("failureMessage", () => {
  it("frames the refusal in the 'Failed to …' line the action named", () => {
    expect(
      failureMessage(t, { intent: "add", ok: false, messageKey: "users.errors.onlyAdminGrantsAdmin", failureKey: "users.errors.addFailed" }),
    ).toBe('users.errors.addFailed({"msg":"T:users.errors.onlyAdminGrantsAdmin"})');
  });

  it("shows a refusal that already says what failed as it is", () => {
    expect(failureMessage(t, { intent: "deleteCategory", ok: false, messageKey: "categories.errors.deleteCategoryFailed" })).toBe(
      "T:categories.errors.deleteCategoryFailed",
    );
  });

  it("says nothing on success, without a message, or when a field already shows it", () => {
    expect(failureMessage(t, undefined)).toBeNull();
    expect(failureMessage(t, null)).toBeNull();
    expect(failureMessage(t, { intent: "add", ok: true, messageKey: "x" })).toBeNull();
    expect(failureMessage(t, { intent: "add", ok: false })).toBeNull();
    const result = { status: "error" as const, error: { email: ["users.errors.alreadyRegistered"] } };
    expect(
      failureMessage(t, { intent: "add", ok: false, messageKey: "users.errors.alreadyRegistered", failureKey: "users.errors.addFailed", result }),
    ).toBeNull();
    // A refusal about something without a field of its own is still said above the form.
    expect(failureMessage(t, { intent: "add", ok: false, messageKey: "users.errors.onlyAdminGrantsAdmin", result })).toBe(
      "T:users.errors.onlyAdminGrantsAdmin",
    );
  });
});
