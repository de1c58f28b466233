// Staff users (SPEC §2 Admin Users, §5 Add user; D9, D11, D18, D25) against a real database (PGlite, or
// PostgreSQL with TEST_DB=pg): the domain functions and the /admin/users action with crafted requests.
import { beforeEach, describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { account, auditLog, session, twoFactor, user } from "@db/schema/index.ts";
import {
  addStaffUser,
  changeUserRole,
  deleteStaffUser,
  listStaffUsers,
} from "~/features/users/users.server.ts";
import { adminPage } from "~/lib/admin-pages.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import { AppError } from "~/lib/errors.ts";
import { verifyPassword } from "~/lib/password.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users.tsx";
import { actorFor, ANONYMOUS, createAdmin, createManager, MANAGER } from "../setup/actors.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { expectCode } from "../setup/expect.ts";
import { tAr, tEn } from "../setup/i18n.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

let admin: Actor;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  admin = await createAdmin({ ip: "203.0.113.7" });
});

/** A manager holding exactly `permissions`. */
const manager = (email: string, permissions: Permission[]) => createManager(admin, email, permissions);

async function userCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(user);
  return Number(row!.n);
}

async function auditRows(action?: string) {
  const rows = await database.db.select().from(auditLog).orderBy(auditLog.createdAt);
  return action ? rows.filter((r) => r.action === action) : rows;
}

async function roleOf(id: string): Promise<string | undefined> {
  const [row] = await database.db.select({ role: user.role }).from(user).where(eq(user.id, id));
  return row?.role;
}

async function insertSession(userId: string, token: string): Promise<void> {
  const now = new Date();
  await database.db.insert(session).values({
    id: crypto.randomUUID(),
    token,
    userId,
    expiresAt: new Date(now.getTime() + 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
}

/** Gives a user a second factor the way better-auth stores one (the secret's content does not matter here). */
async function giveSecondFactor(userId: string): Promise<void> {
  await database.db.execute(sql`update "user" set two_factor_enabled = true where id = ${userId}`);
  await database.db.execute(
    sql`insert into two_factor (id, secret, backup_codes, user_id, verified) values (${crypto.randomUUID()}, 'secret', 'codes', ${userId}, true)`,
  );
}

async function secondFactorOf(userId: string) {
  const [row] = await database.db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  const rows = await database.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return { enabled: row?.enabled, rows: rows.length };
}

describe("listStaffUsers", () => {
  it("lists id, email, role and created date, newest first", async () => {
    await manager("first@example.com", ["users:view"]);
    await new Promise((r) => setTimeout(r, 5));
    await addStaffUser(admin, { email: "second@example.com", role: MANAGER });
    const list = await listStaffUsers(admin);
    expect(list.map((u) => u.email)).toEqual(["second@example.com", "first@example.com", "admin@example.com"]);
    expect(Object.keys(list[0]!).sort()).toEqual(["createdAt", "email", "id", "role", "twoFactorEnabled"]);
    expect(list[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("reports whether two-step sign-in is on for each user", async () => {
    const { user: withFactor } = await addStaffUser(admin, { email: "with@example.com", role: MANAGER });
    await addStaffUser(admin, { email: "without@example.com", role: MANAGER });
    await giveSecondFactor(withFactor.id);
    const list = await listStaffUsers(admin);
    expect(Object.fromEntries(list.map((u) => [u.email, u.twoFactorEnabled]))).toEqual({
      "with@example.com": true,
      "without@example.com": false,
      "admin@example.com": false,
    });
  });

  it("needs users:view", async () => {
    const viewer = await manager("viewer@example.com", ["users:view"]);
    await expect(listStaffUsers(viewer)).resolves.toHaveLength(2);
    const other = await manager("other@example.com", ["courses:view"]);
    await expectCode(listStaffUsers(other), "forbidden", "admin.errors.forbidden");
  });
});

describe("addStaffUser", () => {
  it("gives a manager a generated 12-character password, shown once, that must be changed (D9)", async () => {
    const { user: created, generatedPassword } = await addStaffUser(admin, { email: "  New.Manager@Example.COM ", role: MANAGER });
    expect(created.email).toBe("new.manager@example.com");
    expect(created.role).toBe(MANAGER);
    expect(generatedPassword).toHaveLength(12);
    expect(generatedPassword).toMatch(/[a-z]/);
    expect(generatedPassword).toMatch(/[A-Z]/);
    expect(generatedPassword).toMatch(/[0-9]/);
    expect(generatedPassword).toMatch(/[!@#$%^&*]/);
    expect(generatedPassword).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);

    const [row] = await database.db.select().from(user).where(eq(user.id, created.id));
    expect(row).toMatchObject({ email: "new.manager@example.com", role: MANAGER, mustChangePassword: true });
    const [cred] = await database.db.select().from(account).where(eq(account.userId, created.id));
    expect(cred).toMatchObject({ providerId: "credential", accountId: created.id });
    // Stored as an Argon2id hash, never in plain text.
    expect(cred!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(cred!.password).not.toContain(generatedPassword!);
    expect(await verifyPassword({ hash: cred!.password!, password: generatedPassword! })).toBe(true);

    const [audit] = await auditRows("create");
    expect(audit).toMatchObject({
      actorId: admin.id,
      actorEmail: "admin@example.com",
      entity: "user",
      entityId: created.id,
      data: { email: "new.manager@example.com", role: MANAGER, ip: "203.0.113.7" },
    });
    expect(JSON.stringify(audit!.data)).not.toContain(generatedPassword!);
  });

  it("generates a different password each time", async () => {
    const a = await addStaffUser(admin, { email: "a@example.com", role: MANAGER });
    const b = await addStaffUser(admin, { email: "b@example.com", role: MANAGER });
    expect(a.generatedPassword).not.toBe(b.generatedPassword);
  });

  it("ignores a password sent with the manager role", async () => {
    const { generatedPassword, user: created } = await addStaffUser(admin, {
      email: "m@example.com",
      role: MANAGER,
      password: "ChosenByClient1",
    });
    expect(generatedPassword).toHaveLength(12);
    const [cred] = await database.db.select().from(account).where(eq(account.userId, created.id));
    expect(await verifyPassword({ hash: cred!.password!, password: "ChosenByClient1" })).toBe(false);
  });

  it("gives an admin the chosen password, 8 to 128 characters (D25), with no forced change", async () => {
    await expectCode(addStaffUser(admin, { email: "x@example.com", role: "admin" }), "bad_request", "users.errors.passwordRequired");
    expect(tEn("users.errors.passwordRequired")).toBe("Please enter a password for the admin account.");
    await expectCode(
      addStaffUser(admin, { email: "x@example.com", role: "admin", password: "" }),
      "bad_request",
      "users.errors.passwordRequired",
    );
    await expectCode(
      addStaffUser(admin, { email: "x@example.com", role: "admin", password: "Short1!" }),
      "bad_request",
      "users.errors.passwordTooShort",
    );
    expect(tEn("users.errors.passwordTooShort")).toBe("Password must be at least 8 characters long");
    await expectCode(
      addStaffUser(admin, { email: "x@example.com", role: "admin", password: "p".repeat(129) }),
      "bad_request",
      "users.errors.passwordTooLong",
    );
    expect(await userCount()).toBe(1);

    const { user: created, generatedPassword } = await addStaffUser(admin, {
      email: "Second.Admin@example.com",
      role: "admin",
      password: "exactly8",
    });
    expect(generatedPassword).toBeUndefined();
    const [row] = await database.db.select().from(user).where(eq(user.id, created.id));
    expect(row).toMatchObject({ email: "second.admin@example.com", role: "admin", mustChangePassword: false });
    const [cred] = await database.db.select().from(account).where(eq(account.userId, created.id));
    expect(await verifyPassword({ hash: cred!.password!, password: "exactly8" })).toBe(true);
    await expect(
      addStaffUser(admin, { email: "third.admin@example.com", role: "admin", password: "p".repeat(128) }),
    ).resolves.toBeTruthy();
  });

  it("requires an email that is not blank, and a staff role", async () => {
    for (const email of ["", "   "]) {
      const err = await expectCode(addStaffUser(admin, { email, role: MANAGER }), "bad_request", "users.errors.emailRequired");
      expect(err.fields).toEqual({ email: "users.errors.emailRequired" });
    }
    await expectCode(addStaffUser(admin, { email: "not-an-email", role: MANAGER }), "bad_request", "users.errors.emailInvalid");
    await expectCode(addStaffUser(admin, { email: "x@example.com", role: "student" }), "bad_request", "users.errors.roleInvalid");
    expect(await userCount()).toBe(1);
    expect(await auditRows()).toEqual([]);
  });

  it("refuses an email already registered, whatever its case, with the SPEC guidance", async () => {
    await addStaffUser(admin, { email: "taken@example.com", role: MANAGER });
    const err = await expectCode(
      addStaffUser(admin, { email: "TAKEN@example.com", role: MANAGER }),
      "conflict",
      "users.errors.alreadyRegistered",
    );
    expect(err.fields).toEqual({ email: "users.errors.alreadyRegistered" });
    expect(tEn("users.errors.alreadyRegistered")).toMatch(/already registered.*different email.*log in.*role edited/);
    await expectCode(
      addStaffUser(admin, { email: "admin@example.com", role: "admin", password: "whatever-1" }),
      "conflict",
      "users.errors.alreadyRegistered",
    );
    expect(await userCount()).toBe(2);
    expect(await auditRows("create")).toHaveLength(1);
  });

  it("lets only an admin create an admin (D18)", async () => {
    const creator = await manager("creator@example.com", ["users:view", "users:create"]);
    await expectCode(
      addStaffUser(creator, { email: "sneaky@example.com", role: "admin", password: "Sneaky-Passw0rd" }),
      "forbidden",
      "users.errors.onlyAdminGrantsAdmin",
    );
    expect(await database.db.select().from(user).where(eq(user.email, "sneaky@example.com"))).toEqual([]);
    // …while the same manager may add another manager.
    const { user: added } = await addStaffUser(creator, { email: "colleague@example.com", role: MANAGER });
    const [audit] = (await auditRows("create")).filter((r) => r.entityId === added.id);
    expect(audit).toMatchObject({ actorId: creator.id, actorEmail: "creator@example.com", entity: "user" });
  });

  it("needs users:create", async () => {
    const viewer = await manager("viewer@example.com", ["users:view", "users:edit", "users:delete"]);
    await expectCode(addStaffUser(viewer, { email: "x@example.com", role: MANAGER }), "forbidden", "admin.errors.forbidden");
  });
});

describe("changeUserRole", () => {
  it("lets an admin promote and demote, with an audit line of before and after", async () => {
    const { user: target } = await addStaffUser(admin, { email: "target@example.com", role: MANAGER });
    const promoted = await changeUserRole(admin, target.id, "admin");
    expect(promoted).toMatchObject({ id: target.id, role: "admin" });
    expect(await roleOf(target.id)).toBe("admin");
    await changeUserRole(admin, target.id, MANAGER);
    expect(await roleOf(target.id)).toBe(MANAGER);
    const rows = await auditRows("role.change");
    expect(rows.map((r) => r.data)).toEqual([
      { email: "target@example.com", from: MANAGER, to: "admin", ip: "203.0.113.7" },
      { email: "target@example.com", from: "admin", to: MANAGER, ip: "203.0.113.7" },
    ]);
    expect(rows.every((r) => r.actorId === admin.id && r.entity === "user" && r.entityId === target.id)).toBe(true);
  });

  it("records nothing when the role does not change", async () => {
    const { user: target } = await addStaffUser(admin, { email: "same@example.com", role: MANAGER });
    await changeUserRole(admin, target.id, MANAGER);
    expect(await auditRows("role.change")).toEqual([]);
  });

  it("lets a manager with users:edit make no one admin, themself included", async () => {
    const editor = await manager("editor@example.com", ["users:view", "users:edit"]);
    const { user: other } = await addStaffUser(admin, { email: "other@example.com", role: MANAGER });
    await expectCode(changeUserRole(editor, other.id, "admin"), "forbidden", "users.errors.onlyAdminGrantsAdmin");
    await expectCode(changeUserRole(editor, editor.id, "admin"), "forbidden", "users.errors.ownRole");
    // …nor take the role from an admin.
    await expectCode(changeUserRole(editor, admin.id, MANAGER), "forbidden", "users.errors.onlyAdminGrantsAdmin");
    expect(await roleOf(other.id)).toBe(MANAGER);
    expect(await roleOf(editor.id)).toBe(MANAGER);
    expect(await roleOf(admin.id)).toBe("admin");
    expect(await auditRows("role.change")).toEqual([]);
  });

  it("lets nobody change their own role", async () => {
    const { user: second } = await addStaffUser(admin, { email: "second@example.com", role: "admin", password: "Second-Passw0rd" });
    await expectCode(changeUserRole(admin, admin.id, MANAGER), "forbidden", "users.errors.ownRole");
    const secondAdmin = await actorFor(second.id);
    await expectCode(changeUserRole(secondAdmin, second.id, MANAGER), "forbidden", "users.errors.ownRole");
    expect(await roleOf(admin.id)).toBe("admin");
  });

  it("keeps the last admin: two admins demoting each other at once leave one", async () => {
    const { user: second } = await addStaffUser(admin, { email: "second@example.com", role: "admin", password: "Second-Passw0rd" });
    const secondAdmin = await actorFor(second.id);
    const results = await Promise.allSettled([
      changeUserRole(admin, second.id, MANAGER),
      changeUserRole(secondAdmin, admin.id, MANAGER),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [admins] = await database.db.select({ n: count() }).from(user).where(eq(user.role, "admin"));
    expect(Number(admins!.n)).toBe(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).status).toBe(403);
  });

  it("refuses an unknown role or user, and needs users:edit", async () => {
    const { user: target } = await addStaffUser(admin, { email: "t@example.com", role: MANAGER });
    await expectCode(changeUserRole(admin, target.id, "superuser"), "bad_request", "users.errors.roleInvalid");
    await expectCode(changeUserRole(admin, "no-such-user", MANAGER), "not_found", "users.errors.notFound");
    const viewer = await manager("viewer@example.com", ["users:view", "users:create", "users:delete"]);
    await expectCode(changeUserRole(viewer, target.id, MANAGER), "forbidden", "admin.errors.forbidden");
  });
});

describe("deleteStaffUser", () => {
  it("removes sessions, login accounts and the user in one go, so their sessions end at once (D11)", async () => {
    const { user: target } = await addStaffUser(admin, { email: "leaving@example.com", role: MANAGER });
    await insertSession(target.id, "token-one");
    await insertSession(target.id, "token-two");
    await insertSession(admin.id, "admin-token");

    await expect(deleteStaffUser(admin, target.id)).resolves.toEqual({ id: target.id, email: "leaving@example.com" });
    expect(await database.db.select().from(session).where(eq(session.userId, target.id))).toEqual([]);
    expect(await database.db.select().from(account).where(eq(account.userId, target.id))).toEqual([]);
    expect(await database.db.select().from(user).where(eq(user.id, target.id))).toEqual([]);
    // Nobody else's sessions are touched.
    expect(await database.db.select().from(session).where(eq(session.token, "admin-token"))).toHaveLength(1);

    const [audit] = await auditRows("delete");
    expect(audit).toMatchObject({
      actorId: admin.id,
      actorEmail: "admin@example.com",
      entity: "user",
      entityId: target.id,
      data: { email: "leaving@example.com", role: MANAGER, sessions: 2, accounts: 1, ip: "203.0.113.7" },
    });
  });

  it("is one transaction: when any part fails nothing is removed", async () => {
    const { user: target } = await addStaffUser(admin, { email: "kept@example.com", role: MANAGER });
    await insertSession(target.id, "kept-token");
    // The audit line is written last; make it fail.
    await database.db.execute(sql`
      create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`);
    await database.db.execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
    try {
      await expectCode(deleteStaffUser(admin, target.id), "internal", "users.errors.unexpected");
    } finally {
      await database.db.execute(sql`drop trigger refuse_audit on audit_log`);
      await database.db.execute(sql`drop function refuse_audit()`);
    }
    expect(await database.db.select().from(user).where(eq(user.id, target.id))).toHaveLength(1);
    expect(await database.db.select().from(account).where(eq(account.userId, target.id))).toHaveLength(1);
    expect(await database.db.select().from(session).where(eq(session.userId, target.id))).toHaveLength(1);
  });

  it("refuses to delete yourself, and so the last admin", async () => {
    await insertSession(admin.id, "admin-token");
    await expectCode(deleteStaffUser(admin, admin.id), "forbidden", "users.errors.deleteSelf");
    const deleter = await manager("deleter@example.com", ["users:view", "users:delete"]);
    await expectCode(deleteStaffUser(deleter, deleter.id), "forbidden", "users.errors.deleteSelf");
    expect(await roleOf(admin.id)).toBe("admin");
    expect(await roleOf(deleter.id)).toBe(MANAGER);
    expect(await database.db.select().from(session).where(eq(session.userId, admin.id))).toHaveLength(1);
    expect(await auditRows("delete")).toEqual([]);
  });

  it("keeps the last admin when two admins delete each other at once", async () => {
    const { user: second } = await addStaffUser(admin, { email: "second@example.com", role: "admin", password: "Second-Passw0rd" });
    const secondAdmin = await actorFor(second.id);
    const results = await Promise.allSettled([deleteStaffUser(admin, second.id), deleteStaffUser(secondAdmin, admin.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [admins] = await database.db.select({ n: count() }).from(user).where(eq(user.role, "admin"));
    expect(Number(admins!.n)).toBe(1);
  });

  it("lets a manager delete a manager but never an admin", async () => {
    const deleter = await manager("deleter@example.com", ["users:view", "users:delete"]);
    const { user: other } = await addStaffUser(admin, { email: "other@example.com", role: MANAGER });
    await expectCode(deleteStaffUser(deleter, admin.id), "forbidden", "users.errors.onlyAdminDeletesAdmin");
    expect(await roleOf(admin.id)).toBe("admin");
    await deleteStaffUser(deleter, other.id);
    expect(await roleOf(other.id)).toBeUndefined();
    const [audit] = await auditRows("delete");
    expect(audit).toMatchObject({ actorId: deleter.id, actorEmail: "deleter@example.com", entity: "user", entityId: other.id });
  });

  it("needs users:delete and an existing user", async () => {
    const { user: target } = await addStaffUser(admin, { email: "t@example.com", role: MANAGER });
    const editor = await manager("editor@example.com", ["users:view", "users:create", "users:edit"]);
    await expectCode(deleteStaffUser(editor, target.id), "forbidden", "admin.errors.forbidden");
    await expectCode(deleteStaffUser(admin, "no-such-user"), "not_found", "users.errors.notFound");
  });
});

describe("/admin/users loader and action", () => {
  const run = (actor: Actor | null, form: Record<string, string>) => callAction(usersAction, { url: "/admin/users", form, actor });
  it("declares its permission for the authorization matrix", () => {
    expect(adminPage("/admin/users").access).toBe("users:view");
  });

  it("needs a session and users:view", async () => {
    expect((await run(ANONYMOUS, { intent: "add", email: "x@example.com", role: MANAGER })).status).toBe(302);
    const other = await manager("other@example.com", ["courses:view"]);
    expect((await run(other, { intent: "add", email: "x@example.com", role: MANAGER })).status).toBe(403);
    expect((await callLoader(usersLoader, { url: "/admin/users", actor: other })).status).toBe(403);
  });

  it("adds a manager and returns the generated password once; the chosen password is never echoed", async () => {
    const { status, data: reply } = await run(admin, { intent: "add", email: "New@Example.com", role: MANAGER });
    expect(status).toBe(200);
    expect(reply).toMatchObject({ intent: "add", ok: true, email: "new@example.com" });
    expect(reply!.generatedPassword).toHaveLength(12);

    const bad = await run(admin, { intent: "add", email: "adm@example.com", role: "admin", password: "short" });
    expect(bad.status).toBe(400);
    expect(bad.data?.result?.error).toEqual({ password: ["users.errors.passwordTooShort"] });
    expect(JSON.stringify(bad.data)).not.toContain("short\"");

    const dup = await run(admin, { intent: "add", email: "new@example.com", role: "admin", password: "Long-enough-1" });
    expect(dup.status).toBe(409);
    expect(dup.data).toMatchObject({ ok: false, messageKey: "users.errors.alreadyRegistered" });
    expect(dup.data?.result?.error).toEqual({ email: ["users.errors.alreadyRegistered"] });
    expect(JSON.stringify(dup.data)).not.toContain("Long-enough-1");
  });

  it("refuses crafted requests from a manager with every users flag: no admin role for anyone, themself included", async () => {
    const boss = await manager("boss@example.com", ["users:view", "users:create", "users:edit", "users:delete"]);
    const { user: other } = await addStaffUser(admin, { email: "other@example.com", role: MANAGER });

    const create = await run(boss, { intent: "add", email: "evil@example.com", role: "admin", password: "Evil-Passw0rd" });
    expect(create).toMatchObject({ status: 403, data: { ok: false, messageKey: "users.errors.onlyAdminGrantsAdmin" } });
    const promoteOther = await run(boss, { intent: "editRole", userId: other.id, role: "admin" });
    expect(promoteOther).toMatchObject({ status: 403, data: { ok: false, messageKey: "users.errors.onlyAdminGrantsAdmin" } });
    const promoteSelf = await run(boss, { intent: "editRole", userId: boss.id, role: "admin" });
    expect(promoteSelf).toMatchObject({ status: 403, data: { ok: false, messageKey: "users.errors.ownRole" } });
    const demoteAdmin = await run(boss, { intent: "editRole", userId: admin.id, role: MANAGER });
    expect(demoteAdmin.status).toBe(403);
    const deleteAdmin = await run(boss, { intent: "delete", userId: admin.id });
    expect(deleteAdmin).toMatchObject({ status: 403, data: { ok: false, messageKey: "users.errors.onlyAdminDeletesAdmin" } });

    expect(await roleOf(boss.id)).toBe(MANAGER);
    expect(await roleOf(other.id)).toBe(MANAGER);
    expect(await roleOf(admin.id)).toBe("admin");
    expect(await database.db.select().from(user).where(eq(user.email, "evil@example.com"))).toEqual([]);
  });

  it("needs the flag of each intent", async () => {
    const viewer = await manager("viewer@example.com", ["users:view"]);
    const { user: other } = await addStaffUser(admin, { email: "other@example.com", role: MANAGER });
    expect((await run(viewer, { intent: "add", email: "x@example.com", role: MANAGER })).status).toBe(403);
    expect((await run(viewer, { intent: "editRole", userId: other.id, role: MANAGER })).status).toBe(403);
    expect((await run(viewer, { intent: "delete", userId: other.id })).status).toBe(403);
    expect(await roleOf(other.id)).toBe(MANAGER);
  });

  it("changes a role and deletes a user for an admin; refuses self-deletion; rejects an unknown intent", async () => {
    const { user: other } = await addStaffUser(admin, { email: "other@example.com", role: MANAGER });
    expect(await run(admin, { intent: "editRole", userId: other.id, role: "admin" })).toMatchObject({
      status: 200,
      data: { intent: "editRole", ok: true, email: "other@example.com" },
    });
    expect(await roleOf(other.id)).toBe("admin");
    expect(await run(admin, { intent: "delete", userId: admin.id })).toMatchObject({
      status: 403,
      data: { ok: false, messageKey: "users.errors.deleteSelf", userId: admin.id },
    });
    expect(await run(admin, { intent: "delete", userId: other.id })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await roleOf(other.id)).toBeUndefined();
    expect((await run(admin, { intent: "promote", userId: admin.id })).status).toBe(400);
    expect((await run(admin, { intent: "editRole", userId: "", role: "admin" })).status).toBe(400);
  });
});

describe("/admin/users: reset two-step sign-in (intent resetTwoFactor, D28)", () => {
  const reset = (actor: Actor, userId: string) =>
    callAction(usersAction, { url: "/admin/users", form: { intent: "resetTwoFactor", userId }, actor });

  async function sessionsOf(userId: string): Promise<number> {
    return (await database.db.select().from(session).where(eq(session.userId, userId))).length;
  }

  it("lets an admin remove a user's second factor: the flag, the two_factor row and their sessions go, audited", async () => {
    const { user: target } = await addStaffUser(admin, { email: "lost.phone@example.com", role: MANAGER });
    await giveSecondFactor(target.id);
    await insertSession(target.id, "target-one");
    await insertSession(target.id, "target-two");
    await insertSession(admin.id, "admin-token");
    expect((await listStaffUsers(admin)).find((u) => u.id === target.id)?.twoFactorEnabled).toBe(true);

    const { status, data: reply } = await reset(admin, target.id);
    expect(status).toBe(200);
    expect(reply).toEqual({ intent: "resetTwoFactor", ok: true, userId: target.id, email: "lost.phone@example.com" });
    expect(await secondFactorOf(target.id)).toEqual({ enabled: false, rows: 0 });
    expect(await sessionsOf(target.id)).toBe(0);
    // Nobody else's sessions end; the user stays, with their role and password.
    expect(await sessionsOf(admin.id)).toBe(1);
    expect(await roleOf(target.id)).toBe(MANAGER);
    expect(await database.db.select().from(account).where(eq(account.userId, target.id))).toHaveLength(1);
    expect((await listStaffUsers(admin)).find((u) => u.id === target.id)?.twoFactorEnabled).toBe(false);

    const [audit] = await auditRows("two_factor.reset");
    expect(audit).toMatchObject({
      actorId: admin.id,
      actorEmail: "admin@example.com",
      entity: "user",
      entityId: target.id,
      data: { email: "lost.phone@example.com", hadSecondFactor: true, ip: "203.0.113.7" },
    });
    expect(tEn("users.twoFactor.success", { email: "lost.phone@example.com" })).toBe("Two-step sign-in reset for lost.phone@example.com");
    expect(tAr("users.twoFactor.success", { email: "x@example.com" })).toMatch(/[\u0600-\u06FF].*x@example\.com/);
  });

  it("is refused (403) to staff without users:edit, and changes nothing", async () => {
    const { user: target } = await addStaffUser(admin, { email: "target@example.com", role: MANAGER });
    await giveSecondFactor(target.id);
    await insertSession(target.id, "target-token");
    const deleter = await manager("deleter@example.com", ["users:view", "users:create", "users:delete"]);
    expect((await reset(deleter, target.id)).status).toBe(403);
    expect(await secondFactorOf(target.id)).toEqual({ enabled: true, rows: 1 });
    expect(await sessionsOf(target.id)).toBe(1);
    expect(await auditRows("two_factor.reset")).toEqual([]);
  });

  it("is refused (400) on one's own account, and changes nothing", async () => {
    await giveSecondFactor(admin.id);
    await insertSession(admin.id, "admin-token");
    const { status, data: reply } = await reset(admin, admin.id);
    expect(status).toBe(400);
    expect(reply).toMatchObject({ intent: "resetTwoFactor", ok: false, userId: admin.id, messageKey: "auth.twoFactor.errors.resetSelf" });
    expect(failureMessage(tEn, reply)).toBe(
      "Failed to reset two-step sign-in: Use your own two-step sign-in page to change your second factor.",
    );
    expect(tAr(reply!.messageKey!)).not.toBe(reply!.messageKey);
    expect(await secondFactorOf(admin.id)).toEqual({ enabled: true, rows: 1 });
    expect(await sessionsOf(admin.id)).toBe(1);
    expect(await auditRows("two_factor.reset")).toEqual([]);
  });

  it("lets a manager with users:edit reset a manager but not an admin (D18), and answers 404 for an unknown user", async () => {
    const editor = await manager("editor@example.com", ["users:view", "users:edit"]);
    const { user: colleague } = await addStaffUser(admin, { email: "colleague@example.com", role: MANAGER });
    await giveSecondFactor(admin.id);
    await giveSecondFactor(colleague.id);
    await insertSession(admin.id, "admin-token");

    expect(await reset(editor, admin.id)).toMatchObject({
      status: 403,
      data: { ok: false, messageKey: "users.errors.onlyAdminResetsAdmin" },
    });
    expect(await secondFactorOf(admin.id)).toEqual({ enabled: true, rows: 1 });
    expect(await sessionsOf(admin.id)).toBe(1);
    for (const t of [tEn, tAr]) expect(t("users.errors.onlyAdminResetsAdmin")).not.toBe("users.errors.onlyAdminResetsAdmin");

    expect(await reset(editor, colleague.id)).toMatchObject({ status: 200, data: { ok: true, email: "colleague@example.com" } });
    expect(await secondFactorOf(colleague.id)).toEqual({ enabled: false, rows: 0 });

    expect(await reset(admin, "no-such-user")).toMatchObject({ status: 404, data: { ok: false, messageKey: "users.errors.notFound" } });
    expect((await reset(admin, "")).status).toBe(400);
    const rows = await auditRows("two_factor.reset");
    expect(rows.map((r) => [r.actorId, r.entityId])).toEqual([[editor.id, colleague.id]]);
  });
});

describe("audit trail", () => {
  it("records every write with actor, entity and id", async () => {
    const { user: a } = await addStaffUser(admin, { email: "a@example.com", role: MANAGER });
    await changeUserRole(admin, a.id, "admin");
    await deleteStaffUser(admin, a.id);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, a.id)))
      .orderBy(auditLog.createdAt);
    expect(rows.map((r) => [r.action, r.actorId, r.actorEmail])).toEqual([
      ["create", admin.id, "admin@example.com"],
      ["role.change", admin.id, "admin@example.com"],
      ["delete", admin.id, "admin@example.com"],
    ]);
  });
});

describe("two staff changing one user's role (issue 35 item 6)", () => {
  const run = (actor: Actor, form: Record<string, string>) => callAction(usersAction, { url: "/admin/users", form: { intent: "editRole", ...form }, actor });

  it("a form opened before a colleague's change does not undo it: 409 with who and when, the role stays", async () => {
    const colleague = await createAdmin({ email: "colleague@example.com", ip: "198.51.100.4" });
    const { user: target } = await addStaffUser(admin, { email: "target@example.com", role: "admin", password: "Target-Passw0rd-Long!" });
    // Both open Edit Role while the target is an admin; the colleague makes them a manager first.
    expect((await run(colleague, { userId: target.id, role: MANAGER, fromRole: "admin" })).data).toMatchObject({ ok: true });
    // The older form posts "admin" (as a form without JavaScript does, unchanged): it would promote them back.
    const older = await run(admin, { userId: target.id, role: "admin", fromRole: "admin" });
    expect(older.status).toBe(409);
    expect(older.data).toMatchObject({ ok: false, messageKey: "admin.errors.editConflict", conflict: { by: "colleague@example.com" } });
    expect(tAr(older.data!.messageKey!)).toMatch(/[\u0600-\u06FF]/);
    expect(await roleOf(target.id)).toBe(MANAGER);
    expect((await auditRows("role.change")).map((r) => r.actorEmail)).toEqual(["colleague@example.com"]);
    // Choosing what the colleague chose is no change at all; from the role now shown, the change goes through.
    expect((await run(admin, { userId: target.id, role: MANAGER, fromRole: "admin" })).status).toBe(200);
    expect((await run(admin, { userId: target.id, role: "admin", fromRole: MANAGER })).data).toMatchObject({ ok: true });
    expect(await roleOf(target.id)).toBe("admin");
  });
});
