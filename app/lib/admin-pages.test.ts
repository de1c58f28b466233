// The one list of admin pages (issue 16 point 7): what app/routes.ts, the side navigation and the
// authorization matrix read.
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../routes.ts";
import { ADMIN_NAV, ADMIN_PAGES, adminPage, mayOpen, visibleNav } from "./admin-pages.ts";
import { ALL_PERMISSIONS, type ActorView } from "./permissions.ts";
import enAdmin from "../locales/en/admin.json";
import arAdmin from "../locales/ar/admin.json";

const APP = path.resolve(import.meta.dirname, "..");

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    // An index route under prefix() carries the prefix as its path ("admin" for /admin).
    const full = e.path ? `${parent.replace(/\/$/, "")}/${e.path}` : parent;
    const self = e.file && (e.index || e.path) ? [{ path: full || "/", file: e.file }] : [];
    return [...self, ...flatten(e.children ?? [], full)];
  });
}

const manager = (permissions: ActorView["permissions"]): ActorView => ({ id: "m", email: "m@example.com", role: "instructor_course_manager", permissions });
const admin: ActorView = { id: "a", email: "a@example.com", role: "admin", permissions: [] };

describe("ADMIN_PAGES", () => {
  it("lists each path once, each module file existing", () => {
    expect(new Set(ADMIN_PAGES.map((p) => p.path)).size).toBe(ADMIN_PAGES.length);
    for (const page of ADMIN_PAGES) expect(fs.existsSync(path.join(APP, page.file)), page.file).toBe(true);
  });

  it("is exactly the /admin part of app/routes.ts", () => {
    const routed = flatten(routes).filter((r) => r.path.startsWith("/admin"));
    expect(routed.map((r) => `${r.path} ${r.file}`).sort()).toEqual(ADMIN_PAGES.map((p) => `${p.path} ${p.file}`).sort());
  });

  it("names a registry permission, 'admin' or 'staff' for each page", () => {
    for (const page of ADMIN_PAGES) expect(["staff", "admin", ...ALL_PERMISSIONS], page.path).toContain(page.access);
  });

  it("gives every navigation entry a label in English and Arabic", () => {
    const en = enAdmin.admin.nav as Record<string, string>;
    const ar = arAdmin.admin.nav as Record<string, string>;
    for (const { key } of ADMIN_NAV) {
      expect(en[key], `admin.nav.${key} (en)`).toBeTruthy();
      expect(ar[key], `admin.nav.${key} (ar)`).toBeTruthy();
    }
  });

  it("finds a page by path and refuses an unknown one", () => {
    expect(adminPage("/admin/roles").access).toBe("admin");
    expect(() => adminPage("/admin/nowhere")).toThrow(/not in ADMIN_PAGES/);
  });
});

describe("the side navigation", () => {
  it("keeps the list's order and only pages marked for it", () => {
    expect(ADMIN_NAV.map((e) => e.to)).toEqual(ADMIN_PAGES.filter((p) => p.nav).map((p) => p.path));
    expect(ADMIN_NAV.map((e) => e.to)).not.toContain("/admin/change-password");
    expect(ADMIN_NAV[0]!.to).toBe("/admin");
  });

  it("shows a manager the pages their flags open, and admins everything", () => {
    expect(visibleNav(manager([])).map((e) => e.key)).toEqual(["dashboard", "security"]);
    expect(visibleNav(manager(["courses:view", "messages:view", "courses:edit"])).map((e) => e.key)).toEqual([
      "dashboard",
      "courses",
      "messages",
      "security",
    ]);
    expect(visibleNav(admin)).toEqual([...ADMIN_NAV]);
    expect(mayOpen(manager([...ALL_PERMISSIONS]), "admin")).toBe(false);
  });
});
