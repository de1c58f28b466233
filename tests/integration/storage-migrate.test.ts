// `npm run storage:migrate-to-s3` (issue 33 item 4), run as the operator runs it (a child process with the
// S3_* variables) against s3rver, a local stand-in for an S3 service (tests/setup/s3.ts): the files the app
// stored on the local disk (public images and their variants, private documents, the seed's demo images)
// are afterwards read through the app's own S3 storage with identical bytes and metadata; a second run
// copies nothing; a file changed locally is copied again; failures are reported and make the exit code 1.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseDocuments, courses, instructors } from "@db/schema/index.ts";
import { writeDemoThumbnails } from "@db/seed/demo.ts";
import { ORPHAN_GRACE_MS, sweepOrphanedUploads } from "~/features/uploads/orphans.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { createS3Storage, createStorageFromEnv, setStorage, type Storage, type Visibility } from "~/lib/storage.server.ts";
import { deleteStoredImage, readPublicImage } from "~/lib/uploads.server.ts";
import { migrateStorage } from "../../scripts/lib/storage-migrate.ts";
import { createTestDatabase, type TestDatabase } from "../setup/db.ts";
import { startS3rver, type TestS3rver } from "../setup/s3.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const hex = () => crypto.randomBytes(16).toString("hex");

let s3: TestS3rver;
let dataDir: string;
/** The app's storage with the local configuration (DATA_DIR/uploads), as it stored the files. */
let local: Storage;
/** The app's storage with the S3 configuration, as it reads them after the move. */
let bucket: Storage;

/** Runs the command as `npm run storage:migrate-to-s3` does (tsx), with only the variables given. */
function migrate(extraEnv: Record<string, string> = s3.env): Promise<{ code: number | null; out: string; err: string }> {
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, ...extraEnv };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/storage-migrate-to-s3.ts")], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => resolve({ code, out, err }));
  });
}

/** stderr without Node's and the AWS SDK's warnings about the Node version. */
function errorLines(stderr: string): string[] {
  return stderr
    .split("\n")
    .filter((l) => l.trim() && !/NodeVersionSupportWarning|versions published|require node|To continue receiving|security updates|More information|trace-warnings/.test(l));
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function bytesIn(storage: Storage, key: string, visibility: Visibility): Promise<Buffer | null> {
  const file = await storage.get(key, visibility);
  return file ? readAll(file.body) : null;
}

interface Stored {
  key: string;
  visibility: Visibility;
  data: Buffer;
  contentType: string;
  originalName?: string;
}
const stored: Stored[] = [];

async function putLocal(file: Stored): Promise<void> {
  await local.put(file.key, file.data, { contentType: file.contentType, visibility: file.visibility, originalName: file.originalName });
  const at = stored.findIndex((f) => f.key === file.key && f.visibility === file.visibility);
  if (at >= 0) stored[at] = file;
  else stored.push(file);
}

beforeAll(async () => {
  s3 = await startS3rver();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-migrate-"));
  local = createStorageFromEnv(parseEnv({ DATA_DIR: dataDir }));
  bucket = createStorageFromEnv(parseEnv({ DATA_DIR: dataDir, ...s3.env }));
  expect(local.kind).toBe("local");
  expect(bucket.kind).toBe("s3");

  // What the upload code stores (app/lib/uploads.server.ts): a thumbnail and its 400-wide variant, a
  // photo, private PDFs (one with an Arabic original name), and the seed's demo images written beside it.
  const thumb = `images/2026/${hex()}`;
  await putLocal({ key: `${thumb}.webp`, visibility: "public", data: crypto.randomBytes(3000), contentType: "image/webp", originalName: "صورة.png" });
  await putLocal({ key: `${thumb}-400.webp`, visibility: "public", data: crypto.randomBytes(1200), contentType: "image/webp", originalName: "صورة.png" });
  await putLocal({ key: `photos/2026/${hex()}.webp`, visibility: "public", data: crypto.randomBytes(900), contentType: "image/webp" });
  for (const name of ["دليل الدورة.pdf", "syllabus.pdf"]) {
    const data = Buffer.concat([Buffer.from("%PDF-1.7\n"), crypto.randomBytes(200_000)]);
    await putLocal({ key: `documents/${hex()}.pdf`, visibility: "private", data, contentType: "application/pdf", originalName: name });
  }
  const uploads = path.join(dataDir, "uploads");
  for (const demo of await writeDemoThumbnails(uploads)) {
    const key = path.relative(path.join(uploads, "public"), demo.file).split(path.sep).join("/");
    stored.push({ key, visibility: "public", data: fs.readFileSync(demo.file), contentType: "image/webp" });
  }
}, 120_000);

afterAll(async () => {
  await s3.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run storage:migrate-to-s3", () => {
  it("refuses to run without S3_BUCKET, with one line", async () => {
    const result = await migrate({});
    expect(result.code).toBe(1);
    expect(errorLines(result.err)).toEqual([
      'S3_BUCKET is not set: give the S3_* variables the app will run with (README, "Moving to S3"); nothing was copied.',
    ]);
  });

  it("refuses with one line when the bucket cannot be reached, and copies nothing", async () => {
    await s3.stop();
    try {
      const result = await migrate();
      expect(result.code).toBe(1);
      expect(errorLines(result.err)).toHaveLength(1);
      expect(errorLines(result.err)[0]).toMatch(new RegExp(`^Cannot reach s3 ${s3.bucket} at ${s3.endpoint}: .+; nothing was copied\\.$`));
    } finally {
      await s3.start();
    }
    for (const file of stored) expect(await bucket.head(file.key, file.visibility)).toBeNull();
  });

  it("copies every file where the app's S3 storage finds it, with the same bytes and metadata", async () => {
    expect(stored.length).toBeGreaterThan(15);
    const result = await migrate();
    expect(errorLines(result.err)).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`${stored.length} files: ${stored.length} copied`);
    expect(result.out).toContain(", 0 already there, 0 failed");
    for (const file of stored) {
      const copy = await bytesIn(bucket, file.key, file.visibility);
      expect(copy?.equals(file.data), `${file.visibility}/${file.key}`).toBe(true);
      const info = await bucket.head(file.key, file.visibility);
      expect(info).toEqual({
        size: file.data.length,
        contentType: file.contentType,
        originalName: file.originalName,
        sha256: crypto.createHash("sha256").update(file.data).digest("hex"),
      });
      // Private stays private: not under the public prefix the app (or a CDN) serves.
      if (file.visibility === "private") expect(await bucket.head(file.key, "public")).toBeNull();
    }
  });

  it("copies nothing on a second run", async () => {
    const result = await migrate();
    expect(result.code).toBe(0);
    expect(result.out).toContain(`${stored.length} files: 0 copied (0.0 MB), ${stored.length} already there, 0 failed`);
  });

  it("copies again a file changed locally since, whether its size changed or only its bytes", async () => {
    const doc = stored.find((f) => f.visibility === "private")!;
    const image = stored.find((f) => f.key.startsWith("photos/"))!;
    await putLocal({ ...doc, data: Buffer.concat([doc.data, Buffer.from("%%EOF\n")]) });
    await putLocal({ ...image, data: crypto.randomBytes(image.data.length) });
    const result = await migrate();
    expect(result.code).toBe(0);
    expect(result.out).toContain(`${stored.length} files: 2 copied`);
    expect(result.out).toContain(`${stored.length - 2} already there, 0 failed`);
    for (const file of [doc, image]) {
      const now = stored.find((f) => f.key === file.key)!;
      expect((await bytesIn(bucket, now.key, now.visibility))?.equals(now.data)).toBe(true);
    }
  });

  it("reports a file it could not copy, exits 1, and copies it on the next run once it can", async () => {
    const key = `documents/${hex()}.pdf`;
    await putLocal({ key, visibility: "private", data: Buffer.from("%PDF-1.4 broken meta"), contentType: "application/pdf" });
    // Metadata no HTTP request can carry (a header value with a line break): that one upload fails.
    const meta = path.join(dataDir, "uploads/meta/private", `${key}.json`);
    const good = fs.readFileSync(meta, "utf8");
    fs.writeFileSync(meta, JSON.stringify({ ...JSON.parse(good), contentType: "application/pdf\r\nX-Evil: 1" }));
    const failed = await migrate();
    expect(failed.code).toBe(1);
    expect(failed.out).toContain(`${stored.length} files: 0 copied (0.0 MB), ${stored.length - 1} already there, 1 failed`);
    expect(errorLines(failed.err)[0]).toMatch(new RegExp(`^failed  private/${key}: .+`));
    expect(errorLines(failed.err).at(-1)).toBe("Some files were not copied: run the command again (what is there already is not copied twice).");
    expect(await bucket.head(key, "private")).toBeNull();

    fs.writeFileSync(meta, good);
    const fixed = await migrate();
    expect(fixed.code).toBe(0);
    expect(fixed.out).toContain(`${stored.length} files: 1 copied`);
    expect((await bytesIn(bucket, key, "private"))?.toString()).toBe("%PDF-1.4 broken meta");
  });

  it("verifies each copy: a service that stores other bytes, or drops the checksum, fails the file", async () => {
    const s3Storage = createS3Storage(s3.config);
    const source = fs.mkdtempSync(path.join(os.tmpdir(), "storage-migrate-verify-"));
    try {
      const from = createStorageFromEnv(parseEnv({ DATA_DIR: source }));
      await from.put(`images/2027/${hex()}.webp`, crypto.randomBytes(500), { contentType: "image/webp", visibility: "public" });
      // A real bucket behind a service that loses a byte on the way in.
      const truncating: Storage = { ...s3Storage, put: (key, data, meta) => s3Storage.put(key, data.subarray(1), { ...meta, sha256: undefined }) };
      const lossy = await migrateStorage(from, truncating);
      expect(lossy.copied).toBe(0);
      expect(lossy.failed).toHaveLength(1);
      expect(lossy.failed[0]!.reason).toMatch(/^size after the upload is 499, expected 500$/);
      // The same bucket as the app sees it: the wrong copy is replaced and verified.
      expect(await migrateStorage(from, s3Storage)).toMatchObject({ files: 1, copied: 1, alreadyThere: 0, failed: [] });
      // A service that keeps the bytes but not our metadata: the copy cannot be verified.
      const forgetful: Storage = {
        ...s3Storage,
        head: async (key, visibility) => {
          const info = await s3Storage.head(key, visibility);
          return info && { ...info, sha256: undefined };
        },
      };
      const unverified = await migrateStorage(from, forgetful);
      expect(unverified.failed.map((f) => f.reason)).toEqual([expect.stringMatching(/^checksum after the upload is missing, expected [0-9a-f]{64}$/)]);
    } finally {
      fs.rmSync(source, { recursive: true, force: true });
    }
  });
});

describe("after the move, on S3 behind S3_PUBLIC_URL: the /media URLs saved before", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it("keeps the files rows still name by their /media URLs, and removes only true orphans", async () => {
    const photo = stored.find((f) => f.key.startsWith("photos/"))!;
    const thumb = stored.find((f) => /^images\/\d{4}\/[a-f0-9]{32}\.webp$/.test(f.key))!;
    const doc = stored.find((f) => f.visibility === "private")!;
    const cdn = createS3Storage({ ...s3.config, publicUrl: "https://cdn.example.com/academy" });
    const orphan = `images/2026/${hex()}.webp`;
    await cdn.put(orphan, Buffer.from("orphan"), { contentType: "image/webp", visibility: "public" });
    const [teacher] = await database.db.insert(instructors).values({ name: "Mona Adel", photoUrl: local.publicUrl(photo.key) }).returning();
    const [course] = await database.db
      .insert(courses)
      .values({ title: "Course", slug: "course", language: "en", instructorId: teacher!.id, thumbnailUrl: local.publicUrl(thumb.key) })
      .returning();
    await database.db.insert(courseDocuments).values({ courseId: course!.id, storageKey: doc.key, fileName: "guide.pdf" });
    expect(teacher!.photoUrl).toBe(`/media/${photo.key}`);

    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    const { removed } = await sweepOrphanedUploads({ storage: cdn, executor: database.db, now: later });
    expect(removed).toContain(`public/${orphan}`);
    for (const kept of [photo, thumb, { ...thumb, key: thumb.key.replace(/\.webp$/, "-400.webp") }, doc]) {
      expect(removed).not.toContain(`${kept.visibility}/${kept.key}`);
      expect(await cdn.head(kept.key, kept.visibility)).not.toBeNull();
    }
  });

  it("name images in the bucket: read for sharing images, deleted with their variant when replaced", async () => {
    const cdn = createS3Storage({ ...s3.config, publicUrl: "https://cdn.example.com/academy" });
    const key = `images/2026/${hex()}.webp`;
    const variant = key.replace(/\.webp$/, "-400.webp");
    const data = crypto.randomBytes(700);
    await cdn.put(key, data, { contentType: "image/webp", visibility: "public" });
    await cdn.put(variant, crypto.randomBytes(300), { contentType: "image/webp", visibility: "public" });
    setStorage(cdn);
    try {
      expect((await readPublicImage(`/media/${key}`))?.equals(data)).toBe(true);
      await deleteStoredImage(`/media/${key}`);
      expect(await cdn.head(key, "public")).toBeNull();
      expect(await cdn.head(variant, "public")).toBeNull();
    } finally {
      setStorage(undefined);
    }
  });
});
