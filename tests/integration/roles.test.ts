// Roles & permissions (D13, D18) and the audit log page (issue 4 point 7) against a real database
// (PGlite, or PostgreSQL with TEST_DB=pg): the domain functions and the admin-only routes.
import i18next from "i18next";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, rolePermissions } from "@db/schema/index.ts";
import { seedDefaults } from "@db/seed/demo.ts";
import { DEFAULT_ROLE_PERMISSIONS } from "@db/seed/demo-data.ts";
import { adminPage } from "~/lib/admin-pages.ts";
import { recordAudit } from "~/lib/audit.server.ts";
import { listAuditLog } from "~/features/audit/audit-log.server.ts";
import { getManagerPermissions, getRolesMatrix, saveManagerPermissions } from "~/features/roles/roles.server.ts";
import { addStaffUser } from "~/features/users/users.server.ts";
import { AppError } from "~/lib/errors.ts";
import { loadPermissions, type Actor } from "~/lib/permissions.server.ts";
import { ALL_PERMISSIONS } from "~/lib/permissions.ts";
import { resources } from "~/locales/index.ts";
import { action as rolesAction, loader as rolesLoader } from "~/routes/admin/roles.tsx";
import { loader as auditLoader } from "~/routes/admin/audit.tsx";
import { actorFor, ANONYMOUS, createAdmin, insertStaff, MANAGER } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

let admin: Actor;
let managerActor: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  await seedDefaults(database.db);
  admin = await createAdmin({ ip: "203.0.113.9" });
  const { user: m } = await addStaffUser(admin, { email: "manager@example.com", role: MANAGER });
  managerActor = await actorFor(m.id);
  await database.db.delete(auditLog);
});

async function storedManagerRow(): Promise<string[] | undefined> {
  const [row] = await database.db.select().from(rolePermissions).where(eq(rolePermissions.roleName, MANAGER));
  return row?.permissions;
}

describe("manager permissions matrix", () => {
  it("reads the seeded defaults in registry order", async () => {
    const granted = await getManagerPermissions(admin);
    expect([...granted].sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS[MANAGER]!].sort());
    expect(granted).toEqual(ALL_PERMISSIONS.filter((p) => granted.includes(p)));
  });

  it("changes what loadPermissions returns on the manager's next request", async () => {
    expect((await loadPermissions(MANAGER)).has("users:view")).toBe(false);
    const saved = await saveManagerPermissions(admin, ["users:view", "courses:view", "users:view", "messages:view"]);
    expect(saved).toEqual(["courses:view", "users:view", "messages:view"]);
    expect([...(await loadPermissions(MANAGER))].sort()).toEqual(["courses:view", "messages:view", "users:view"]);
    expect(await storedManagerRow()).toEqual(["courses:view", "users:view", "messages:view"]);

    // Revoking a flag: the next lookup no longer has it.
    await saveManagerPermissions(admin, ["courses:view"]);
    const next = await loadPermissions(MANAGER);
    expect(next.has("users:view")).toBe(false);
    expect([...next]).toEqual(["courses:view"]);

    // Everything off is allowed too.
    await saveManagerPermissions(admin, []);
    expect((await loadPermissions(MANAGER)).size).toBe(0);
    // Admins keep everything whatever the matrix says.
    expect((await loadPermissions("admin")).size).toBe(ALL_PERMISSIONS.length);
  });

  it("creates the row when it is missing", async () => {
    await database.db.delete(rolePermissions);
    await saveManagerPermissions(admin, ["enrollments:view"]);
    expect(await storedManagerRow()).toEqual(["enrollments:view"]);
  });

  it("refuses keys outside the registry and keeps the row as it was", async () => {
    const before = await storedManagerRow();
    for (const bad of [["courses:fly"], ["courses:view", "admin"], ["users:view", ""], ["__proto__"]]) {
      const err = await saveManagerPermissions(admin, bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: "bad_request", messageKey: "roles.errors.unknownPermission" });
    }
    expect(await storedManagerRow()).toEqual(before);
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it("refuses a matrix with Edit but without View, naming the missing flag, and keeps the row (ADR 014)", async () => {
    const before = await storedManagerRow();
    for (const [list, key] of [
      [["courses:edit"], "roles.errors.requires.courses.view"],
      [["courses:view", "courses:edit", "enrollments:export"], "roles.errors.requires.enrollments.view"],
      [["users:delete", "instructors:create_accounts"], "roles.errors.requires.instructors.view"],
    ] as const) {
      const err = await saveManagerPermissions(admin, list).catch((e: unknown) => e);
      expect(err, list.join(",")).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: "bad_request", status: 400, messageKey: key });
    }
    expect(await storedManagerRow()).toEqual(before);
    expect(await database.db.select().from(auditLog)).toEqual([]);
    // With View beside it the same flags are saved as given; nothing is added on the admin's behalf.
    expect(await saveManagerPermissions(admin, ["courses:edit", "courses:view", "settings:edit"])).toEqual([
      "courses:view",
      "courses:edit",
      "settings:edit",
    ]);
  });

  it("is admin only, even for a manager holding every flag", async () => {
    await saveManagerPermissions(admin, [...ALL_PERMISSIONS]);
    const strong = await actorFor(managerActor.id);
    expect(strong.permissions.size).toBe(ALL_PERMISSIONS.length);
    await expect(saveManagerPermissions(strong, ["users:create"])).rejects.toMatchObject({ code: "forbidden" });
    await expect(getManagerPermissions(strong)).rejects.toMatchObject({ code: "forbidden" });
    expect(await storedManagerRow()).toEqual([...ALL_PERMISSIONS]);
  });

  it("audits each save with actor, before and after", async () => {
    const before = await storedManagerRow();
    await saveManagerPermissions(admin, ["courses:view", "users:view"]);
    const [row] = await database.db.select().from(auditLog);
    expect(row).toMatchObject({
      actorId: admin.id,
      actorEmail: "admin@example.com",
      action: "update",
      entity: "role_permissions",
      entityId: MANAGER,
    });
    const data = row!.data as { before: string[]; after: string[]; added: string[]; removed: string[]; ip: string };
    expect(data.before).toEqual(before);
    expect(data.after).toEqual(["courses:view", "users:view"]);
    expect(data.added).toEqual(["users:view"]);
    expect(data.removed).toEqual(before!.filter((p) => p !== "courses:view"));
    expect(data.ip).toBe("203.0.113.9");
  });

  it("writes nothing for a save that changes nothing: no audit line, the version stays (issue 36 item 14)", async () => {
    const stored = (await storedManagerRow())!;
    const [{ updatedAt } = { updatedAt: null }] = await database.db.select({ updatedAt: rolePermissions.updatedAt }).from(rolePermissions).where(eq(rolePermissions.roleName, MANAGER));
    // The same ticks in another order are the same matrix.
    expect(await saveManagerPermissions(admin, [...stored].reverse())).toEqual(expect.arrayContaining(stored));
    expect(await database.db.select().from(auditLog)).toEqual([]);
    const [after] = await database.db.select({ updatedAt: rolePermissions.updatedAt }).from(rolePermissions).where(eq(rolePermissions.roleName, MANAGER));
    expect(after!.updatedAt).toEqual(updatedAt);
  });
});

describe("/admin/roles route", () => {
  const post = (actor: Actor | null, form: [string, string][]) => callAction(rolesAction, { url: "/admin/roles", form, actor });

  it("declares admin-only for the authorization matrix", () => {
    expect(adminPage("/admin/roles").access).toBe("admin");
  });

  it("saves the checked boxes for an admin", async () => {
    const { status, data } = await post(admin, [["intent", "save"], ["permissions", "users:view"], ["permissions", "users:edit"]]);
    expect(status).toBe(200);
    expect(data).toEqual({ intent: "save", ok: true, saved: ["users:view", "users:edit"] });
    expect([...(await loadPermissions(MANAGER))]).toEqual(["users:view", "users:edit"]);

    // One box checked, then none: conform sends one value, then no field at all.
    await post(admin, [["intent", "save"], ["permissions", "courses:view"]]);
    expect([...(await loadPermissions(MANAGER))]).toEqual(["courses:view"]);
    await post(admin, [["intent", "save"]]);
    expect((await loadPermissions(MANAGER)).size).toBe(0);
  });

  it("answers 400 to an unknown key or intent, and changes nothing", async () => {
    const before = await storedManagerRow();
    for (const entries of [
      [["intent", "save"], ["permissions", "users:view"], ["permissions", "users:godmode"]],
      [["intent", "drop"], ["permissions", "users:view"]],
    ] as [string, string][][]) {
      const { status, data } = await post(admin, entries);
      expect(status).toBe(400);
      expect(data?.ok).toBe(false);
    }
    expect(await storedManagerRow()).toEqual(before);
  });

  it("answers a translated 400 naming the missing View to a save with Edit alone, and changes nothing", async () => {
    const before = await storedManagerRow();
    const { status, data } = await post(admin, [["intent", "save"], ["permissions", "courses:edit"], ["permissions", "messages:view"]]);
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, intent: "save", messageKey: "roles.errors.requires.courses.view", failureKey: "roles.errors.saveFailed" });
    expect(await storedManagerRow()).toEqual(before);
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: "en", defaultNS: "common", interpolation: { escapeValue: false } });
    for (const [lng, flag] of [["en", "Courses: View"], ["ar", "الدورات: عرض"]] as const) {
      const msg = i18n.getFixedT(lng)(data!.messageKey!);
      expect(msg).toContain(flag);
      expect(i18n.getFixedT(lng)("roles.errors.saveFailed", { msg })).toContain(msg);
    }
  });

  it("refuses anonymous (→ /login) and managers (403) for the loader and the action", async () => {
    const form: [string, string][] = [["intent", "save"], ["permissions", "users:create"]];
    expect((await post(ANONYMOUS, form)).status).toBe(302);
    expect((await post(managerActor, form)).status).toBe(403);
    expect((await callLoader(rolesLoader, { url: "/admin/roles", actor: managerActor })).status).toBe(403);
    expect((await loadPermissions(MANAGER)).has("users:create")).toBe(false);
  });
});

describe("two admins editing the matrix (issue 35 item 6)", () => {
  const CONFLICT = "admin.errors.editConflict";
  const colleague = () => insertStaff("colleague@example.com", "admin", { ip: "203.0.113.10" });
  const post = (actor: Actor, form: [string, string][]) => callAction(rolesAction, { url: "/admin/roles", form, actor });
  const updates = async () => (await database.db.select().from(auditLog).where(eq(auditLog.entity, "role_permissions"))).map((r) => r.actorEmail);

  it("refuses the older matrix's save with 409, who and when; the first save is kept, nothing else written", async () => {
    const other = await colleague();
    const opened = await getRolesMatrix(admin);
    expect(opened.version).toMatch(/^\d+$/);
    expect((await getRolesMatrix(other)).version).toBe(opened.version);
    await saveManagerPermissions(other, ["courses:view", "messages:view"], opened.version);
    const err = await saveManagerPermissions(admin, ["users:view"], opened.version).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "conflict", status: 409, messageKey: CONFLICT, conflict: { by: "colleague@example.com" } });
    expect(Date.parse((err as AppError).conflict!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await storedManagerRow()).toEqual(["courses:view", "messages:view"]);
    expect(await updates()).toEqual(["colleague@example.com"]);
    // At the version the page now shows, the save goes through.
    await saveManagerPermissions(admin, ["users:view"], (await getRolesMatrix(admin)).version);
    expect(await storedManagerRow()).toEqual(["users:view"]);
  });

  it("writes exactly one of two saves of one version sent at once, also before the row exists", async () => {
    for (const missing of [false, true]) {
      await database.db.delete(auditLog);
      if (missing) await database.db.delete(rolePermissions);
      const { version } = await getRolesMatrix(admin);
      expect(version, missing ? "no row" : "seeded row").toMatch(/^\d+$/);
      const outcomes = await Promise.allSettled([
        saveManagerPermissions(admin, ["courses:view"], version),
        saveManagerPermissions(admin, ["users:view"], version),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const written = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<string[]>;
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "conflict", messageKey: CONFLICT, conflict: { by: "admin@example.com" } });
      expect(await storedManagerRow()).toEqual(written.value);
      expect(await updates()).toHaveLength(1);
    }
  });

  it("carries the version through the page: the loader gives it, an older one is refused with who, giving back the ticked boxes", async () => {
    const other = await colleague();
    const page = async (actor: Actor) => (await callLoader(rolesLoader, { url: "/admin/roles", actor })).data!;
    const { version } = await page(admin);
    expect((await page(other)).version).toBe(version);
    const first = await post(other, [["intent", "save"], ["permissions", "messages:view"], ["version", version]]);
    expect(first).toMatchObject({ status: 200, data: { ok: true, saved: ["messages:view"] } });
    const second = await post(admin, [["intent", "save"], ["permissions", "users:view"], ["version", version]]);
    expect(second.status).toBe(409);
    expect(second.data).toMatchObject({ ok: false, messageKey: CONFLICT, conflict: { by: "colleague@example.com" }, ticked: ["users:view"], sentVersion: version });
    expect(await storedManagerRow()).toEqual(["messages:view"]);
    expect((await page(admin)).version).not.toBe(version);
  });
});

describe("audit log list", () => {
  /** 120 entries: every third by the manager, entities cycling user / role_permissions / course. */
  async function seedLog(): Promise<void> {
    const entities = ["user", "role_permissions", "course"];
    for (let i = 0; i < 120; i++) {
      const actor = i % 3 === 0 ? managerActor : admin;
      await recordAudit(database.db, actor, { action: "update", entity: entities[i % 3]!, entityId: `id-${i}` });
    }
    // Rows written in the same instant tie; give them one second each so the expected order is exact.
    const base = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 120; i++) {
      await database.db
        .update(auditLog)
        .set({ createdAt: new Date(base + i * 1000) })
        .where(eq(auditLog.entityId, `id-${i}`));
    }
  }

  it("pages newest first, 50 at a time, with the total", async () => {
    await seedLog();
    const first = await listAuditLog(admin, {});
    expect(first).toMatchObject({ total: 120, page: 1, pageSize: 50, pageCount: 3 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.entityId).toBe("id-119");
    expect(first.entries[49]!.entityId).toBe("id-70");
    const times = first.entries.map((e) => e.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const third = await listAuditLog(admin, { page: 3 });
    expect(third.entries.map((e) => e.entityId)).toEqual(Array.from({ length: 20 }, (_, i) => `id-${19 - i}`));
    // Past the end: the last page.
    expect((await listAuditLog(admin, { page: 99 })).page).toBe(3);
    expect((await listAuditLog(admin, { page: 0 })).page).toBe(1);
    expect(first.entities).toEqual(["course", "role_permissions", "user"]);
  });

  it("every page, the older ones read from the other end, matches the full newest-first order", async () => {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 230; i++) await recordAudit(tx, admin, { action: "update", entity: i % 2 ? "course" : "user", entityId: `p-${i}` });
    });
    const all = (await listAuditLog(admin, { pageSize: 200 })).total;
    const expected: string[] = [];
    for (let page = 1; page <= Math.ceil(all / 200); page++) {
      expected.push(...(await listAuditLog(admin, { page, pageSize: 200 })).entries.map((e) => e.id));
    }
    const paged: string[] = [];
    for (let page = 1; page <= 5; page++) paged.push(...(await listAuditLog(admin, { page })).entries.map((e) => e.id));
    expect(paged).toEqual(expected);
    expect(new Set(paged).size).toBe(all);
    // The same with a filter.
    const courses: string[] = [];
    for (let page = 1; page <= 3; page++) courses.push(...(await listAuditLog(admin, { page, entity: "course" })).entries.map((e) => e.id));
    expect(courses).toEqual(expected.filter((id) => courses.includes(id)));
    expect(courses).toHaveLength(115);
  });

  it("pages rows written in the same transaction (same instant) without gaps or repeats", async () => {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 60; i++) await recordAudit(tx, admin, { action: "create", entity: "user", entityId: `same-${i}` });
    });
    const one = await listAuditLog(admin, { page: 1 });
    const two = await listAuditLog(admin, { page: 2 });
    const ids = [...one.entries, ...two.entries].map((e) => e.entityId);
    expect(new Set(ids).size).toBe(60);
  });

  it("filters by user email (part, any case), user id and entity, together", async () => {
    await seedLog();
    const byEmail = await listAuditLog(admin, { actorEmail: "MANAGER@" });
    expect(byEmail.total).toBe(40);
    expect(byEmail.entries.every((e) => e.actorEmail === "manager@example.com")).toBe(true);
    expect((await listAuditLog(admin, { userId: admin.id })).total).toBe(80);
    const byEntity = await listAuditLog(admin, { entity: "course" });
    expect(byEntity.total).toBe(40);
    expect(byEntity.entries.every((e) => e.entity === "course")).toBe(true);
    // manager wrote i % 3 === 0, which is always entity "user".
    expect((await listAuditLog(admin, { actorEmail: "manager", entity: "user" })).total).toBe(40);
    expect((await listAuditLog(admin, { actorEmail: "manager", entity: "course" })).total).toBe(0);
    // LIKE wildcards in the filter are taken literally.
    expect((await listAuditLog(admin, { actorEmail: "%" })).total).toBe(0);
    expect((await listAuditLog(admin, { actorEmail: "_" })).total).toBe(0);
    // The entity list is the whole log's, not the filtered page's.
    expect(byEntity.entities).toEqual(["course", "role_permissions", "user"]);
  });

  it("shows who, what, the id, when and the IP, without the IP in the details", async () => {
    await saveManagerPermissions(admin, ["courses:view"]);
    const [entry] = (await listAuditLog(admin)).entries;
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: "admin@example.com",
      action: "update",
      entity: "role_permissions",
      entityId: MANAGER,
      ip: "203.0.113.9",
    });
    expect(entry!.details).toMatchObject({ after: ["courses:view"] });
    expect(entry!.details).not.toHaveProperty("ip");
    expect(entry!.createdAt).toBeInstanceOf(Date);
  });

  it("is admin only", async () => {
    await expect(listAuditLog(managerActor, {})).rejects.toMatchObject({ code: "forbidden" });
    expect(adminPage("/admin/audit").access).toBe("admin");
    expect((await callLoader(auditLoader, { url: "/admin/audit", actor: managerActor })).status).toBe(403);
    expect((await callLoader(auditLoader, { url: "/admin/audit", actor: ANONYMOUS })).status).toBe(302);
  });
});
