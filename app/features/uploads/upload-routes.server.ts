// What the upload and document routes answer, given the signed-in staff member (or nobody). The route
// modules only resolve the actor and the translator; these functions hold the rules, so integration
// tests call them with real Requests and a real database.
import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import { courseDocuments, courses } from "@db/schema/index.ts";
import { visibleCourses } from "~/domain/courses/course-visibility.server.ts";
import { db } from "~/lib/db.server.ts";
import { isAppError } from "~/lib/errors.ts";
import { refusalOf } from "~/lib/form-reply.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { hasPermission, type Actor } from "~/lib/permissions.server.ts";
import { staffHold, type Permission } from "~/lib/permissions.ts";
import { getStorage } from "~/lib/storage.server.ts";
import { webStreamOf } from "~/lib/streams.server.ts";
import { proofFile } from "~/domain/payments/proofs.server.ts";
import { canReadDocument, type DocumentAccess, type DocumentReader } from "./document-access.ts";
import {
  DOCUMENT_MAX_BYTES,
  handleDocumentUpload,
  handleImageUpload,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  isImageKind,
  type ImageKind,
} from "~/lib/uploads.server.ts";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Who may upload what: thumbnails for course editors, photos for instructor editors. */
export const UPLOAD_PERMISSIONS: Record<ImageKind | "document", readonly Permission[]> = {
  thumbnail: ["courses:create", "courses:edit"],
  photo: ["instructors:create", "instructors:edit"],
  document: ["courses:create", "courses:edit"],
};
const ANY_IMAGE_PERMISSION = [...UPLOAD_PERMISSIONS.thumbnail, ...UPLOAD_PERMISSIONS.photo];

const NO_STORE = { "Cache-Control": "no-store" };

function reply(status: number, body: Record<string, unknown>, extra: Record<string, string> = {}): Response {
  const headers = new Headers({ ...NO_STORE, ...extra });
  // A refused upload may leave most of its body unread: close the connection rather than read it.
  if (status >= 400) headers.set("Connection", "close");
  return Response.json(body, { status, headers });
}

function failure(t: Translate, status: number, messageKey: string): Response {
  return reply(status, { ok: false, messageKey, message: t(messageKey) });
}

/** Browsers' XMLHttpRequest/fetch from our components ask for JSON; a navigation does not. */
function wantsJson(request: Request): boolean {
  return /\bapplication\/json\b/i.test(request.headers.get("accept") ?? "");
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?from=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

/**
 * The gate of the upload routes (they sit outside the admin layout): nobody → 401 JSON for our
 * components, else 302 to /login; another role, a password still to change, or none of the
 * permissions → 403. Null when the actor may go on.
 */
export function uploadGate(request: Request, actor: Actor | null, t: Translate, anyOf: readonly Permission[]): Response | null {
  if (!actor) return wantsJson(request) ? failure(t, 401, "admin.errors.signInRequired") : loginRedirect(request);
  // The staff gate every admin page uses (staffHold): a role, the password changed, the second factor.
  const hold = staffHold(actor);
  if (hold === "notStaff") return failure(t, 403, "admin.errors.accessDenied");
  if (hold === "changePassword") return failure(t, 403, "uploads.errors.mustChangePassword");
  if (hold === "secondFactor") return failure(t, 403, "uploads.errors.secondFactorRequired");
  if (!anyOf.some((p) => hasPermission(actor, p))) return failure(t, 403, "admin.errors.forbidden");
  return null;
}

function uploadFailure(err: unknown, t: Translate, what: string): Response {
  if (isAppError(err) && err.status < 500) {
    const { status, reply: refusal } = refusalOf(err);
    return reply(status, { ...refusal, message: t(refusal.messageKey) });
  }
  logger.error({ err }, `${what} upload failed`);
  return failure(t, 500, "uploads.errors.saveFailed");
}

/** GET of an upload route: what it accepts (for a permitted staff member). */
export function imageUploadInfo(request: Request, actor: Actor | null, t: Translate): Response {
  const denied = uploadGate(request, actor, t, ANY_IMAGE_PERMISSION);
  if (denied) return denied;
  return reply(200, { ok: true, method: "POST", field: "file", kinds: ["thumbnail", "photo"], maxBytes: IMAGE_MAX_BYTES, types: IMAGE_TYPES });
}

/** POST /admin/uploads/image?kind=thumbnail|photo with a multipart `file`. */
export async function imageUploadResponse(request: Request, actor: Actor | null, t: Translate): Promise<Response> {
  const denied = uploadGate(request, actor, t, ANY_IMAGE_PERMISSION);
  if (denied) return denied;
  const kind = new URL(request.url).searchParams.get("kind");
  if (!isImageKind(kind)) return failure(t, 400, "uploads.errors.invalidRequest");
  const deniedKind = uploadGate(request, actor, t, UPLOAD_PERMISSIONS[kind]);
  if (deniedKind) return deniedKind;
  try {
    const result = await handleImageUpload(request, kind);
    return reply(200, { ok: true, ...result });
  } catch (err) {
    return uploadFailure(err, t, "image");
  }
}

export function documentUploadInfo(request: Request, actor: Actor | null, t: Translate): Response {
  const denied = uploadGate(request, actor, t, UPLOAD_PERMISSIONS.document);
  if (denied) return denied;
  return reply(200, { ok: true, method: "POST", field: "file", maxBytes: DOCUMENT_MAX_BYTES, types: ["application/pdf"] });
}

/** POST /admin/uploads/document with a multipart `file` (one PDF). */
export async function documentUploadResponse(request: Request, actor: Actor | null, t: Translate): Promise<Response> {
  const denied = uploadGate(request, actor, t, UPLOAD_PERMISSIONS.document);
  if (denied) return denied;
  try {
    const result = await handleDocumentUpload(request);
    return reply(200, { ok: true, ...result });
  } catch (err) {
    return uploadFailure(err, t, "document");
  }
}

// ---------------------------------------------------------------------------------------------------
// Private documents (D8)

export { canReadDocument, type DocumentReader } from "./document-access.ts";

export interface DocumentRecord extends DocumentAccess {
  id: string;
  storageKey: string;
  fileName: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A document as this reader may know of it: for staff, a document of a draft course exists only with
 * courses:publish (course-visibility.server.ts), so without it the answer is "unknown" (404), not 403.
 */
export async function findDocument(id: string, reader: DocumentReader): Promise<DocumentRecord | null> {
  if (!UUID_RE.test(id)) return null;
  const [row] = await db()
    .select({
      id: courseDocuments.id,
      courseId: courseDocuments.courseId,
      courseInstructorId: courses.instructorId,
      storageKey: courseDocuments.storageKey,
      fileName: courseDocuments.fileName,
      forStudents: courseDocuments.forStudents,
    })
    .from(courseDocuments)
    .innerJoin(courses, eq(courses.id, courseDocuments.courseId))
    .where(and(eq(courseDocuments.id, id), reader.type === "staff" ? visibleCourses(reader.actor) : undefined));
  return row ?? null;
}

/** `inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / 8187), safe for any name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * GET /files/documents/:id: the PDF to a reader who may see it; 401 nobody, 403 not allowed, 404 unknown
 * (a draft's document, to staff without courses:publish, is unknown).
 */
export async function documentFileResponse(id: string, reader: DocumentReader | null, t: Translate): Promise<Response> {
  if (!reader) return plain(401, t("admin.errors.signInRequired"));
  const document = await findDocument(id, reader);
  if (!document) return plain(404, t("uploads.errors.documentNotFound"));
  if (!canReadDocument(reader, document)) return plain(403, t("admin.errors.forbidden"));
  const file = await getStorage().get(document.storageKey, "private");
  if (!file) {
    logger.warn({ id, key: document.storageKey }, "course document missing from storage");
    return plain(404, t("uploads.errors.documentNotFound"));
  }
  return new Response(webStreamOf(file.body), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(document.fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // Only this site's pages may load it (no cross-site embedding of a private document).
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

/**
 * GET /admin/payments/proofs/:id: a student's proof of payment, to staff with payments:view only (issue 37
 * item 9); nobody is sent to sign in (401 for a JSON caller), 403 not allowed, 404 unknown. Shown inline (an image in the queue, a PDF in a new
 * tab), never cached, never embedded by another site, and sandboxed: a PDF's scripts do not run as ours.
 */
export async function proofFileResponse(request: Request, id: string, actor: Actor | null, t: Translate): Promise<Response> {
  // The admin pages' gate: nobody → sign in and come back; another role, a password to change, a second
  // factor to set up, or no payments:view → 403.
  const denied = uploadGate(request, actor, t, ["payments:view"]);
  if (denied || !actor) return denied ?? plain(401, t("admin.errors.signInRequired"));
  const proof = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? await proofFile(actor, id) : null;
  const file = proof ? await getStorage().get(proof.key, "private") : null;
  if (!proof || !file) {
    if (proof) logger.warn({ id, key: proof.key }, "proof of payment missing from storage");
    return plain(404, t("adminPayments.errors.notFound"));
  }
  // The name the student's file had, with the extension of what is kept (a photo is kept as WebP).
  const name = `${(proof.originalName ?? "proof").replace(/\.[A-Za-z0-9]{1,5}$/, "")}.${proof.contentType === "application/pdf" ? "pdf" : "webp"}`;
  return new Response(webStreamOf(file.body), {
    status: 200,
    headers: {
      "Content-Type": proof.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
}
