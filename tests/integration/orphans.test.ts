// The orphaned-upload sweep: generated files no row refers to are removed once older than the grace
// period; referenced files, young files, demo images and the 400-wide variant of a used thumbnail stay.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { courseDocuments, courses, instructors } from "@db/schema/index.ts";
import { ORPHAN_GRACE_MS, sweepOrphanedUploads } from "~/features/uploads/orphans.server.ts";
import { createLocalStorage, setStorage, type Storage } from "~/lib/storage.server.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";

let database: TestDatabase;
let storage: Storage;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "orphans-test-"));

beforeAll(async () => {
  database = await createTestDatabase();
  storage = createLocalStorage(path.join(root, "uploads"));
  setStorage(storage);
});
afterAll(async () => {
  setStorage(undefined);
  await database.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(database.db);
  fs.rmSync(path.join(root, "uploads"), { recursive: true, force: true });
});

const hex = (n: number) => n.toString(16).padStart(32, "0");

async function put(key: string, visibility: "public" | "private"): Promise<void> {
  await storage.put(key, Buffer.from("x"), {
    contentType: visibility === "public" ? "image/webp" : "application/pdf",
    visibility,
  });
}

async function keys(visibility: "public" | "private"): Promise<string[]> {
  const out: string[] = [];
  for (const prefix of ["images/", "photos/", "documents/", "demo/"]) {
    for await (const f of storage.list(visibility, prefix)) out.push(f.key);
  }
  return out.sort();
}

describe("sweepOrphanedUploads", () => {
  it("removes only old, unreferenced generated files", async () => {
    const usedThumb = `images/2026/${hex(1)}.webp`;
    const usedVariant = `images/2026/${hex(1)}-400.webp`;
    const orphanThumb = `images/2026/${hex(2)}.webp`;
    const orphanVariant = `images/2026/${hex(2)}-400.webp`;
    const usedPhoto = `photos/2026/${hex(3)}.webp`;
    const orphanPhoto = `photos/2026/${hex(4)}.webp`;
    const usedDoc = `documents/${hex(5)}.pdf`;
    const orphanDoc = `documents/${hex(6)}.pdf`;
    const demo = "demo/course.webp";
    for (const k of [usedThumb, usedVariant, orphanThumb, orphanVariant, usedPhoto, orphanPhoto, demo]) await put(k, "public");
    for (const k of [usedDoc, orphanDoc]) await put(k, "private");

    const [teacher] = await database.db
      .insert(instructors)
      .values({ name: "Mona Adel", photoUrl: storage.publicUrl(usedPhoto) })
      .returning();
    const [course] = await database.db
      .insert(courses)
      .values({ title: "Course", slug: "course", language: "en", instructorId: teacher!.id, thumbnailUrl: storage.publicUrl(usedThumb) })
      .returning();
    await database.db.insert(courseDocuments).values({ courseId: course!.id, storageKey: usedDoc, fileName: "guide.pdf" });

    // Young files are kept whatever they are.
    expect((await sweepOrphanedUploads()).removed).toEqual([]);

    // A day later the orphans go; what rows point at (and the demo image) stays.
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    const { removed } = await sweepOrphanedUploads({ now: later });
    expect(removed.sort()).toEqual(
      [`public/${orphanThumb}`, `public/${orphanVariant}`, `public/${orphanPhoto}`, `private/${orphanDoc}`].sort(),
    );
    expect(await keys("public")).toEqual([demo, usedThumb, usedVariant, usedPhoto].sort());
    expect(await keys("private")).toEqual([usedDoc]);
    // The metadata of removed files goes with them.
    const meta = fs.readdirSync(path.join(root, "uploads", "meta"), { recursive: true }).map(String);
    expect(meta.some((m) => m.includes(hex(2)) || m.includes(hex(6)))).toBe(false);
  });
});
