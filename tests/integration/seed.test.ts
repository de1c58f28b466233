import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  categories,
  courses,
  instructors,
  rolePermissions,
  siteSettings,
  subcategories,
} from "@db/schema/index.ts";
import { DEFAULT_SITE_SETTINGS, DEMO_SITE_SETTINGS } from "@db/seed/demo-data.ts";
import { seedDefaults, seedDemo } from "@db/seed/demo.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";
import { ARABIC } from "../setup/i18n.ts";

let uploadsDir: string;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
});
afterEach(() => {
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

/** Maps a /media URL to the file the server would serve for it. */
function mediaFile(url: string | null): string {
  expect(url).toMatch(/^\/media\/demo\/[a-z0-9-]+\.webp$/);
  return path.join(uploadsDir, "public", url!.slice("/media/".length));
}

async function expectWebp(url: string | null, width: number, height: number): Promise<void> {
  const file = mediaFile(url);
  expect(fs.existsSync(file), file).toBe(true);
  const meta = await sharp(file).metadata();
  expect(meta.format).toBe("webp");
  expect(meta.width).toBe(width);
  expect(meta.height).toBe(height);
  expect(fs.statSync(file).size).toBeLessThan(40_000);
}

describe("seedDemo", () => {
  it("seeds a realistic bilingual catalogue with images into an empty database", async () => {
    const result = await seedDemo(database.db, { uploadsDir });
    expect(result).toEqual({ categories: expect.any(Number), courses: 14, instructors: 5 });
    expect(result.categories).toBeGreaterThanOrEqual(4);

    const cats = await database.db.select().from(categories);
    const subs = await database.db.select().from(subcategories);
    expect(cats).toHaveLength(result.categories);
    for (const cat of cats) {
      expect(cat.nameAr).toMatch(ARABIC);
      expect(["all", "english", "arabic"]).not.toContain(cat.slug);
      const own = subs.filter((s) => s.categoryId === cat.id);
      expect(own.length, cat.slug).toBeGreaterThanOrEqual(2);
      expect(own.length, cat.slug).toBeLessThanOrEqual(3);
    }
    expect(subs.filter((s) => !s.isActive)).toHaveLength(1);
    for (const s of subs) {
      expect(s.nameAr).toMatch(ARABIC);
      expect(s.description).toBeTruthy();
    }

    const people = await database.db.select().from(instructors);
    expect(people).toHaveLength(5);
    for (const p of people) {
      expect(p.nameAr).toMatch(ARABIC);
      expect(p.titleAr).toMatch(ARABIC);
      expect(p.bioShortAr).toMatch(ARABIC);
      expect(p.title).toBeTruthy();
      expect(p.bioShort).toBeTruthy();
      await expectWebp(p.photoUrl, 400, 400);
    }

    const all = await database.db.select().from(courses);
    expect(all).toHaveLength(14);
    expect(all.filter((c) => c.isPublished)).toHaveLength(12);
    expect(all.filter((c) => !c.isPublished)).toHaveLength(2);
    const published = all.filter((c) => c.isPublished);
    expect(published.filter((c) => c.language === "en").length).toBeGreaterThanOrEqual(1);
    expect(published.filter((c) => c.language === "ar").length).toBeGreaterThanOrEqual(1);
    expect(all.filter((c) => c.language === "en").length).toBeGreaterThanOrEqual(5);
    expect(all.filter((c) => c.language === "ar").length).toBeGreaterThanOrEqual(5);
    expect(all.some((c) => c.price === 0)).toBe(true);
    expect(all.some((c) => !c.priceVisible)).toBe(true);
    expect(new Set(all.map((c) => c.createdAt.getTime())).size).toBe(14);
    for (const c of all) {
      if (c.language === "ar") {
        expect(c.title).toMatch(ARABIC);
        expect(c.summary).toMatch(ARABIC);
        expect(c.description).toMatch(ARABIC);
      } else {
        expect(c.title).not.toMatch(ARABIC);
      }
      expect(c.instructorId).not.toBeNull();
      const sub = subs.find((s) => s.id === c.subcategoryId);
      expect(sub?.categoryId, c.slug).toBe(c.categoryId);
      expect(sub?.isActive, c.slug).toBe(true);
      expect(c.curriculum.length === 0 || (c.curriculum.length >= 4 && c.curriculum.length <= 8)).toBe(true);
      expect(c.thumbnailUrl).toBe(`/media/demo/${c.slug}.webp`);
      await expectWebp(c.thumbnailUrl, 800, 600);
    }
    expect(all.filter((c) => c.level !== null).length).toBeGreaterThan(7);
    expect(all.filter((c) => c.curriculum.length > 0).length).toBeGreaterThan(7);
  });

  it("does not seed twice", async () => {
    await seedDemo(database.db, { uploadsDir });
    const again = await seedDemo(database.db, { uploadsDir });
    expect(again).toEqual({ categories: 0, courses: 0, instructors: 0 });
    expect(await database.db.select().from(courses)).toHaveLength(14);
    expect(await database.db.select().from(instructors)).toHaveLength(5);
  });

  it("seeds once when two starts race", async () => {
    const results = await Promise.all([seedDemo(database.db, { uploadsDir }), seedDemo(database.db, { uploadsDir })]);
    expect(results.map((r) => r.courses).sort((a, b) => a - b)).toEqual([0, 14]);
    expect(await database.db.select().from(courses)).toHaveLength(14);
  });

  it("leaves a catalogue that already has content untouched", async () => {
    await database.db.insert(instructors).values({ name: "Existing Instructor" });
    const result = await seedDemo(database.db, { uploadsDir });
    expect(result).toEqual({ categories: 0, courses: 0, instructors: 0 });
    expect(await database.db.select().from(instructors)).toHaveLength(1);
    expect(await database.db.select().from(categories)).toHaveLength(0);
    expect(fs.existsSync(path.join(uploadsDir, "public", "demo"))).toBe(false);
  });

  it("gives the demo its contact details: over the defaults, never over a row staff changed (issue 33)", async () => {
    await seedDefaults(database.db);
    const edited = { email: "hello@provider.example" };
    await database.db.update(siteSettings).set({ value: edited }).where(eq(siteSettings.key, "contact"));
    await seedDemo(database.db, { uploadsDir });
    const rows = new Map((await database.db.select().from(siteSettings)).map((r) => [r.key, r.value]));
    expect(rows.get("contact")).toEqual(edited);
    expect(rows.get("social")).toEqual(DEMO_SITE_SETTINGS.social);
    expect(rows.get("about")).toEqual(DEMO_SITE_SETTINGS.about);
    expect(rows.get("brand")).toEqual(DEFAULT_SITE_SETTINGS.brand);
  });

  it("inserts the demo's contact details when the rows are missing, in their stored shapes (D26: E.164)", async () => {
    await seedDemo(database.db, { uploadsDir });
    const contact = (await database.db.select().from(siteSettings).where(eq(siteSettings.key, "contact")))[0]?.value as typeof DEMO_SITE_SETTINGS.contact;
    expect(contact.address.ar).toMatch(ARABIC);
    expect(contact.phones).toHaveLength(2);
    expect(contact.chatNumber).toMatch(/^\+20\d+$/);
    for (const phone of contact.phones) expect(phone).toMatch(/^\+20\d{8,10}$/);
    // Settings → Payments (issue 37): the demo's hold and manual methods, each switched on with its details.
    const payments = (await database.db.select().from(siteSettings).where(eq(siteSettings.key, "payments")))[0]?.value as typeof DEMO_SITE_SETTINGS.payments;
    expect(payments.methods.bank?.iban).toBe("EG380019000500000000263180002");
    expect(Object.values(payments.methods).every((m) => m.enabled === true)).toBe(true);
    expect(await database.db.select().from(siteSettings)).toHaveLength(5);
  });
});

describe("seedDefaults", () => {
  it("inserts the default settings and permissions once and keeps later edits", async () => {
    await seedDefaults(database.db);
    const settings = await database.db.select().from(siteSettings);
    expect(settings.map((s) => s.key).sort()).toEqual(["about", "brand", "contact", "social"]);
    // Issue 33: no contact details, social links or figures until staff enter them (the demo brings its own).
    const value = (key: string) => settings.find((s) => s.key === key)?.value;
    expect(value("contact")).toEqual({ chatGreeting: DEFAULT_SITE_SETTINGS.contact.chatGreeting });
    expect(value("social")).toEqual({});
    expect(value("about")).toEqual({});
    const [perm] = await database.db.select().from(rolePermissions);
    expect(perm?.roleName).toBe("instructor_course_manager");
    expect(perm?.permissions).toContain("courses:view");

    const edited = { ...DEMO_SITE_SETTINGS.about, students: 42 };
    await database.db.update(siteSettings).set({ value: edited }).where(eq(siteSettings.key, "about"));
    await database.db
      .update(rolePermissions)
      .set({ permissions: ["courses:view"] })
      .where(eq(rolePermissions.roleName, "instructor_course_manager"));

    await seedDefaults(database.db);
    await seedDefaults(database.db);
    expect(await database.db.select().from(siteSettings)).toHaveLength(4);
    const [about] = await database.db.select().from(siteSettings).where(eq(siteSettings.key, "about"));
    expect(about?.value).toEqual(edited);
    const perms = await database.db.select().from(rolePermissions);
    expect(perms).toHaveLength(1);
    expect(perms[0]?.permissions).toEqual(["courses:view"]);
  });
});
