// Uploads (issue 5, D8, D15, D22, QUALITY upload rules): multipart bodies are parsed as they stream
// (busboy); the size limit is enforced while the bytes arrive (and from Content-Length before any is
// read); the type is decided by the content (file-type), never by the name or the browser's MIME type;
// images are re-encoded by sharp to WebP without metadata and with a pixel limit; everything is stored
// under generated keys, the original file name kept as metadata only.
import crypto from "node:crypto";
import path from "node:path";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "./errors.ts";
import { logger } from "./logger.server.ts";
import { env } from "./env.server.ts";
import { createLocalStorage, getStorage, keyFromMediaUrl, type Storage } from "./storage.server.ts";
import { nodeStreamOf } from "./streams.server.ts";
import { cleanFileName, documentFileName } from "./file-name.ts";
import { isOneOf } from "./validation.ts";

/** SPEC §9: images up to 5MB (5 242 880 bytes). */
export const IMAGE_MAX_BYTES = 5_242_880;
/** SPEC §9: PDFs up to 50MB. */
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
/** Decoded images larger than this many pixels are refused before decoding ('Image dimensions are too large'). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Room for the multipart boundaries and part headers around the file in a request's Content-Length. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** file-type reads at most this many bytes from the start of a file. */
const SNIFF_BYTES = 4100;

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export type ImageKind = "thumbnail" | "photo";

export function isImageKind(value: unknown): value is ImageKind {
  return value === "thumbnail" || value === "photo";
}

/** Output sizes: thumbnails 800×600 plus a 400-wide variant for srcset; photos 400×400. */
export const IMAGE_SIZES = {
  thumbnail: { width: 800, height: 600, variant: { width: 400, height: 300 } },
  photo: { width: 400, height: 400, variant: undefined },
} as const;

export interface ImageUploadResult {
  url: string;
  key: string;
  width: number;
  height: number;
  /** `srcset` for <img> (thumbnails only: the 400-wide variant and the 800-wide image). */
  srcset?: string;
}

export interface DocumentUploadResult {
  key: string;
  fileName: string;
  fileType: "PDF";
  size: number;
}

/** Locale keys of the upload messages (app/locales/{en,ar}/uploads.json). */
export const UPLOAD_MESSAGES = {
  noFile: "uploads.errors.noFile",
  selectImage: "uploads.errors.selectImage",
  notImage: "uploads.errors.notImage",
  imageTypes: "uploads.errors.imageTypes",
  imageTooLarge: "uploads.errors.imageTooLarge",
  fileTooLarge: "uploads.errors.fileTooLarge",
  pdfOnly: "uploads.errors.pdfOnly",
  pdfTooLarge: "uploads.errors.pdfTooLarge",
  dimensionsTooLarge: "uploads.errors.dimensionsTooLarge",
  interrupted: "uploads.errors.interrupted",
  badFields: "uploads.errors.badFields",
} as const;

/** Which SPEC message each kind uses (SPEC §5: course thumbnail vs instructor photo vs generic). */
const IMAGE_MESSAGES: Record<ImageKind, { notImage: string; tooLarge: string }> = {
  thumbnail: { notImage: UPLOAD_MESSAGES.selectImage, tooLarge: UPLOAD_MESSAGES.imageTooLarge },
  photo: { notImage: UPLOAD_MESSAGES.notImage, tooLarge: UPLOAD_MESSAGES.fileTooLarge },
};

/** An AppError with the HTTP status that fits an upload refusal (413 too large, 415 wrong type, 400). */
export class UploadError extends AppError {
  override name = "UploadError";
  readonly httpStatus: 400 | 413 | 415;
  /** The form's other fields read before the refusal (so a form can keep what was typed). */
  received: Record<string, string> = {};
  constructor(messageKey: string, httpStatus: 400 | 413 | 415 = 400) {
    super("bad_request", messageKey);
    this.httpStatus = httpStatus;
  }
  override get status(): number {
    return this.httpStatus;
  }
}

const tooLarge = (key: string) => new UploadError(key, 413);
const wrongType = (key: string) => new UploadError(key, 415);

// ---------------------------------------------------------------------------------------------------
// Streaming multipart

/** A body that ends early was interrupted; any other malformed body carries no usable file. */
function bodyError(err: unknown): UploadError {
  if (err instanceof UploadError) return err;
  return new UploadError(err instanceof Error && /unexpected end/i.test(err.message) ? UPLOAD_MESSAGES.interrupted : UPLOAD_MESSAGES.noFile);
}

interface ReceivedFile {
  data: Buffer;
  fileName: string;
  /** The form's other fields, sent before or after the file (each name once; a repeated name is refused). */
  fields: Record<string, string>;
}

interface ReceiveOptions {
  maxBytes: number;
  tooLargeKey: string;
  /** Inspects the first bytes (up to SNIFF_BYTES); throws an UploadError to refuse the file. */
  check(head: Buffer): Promise<void>;
}

/**
 * Reads the one file of a multipart request. Over the limit: refused at once and the body is not read
 * further (the stream is cancelled). A refused type: the rest of the file is discarded without being
 * kept (at most up to the limit), so the browser still receives the answer.
 */
async function receiveFile(request: Request, options: ReceiveOptions): Promise<ReceivedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw new UploadError(UPLOAD_MESSAGES.noFile);
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD) {
    // Refused before a byte is read.
    throw tooLarge(options.tooLargeKey);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { files: 1, fileSize: options.maxBytes + 1, fields: 20, fieldSize: 4096, parts: 25, headerPairs: 50 },
    });
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.noFile);
  }
  const source = nodeStreamOf(request.body);

  return new Promise<ReceivedFile>((resolve, reject) => {
    let settled = false;
    let seen = false;
    let fileDone: Promise<ReceivedFile | null> = Promise.resolve(null);
    let refused: UploadError | undefined;
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;

    const abort = (err: unknown) => {
      if (settled) return;
      settled = true;
      if (err instanceof UploadError) err.received = { ...fields };
      source.unpipe(parser);
      // Stops reading the body: cancels the request stream.
      source.destroy();
      reject(err);
    };

    parser.on("field", (name, value, info) => {
      if (settled) return;
      if (info.valueTruncated || name in fields) abort(new UploadError(UPLOAD_MESSAGES.badFields));
      else fields[name] = value;
    });
    parser.on("file", (_field, stream, info) => {
      if (seen || settled) {
        stream.resume();
        return;
      }
      seen = true;
      fileDone = new Promise<ReceivedFile | null>((resolveFile) => {
        const chunks: Buffer[] = [];
        let total = 0;
        let sniffing: Promise<void> | undefined;
        const sniff = (head: Buffer) =>
          options.check(head).catch((err: unknown) => {
            // A refused type: read on to the end without keeping anything, then answer.
            if (err instanceof UploadError) refused ??= err;
            else abort(err);
            chunks.length = 0;
          });
        stream.on("data", (chunk: Buffer) => {
          if (settled) return;
          total += chunk.length;
          if (total > options.maxBytes) {
            abort(refused ?? tooLarge(options.tooLargeKey));
            return;
          }
          if (refused) return;
          chunks.push(chunk);
          if (!sniffing && total >= SNIFF_BYTES) {
            stream.pause();
            sniffing = sniff(Buffer.concat(chunks)).then(() => {
              stream.resume();
            });
          }
        });
        stream.on("limit", () => abort(refused ?? tooLarge(options.tooLargeKey)));
        stream.on("error", (err) => abort(bodyError(err)));
        stream.on("end", () => {
          void (async () => {
            await sniffing;
            if (settled || total === 0) return resolveFile(null);
            const data = Buffer.concat(chunks);
            if (!sniffing && !refused) await sniff(data);
            resolveFile(refused ? null : { data, fileName: info.filename ?? "", fields });
          })();
        });
      });
    });

    parser.on("close", () => {
      void fileDone.then((file) => {
        if (settled) return;
        settled = true;
        if (refused) {
          refused.received = { ...fields };
          reject(refused);
        }
        else if (!file) reject(new UploadError(UPLOAD_MESSAGES.noFile));
        else resolve(file);
      });
    });
    parser.on("error", (err) => abort(bodyError(err)));
    source.on("error", () => abort(new UploadError(UPLOAD_MESSAGES.interrupted)));
    source.pipe(parser);
  });
}

// ---------------------------------------------------------------------------------------------------
// Keys

function randomId(): string {
  return crypto.randomBytes(16).toString("hex");
}

const THUMBNAIL_KEY_RE = /^images\/\d{4}\/[a-f0-9]{32}\.webp$/;
const PHOTO_KEY_RE = /^photos\/\d{4}\/[a-f0-9]{32}\.webp$/;
const DOCUMENT_KEY_RE = /^documents\/[a-f0-9]{32}\.pdf$/;

/** Thumbnails `images/<yyyy>/<random>.webp` (+ `-400.webp`); photos `photos/<yyyy>/<random>.webp`. */
function newImageKey(kind: ImageKind): string {
  return `${kind === "thumbnail" ? "images" : "photos"}/${new Date().getUTCFullYear()}/${randomId()}.webp`;
}

function variantKeyOf(key: string): string {
  return key.replace(/\.webp$/, "-400.webp");
}

/** True for a key made by handleDocumentUpload (`documents/<random>.pdf`). */
export function isDocumentKey(key: unknown): key is string {
  return typeof key === "string" && DOCUMENT_KEY_RE.test(key);
}

// ---------------------------------------------------------------------------------------------------
// Images

async function checkImageHead(head: Buffer, kind: ImageKind): Promise<void> {
  const type = await fileTypeFromBuffer(head);
  if (!type || !type.mime.startsWith("image/")) throw wrongType(IMAGE_MESSAGES[kind].notImage);
  if (!isOneOf(type.mime, IMAGE_TYPES)) throw wrongType(UPLOAD_MESSAGES.imageTypes);
}

async function encodeImage(data: Buffer, kind: ImageKind) {
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Only the header is read here, so no pixel limit yet: the check below says what is wrong.
    ({ width, height } = await sharp(data, { limitInputPixels: false }).metadata());
  } catch {
    throw wrongType(IMAGE_MESSAGES[kind].notImage);
  }
  if (!width || !height) throw wrongType(IMAGE_MESSAGES[kind].notImage);
  // Checked from the header, before any pixel is decoded (a small file can claim a huge image).
  if (width * height > MAX_INPUT_PIXELS) throw new UploadError(UPLOAD_MESSAGES.dimensionsTooLarge, 413);

  const size = IMAGE_SIZES[kind];
  const render = (w: number, h: number) =>
    sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true })
      .resize(w, h, { fit: "cover" })
      // No withMetadata/keepMetadata: EXIF, XMP, ICC and comments are all dropped.
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  try {
    const main = await render(size.width, size.height);
    const variant = size.variant ? await render(size.variant.width, size.variant.height) : undefined;
    return { main, variant };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new UploadError(UPLOAD_MESSAGES.dimensionsTooLarge, 413);
    }
    // A file with an image signature that does not decode.
    throw wrongType(IMAGE_MESSAGES[kind].notImage);
  }
}

/**
 * Receives one image from a multipart request (field `file`), checks and re-encodes it to WebP, and
 * stores it publicly. The caller has checked the permission. Throws UploadError (an AppError).
 */
export async function handleImageUpload(request: Request, kind: ImageKind): Promise<ImageUploadResult> {
  const messages = IMAGE_MESSAGES[kind];
  const file = await receiveFile(request, {
    maxBytes: IMAGE_MAX_BYTES,
    tooLargeKey: messages.tooLarge,
    check: (head) => checkImageHead(head, kind),
  });
  const { main, variant } = await encodeImage(file.data, kind);
  const storage = getStorage();
  const key = newImageKey(kind);
  const originalName = cleanFileName(file.fileName, "image");
  await storage.put(key, main.data, { contentType: "image/webp", visibility: "public", originalName });
  if (variant) {
    try {
      await storage.put(variantKeyOf(key), variant.data, { contentType: "image/webp", visibility: "public", originalName });
    } catch (err) {
      await storage.delete(key, "public").catch(() => {});
      throw err;
    }
  }
  const url = storage.publicUrl(key);
  return {
    url,
    key,
    width: main.info.width,
    height: main.info.height,
    srcset: variant ? `${storage.publicUrl(variantKeyOf(key))} ${variant.info.width}w, ${url} ${main.info.width}w` : undefined,
  };
}

/**
 * The storages that may hold a public URL, in the order server.ts looks: the configured one; on S3, a
 * /media URL names a key in the bucket too (where storage:migrate-to-s3 copied the files saved before the
 * move, also behind S3_PUBLIC_URL) and on this instance's local disk (demo images the seed wrote there).
 */
function storagesForUrl(url: string): { storage: Storage; key: string }[] {
  const storage = getStorage();
  const mediaKey = storage.kind === "local" ? null : keyFromMediaUrl(url);
  const key = storage.keyFromPublicUrl(url) ?? mediaKey;
  const found = key ? [{ storage, key }] : [];
  if (mediaKey) found.push({ storage: createLocalStorage(path.resolve(env().DATA_DIR, "uploads")), key: mediaKey });
  return found;
}

/** The storage key behind one of our public image URLs (generated or demo), or null. */
export function storedImageKey(url: string | null | undefined): string | null {
  if (!url) return null;
  return storagesForUrl(url)[0]?.key ?? null;
}

/**
 * True when `url` is an image made by handleImageUpload of that kind: what a form may submit as a new
 * thumbnail or photo (besides '' for "remove" and the value it already had).
 */
export function isUploadedImageUrl(url: unknown, kind: ImageKind): url is string {
  if (typeof url !== "string") return false;
  const key = getStorage().keyFromPublicUrl(url);
  return key !== null && (kind === "thumbnail" ? THUMBNAIL_KEY_RE : PHOTO_KEY_RE).test(key);
}

/**
 * Removes one of our images (and its 400-wide variant) from storage (D22). URLs that are not ours are
 * ignored. Never throws: a failure is logged (call it after the database change is committed).
 */
export async function deleteStoredImage(url: string | null | undefined): Promise<void> {
  if (!url) return;
  for (const { storage, key } of storagesForUrl(url)) {
    try {
      await storage.delete(key, "public");
      if (THUMBNAIL_KEY_RE.test(key)) await storage.delete(variantKeyOf(key), "public");
    } catch (err) {
      logger.warn({ err, key }, "could not delete a stored image");
    }
  }
}

/** `srcset` for a thumbnail URL that has a 400-wide variant; undefined otherwise (demo, photo, external). */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const storage = getStorage();
  const key = storage.keyFromPublicUrl(url);
  if (!key || !THUMBNAIL_KEY_RE.test(key)) return undefined;
  const { width, variant } = IMAGE_SIZES.thumbnail;
  return `${storage.publicUrl(variantKeyOf(key))} ${variant.width}w, ${url} ${width}w`;
}

// ---------------------------------------------------------------------------------------------------
// Documents

async function checkPdfHead(head: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(head);
  if (type?.mime !== "application/pdf") throw wrongType(UPLOAD_MESSAGES.pdfOnly);
}

/**
 * Receives one PDF from a multipart request (field `file`), checks it by content and stores it
 * privately (D8). The caller has checked the permission. Throws UploadError (an AppError).
 */
export { cleanFileName };

export async function handleDocumentUpload(request: Request): Promise<DocumentUploadResult> {
  const file = await receiveFile(request, {
    maxBytes: DOCUMENT_MAX_BYTES,
    tooLargeKey: UPLOAD_MESSAGES.pdfTooLarge,
    check: checkPdfHead,
  });
  const fileName = documentFileName(file.fileName);
  const key = `documents/${randomId()}.pdf`;
  await getStorage().put(key, file.data, { contentType: "application/pdf", visibility: "private", originalName: fileName });
  return { key, fileName, fileType: "PDF", size: file.data.length };
}

/** Size of a stored document, or null when there is none (to check keys a form sends back). */
export async function storedDocumentSize(key: string): Promise<number | null> {
  if (!isDocumentKey(key)) return null;
  const file = await getStorage().get(key, "private");
  if (!file) return null;
  file.body.destroy();
  return file.size;
}

/** Removes a stored document (D22). Keys not made by handleDocumentUpload are ignored. Never throws. */
export async function deleteStoredDocument(key: string | null | undefined): Promise<void> {
  if (!isDocumentKey(key)) return;
  try {
    await getStorage().delete(key, "private");
  } catch (err) {
    logger.warn({ err, key }, "could not delete a stored document");
  }
}

/**
 * The bytes of one of our public images (an upload or a demo image) by its URL; null when the URL is not
 * ours (never fetched from elsewhere) or the file is gone. Used to derive images (app/lib/og-image.server.ts).
 */
export async function readPublicImage(url: string | null | undefined): Promise<Buffer | null> {
  if (!url) return null;
  for (const { storage, key } of storagesForUrl(url)) {
    const file = await storage.get(key, "public").catch(() => null);
    if (!file || file.size > IMAGE_MAX_BYTES * 4) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Proofs of payment (issue 37 item 4): a photo or a PDF of a transfer, from the student's page

/** A proof is a photo (re-encoded to WebP) or a PDF (kept as sent), up to 5 MB, always private. */
export const PROOF_MAX_BYTES = IMAGE_MAX_BYTES;
/** A proof photo is kept readable (a receipt's small print) but no larger than this on its long side. */
const PROOF_LONG_SIDE = 1600;
const PROOF_KEY_RE = /^proofs\/\d{4}\/[a-f0-9]{32}\.(webp|pdf)$/;

export interface StoredProof {
  key: string;
  contentType: "image/webp" | "application/pdf";
  size: number;
  originalName: string;
  /** The form's other fields (amount, method, reference), for the caller's schema. */
  fields: Record<string, string>;
}

async function checkProofHead(head: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(head);
  if (type?.mime !== "application/pdf" && !isOneOf(type?.mime, IMAGE_TYPES)) throw wrongType(UPLOAD_MESSAGES.notImage);
}

async function encodeProofImage(data: Buffer): Promise<Buffer> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(data, { limitInputPixels: false }).metadata());
  } catch {
    throw wrongType(UPLOAD_MESSAGES.notImage);
  }
  if (!width || !height) throw wrongType(UPLOAD_MESSAGES.notImage);
  if (width * height > MAX_INPUT_PIXELS) throw new UploadError(UPLOAD_MESSAGES.dimensionsTooLarge, 413);
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true })
      .resize(PROOF_LONG_SIDE, PROOF_LONG_SIDE, { fit: "inside", withoutEnlargement: true })
      // No metadata kept: a phone's photo carries where and when it was taken.
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw wrongType(UPLOAD_MESSAGES.notImage);
  }
}

/**
 * Receives a proof of payment from a multipart request (field `file`, the other fields returned as text):
 * checked by content, an image re-encoded to WebP without metadata, a PDF kept as sent; stored privately
 * under a generated key. The caller has checked who may send it and removes the file if it cannot keep
 * the record (deleteStoredProof). Throws UploadError.
 */
export async function receiveProof(request: Request): Promise<StoredProof> {
  const file = await receiveFile(request, { maxBytes: PROOF_MAX_BYTES, tooLargeKey: UPLOAD_MESSAGES.fileTooLarge, check: checkProofHead });
  const isPdf = (await fileTypeFromBuffer(file.data.subarray(0, SNIFF_BYTES)))?.mime === "application/pdf";
  const bytes = isPdf ? file.data : await encodeProofImage(file.data);
  const contentType = isPdf ? "application/pdf" : "image/webp";
  const key = `proofs/${new Date().getUTCFullYear()}/${randomId()}.${isPdf ? "pdf" : "webp"}`;
  const originalName = cleanFileName(file.fileName, isPdf ? "proof.pdf" : "proof");
  await getStorage().put(key, bytes, { contentType, visibility: "private", originalName });
  return { key, contentType, size: bytes.length, originalName, fields: file.fields };
}

/** True for a key made by receiveProof. */
export function isProofKey(key: unknown): key is string {
  return typeof key === "string" && PROOF_KEY_RE.test(key);
}

/** Removes a stored proof (a record that could not be kept, an erasure). Never throws. */
export async function deleteStoredProof(key: string): Promise<void> {
  if (!isProofKey(key)) return;
  try {
    await getStorage().delete(key, "private");
  } catch (err) {
    logger.warn({ err, key }, "could not delete a stored proof");
  }
}
