// Files on several instances (issue 33 item 4): /readyz checks the file storage as well as the database
// (the local uploads folder there and writable; the S3 bucket answering within ≈1.5 s, the answer reused
// for 2 s), and the start says which storage holds the uploads, warning on PostgreSQL with local files.
// S3 here is s3rver, a local stand-in for an S3 service (tests/setup/s3.ts), stopped to make an outage.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrap, readiness, shutdown } from "~/bootstrap.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import {
  createLocalStorage,
  createS3Storage,
  STORAGE_CHECK_TTL_MS,
  storageReady,
  type Storage,
} from "~/lib/storage.server.ts";
import { startLine, storageWarning } from "../../server.ts";
import { startS3rver, type TestS3rver } from "../setup/s3.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const roots: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-ready-"));
  roots.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of roots) fs.rmSync(dir, { recursive: true, force: true });
});

/** A port nothing listens on (taken, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("storage readiness: local disk", () => {
  it("is ready while the uploads folder is there and writable, and not when it is missing or replaced", async () => {
    const uploads = path.join(tempDir(), "uploads");
    fs.mkdirSync(uploads);
    await expect(createLocalStorage(uploads).check()).resolves.toBeUndefined();
    // Each test makes its own driver: answers are reused per driver for a moment.
    expect(await storageReady(createLocalStorage(uploads))).toBe(true);

    // A shared DATA_DIR that is not mounted: the folder is not there.
    fs.rmSync(uploads, { recursive: true });
    expect(await storageReady(createLocalStorage(uploads))).toBe(false);

    // An area that is a file, not a folder.
    fs.mkdirSync(uploads);
    fs.writeFileSync(path.join(uploads, "public"), "");
    await expect(createLocalStorage(uploads).check()).rejects.toThrow(/is not a directory/);
    expect(await storageReady(createLocalStorage(uploads))).toBe(false);
    fs.rmSync(path.join(uploads, "public"));
    expect(await storageReady(createLocalStorage(uploads))).toBe(true);
  });

  it("is not ready when an area cannot be written (another owner, a read-only mount)", async () => {
    const uploads = path.join(tempDir(), "uploads");
    const area = path.join(uploads, "private");
    fs.mkdirSync(area, { recursive: true });
    fs.chmodSync(area, 0o500);
    try {
      // The check asks the kernel (access W_OK), which answers as it answers the server's own writes: no
      // for an ordinary user here; root writes whatever the mode (only a read-only filesystem stops it).
      let writable = true;
      try {
        fs.accessSync(area, fs.constants.W_OK);
      } catch {
        writable = false;
      }
      if (process.getuid?.() !== 0) expect(writable).toBe(false);
      expect(await storageReady(createLocalStorage(uploads))).toBe(writable);
    } finally {
      fs.chmodSync(area, 0o700);
    }
  });
});

describe("storage readiness: S3", () => {
  let s3: TestS3rver;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => s3.destroy());

  it("is ready while the bucket answers, not when the service is down, and again when it is back", async () => {
    const storage = createS3Storage(s3.config);
    expect(await storageReady(storage, { ttlMs: 0 })).toBe(true);
    await s3.stop();
    expect(await storageReady(storage, { ttlMs: 0 })).toBe(false);
    await s3.start();
    expect(await storageReady(storage, { ttlMs: 0 })).toBe(true);
  });

  it("is not ready for a bucket that does not exist or an endpoint nobody listens on", async () => {
    expect(await storageReady(createS3Storage({ ...s3.config, bucket: "missing-bucket" }))).toBe(false);
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    expect(await storageReady(createS3Storage({ ...s3.config, endpoint }))).toBe(false);
  });

  it("gives up on an endpoint that does not answer after the timeout (≈1.5 s by default)", async () => {
    // Accepts connections and never answers: what a hung service or a black-holed route looks like.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
      const started = Date.now();
      expect(await storageReady(createS3Storage({ ...s3.config, endpoint }))).toBe(false);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(4000);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("asks S3 once for a storm of probes, and again once the answer is 2 s old", async () => {
    const real = createS3Storage(s3.config);
    let checks = 0;
    const counted: Storage = { ...real, check: (options) => (checks++, real.check(options)) };
    const answers = await Promise.all(Array.from({ length: 50 }, () => storageReady(counted)));
    expect(answers.every(Boolean)).toBe(true);
    expect(checks).toBe(1);
    expect(await storageReady(counted)).toBe(true);
    expect(checks).toBe(1);
    await sleep(STORAGE_CHECK_TTL_MS + 100);
    expect(await storageReady(counted)).toBe(true);
    expect(checks).toBe(2);
  });
});

describe("readiness of the app (bootstrap, what /readyz answers)", () => {
  let s3: TestS3rver;
  const saved = { ...process.env };
  beforeAll(async () => {
    s3 = await startS3rver();
    const source = { NODE_ENV: "test", DATA_DIR: tempDir(), SEED_DEMO: "false", LOG_LEVEL: "silent", OUTBOX_POLL_MS: "600000", ...s3.env };
    Object.assign(process.env, source);
    delete process.env.DATABASE_URL;
    await bootstrap(parseEnv(source));
  }, 120_000);
  afterAll(async () => {
    await shutdown();
    await s3.destroy();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it("is ready with the database and the bucket up; with S3 down the storage part fails, and recovers", async () => {
    expect(await readiness()).toEqual({ ready: true, database: true, storage: true });
    await s3.stop();
    await sleep(STORAGE_CHECK_TTL_MS + 100);
    expect(await readiness()).toEqual({ ready: false, database: true, storage: false });
    await s3.start();
    await sleep(STORAGE_CHECK_TTL_MS + 100);
    expect(await readiness()).toEqual({ ready: true, database: true, storage: true });
  });
});

describe("the start names the storage", () => {
  const base = { PUBLIC_URL: "http://localhost:3000", DATABASE_URL: undefined, DATA_DIR: "./data", S3_BUCKET: undefined, S3_ENDPOINT: undefined };

  it("says `local <absolute uploads folder>` or `s3 <bucket>` with its endpoint", () => {
    const local = startLine({ ...base, STORAGE: "local" }, { url: "http://localhost:3000", admins: 1 });
    expect(local).toBe(`Site running at http://localhost:3000. Storage: local ${path.resolve("data/uploads")}. Staff sign in at http://localhost:3000/login`);
    const s3 = startLine(
      { ...base, STORAGE: "s3", S3_BUCKET: "academy-media", S3_ENDPOINT: "http://127.0.0.1:9000", DATABASE_URL: "postgres://x@db/academy" },
      { url: "http://localhost:3000", admins: 0 },
    );
    expect(s3).toMatch(/^Site running at http:\/\/localhost:3000\. Storage: s3 academy-media at http:\/\/127\.0\.0\.1:9000\. No admin yet: run npm run admin:create/);
    expect(startLine({ ...base, STORAGE: "s3", S3_BUCKET: "academy-media" }, { url: "http://localhost:3000", admins: 1 })).toContain(
      "Storage: s3 academy-media. ",
    );
  });

  it("warns on PostgreSQL with local uploads that every instance needs the same DATA_DIR, and only then", () => {
    const warning = storageWarning({ ...base, STORAGE: "local", DATA_DIR: "/srv/academy", DATABASE_URL: "postgres://x@db/academy" });
    expect(warning).toContain("/srv/academy/uploads");
    expect(warning).toMatch(/every one must use the same DATA_DIR on a shared filesystem, or set S3_BUCKET/);
    expect(storageWarning({ ...base, STORAGE: "local" })).toBeNull();
    expect(storageWarning({ ...base, STORAGE: "s3", S3_BUCKET: "academy-media", DATABASE_URL: "postgres://x@db/academy" })).toBeNull();
  });
});
