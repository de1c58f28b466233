import { describe, expect, it } from "vitest";
import {
  ALL_PERMISSIONS,
  can,
  isPermission,
  missingDependencies,
  PERMISSION_DEPENDENCIES,
  withDependencies,
  withoutDependents,
  type Permission,
} from "./permissions.ts";

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

describe("permission dependencies (ADR 014)", () => {
  it("makes every action of a resource need its View, and View need nothing", () => {
    expect(PERMISSION_DEPENDENCIES["courses:edit"]).toEqual(["courses:view"]);
    expect(PERMISSION_DEPENDENCIES["courses:publish"]).toEqual(["courses:view"]);
    expect(PERMISSION_DEPENDENCIES["enrollments:export"]).toEqual(["enrollments:view"]);
    expect(PERMISSION_DEPENDENCIES["instructors:create_accounts"]).toEqual(["instructors:view"]);
    expect(PERMISSION_DEPENDENCIES["courses:view"]).toEqual([]);
    // A resource without View has nothing to depend on.
    expect(PERMISSION_DEPENDENCIES["settings:edit"]).toEqual([]);
    for (const p of ALL_PERMISSIONS) {
      for (const d of PERMISSION_DEPENDENCIES[p]) {
        expect(isPermission(d), `${p} needs ${d}`).toBe(true);
        expect(d, `${p} may not need itself`).not.toBe(p);
      }
    }
  });

  it("names what a list misses, in registry order", () => {
    expect(missingDependencies(["courses:view", "courses:edit", "settings:edit"])).toEqual([]);
    expect(missingDependencies([])).toEqual([]);
    expect(missingDependencies(["users:delete", "courses:edit", "courses:create"])).toEqual([
      { permission: "courses:create", requires: "courses:view" },
      { permission: "courses:edit", requires: "courses:view" },
      { permission: "users:delete", requires: "users:view" },
    ]);
  });

  it("adds what ticked boxes need, and drops what needs an unticked one", () => {
    expect(withDependencies(["courses:edit", "enrollments:export"])).toEqual(["courses:view", "courses:edit", "enrollments:view", "enrollments:export"]);
    const all: Permission[] = [...ALL_PERMISSIONS];
    const withoutCourses = withoutDependents(all, "courses:view");
    expect(withoutCourses.filter((p) => p.startsWith("courses:"))).toEqual([]);
    expect(withoutCourses).toHaveLength(ALL_PERMISSIONS.length - 5);
    // Unticking a dependent leaves what it needed.
    expect(withoutDependents(["courses:view", "courses:edit"], "courses:edit")).toEqual(["courses:view"]);
    // Whatever is ticked or unticked, the result is whole.
    for (const p of ALL_PERMISSIONS) {
      expect(missingDependencies(withDependencies([p]))).toEqual([]);
      expect(missingDependencies(withoutDependents(all, p))).toEqual([]);
    }
  });
});
