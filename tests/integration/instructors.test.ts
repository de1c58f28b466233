// Admin Instructors (SPEC §2, §3, §5 Instructor, §8; D18, D22) against a real database (PGlite, or
// PostgreSQL with TEST_DB=pg) and real files on disk: the domain functions and the /admin/instructors
// loader and action with crafted requests.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import {
  auditLog,
  courses,
  instructorAccounts,
  instructorSessions,
  instructors,
} from "@db/schema/index.ts";
import {
  createInstructor,
  deleteInstructor,
  listInstructorsForAdmin,
  updateInstructor,
} from "~/features/instructors/instructors.server.ts";
import { instructorFieldsSchema, type InstructorFieldsValues } from "~/features/instructors/instructors.schema.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import { adminPage } from "~/lib/admin-pages.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { createLocalStorage, setStorage, type Storage } from "~/lib/storage.server.ts";
import {
  action as instructorsAction,
  loader as instructorsLoader,
} from "~/routes/admin/instructors.tsx";
import { ANONYMOUS, insertManager, insertStaff } from "../setup/actors.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { expectCode } from "../setup/expect.ts";
import { expectMessage, tAr, tEn } from "../setup/i18n.ts";
import { callAction, callLoader } from "../setup/route-call.ts";

let database: TestDatabase;
let admin: Actor;
let uploadsDir: string;
let storage: Storage;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "instructors-uploads-"));
  storage = createLocalStorage(uploadsDir);
  setStorage(storage);
});
afterAll(async () => {
  setStorage(undefined);
  fs.rmSync(uploadsDir, { recursive: true, force: true });
  await database?.destroy();
});
beforeEach(async () => {
  await resetDatabase(database.db);
  admin = await insertStaff("admin@example.com", "admin", { ip: "203.0.113.7" });
});

/** A manager holding exactly `permissions`. */
const manager = (email: string, permissions: Permission[]) => insertManager(email, permissions, { ip: "198.51.100.1" });

async function instructorCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(instructors);
  return Number(row!.n);
}

async function auditRows(action?: string) {
  const rows = await database.db.select().from(auditLog).where(eq(auditLog.entity, "instructor")).orderBy(auditLog.createdAt);
  return action ? rows.filter((r) => r.action === action) : rows;
}

/** A real photo in storage, as the uploads module stores one: `photos/<year>/<random>.webp`. */
async function storedPhoto(): Promise<{ url: string; file: string }> {
  const key = `photos/2025/${crypto.randomBytes(16).toString("hex")}.webp`;
  const webp = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#0f766e" } }).webp().toBuffer();
  await storage.put(key, webp, { contentType: "image/webp", visibility: "public", originalName: "me.png" });
  const file = path.join(uploadsDir, "public", key);
  expect(fs.existsSync(file)).toBe(true);
  return { url: storage.publicUrl(key), file };
}

const base: InstructorFieldsValues = { name: "Mona Adel" };

describe("SPEC §5 instructor rules", () => {
  it("requires a name of at most 100 characters", async () => {
    for (const name of ["", "   "]) {
      const err = await expectCode(createInstructor(admin, { name }), "bad_request", "instructorsAdmin.errors.nameRequired");
      expect(err.fields).toEqual({ name: "instructorsAdmin.errors.nameRequired" });
    }
    await expectCode(createInstructor(admin, { name: "n".repeat(101) }), "bad_request", "instructorsAdmin.errors.nameTooLong");
    await expect(createInstructor(admin, { name: "n".repeat(100) })).resolves.toMatchObject({ name: "n".repeat(100) });
    expectMessage("instructorsAdmin.errors.nameRequired", "Name is required");
    expectMessage("instructorsAdmin.errors.nameTooLong", "Name too long");
  });

  it.each([
    ["nameAr", 100, "nameArTooLong", "Arabic name too long"],
    ["title", 100, "titleTooLong", "Title too long"],
    ["titleAr", 100, "titleArTooLong", "Arabic title too long"],
    ["bioShort", 2000, "bioTooLong", "Bio too long"],
    ["bioShortAr", 2000, "bioArTooLong", "Arabic bio too long"],
  ] as const)("limits %s to %i characters ('%s')", async (field, max, key, english) => {
    const messageKey = `instructorsAdmin.errors.${key}`;
    const err = await expectCode(createInstructor(admin, { ...base, [field]: "ب".repeat(max + 1) }), "bad_request", messageKey);
    expect(err.fields).toEqual({ [field]: messageKey });
    expectMessage(messageKey, english);
    const saved = await createInstructor(admin, { ...base, [field]: "ب".repeat(max) });
    expect(saved[field]).toBe("ب".repeat(max));
  });

  it("accepts an empty or valid email, refuses anything else ('Invalid email address')", async () => {
    for (const email of ["not-an-email", "a@b", "two@@example.com", "a b@example.com", `${"x".repeat(250)}@example.com`]) {
      const err = await expectCode(createInstructor(admin, { ...base, email }), "bad_request", "instructorsAdmin.errors.emailInvalid");
      expect(err.fields).toEqual({ email: "instructorsAdmin.errors.emailInvalid" });
    }
    expectMessage("instructorsAdmin.errors.emailInvalid", "Invalid email address");
    expect((await createInstructor(admin, { ...base, email: " Mona@Example.COM " })).email).toBe("mona@example.com");
    expect((await createInstructor(admin, { ...base, email: "" })).email).toBeNull();
  });

  it.each([
    ["facebook", "Invalid Facebook URL"],
    ["instagram", "Invalid Instagram URL"],
    ["linkedin", "Invalid LinkedIn URL"],
  ] as const)("accepts an empty or http(s) %s URL only, completing one typed without https://", async (field, english) => {
    const messageKey = `instructorsAdmin.errors.${field}Invalid`;
    for (const bad of ["javascript:alert(1)", "mailto:mona@example.com", "ftp://example.com/x", "https://", "http://exa mple.com", "mona"]) {
      const err = await expectCode(createInstructor(admin, { ...base, [field]: bad }), "bad_request", messageKey);
      expect(err.fields).toEqual({ [field]: messageKey });
    }
    expectMessage(messageKey, english);
    const url = `https://www.${field}.com/mona.adel`;
    expect((await createInstructor(admin, { ...base, [field]: ` ${url} ` }))[field]).toBe(url);
    expect((await createInstructor(admin, { ...base, [field]: "http://example.com" }))[field]).toBe("http://example.com");
    // Issue 17: an address without its scheme is completed, the same in the browser's check and on the server.
    for (const [typed, stored] of [
      [`${field}.com/mona`, `https://${field}.com/mona`],
      [` www.${field}.com/in/mona `, `https://www.${field}.com/in/mona`],
      [`//${field}.com/mona`, `https://${field}.com/mona`],
    ] as const) {
      const browser = instructorFieldsSchema.safeParse({ name: "Mona", [field]: typed });
      expect(browser.success && browser.data[field]).toBe(stored);
      expect((await createInstructor(admin, { ...base, [field]: typed }))[field]).toBe(stored);
    }
  });

  it("reports every broken field at once, and writes nothing", async () => {
    const err = await expectCode(
      createInstructor(admin, { name: "", titleAr: "x".repeat(101), email: "nope", linkedin: "nope" }),
      "bad_request",
      "instructorsAdmin.errors.nameRequired",
    );
    expect(err.fields).toEqual({
      name: "instructorsAdmin.errors.nameRequired",
      titleAr: "instructorsAdmin.errors.titleArTooLong",
      email: "instructorsAdmin.errors.emailInvalid",
      linkedin: "instructorsAdmin.errors.linkedinInvalid",
    });
    expect(await instructorCount()).toBe(0);
    expect(await auditRows()).toEqual([]);
  });

  it("stores every empty optional field as NULL, and trims the rest", async () => {
    const created = await createInstructor(admin, {
      name: "  Mona Adel ",
      nameAr: "   ",
      title: "",
      titleAr: "",
      bioShort: " ",
      bioShortAr: "",
      email: "",
      facebook: "",
      instagram: "  ",
      linkedin: "",
      photoUrl: "",
    });
    const [row] = await database.db.select().from(instructors).where(eq(instructors.id, created.id));
    expect(row).toMatchObject({
      name: "Mona Adel",
      nameAr: null,
      title: null,
      titleAr: null,
      bioShort: null,
      bioShortAr: null,
      email: null,
      facebook: null,
      instagram: null,
      linkedin: null,
      photoUrl: null,
    });

    // Clearing fields on edit stores NULL too.
    const full = await createInstructor(admin, {
      name: "Karim",
      nameAr: "كريم",
      title: "Trainer",
      titleAr: "مدرب",
      bioShort: "Bio",
      bioShortAr: "نبذة",
      email: "k@example.com",
      facebook: "https://facebook.com/k",
      instagram: "https://instagram.com/k",
      linkedin: "https://linkedin.com/in/k",
    });
    await updateInstructor(admin, full.id, { name: "Karim", nameAr: "", title: "", email: "", facebook: "" });
    const [cleared] = await database.db.select().from(instructors).where(eq(instructors.id, full.id));
    expect(cleared).toMatchObject({ nameAr: null, title: null, titleAr: null, bioShort: null, email: null, facebook: null, linkedin: null });
  });

  it("shows the save and delete failures with the SPEC wording in both languages", () => {
    expectMessage("instructorsAdmin.errors.saveFailed", "Failed to save instructor");
    expectMessage("instructorsAdmin.errors.deleteFailed", "Failed to delete instructor.");
    expectMessage(
      "instructorsAdmin.delete.confirm",
      "Are you sure you want to delete this instructor? This action cannot be undone.",
    );
    expectMessage("instructorsAdmin.empty", "No instructors yet");
    expectMessage("instructorsAdmin.addFirst", "Add Your First Instructor");
    expectMessage("instructorsAdmin.addInstructor", "Add Instructor");
    expectMessage("instructorsAdmin.account.active", "Active");
    expectMessage("instructorsAdmin.account.expired", "Expired");
    expectMessage("instructorsAdmin.account.none", "No Account");
  });

  it("reports an unexpected database failure as 'Failed to save instructor' / 'Failed to delete instructor.'", async () => {
    const created = await createInstructor(admin, base);
    const spy = vi.spyOn(database.db, "transaction").mockRejectedValue(new Error("connection lost"));
    try {
      await expectCode(createInstructor(admin, base), "internal", "instructorsAdmin.errors.saveFailed");
      await expectCode(updateInstructor(admin, created.id, { name: "X" }), "internal", "instructorsAdmin.errors.saveFailed");
      await expectCode(deleteInstructor(admin, created.id), "internal", "instructorsAdmin.errors.deleteFailed");
    } finally {
      spy.mockRestore();
    }
    expect(await instructorCount()).toBe(1);
  });
});

describe("one email per instructor (issue 17)", () => {
  it("refuses a second instructor with the same email, in any letter case, and changes nothing", async () => {
    const mona = await createInstructor(admin, { name: "Mona", email: "mona@example.com" });
    const before = await database.db.select().from(instructors);
    const audits = await auditRows();
    const err = await expectCode(createInstructor(admin, { name: "Other", email: " MONA@example.com " }), "conflict", "instructorsAdmin.errors.emailTaken");
    expect(err.status).toBe(409);
    expect(err.fields).toEqual({ email: "instructorsAdmin.errors.emailTaken" });
    const karim = await createInstructor(admin, { name: "Karim", email: "karim@example.com" });
    await expectCode(updateInstructor(admin, karim.id, { name: "Karim", email: "Mona@Example.com" }), "conflict", "instructorsAdmin.errors.emailTaken");
    expect((await database.db.select().from(instructors).where(eq(instructors.id, mona.id)))).toEqual(before.filter((r) => r.id === mona.id));
    expect((await database.db.select().from(instructors).where(eq(instructors.id, karim.id)))[0]!.email).toBe("karim@example.com");
    expect((await auditRows()).length).toBe(audits.length + 1); // Karim's creation only
    expectMessage("instructorsAdmin.errors.emailTaken", "Another instructor already uses this email. Each instructor needs their own email address.");
    expect(tAr("instructorsAdmin.errors.emailTaken")).toBe("هذا البريد الإلكتروني مستخدم لمدرب آخر. يحتاج كل مدرب إلى بريد إلكتروني خاص به.");
    // An instructor keeps their own email when saved again, and any number may have none.
    expect((await updateInstructor(admin, mona.id, { name: "Mona A.", email: "mona@example.com" })).name).toBe("Mona A.");
    await createInstructor(admin, { name: "No email 1" });
    await createInstructor(admin, { name: "No email 2", email: "" });
  });

  it("counts an email another instructor's login account was made with as taken, and leaves that account alone", async () => {
    const mona = await createInstructor(admin, { name: "Mona", email: "mona@example.com" });
    const [account] = await database.db
      .insert(instructorAccounts)
      .values({ instructorId: mona.id, email: "old.mona@example.com", passwordHash: "x", passwordEncrypted: "x", expiresAt: new Date(Date.now() + 3_600_000), durationHours: 1, durationMinutes: 0 })
      .returning();
    await expectCode(createInstructor(admin, { name: "Other", email: "old.mona@example.com" }), "conflict", "instructorsAdmin.errors.emailTaken");
    expect(await database.db.select().from(instructorAccounts)).toEqual([account]);
  });

  it("lets only one of two saves at the same moment take an email", async () => {
    const results = await Promise.allSettled([
      createInstructor(admin, { name: "First", email: "same@example.com" }),
      createInstructor(admin, { name: "Second", email: "same@example.com" }),
      createInstructor(admin, { name: "Third", email: "same@example.com" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "conflict", messageKey: "instructorsAdmin.errors.emailTaken" });
    expect(await database.db.select({ email: instructors.email }).from(instructors)).toEqual([{ email: "same@example.com" }]);
  });

  it("answers the page's save with 409 and the message beside the email field, in the staff member's language", async () => {
    await createInstructor(admin, { name: "Mona", email: "mona@example.com" });
    const reply = await callAction(instructorsAction, { url: "/admin/instructors", actor: admin, form: { intent: "create", name: "Twin", email: "mona@example.com" } });
    expect(reply.status).toBe(409);
    expect(reply.data).toMatchObject({ ok: false, intent: "create" });
    expect(reply.data?.result?.error).toMatchObject({ email: ["instructorsAdmin.errors.emailTaken"] });
    expect(await instructorCount()).toBe(1);
  });
});

describe("photo (D22)", () => {
  it("accepts a photo made by our uploads, and removes a replaced or removed one from storage", async () => {
    const first = await storedPhoto();
    const created = await createInstructor(admin, { ...base, photoUrl: first.url });
    expect(created.photoUrl).toBe(first.url);

    // Saving with the same photo keeps the file.
    await updateInstructor(admin, created.id, { ...base, title: "Trainer", photoUrl: first.url });
    expect(fs.existsSync(first.file)).toBe(true);

    // Replacing it: the new one is stored, the old file leaves storage.
    const second = await storedPhoto();
    await updateInstructor(admin, created.id, { ...base, photoUrl: second.url });
    expect(fs.existsSync(first.file)).toBe(false);
    expect(fs.existsSync(second.file)).toBe(true);

    // Removing it ('' from the upload component): NULL, and the file goes.
    const removed = await updateInstructor(admin, created.id, { ...base, photoUrl: "" });
    expect(removed.photoUrl).toBeNull();
    expect(fs.existsSync(second.file)).toBe(false);
  });

  it("refuses an external URL, a course thumbnail and crafted paths; nothing is written", async () => {
    const created = await createInstructor(admin, base);
    const bad = [
      "https://evil.example/photo.webp",
      "//evil.example/photo.webp",
      "/media/images/2025/0123456789abcdef0123456789abcdef.webp",
      "/media/photos/2025/../../secret.webp",
      "/media/photos/2025/not-a-generated-key.webp",
      "/media/photos/2025/0123456789abcdef0123456789abcdef.webp?x=1",
      "javascript:alert(1)",
    ];
    for (const photoUrl of bad) {
      const err = await expectCode(createInstructor(admin, { ...base, photoUrl }), "bad_request", "instructorsAdmin.errors.photoInvalid");
      expect(err.fields).toEqual({ photoUrl: "instructorsAdmin.errors.photoInvalid" });
      await expectCode(updateInstructor(admin, created.id, { ...base, photoUrl }), "bad_request", "instructorsAdmin.errors.photoInvalid");
    }
    expect(tEn("instructorsAdmin.errors.photoInvalid")).not.toBe("instructorsAdmin.errors.photoInvalid");
    expect(tAr("instructorsAdmin.errors.photoInvalid")).toMatch(/[\u0600-\u06FF]/);
    expect(await instructorCount()).toBe(1);
    const [row] = await database.db.select().from(instructors).where(eq(instructors.id, created.id));
    expect(row!.photoUrl).toBeNull();
  });

  it("keeps an existing photo that is not one of our uploads when it is unchanged (demo images)", async () => {
    const [row] = await database.db
      .insert(instructors)
      .values({ name: "Demo", photoUrl: "/media/demo/demo-instructor.webp" })
      .returning({ id: instructors.id });
    const saved = await updateInstructor(admin, row!.id, { name: "Demo 2", photoUrl: "/media/demo/demo-instructor.webp" });
    expect(saved.photoUrl).toBe("/media/demo/demo-instructor.webp");
  });

  it("keeps a file that another instructor still shows", async () => {
    const shared = await storedPhoto();
    const a = await createInstructor(admin, { name: "A", photoUrl: shared.url });
    await createInstructor(admin, { name: "B", photoUrl: shared.url });
    await updateInstructor(admin, a.id, { name: "A", photoUrl: "" });
    expect(fs.existsSync(shared.file)).toBe(true);
  });
});

describe("account status", () => {
  it("derives Active / Expired / No Account and the duration from instructor_accounts", async () => {
    const now = new Date();
    const active = await createInstructor(admin, { name: "Active One" });
    const expired = await createInstructor(admin, { name: "Expired One" });
    const switchedOff = await createInstructor(admin, { name: "Off One" });
    await createInstructor(admin, { name: "No Account One" });
    const account = (instructorId: string, email: string, expiresAt: Date, hours: number, minutes: number, isActive = true) => ({
      instructorId,
      email,
      passwordHash: "x",
      passwordEncrypted: "x",
      expiresAt,
      durationHours: hours,
      durationMinutes: minutes,
      isActive,
    });
    await database.db
      .insert(instructorAccounts)
      .values([
        account(active.id, "active@example.com", new Date(now.getTime() + 90 * 60_000), 2, 30),
        account(expired.id, "expired@example.com", new Date(now.getTime() - 60_000), 0, 45),
        account(switchedOff.id, "off@example.com", new Date(now.getTime() + 3_600_000), 1, 0, false),
      ]);
    const list = await listInstructorsForAdmin(admin, now);
    const byName = Object.fromEntries(list.map((i) => [i.name, i.account]));
    expect(byName["Active One"]).toMatchObject({ status: "active", durationHours: 2, durationMinutes: 30 });
    expect(byName["Active One"]!.expiresAt).toBeInstanceOf(Date);
    expect(byName["Expired One"]).toMatchObject({ status: "expired", durationHours: 0, durationMinutes: 45 });
    expect(byName["Off One"]).toMatchObject({ status: "expired" });
    expect(byName["No Account One"]).toEqual({ status: "none", durationHours: 0, durationMinutes: 0, expiresAt: null });
  });

  it("lists instructors by name, in one query whatever their number", async () => {
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, "query");
    const queriesFor = async () => {
      spy.mockClear();
      await listInstructorsForAdmin(admin);
      return spy.mock.calls.length;
    };
    try {
      const none = await queriesFor();
      for (const name of ["Zeina", "Ahmed", "Mona", "Basma", "Omar"]) {
        const created = await createInstructor(admin, { name, nameAr: "مدرب" });
        await database.db.insert(instructorAccounts).values({
          instructorId: created.id,
          email: `${name}@example.com`,
          passwordHash: "x",
          passwordEncrypted: "x",
          expiresAt: new Date(Date.now() + 60_000),
        });
      }
      await createInstructor(admin, { name: "Hana" });
      const many = await queriesFor();
      expect(none).toBe(1);
      expect(many).toBe(none);
    } finally {
      spy.mockRestore();
    }
    expect((await listInstructorsForAdmin(admin)).map((i) => i.name)).toEqual(["Ahmed", "Basma", "Hana", "Mona", "Omar", "Zeina"]);
  });
});

describe("delete (D22)", () => {
  it("unassigns their courses, removes their account and sessions and their photo", async () => {
    const photo = await storedPhoto();
    const gone = await createInstructor(admin, { name: "Leaving", photoUrl: photo.url });
    const stays = await createInstructor(admin, { name: "Staying" });
    await database.db.insert(courses).values([
      { title: "C1", slug: "c1", language: "en", instructorId: gone.id },
      { title: "C2", slug: "c2", language: "ar", instructorId: gone.id },
      { title: "C3", slug: "c3", language: "en", instructorId: stays.id },
    ]);
    const [acct] = await database.db
      .insert(instructorAccounts)
      .values({
        instructorId: gone.id,
        email: "leaving@example.com",
        passwordHash: "x",
        passwordEncrypted: "x",
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: instructorAccounts.id });
    await database.db
      .insert(instructorSessions)
      .values({ tokenHash: "hash-1", accountId: acct!.id, expiresAt: new Date(Date.now() + 3_600_000) });

    const result = await deleteInstructor(admin, gone.id);
    expect(result).toEqual({ id: gone.id, name: "Leaving", nameAr: null, coursesUnassigned: 2, accountRemoved: true });

    expect(await database.db.select().from(instructors).where(eq(instructors.id, gone.id))).toEqual([]);
    const courseRows = await database.db.select({ slug: courses.slug, instructorId: courses.instructorId }).from(courses).orderBy(courses.slug);
    expect(courseRows).toEqual([
      { slug: "c1", instructorId: null },
      { slug: "c2", instructorId: null },
      { slug: "c3", instructorId: stays.id },
    ]);
    expect(await database.db.select().from(instructorAccounts)).toEqual([]);
    expect(await database.db.select().from(instructorSessions)).toEqual([]);
    expect(fs.existsSync(photo.file)).toBe(false);

    const [audit] = await auditRows("delete");
    expect(audit).toMatchObject({
      actorId: admin.id,
      entityId: gone.id,
      data: { name: "Leaving", accountEmail: "leaving@example.com", sessions: 1, ip: "203.0.113.7" },
    });
    expect((audit!.data as { coursesUnassigned: string[] }).coursesUnassigned).toHaveLength(2);
  });

  it("answers 404 for an unknown instructor", async () => {
    await expectCode(deleteInstructor(admin, crypto.randomUUID()), "not_found", "instructorsAdmin.errors.notFound");
    await expectCode(updateInstructor(admin, crypto.randomUUID(), base), "not_found", "instructorsAdmin.errors.notFound");
    expect(tAr("instructorsAdmin.errors.notFound")).toMatch(/[\u0600-\u06FF]/);
  });
});

describe("permissions", () => {
  it("needs instructors:view to list, :create to add, :edit to change, :delete to remove", async () => {
    const existing = await createInstructor(admin, { name: "Existing" });
    const outsider = await manager("outsider@example.com", ["courses:view"]);
    await expectCode(listInstructorsForAdmin(outsider), "forbidden", "admin.errors.forbidden");

    const viewer = await manager("viewer@example.com", ["instructors:view"]);
    await expect(listInstructorsForAdmin(viewer)).resolves.toHaveLength(1);
    await expectCode(createInstructor(viewer, base), "forbidden", "admin.errors.forbidden");
    await expectCode(updateInstructor(viewer, existing.id, { name: "Changed" }), "forbidden", "admin.errors.forbidden");
    await expectCode(deleteInstructor(viewer, existing.id), "forbidden", "admin.errors.forbidden");

    // Each flag grants its own action only.
    const creator = await manager("creator@example.com", ["instructors:view", "instructors:create"]);
    await expect(createInstructor(creator, { name: "By creator" })).resolves.toBeTruthy();
    await expectCode(updateInstructor(creator, existing.id, { name: "Changed" }), "forbidden", "admin.errors.forbidden");
    const editor = await manager("editor@example.com", ["instructors:view", "instructors:edit"]);
    await expect(updateInstructor(editor, existing.id, { name: "Changed" })).resolves.toMatchObject({ name: "Changed" });
    await expectCode(deleteInstructor(editor, existing.id), "forbidden", "admin.errors.forbidden");
    const deleter = await manager("deleter@example.com", ["instructors:view", "instructors:delete"]);
    await expectCode(createInstructor(deleter, base), "forbidden", "admin.errors.forbidden");
    await expect(deleteInstructor(deleter, existing.id)).resolves.toMatchObject({ id: existing.id });

    for (const t of [tEn, tAr]) expect(t("admin.errors.forbidden")).not.toBe("admin.errors.forbidden");
    expect((await listInstructorsForAdmin(admin)).map((i) => i.name)).toEqual(["By creator"]);
  });
});

describe("audit trail", () => {
  it("records every write with actor, entity, id and what changed", async () => {
    const created = await createInstructor(admin, { name: "Audited", titleAr: "مدرب", email: "a@example.com" });
    await updateInstructor(admin, created.id, { name: "Audited", titleAr: "مدرب", email: "a@example.com" }); // no change, no line
    await updateInstructor(admin, created.id, { name: "Audited 2", titleAr: "مدرب", email: "" });
    await deleteInstructor(admin, created.id);
    const rows = await auditRows();
    expect(rows.map((r) => [r.action, r.actorId, r.actorEmail, r.entityId])).toEqual([
      ["create", admin.id, "admin@example.com", created.id],
      ["update", admin.id, "admin@example.com", created.id],
      ["delete", admin.id, "admin@example.com", created.id],
    ]);
    expect(rows[0]!.data).toMatchObject({ name: "Audited", fields: ["name", "titleAr", "email"], ip: "203.0.113.7" });
    expect(rows[1]!.data).toMatchObject({ name: "Audited 2", changed: ["name", "email"] });
  });
});

describe("/admin/instructors loader and action", () => {
  const run = (actor: Actor | null, form: Record<string, string>) => callAction(instructorsAction, { url: "/admin/instructors", form, actor });
  /** The loader behind the i18next middleware, as the admin layout runs it. */
  const load = (actor: Actor | null, url = "http://localhost/admin/instructors") => callLoader(instructorsLoader, { url, actor });
  const page = async (actor: Actor, url?: string) => (await load(actor, url)).data!;
  it("declares its permission for the authorization matrix", () => {
    expect(adminPage("/admin/instructors").access).toBe("instructors:view");
  });

  it("needs a session and instructors:view", async () => {
    expect((await run(ANONYMOUS, { intent: "create", name: "X" })).status).toBe(302);
    const outsider = await manager("outsider@example.com", ["courses:view"]);
    expect((await run(outsider, { intent: "create", name: "X" })).status).toBe(403);
    expect((await load(outsider)).status).toBe(403);
    expect((await load(ANONYMOUS)).status).toBe(302);
    expect(await instructorCount()).toBe(0);
  });

  it("refuses each intent without its flag, writing nothing", async () => {
    const existing = await createInstructor(admin, { name: "Existing" });
    const viewer = await manager("viewer@example.com", ["instructors:view"]);
    expect((await run(viewer, { intent: "create", name: "New" })).status).toBe(403);
    expect((await run(viewer, { intent: "update", instructorId: existing.id, name: "Changed" })).status).toBe(403);
    expect((await run(viewer, { intent: "delete", instructorId: existing.id })).status).toBe(403);
    expect((await listInstructorsForAdmin(admin)).map((i) => i.name)).toEqual(["Existing"]);
  });

  it("opens the create form from ?action=create only with create permission", async () => {
    expect(await page(admin, "http://localhost/admin/instructors?action=create")).toMatchObject({ createFromLink: true });
    expect(await page(admin)).toMatchObject({ createFromLink: false });
    const viewer = await manager("viewer@example.com", ["instructors:view"]);
    expect(await page(viewer, "http://localhost/admin/instructors?action=create")).toMatchObject({ createFromLink: false });
  });

  it("creates, edits and deletes through the form; bad input answers 400 with field messages", async () => {
    const created = await run(admin, {
      intent: "create",
      name: "Nour Hassan",
      nameAr: "نور حسن",
      title: "IELTS Coach",
      titleAr: "مدربة آيلتس",
      bioShort: "Ten years of IELTS coaching.",
      bioShortAr: "عشر سنوات في التدريب على آيلتس.",
      email: "",
      facebook: "",
      instagram: "",
      linkedin: "https://www.linkedin.com/in/nour",
      photoUrl: "",
    });
    expect(created).toMatchObject({ status: 200, data: { intent: "create", ok: true, name: "Nour Hassan" } });
    const id = created.data!.instructorId!;
    const [row] = await database.db.select().from(instructors).where(eq(instructors.id, id));
    expect(row).toMatchObject({ nameAr: "نور حسن", email: null, facebook: null, linkedin: "https://www.linkedin.com/in/nour", photoUrl: null });

    const bad = await run(admin, { intent: "create", name: "", email: "x", facebook: "nope", photoUrl: "" });
    expect(bad.status).toBe(400);
    expect(bad.data?.result?.error).toMatchObject({
      name: ["instructorsAdmin.errors.nameRequired"],
      email: ["instructorsAdmin.errors.emailInvalid"],
      facebook: ["instructorsAdmin.errors.facebookInvalid"],
    });

    const external = await run(admin, { intent: "update", instructorId: id, name: "Nour", photoUrl: "https://evil.example/x.webp" });
    expect(external).toMatchObject({ status: 400, data: { ok: false, messageKey: "instructorsAdmin.errors.photoInvalid" } });
    expect(external.data?.result?.error).toMatchObject({ photoUrl: ["instructorsAdmin.errors.photoInvalid"] });

    const edited = await run(admin, { intent: "update", instructorId: id, name: "Nour H.", nameAr: "نور" });
    expect(edited).toMatchObject({ status: 200, data: { intent: "update", ok: true, name: "Nour H." } });
    const [after] = await database.db.select().from(instructors).where(eq(instructors.id, id));
    expect(after).toMatchObject({ name: "Nour H.", nameAr: "نور", title: null, linkedin: null });

    expect((await run(admin, { intent: "delete", instructorId: "not-a-uuid" })).status).toBe(400);
    expect((await run(admin, { intent: "delete", instructorId: crypto.randomUUID() })).status).toBe(404);
    expect((await run(admin, { intent: "promote" })).status).toBe(400);
    expect(await run(admin, { intent: "delete", instructorId: id })).toMatchObject({ status: 200, data: { ok: true, name: "Nour H." } });
    expect(await instructorCount()).toBe(0);
  });

  it("lists the cards for the page with the account status", async () => {
    await createInstructor(admin, { name: "Card" });
    const data = await page(admin);
    expect(data).toMatchObject({ title: "Instructors", count: 1 });
    // The page head: the name, the count and the brand (issue 17), in either language.
    const root = (locale: "en" | "ar", brand: string) => [{ loaderData: { origin: "http://localhost", locale, brand } }] as const;
    expect(adminMeta({ loaderData: data, matches: root("en", "Nile Academy") })[0]).toEqual({ title: "Instructors (1) · Nile Academy" });
    await createInstructor(admin, { name: "Second card" });
    const ar = (await load(admin, "http://localhost/admin/instructors?lang=ar")).data!;
    expect(adminMeta({ loaderData: ar, matches: root("ar", "أكاديمية النيل") })[0]).toEqual({ title: "المدربون (2) · أكاديمية النيل" });
    expect(data.instructors).toEqual([expect.objectContaining({ name: "Card", account: expect.objectContaining({ status: "none" }) })]);
  });
});

describe("two staff editing one instructor (issue 35 item 6)", () => {
  const CONFLICT = "admin.errors.editConflict";
  const save = (actor: Actor, form: Record<string, string>) => callAction(instructorsAction, { url: "/admin/instructors", form: { intent: "update", ...form }, actor });
  const versionOf = async (id: string) => (await listInstructorsForAdmin(admin)).find((i) => i.id === id)!.version;

  it("refuses the older form's save with 409, who and when; the first save stays; at the new version it goes through", async () => {
    const colleague = await manager("colleague@example.com", ["instructors:view", "instructors:edit"]);
    const mona = await createInstructor(admin, { name: "Mona Adel", title: "Data analyst" });
    const version = await versionOf(mona.id);
    expect(version).toMatch(/^\d+$/);

    const first = await save(colleague, { instructorId: mona.id, name: "Mona Adel", title: "Senior data analyst", version });
    expect(first.data).toMatchObject({ ok: true });
    const older = await save(admin, { instructorId: mona.id, name: "Mona A.", title: "Data analyst", bioShort: "Ten years of Excel", version });
    expect(older.status).toBe(409);
    expect(older.data).toMatchObject({ ok: false, messageKey: CONFLICT, conflict: { by: "colleague@example.com" } });
    expect(older.data!.result?.initialValue).toMatchObject({ name: "Mona A.", bioShort: "Ten years of Excel" });
    const [kept] = await database.db.select().from(instructors).where(eq(instructors.id, mona.id));
    expect(kept).toMatchObject({ name: "Mona Adel", title: "Senior data analyst", bioShort: null });
    expect((await auditRows("update")).map((r) => r.actorEmail)).toEqual(["colleague@example.com"]);

    const again = await save(admin, { instructorId: mona.id, name: "Mona A.", version: await versionOf(mona.id) });
    expect(again.data).toMatchObject({ ok: true });
  });

  it("of saves of one version sent at once, exactly one is written", async () => {
    const mona = await createInstructor(admin, { name: "Mona Adel" });
    const version = await versionOf(mona.id);
    const answers = await Promise.all(["First", "Second", "Third"].map((title) => save(admin, { instructorId: mona.id, name: "Mona Adel", title, version })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await auditRows("update")).toHaveLength(1);
  });
});
