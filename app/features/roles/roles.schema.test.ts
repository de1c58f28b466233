import fc from "fast-check";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/admin-users.json";
import ar from "~/locales/ar/admin-users.json";
import { ALL_PERMISSIONS, PERMISSION_DEPENDENCIES } from "~/lib/permissions.ts";
import { permissionListSchema, requiresKey, ROLES_ERRORS, saveRolesSchema } from "./roles.schema.ts";

describe("permissionListSchema (D13, D18)", () => {
  it("keeps registry keys, once each, in registry order", () => {
    expect(permissionListSchema.parse(["users:view", "courses:view", "users:view"])).toEqual(["courses:view", "users:view"]);
    expect(permissionListSchema.parse([...ALL_PERMISSIONS].reverse())).toEqual([...ALL_PERMISSIONS]);
    expect(permissionListSchema.parse([])).toEqual([]);
  });

  it.each([[["courses:fly"]], [["users:view", "admin"]], [[""]], [["users"]], [[1]], [["__proto__"]]])("refuses %j", (list) => {
    const result = permissionListSchema.safeParse(list);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(ROLES_ERRORS.unknownPermission);
  });

  it("refuses a list that is not a list, or absurdly long", () => {
    expect(permissionListSchema.safeParse("users:view").success).toBe(false);
    expect(permissionListSchema.safeParse(Array.from({ length: 1000 }, () => "users:view")).success).toBe(false);
  });

  it("the form: no boxes checked means no permissions; the intent is required", () => {
    expect(saveRolesSchema.parse({ intent: "save" })).toEqual({ intent: "save", permissions: [] });
    expect(saveRolesSchema.safeParse({ permissions: ["users:view"] }).success).toBe(false);
  });

  it("never lets anything outside the registry through", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...ALL_PERMISSIONS), fc.string())), (list) => {
        const result = permissionListSchema.safeParse(list);
        if (result.success) for (const p of result.data) expect(ALL_PERMISSIONS).toContain(p);
        else expect(list.some((p) => !(ALL_PERMISSIONS as readonly string[]).includes(p))).toBe(true);
      }),
    );
  });

  it("has its texts in both languages", () => {
    expect(en.roles.errors.unknownPermission).toBeTruthy();
    expect(ar.roles.errors.unknownPermission).toBeTruthy();
    expect(en.roles.title).toBe("Roles & Permissions");
  });
});

describe("the refusal naming a missing dependency (ADR 014)", () => {
  it("has a message in English and Arabic for every permission another one needs", () => {
    const lookup = (tree: unknown, key: string) =>
      key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    const needed = new Set(ALL_PERMISSIONS.flatMap((p) => PERMISSION_DEPENDENCIES[p]));
    expect(needed.size).toBeGreaterThan(0);
    for (const p of needed) {
      const key = requiresKey(p);
      expect(key).toBe(`roles.errors.requires.${p.replace(":", ".")}`);
      expect(typeof lookup(en, key), `${key} (en)`).toBe("string");
      expect(typeof lookup(ar, key), `${key} (ar)`).toBe("string");
    }
    for (const key of ["roles.dependencies", "roles.alsoChecked", "roles.alsoUnchecked"]) {
      expect(typeof lookup(en, key), `${key} (en)`).toBe("string");
      expect(typeof lookup(ar, key), `${key} (ar)`).toBe("string");
    }
  });
});
