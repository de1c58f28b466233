// The storage driver suite (issue 5): the same contract checked on the local disk and on an S3-compatible
// server: s3rver in-process (tests/setup/s3.ts, a stand-in for S3), or a real service when S3_ENDPOINT is
// set (S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE are read too;
// the bucket is created when missing).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/lib/env.server.ts";
import {
  createLocalStorage,
  createS3Storage,
  createStorageFromEnv,
  InvalidStorageKeyError,
  isValidKey,
  type Storage,
} from "~/lib/storage.server.ts";
import { testS3, type TestS3 } from "../setup/s3.ts";

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const BAD_KEYS = [
  "",
  "../escape.webp",
  "images/../../escape.webp",
  "/etc/passwd",
  "images//x.webp",
  ".hidden",
  "images/.x.webp",
  "a\\b.webp",
  "images/x.webp?v=1",
  "images/%2e%2e/x.webp",
  "images/ü.webp",
  "images/x..webp",
  "a/b/c/d/e/f/g/h/i.webp",
  "x".repeat(200),
];

/** The contract every driver keeps. `unique` keeps runs against a shared bucket apart. */
function driverContract(make: () => Storage | Promise<Storage>) {
  let storage: Storage;
  const unique = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  beforeAll(async () => {
    storage = await make();
  });

  it("stores a public file and reads it back with its size and content type", async () => {
    const data = Buffer.from("RIFF....WEBPVP8 public image bytes");
    const key = `images/2030/${unique}a.webp`;
    await storage.put(key, data, { contentType: "image/webp", visibility: "public", originalName: "صورة الدورة.png" });
    const file = await storage.get(key, "public");
    expect(file).not.toBeNull();
    expect(file!.size).toBe(data.length);
    expect(file!.contentType).toBe("image/webp");
    expect((await readAll(file!.body)).equals(data)).toBe(true);
    await storage.delete(key, "public");
  });

  it("keeps private files apart from public ones", async () => {
    const data = Buffer.from("%PDF-1.4 private document");
    const key = `documents/${unique}b.pdf`;
    await storage.put(key, data, { contentType: "application/pdf", visibility: "private", originalName: "guide.pdf" });
    expect(await storage.get(key, "public")).toBeNull();
    const file = await storage.get(key, "private");
    expect(file!.contentType).toBe("application/pdf");
    expect((await readAll(file!.body)).toString()).toBe(data.toString());
    await storage.delete(key, "private");
  });

  it("answers null for a missing file and deletes idempotently", async () => {
    const key = `images/2030/${unique}c.webp`;
    expect(await storage.get(key, "public")).toBeNull();
    await storage.put(key, Buffer.from("x"), { contentType: "image/webp", visibility: "public" });
    await storage.delete(key, "public");
    expect(await storage.get(key, "public")).toBeNull();
    await expect(storage.delete(key, "public")).resolves.toBeUndefined();
  });

  it("replaces a file written twice under the same key", async () => {
    const key = `images/2030/${unique}d.webp`;
    await storage.put(key, Buffer.from("first"), { contentType: "image/webp", visibility: "public" });
    await storage.put(key, Buffer.from("second!"), { contentType: "image/webp", visibility: "public" });
    const file = await storage.get(key, "public");
    expect((await readAll(file!.body)).toString()).toBe("second!");
    await storage.delete(key, "public");
  });

  it.each(BAD_KEYS)("refuses the key %j everywhere", async (key) => {
    expect(isValidKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from("x"), { contentType: "image/webp", visibility: "public" })).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key, "private")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key, "private")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(() => storage.publicUrl(key)).toThrow(InvalidStorageKeyError);
  });

  it("lists the files under a prefix with their write time, per visibility", async () => {
    const before = Date.now() - 60_000;
    const pub = `photos/2031/${unique}l.webp`;
    const priv = `documents/${unique}l.pdf`;
    await storage.put(pub, Buffer.from("p"), { contentType: "image/webp", visibility: "public" });
    await storage.put(priv, Buffer.from("%PDF"), { contentType: "application/pdf", visibility: "private" });
    const listed = async (visibility: "public" | "private", prefix: string) => {
      const out = [];
      for await (const file of storage.list(visibility, prefix)) out.push(file);
      return out;
    };
    const photos = await listed("public", "photos/2031/");
    expect(photos.map((f) => f.key)).toContain(pub);
    expect(photos.find((f) => f.key === pub)!.lastModified.getTime()).toBeGreaterThan(before);
    expect((await listed("public", "documents/")).map((f) => f.key)).not.toContain(priv);
    expect((await listed("private", "documents/")).map((f) => f.key)).toContain(priv);
    expect((await listed("private", "photos/")).map((f) => f.key)).not.toContain(pub);
    await storage.delete(pub, "public");
    await storage.delete(priv, "private");
    expect((await listed("public", "photos/2031/")).map((f) => f.key)).not.toContain(pub);
  });

  it("maps keys to public URLs and back, and knows no foreign URL", () => {
    const key = "images/2030/abc.webp";
    const url = storage.publicUrl(key);
    expect(storage.keyFromPublicUrl(url)).toBe(key);
    for (const foreign of ["https://evil.example/images/2030/abc.webp", "/images/course-default.webp", `${url}?x=1`, "", "/media/../db"]) {
      expect(storage.keyFromPublicUrl(foreign)).toBeNull();
    }
  });
}

describe("storage driver: local disk", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-local-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  driverContract(() => createLocalStorage(root));

  const local = createLocalStorage(root);
  const list = (dir: string): string[] =>
    fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).map((d) => path.relative(dir, path.join(d.parentPath, d.name))) : [];

  it("writes public files under uploads/public (served at /media) and private ones never there", async () => {
    await local.put("images/2031/p.webp", Buffer.from("img"), { contentType: "image/webp", visibility: "public" });
    await local.put("documents/q.pdf", Buffer.from("%PDF"), { contentType: "application/pdf", visibility: "private", originalName: "دليل.pdf" });
    expect(local.publicUrl("images/2031/p.webp")).toBe("/media/images/2031/p.webp");
    expect(list(path.join(root, "public"))).toEqual(["images/2031/p.webp"]);
    expect(list(path.join(root, "private"))).toEqual(["documents/q.pdf"]);
    // The original name is metadata outside the public folder.
    const meta = JSON.parse(fs.readFileSync(path.join(root, "meta/private/documents/q.pdf.json"), "utf8")) as { originalName: string };
    expect(meta.originalName).toBe("دليل.pdf");
    await local.delete("images/2031/p.webp", "public");
    await local.delete("documents/q.pdf", "private");
    expect(list(path.join(root, "public"))).toEqual([]);
    expect(list(path.join(root, "private"))).toEqual([]);
    expect(list(path.join(root, "meta"))).toEqual([]);
  });

  it("writes atomically: concurrent writers leave one whole file and no temporary files", async () => {
    const a = Buffer.alloc(2 * 1024 * 1024, 0x61);
    const b = Buffer.alloc(2 * 1024 * 1024, 0x62);
    await Promise.all([
      local.put("images/2031/same.webp", a, { contentType: "image/webp", visibility: "public" }),
      local.put("images/2031/same.webp", b, { contentType: "image/webp", visibility: "public" }),
    ]);
    const data = await readAll((await local.get("images/2031/same.webp", "public"))!.body);
    expect(data.equals(a) || data.equals(b)).toBe(true);
    expect(list(path.join(root, "public")).filter((f) => f.includes(".tmp"))).toEqual([]);
    await local.delete("images/2031/same.webp", "public");
  });

  it("leaves nothing behind when a write fails", async () => {
    // A file where the key needs a folder: the write cannot happen.
    fs.mkdirSync(path.join(root, "public/blocked"), { recursive: true });
    fs.writeFileSync(path.join(root, "public/blocked/file"), "x");
    await expect(local.put("blocked/file/inner.webp", Buffer.from("x"), { contentType: "image/webp", visibility: "public" })).rejects.toThrow();
    expect(list(path.join(root, "public"))).toEqual(["blocked/file"]);
    expect(list(path.join(root, "meta"))).toEqual([]);
    fs.rmSync(path.join(root, "public/blocked"), { recursive: true });
  });

  it("tells what a file is without reading it (head), from the file and its metadata", async () => {
    await local.put("documents/h.pdf", Buffer.from("%PDF-1.7"), { contentType: "application/pdf", visibility: "private", originalName: "خطة.pdf" });
    expect(await local.head("documents/h.pdf", "private")).toEqual({ size: 8, contentType: "application/pdf", originalName: "خطة.pdf" });
    expect(await local.head("documents/h.pdf", "public")).toBeNull();
    // A file written beside the driver (a demo image of the seed) has no metadata: the type comes from its name.
    fs.mkdirSync(path.join(root, "public/demo"), { recursive: true });
    fs.writeFileSync(path.join(root, "public/demo/seeded.webp"), "RIFF");
    expect(await local.head("demo/seeded.webp", "public")).toEqual({ size: 4, contentType: "image/webp", originalName: undefined });
    await local.delete("documents/h.pdf", "private");
    await local.delete("demo/seeded.webp", "public");
    expect(await local.head("documents/h.pdf", "private")).toBeNull();
  });

  it("does not follow a folder where a file is expected", async () => {
    fs.mkdirSync(path.join(root, "private/documents/dir.pdf"), { recursive: true });
    expect(await local.get("documents/dir.pdf", "private")).toBeNull();
    fs.rmSync(path.join(root, "private/documents/dir.pdf"), { recursive: true });
  });
});

describe("storage driver: S3", () => {
  // s3rver in-process (tests/setup/s3.ts), or the real service S3_ENDPOINT names.
  let s3: TestS3 | undefined;
  afterAll(async () => s3?.stop());
  driverContract(async () => {
    s3 = await testS3();
    return createS3Storage(s3.config);
  });

  it("keeps the SHA-256, content type and original name with each object, readable by head()", async () => {
    const storage = createS3Storage(s3!.config);
    const data = Buffer.from("%PDF-1.4 head me");
    const key = `documents/${Date.now().toString(36)}h.pdf`;
    expect(await storage.head(key, "private")).toBeNull();
    await storage.put(key, data, { contentType: "application/pdf", visibility: "private", originalName: "دليل الدورة.pdf" });
    expect(await storage.head(key, "private")).toEqual({
      size: data.length,
      contentType: "application/pdf",
      originalName: "دليل الدورة.pdf",
      sha256: crypto.createHash("sha256").update(data).digest("hex"),
    });
    expect(await storage.head(key, "public")).toBeNull();
    await storage.delete(key, "private");
  });

  it("answers check() while the bucket is there, and refuses a bucket that is not", async () => {
    await expect(createS3Storage(s3!.config).check()).resolves.toBeUndefined();
    await expect(createS3Storage({ ...s3!.config, bucket: "no-such-bucket-here" }).check()).rejects.toThrow(
      "bucket no-such-bucket-here does not exist",
    );
  });
});

describe("storage configuration", () => {
  it("uses the local disk by default and S3 when S3_BUCKET is set", () => {
    expect(parseEnv({}).STORAGE).toBe("local");
    expect(createStorageFromEnv(parseEnv({ DATA_DIR: "/tmp/x" })).kind).toBe("local");
    const env = parseEnv({ S3_BUCKET: "media-bucket", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" });
    expect(env.STORAGE).toBe("s3");
    expect(env.S3_FORCE_PATH_STYLE).toBe(true);
    expect(env.S3_REGION).toBe("us-east-1");
    const s3 = createStorageFromEnv(env);
    expect(s3.kind).toBe("s3");
    // Without S3_PUBLIC_URL the app serves public images itself, at the same URLs as the local disk.
    expect(s3.publicUrl("images/2030/a.webp")).toBe("/media/images/2030/a.webp");
    const cdn = createStorageFromEnv(parseEnv({ S3_BUCKET: "media-bucket", S3_PUBLIC_URL: "https://cdn.example.com/public/" }));
    expect(cdn.publicUrl("images/2030/a.webp")).toBe("https://cdn.example.com/public/images/2030/a.webp");
    expect(cdn.keyFromPublicUrl("https://cdn.example.com/public/images/2030/a.webp")).toBe("images/2030/a.webp");
  });

  it.each([
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /^Invalid configuration: S3_BUCKET is required/],
    [{ S3_BUCKET: "Bad_Bucket" }, /^Invalid configuration: S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: "ok-bucket", S3_ENDPOINT: "ftp://x" }, /^Invalid configuration: S3_ENDPOINT must be an absolute http\(s\) URL/],
    [{ S3_BUCKET: "ok-bucket", S3_ACCESS_KEY_ID: "AKIA" }, /^Invalid configuration: S3_SECRET_ACCESS_KEY must be set together/],
    [{ S3_BUCKET: "ok-bucket", S3_SECRET_ACCESS_KEY: "s" }, /^Invalid configuration: S3_ACCESS_KEY_ID must be set together/],
    [{ S3_BUCKET: "ok-bucket", S3_FORCE_PATH_STYLE: "sometimes" }, /^Invalid configuration: S3_FORCE_PATH_STYLE /],
  ])("refuses %o with one line naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
  });
});
