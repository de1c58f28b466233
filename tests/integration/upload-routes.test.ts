// The upload and private-document routes' rules, called with real Requests, a real database (PGlite,
// or PostgreSQL with TEST_DB=pg) and files on a temporary disk: who may upload what, the JSON answers
// in both languages, and D8 — documents stream only to staff with courses:view, never cached.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { courseDocuments, courses } from "@db/schema/index.ts";
import {
  canReadDocument,
  contentDisposition,
  documentFileResponse,
  documentUploadInfo,
  documentUploadResponse,
  imageUploadInfo,
  imageUploadResponse,
} from "~/features/uploads/upload-routes.server.ts";
import type { Actor } from "~/lib/permissions.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { createLocalStorage, setStorage } from "~/lib/storage.server.ts";
import { memoryActor } from "../setup/actors.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { tAr, tEn } from "../setup/i18n.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "upload-routes-"));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  setStorage(createLocalStorage(path.join(root, "uploads")));
});
afterAll(async () => {
  setStorage(undefined);
  await database?.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(database.db);
  fs.rmSync(path.join(root, "uploads"), { recursive: true, force: true });
});

const actor = memoryActor;
const admin = actor("admin");
const manager = (...permissions: Permission[]) => actor("instructor_course_manager", permissions);

const BOUNDARY = "----routes-boundary";
function upload(url: string, data: Buffer, filename: string, type: string, headers: Record<string, string> = {}): Request {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return new Request(url, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, accept: "application/json", ...headers },
    body,
  });
}
const png = () => sharp({ create: { width: 320, height: 240, channels: 3, background: "#0f766e" } }).png().toBuffer();
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
const IMAGE_URL = "http://localhost/admin/uploads/image";
const DOCUMENT_URL = "http://localhost/admin/uploads/document";

async function json(res: Response) {
  return (await res.json()) as { ok: boolean; message?: string; messageKey?: string } & Record<string, unknown>;
}

describe("POST /admin/uploads/image", () => {
  it("sends an anonymous navigation to /login with a return path, and an anonymous upload a 401 JSON", async () => {
    const nav = await imageUploadResponse(new Request(`${IMAGE_URL}?kind=thumbnail`, { method: "POST" }), null, tEn);
    expect(nav.status).toBe(302);
    expect(nav.headers.get("location")).toBe("/login?from=%2Fadmin%2Fuploads%2Fimage%3Fkind%3Dthumbnail");
    const res = await imageUploadResponse(upload(`${IMAGE_URL}?kind=thumbnail`, await png(), "a.png", "image/png"), null, tAr);
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ ok: false, messageKey: "admin.errors.signInRequired", message: tAr("admin.errors.signInRequired") });
    expect(fs.existsSync(path.join(root, "uploads"))).toBe(false);
  });

  it.each<[string, Actor, "thumbnail" | "photo"]>([
    ["another role", actor("student"), "thumbnail"],
    ["a manager without flags", manager("courses:view", "instructors:view"), "thumbnail"],
    ["a manager who may edit instructors only, for a thumbnail", manager("instructors:edit", "instructors:create"), "thumbnail"],
    ["a manager who may edit courses only, for a photo", manager("courses:edit", "courses:create"), "photo"],
    ["an admin who must still change the generated password", actor("admin", [], { mustChangePassword: true }), "photo"],
  ])("refuses %s (403) without storing anything", async (_who, who, kind) => {
    const res = await imageUploadResponse(upload(`${IMAGE_URL}?kind=${kind}`, await png(), "a.png", "image/png"), who, tEn);
    expect(res.status).toBe(403);
    expect((await json(res)).ok).toBe(false);
    expect(fs.existsSync(path.join(root, "uploads"))).toBe(false);
  });

  it.each<[Permission, "thumbnail" | "photo", number]>([
    ["courses:create", "thumbnail", 800],
    ["courses:edit", "thumbnail", 800],
    ["instructors:create", "photo", 400],
    ["instructors:edit", "photo", 400],
  ])("lets a manager with %s upload a %s", async (permission, kind, width) => {
    const res = await imageUploadResponse(upload(`${IMAGE_URL}?kind=${kind}`, await png(), "a.png", "image/png"), manager(permission), tEn);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json(res);
    expect(body).toMatchObject({ ok: true, width, url: expect.stringMatching(/^\/media\/(images|photos)\/\d{4}\/[a-f0-9]{32}\.webp$/) });
  });

  it("answers a refused file with the translated SPEC message, a 4xx and Connection: close", async () => {
    const res = await imageUploadResponse(upload(`${IMAGE_URL}?kind=photo`, PDF, "me.png", "image/png"), admin, tAr);
    expect(res.status).toBe(415);
    expect(res.headers.get("connection")).toBe("close");
    expect(await json(res)).toEqual({ ok: false, messageKey: "uploads.errors.notImage", message: "يجب أن يكون الملف صورة" });
    const en = await imageUploadResponse(upload(`${IMAGE_URL}?kind=thumbnail`, PDF, "me.png", "image/png"), admin, tEn);
    expect((await json(en)).message).toBe("Please select an image file");
  });

  it("needs a known kind (400)", async () => {
    for (const query of ["", "?kind=banner", "?kind="]) {
      const res = await imageUploadResponse(upload(`${IMAGE_URL}${query}`, await png(), "a.png", "image/png"), admin, tEn);
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe(tEn("uploads.errors.invalidRequest"));
    }
  });

  it("GET tells permitted staff what the route accepts, and refuses the others", async () => {
    const ok = imageUploadInfo(new Request(IMAGE_URL), manager("instructors:edit"), tEn);
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ ok: true, maxBytes: 5_242_880, types: ["image/jpeg", "image/png", "image/webp"] });
    expect(imageUploadInfo(new Request(IMAGE_URL), manager(), tEn).status).toBe(403);
    expect(imageUploadInfo(new Request(IMAGE_URL), null, tEn).status).toBe(302);
  });
});

describe("POST /admin/uploads/document", () => {
  it("stores a PDF for course editors and refuses everyone else", async () => {
    expect((await documentUploadResponse(upload(DOCUMENT_URL, PDF, "a.pdf", "application/pdf"), manager("instructors:edit"), tEn)).status).toBe(403);
    expect((await documentUploadResponse(upload(DOCUMENT_URL, PDF, "a.pdf", "application/pdf"), actor("student"), tEn)).status).toBe(403);
    const anonymous = await documentUploadResponse(new Request(DOCUMENT_URL, { method: "POST" }), null, tEn);
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, "/login?from=%2Fadmin%2Fuploads%2Fdocument"]);
    expect(fs.existsSync(path.join(root, "uploads"))).toBe(false);

    const res = await documentUploadResponse(upload(DOCUMENT_URL, PDF, "Course guide.pdf", "application/pdf"), manager("courses:create"), tEn);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true, key: expect.stringMatching(/^documents\//), fileName: "Course guide.pdf", fileType: "PDF", size: PDF.length });
    expect(documentUploadInfo(new Request(DOCUMENT_URL), manager("courses:edit"), tEn).status).toBe(200);
  });

  it("refuses a PNG renamed .pdf in the reader's language", async () => {
    const res = await documentUploadResponse(upload(DOCUMENT_URL, await png(), "slides.pdf", "application/pdf"), admin, tAr);
    expect(res.status).toBe(415);
    expect((await json(res)).message).toBe(tAr("uploads.errors.pdfOnly"));
    const en = await documentUploadResponse(upload(DOCUMENT_URL, await png(), "slides.pdf", "application/pdf"), admin, tEn);
    expect((await json(en)).message).toBe("Only PDF files are allowed.");
    expect(fs.existsSync(path.join(root, "uploads/private"))).toBe(false);
  });
});

describe("GET /files/documents/:id (D8)", () => {
  async function storedDocument(fileName = "دليل الدورة (1).pdf") {
    const res = await documentUploadResponse(upload(DOCUMENT_URL, PDF, fileName, "application/pdf"), admin, tEn);
    const { key } = (await json(res)) as unknown as { key: string };
    const [course] = await database.db
      .insert(courses)
      // Published: a draft's documents are hidden from staff without courses:publish (courses-admin.test.ts).
      .values({ title: "Private course", slug: `private-${Date.now()}`, language: "en", isPublished: true })
      .returning({ id: courses.id });
    const [doc] = await database.db
      .insert(courseDocuments)
      .values({ courseId: course!.id, storageKey: key, fileName, sizeBytes: PDF.length })
      .returning({ id: courseDocuments.id });
    return { id: doc!.id, key, courseId: course!.id };
  }

  it("streams the PDF to staff with courses:view, private and never cached", async () => {
    const { id } = await storedDocument();
    const res = await documentFileResponse(id, { type: "staff", actor: manager("courses:view") }, tEn);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-length")).toBe(String(PDF.length));
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="____ ______ (1).pdf"; filename*=UTF-8''${encodeURIComponent("دليل الدورة")}%20%281%29.pdf`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("answers 401 to nobody, 403 to staff without courses:view and to other roles, 404 to unknown ids", async () => {
    const { id } = await storedDocument();
    const anonymous = await documentFileResponse(id, null, tAr);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe(tAr("admin.errors.signInRequired"));
    expect((await documentFileResponse(id, { type: "staff", actor: manager("courses:edit") }, tEn)).status).toBe(403);
    expect((await documentFileResponse(id, { type: "staff", actor: actor("student", ["courses:view"]) }, tEn)).status).toBe(403);
    expect((await documentFileResponse(id, { type: "staff", actor: actor("admin", [], { mustChangePassword: true }) }, tEn)).status).toBe(403);
    for (const unknown of [crypto.randomUUID(), "not-a-uuid", "../../etc/passwd"]) {
      const res = await documentFileResponse(unknown, { type: "staff", actor: admin }, tEn);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("Document not found");
    }
  });

  it("refuses documents and uploads to staff whose required second factor is not set up (issue 34 item 3)", async () => {
    const { id } = await storedDocument();
    const pending = actor("admin", [], { needsSecondFactor: true });
    expect((await documentFileResponse(id, { type: "staff", actor: pending }, tEn)).status).toBe(403);
    for (const t of [tEn, tAr]) {
      const image = await imageUploadResponse(upload(`${IMAGE_URL}?kind=thumbnail`, await png(), "a.png", "image/png"), pending, t);
      expect(image.status).toBe(403);
      expect((await json(image)).message).toBe(t("uploads.errors.secondFactorRequired"));
      const doc = await documentUploadResponse(upload(DOCUMENT_URL, PDF, "a.pdf", "application/pdf"), pending, t);
      expect(doc.status).toBe(403);
      expect((await json(doc)).message).toBe(t("uploads.errors.secondFactorRequired"));
    }
    expect(imageUploadInfo(new Request(IMAGE_URL, { headers: { accept: "application/json" } }), pending, tEn).status).toBe(403);
    expect(documentUploadInfo(new Request(DOCUMENT_URL, { headers: { accept: "application/json" } }), pending, tEn).status).toBe(403);
    // Once the second factor is set up, the same account reads and uploads.
    expect((await documentFileResponse(id, { type: "staff", actor: { ...pending, needsSecondFactor: false } }, tEn)).status).toBe(200);
  });

  it("answers 404 when the row exists but the file is gone from storage", async () => {
    const { id, key } = await storedDocument();
    fs.rmSync(path.join(root, "uploads/private", key));
    expect((await documentFileResponse(id, { type: "staff", actor: admin }, tEn)).status).toBe(404);
  });

  it("lets in only the instructor assigned to the course (issue 7; more in instructor-accounts.test.ts)", () => {
    const instructorId = crypto.randomUUID();
    expect(canReadDocument({ type: "instructor", instructorId }, { courseId: crypto.randomUUID(), courseInstructorId: instructorId, forStudents: false })).toBe(true);
    expect(canReadDocument({ type: "instructor", instructorId }, { courseId: crypto.randomUUID(), courseInstructorId: crypto.randomUUID(), forStudents: false })).toBe(false);
    expect(canReadDocument({ type: "instructor", instructorId }, { courseId: crypto.randomUUID(), courseInstructorId: null, forStudents: false })).toBe(false);
    expect(canReadDocument(null, { courseId: crypto.randomUUID(), courseInstructorId: null, forStudents: false })).toBe(false);
    expect(canReadDocument({ type: "staff", actor: admin }, { courseId: crypto.randomUUID(), courseInstructorId: null, forStudents: false })).toBe(true);
  });

  it("writes Content-Disposition safely for any name", () => {
    expect(contentDisposition('a"b\\c.pdf')).toBe(`inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
    expect(contentDisposition("it's (final).pdf")).toBe(`inline; filename="it's (final).pdf"; filename*=UTF-8''it%27s%20%28final%29.pdf`);
  });
});
