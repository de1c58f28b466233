import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, can, isPermission } from "./permissions.ts";

describe("permission registry", () => {
  it("lists resource:action pairs, with the SPEC flags and ours (D18)", () => {
    for (const p of [
      "courses:publish",
      "instructors:create_accounts",
      "categories:delete",
      "enrollments:export",
      "messages:view",
      "settings:edit",
    ]) {
      expect(ALL_PERMISSIONS).toContain(p);
    }
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(isPermission("courses:fly")).toBe(false);
  });

  it("gives admins everything and others only their flags", () => {
    expect(can({ role: "admin", permissions: [] }, "users:delete")).toBe(true);
    expect(can({ role: "instructor_course_manager", permissions: ["courses:view"] }, "courses:view")).toBe(true);
    expect(can({ role: "instructor_course_manager", permissions: ["courses:view"] }, "courses:edit")).toBe(false);
    expect(can({ role: "student", permissions: ["courses:view"] }, "courses:view")).toBe(false);
    expect(can(null, "courses:view")).toBe(false);
  });
});
