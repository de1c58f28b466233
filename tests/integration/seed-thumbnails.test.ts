// Issue 19 point 8: the demo catalogue's course thumbnails are generated locally at seed time, one
// distinct image per course, stored where uploads are served from (/media/...), quickly and idempotently.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { categories, courses } from "@db/schema/index.ts";
import { seedDemo, writeDemoThumbnails } from "@db/seed/demo.ts";
import { resetDatabase, setUpTestDatabase } from "../setup/db.ts";

let uploadsDir: string;

const database = setUpTestDatabase();
beforeEach(async () => {
  await resetDatabase(database.db);
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-thumbs-"));
});
afterEach(() => {
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

/** The file the server serves for a /media URL (DATA_DIR/uploads/public/<key>). */
function fileOf(url: string): string {
  expect(url).toMatch(/^\/media\/[a-z0-9/-]+\.(webp|jpg)$/);
  return path.join(uploadsDir, "public", url.slice("/media/".length));
}

/** A small grey-free fingerprint of an image: 32 × 24 RGB pixels. */
async function pixels(file: string): Promise<Buffer> {
  return sharp(file).resize(32, 24, { fit: "fill" }).removeAlpha().raw().toBuffer();
}

function meanDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

function filesUnder(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
}

describe("demo course thumbnails", () => {
  it("generates all the demo thumbnails in under 2 seconds", async () => {
    await writeDemoThumbnails(uploadsDir); // sharp's first SVG render loads its libraries
    const started = performance.now();
    const written = await writeDemoThumbnails(uploadsDir);
    expect((performance.now() - started) / 1000).toBeLessThan(2);
    expect(written).toHaveLength(14);
  });

  it("gives every course its own 800 × 600 WebP, visibly different from every other", async () => {
    await seedDemo(database.db, { uploadsDir });

    const rows = await database.db.select({ slug: courses.slug, url: courses.thumbnailUrl, categoryId: courses.categoryId }).from(courses);
    expect(rows.length).toBe(14);
    expect(new Set(rows.map((r) => r.url)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.categoryId)).size).toBe((await database.db.select().from(categories)).length);

    const prints: { slug: string; categoryId: string; px: Buffer }[] = [];
    const digests = new Set<string>();
    for (const row of rows) {
      const file = fileOf(row.url!);
      expect(fs.existsSync(file), file).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([800, 600]);
      const bytes = fs.readFileSync(file);
      expect(bytes.length).toBeLessThan(60_000);
      digests.add(bytes.toString("base64"));
      prints.push({ slug: row.slug, categoryId: row.categoryId!, px: await pixels(file) });
    }
    expect(digests.size).toBe(rows.length);
    // Not just different bytes: any two thumbnails, even of one category, differ visibly.
    for (let i = 0; i < prints.length; i++) {
      for (let j = i + 1; j < prints.length; j++) {
        expect(meanDiff(prints[i]!.px, prints[j]!.px), `${prints[i]!.slug} vs ${prints[j]!.slug}`).toBeGreaterThan(8);
      }
    }
  });

  it("re-seeding writes the same files again, never a second copy", async () => {
    await seedDemo(database.db, { uploadsDir });
    const first = filesUnder(path.join(uploadsDir, "public")).sort();
    expect(first.length).toBe(14 + 5); // 14 thumbnails, 5 instructor photos

    // A seed over a non-empty catalogue does nothing at all.
    expect((await seedDemo(database.db, { uploadsDir })).courses).toBe(0);
    expect(filesUnder(path.join(uploadsDir, "public")).sort()).toEqual(first);

    // An emptied catalogue seeded again with the same uploads folder: the same names, no duplicates.
    await resetDatabase(database.db);
    expect((await seedDemo(database.db, { uploadsDir })).courses).toBe(14);
    expect(filesUnder(path.join(uploadsDir, "public")).sort()).toEqual(first);
    const urls = (await database.db.select({ url: courses.thumbnailUrl }).from(courses)).map((r) => r.url!);
    for (const url of urls) expect(fs.existsSync(fileOf(url))).toBe(true);
  });
});
