// Files on several instances and the move to S3 (issue 33 item 4 and its acceptance point), with real
// server processes (the production build) on one PostgreSQL database and s3rver, a local stand-in for an
// S3 service (tests/setup/s3.ts). Instance A starts on the local disk (the start line says so and warns
// that every instance needs the same DATA_DIR) and takes an uploaded thumbnail and a course document;
// instance B, started with the S3_* variables, cannot serve them (the files are only on A's disk) until
// `npm run storage:migrate-to-s3` runs beside the running A; then B serves every earlier file (the upload,
// its variant, the document, the seed's demo images), and so does A restarted with S3; a second run copies
// nothing. With S3 stopped, /readyz answers 503 naming the storage, and 200 again once S3 is back.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, type RunningApp } from "../e2e/harness.ts";
import { minimalPdf } from "../setup/pdf.ts";
import { startS3rver, type TestS3rver } from "../setup/s3.ts";
import {
  AUTH_SECRET,
  createDatabase,
  ensureBuild,
  logLines,
  startServerProcess,
  stopApp,
  waitUntil,
  type FaultDatabase,
} from "./helpers.ts";

const ADMIN = { email: "admin@storage-s3.test", password: "Storage-S3-Adm1n!" };
let database: FaultDatabase;
let s3: TestS3rver;
/** Instance A's DATA_DIRs, before and after its restart (the helper removes only the folders it made). */
let dirA: string;
let dirA2: string | undefined;
let a: RunningApp | undefined;
let b: RunningApp | undefined;
let cookie = "";

const uploaded: { image: string; variant: string; imageBytes: Buffer; documentId: string; documentBytes: Buffer; demo: string } = {
  image: "",
  variant: "",
  imageBytes: Buffer.alloc(0),
  documentId: "",
  documentBytes: Buffer.alloc(0),
  demo: "",
};

function baseEnv(): Record<string, string> {
  return { DATABASE_URL: database.url, AUTH_SECRET, SEED_DEMO: "true", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "info" };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(res.status).toBe(302);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function upload(url: string, route: string, file: Buffer, name: string, type: string): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)], { type }), name);
  const res = await fetch(`${url}${route}`, { method: "POST", body: form, headers: { cookie, origin: url, accept: "application/json" } });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function get(url: string, withCookie = false): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(url, { headers: withCookie ? { cookie } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** `npm run storage:migrate-to-s3` for A's DATA_DIR, while the servers run. */
function migrate(): Promise<{ code: number | null; out: string }> {
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dirA, ...s3.env };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/storage-migrate-to-s3.ts"], { cwd: ROOT, env });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** The start line (its `msg`) and fields in a server's log. */
function startLog(app: RunningApp): Record<string, unknown> | undefined {
  return logLines(app.output()).find((l) => typeof l.msg === "string" && l.msg.startsWith("Site running at"));
}

beforeAll(async () => {
  ensureBuild();
  database = await createDatabase();
  s3 = await startS3rver();
  dirA = fs.mkdtempSync(path.join(os.tmpdir(), "fault-storage-a-"));
  a = await startServerProcess({ ...baseEnv(), DATA_DIR: dirA });
}, 240_000);

afterAll(async () => {
  await stopApp(a);
  await stopApp(b);
  await s3?.destroy();
  await database?.drop();
  for (const dir of [dirA, dirA2]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("files on several instances, and the move to S3", () => {
  it("A on the local disk: the start names the folder and warns that instances must share it", async () => {
    const line = startLog(a!);
    expect(line?.msg).toContain(`Storage: local ${path.join(dirA, "uploads")}.`);
    expect(line).toMatchObject({ storage: "local", uploads: path.join(dirA, "uploads") });
    const warning = logLines(a!.output()).find((l) => typeof l.msg === "string" && l.msg.includes("must use the same DATA_DIR"));
    expect(warning).toBeDefined();

    cookie = await signIn(a!.url);
    uploaded.imageBytes = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#2a6f97" } }).png().toBuffer();
    const image = await upload(a!.url, "/admin/uploads/image?kind=thumbnail", uploaded.imageBytes, "cover.png", "image/png");
    uploaded.image = String(image.url);
    uploaded.variant = uploaded.image.replace(/\.webp$/, "-400.webp");
    expect(uploaded.image).toMatch(/^\/media\/images\/\d{4}\/[a-f0-9]{32}\.webp$/);
    uploaded.imageBytes = (await get(`${a!.url}${uploaded.image}`)).bytes;
    expect(uploaded.imageBytes.subarray(8, 12).toString()).toBe("WEBP");

    uploaded.documentBytes = minimalPdf("Course plan", { minBytes: 300_000 });
    const document = await upload(a!.url, "/admin/uploads/document", uploaded.documentBytes, "خطة الدورة.pdf", "application/pdf");
    const [course] = await database.query<{ id: string; thumbnail_url: string }>(
      "select id, thumbnail_url from courses where thumbnail_url like '/media/demo/%' order by created_at, id limit 1",
    );
    expect(course).toBeDefined();
    uploaded.demo = course!.thumbnail_url;
    const [row] = await database.query<{ id: string }>(
      "insert into course_documents (course_id, storage_key, file_name, size_bytes) values ($1, $2, $3, $4) returning id",
      [course!.id, String(document.key), "خطة الدورة.pdf", uploaded.documentBytes.length],
    );
    uploaded.documentId = row!.id;
    const served = await get(`${a!.url}/files/documents/${uploaded.documentId}`, true);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(uploaded.documentBytes)).toBe(true);
  });

  it("B on S3 names the bucket, is ready, and lacks A's files until they are moved", async () => {
    b = await startServerProcess({ ...baseEnv(), ...s3.env });
    const line = startLog(b);
    expect(line?.msg).toContain(`Storage: s3 ${s3.bucket} at ${s3.endpoint}.`);
    expect(line).toMatchObject({ storage: "s3", bucket: s3.bucket, endpoint: s3.endpoint });
    expect(logLines(b.output()).some((l) => typeof l.msg === "string" && l.msg.includes("must use the same DATA_DIR"))).toBe(false);
    const ready = await fetch(`${b.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: true, storage: true });
    // What the issue saw: 200 on one instance, 404 on the other.
    for (const media of [uploaded.image, uploaded.variant, uploaded.demo]) expect((await get(`${b.url}${media}`)).status).toBe(404);
    expect((await get(`${b.url}/files/documents/${uploaded.documentId}`, true)).status).toBe(404);
  });

  it("storage:migrate-to-s3 beside the running servers: then B serves every earlier file", async () => {
    const first = await migrate();
    expect(first.code, first.out).toBe(0);
    const copied = Number(/(\d+) files: (\d+) copied/.exec(first.out)?.[2]);
    // The thumbnail, its variant, the document and the demo images (one per demo course).
    expect(copied).toBeGreaterThanOrEqual(4 + 10);
    expect(first.out).toContain(", 0 failed");

    const image = await get(`${b!.url}${uploaded.image}`);
    expect(image.status).toBe(200);
    expect(image.bytes.equals(uploaded.imageBytes)).toBe(true);
    expect((await get(`${b!.url}${uploaded.variant}`)).status).toBe(200);
    const demo = await get(`${b!.url}${uploaded.demo}`);
    expect(demo.status).toBe(200);
    expect(demo.bytes.equals(fs.readFileSync(path.join(dirA, "uploads/public", uploaded.demo.slice("/media/".length))))).toBe(true);
    const document = await get(`${b!.url}/files/documents/${uploaded.documentId}`, true);
    expect(document.status).toBe(200);
    expect(document.bytes.equals(uploaded.documentBytes)).toBe(true);
  });

  it("A restarted with S3 serves them too, and a second run copies nothing", async () => {
    await a!.stop();
    // A fresh DATA_DIR: what A serves now comes from the bucket, not from what its disk still holds.
    dirA2 = fs.mkdtempSync(path.join(os.tmpdir(), "fault-storage-a2-"));
    a = await startServerProcess({ ...baseEnv(), ...s3.env, DATA_DIR: dirA2 });
    for (const app of [a, b!]) {
      expect((await get(`${app.url}${uploaded.image}`)).bytes.equals(uploaded.imageBytes)).toBe(true);
      expect((await get(`${app.url}/files/documents/${uploaded.documentId}`, true)).bytes.equals(uploaded.documentBytes)).toBe(true);
      expect((await get(`${app.url}${uploaded.demo}`)).status).toBe(200);
    }
    const second = await migrate();
    expect(second.code, second.out).toBe(0);
    expect(second.out).toMatch(/(\d+) files: 0 copied \(0\.0 MB\), \1 already there, 0 failed/);
  });

  it("with S3 down /readyz answers 503 naming the storage; with S3 back, 200", async () => {
    await s3.stop();
    expect(await waitUntil(async () => (await fetch(`${b!.url}/readyz`)).status === 503, 10_000)).toBe(true);
    const down = await fetch(`${b!.url}/readyz`);
    expect(await down.json()).toEqual({ status: "unavailable", database: true, storage: false });
    expect((await get(`${b!.url}${uploaded.image}`)).status).toBeGreaterThanOrEqual(500);
    await s3.start();
    expect(await waitUntil(async () => (await fetch(`${b!.url}/readyz`)).status === 200, 10_000)).toBe(true);
    expect((await get(`${b!.url}${uploaded.image}`)).bytes.equals(uploaded.imageBytes)).toBe(true);
  });
});
