// Browser side of the upload routes: one file per request through XMLHttpRequest, so the real byte
// progress is known (D15: uploading n% → processing → done or the error). Also the client pre-checks
// with the SPEC messages (the server checks again, by content). The server's JSON reply is parsed with the
// route's schema (uploadedImage, uploadedDocument) before anyone reads it.
import { z } from "zod";

export const IMAGE_MAX_BYTES = 5_242_880;
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
export const DOCUMENT_ACCEPT = "application/pdf,.pdf";

export type ImageKind = "thumbnail" | "photo";

/** The reply of POST /admin/uploads/image (besides `ok`). */
export const uploadedImage = z.object({
  url: z.string(),
  key: z.string(),
  width: z.number(),
  height: z.number(),
  srcset: z.string().optional(),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

/** The reply of POST /admin/uploads/document (besides `ok`). */
export const uploadedDocument = z.object({ key: z.string(), fileName: z.string(), fileType: z.literal("PDF"), size: z.number() });
export type UploadedDocument = z.infer<typeof uploadedDocument>;

const success = z.object({ ok: z.literal(true) });
const failureMessage = z.object({ message: z.string().min(1) });

/** A failed upload; `message` is already translated (from the server, or the network message). */
export class UploadFailure extends Error {
  override name = "UploadFailure";
}

export interface UploadHandlers {
  /** Bytes sent so far, 0-100. */
  onProgress(percent: number): void;
  /** Every byte is sent: the server is now checking and processing. */
  onProcessing(): void;
}

export interface RunningUpload<T> {
  done: Promise<T>;
  abort(): void;
}

/** Posts `file` as the multipart field `file`; resolves with the JSON reply's data (read by `reply`) when `ok`. */
export function sendFile<T>(
  url: string,
  file: File,
  reply: z.ZodType<T>,
  handlers: UploadHandlers,
  messages: { network: string; aborted: string },
): RunningUpload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) handlers.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.upload.onload = () => {
      handlers.onProgress(100);
      handlers.onProcessing();
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      const data = xhr.status >= 200 && xhr.status < 300 && success.safeParse(body).success ? reply.safeParse(body) : undefined;
      if (data?.success) resolve(data.data);
      else {
        const failure = failureMessage.safeParse(body);
        reject(new UploadFailure(failure.success ? failure.data.message : `${xhr.status} ${xhr.statusText}`.trim()));
      }
    };
    xhr.onerror = () => reject(new UploadFailure(messages.network));
    xhr.ontimeout = () => reject(new UploadFailure(messages.network));
    xhr.onabort = () => reject(new UploadFailure(messages.aborted));
    const body = new FormData();
    body.append("file", file, file.name);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

/** The upload route URL, carrying the page language so the server answers in it. */
export function uploadUrl(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params).toString()}`;
}

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** The SPEC §5 check of a chosen image, before sending it: a locale key, or null when it may go. */
export function precheckImage(file: File, kind: ImageKind): string | null {
  if (kind === "thumbnail") {
    if (!file.type.startsWith("image/")) return "uploads.errors.selectImage";
    if (!IMAGE_TYPES.includes(file.type)) return "uploads.errors.imageTypes";
    if (file.size > IMAGE_MAX_BYTES) return "uploads.errors.imageTooLarge";
    return null;
  }
  if (!IMAGE_TYPES.includes(file.type)) return "uploads.errors.imageTypes";
  if (file.size > IMAGE_MAX_BYTES) return "uploads.errors.fileTooLarge";
  return null;
}

/** The SPEC §5 check of a chosen document: a locale key, or null. */
export function precheckDocument(file: File): string | null {
  const isPdf = file.type === "application/pdf" || (file.type === "" && /\.pdf$/i.test(file.name));
  if (!isPdf) return "uploads.errors.pdfOnly";
  if (file.size > DOCUMENT_MAX_BYTES) return "uploads.errors.pdfTooLarge";
  if (file.size === 0) return "uploads.errors.noFile";
  return null;
}

/**
 * The file input is visually hidden (still focusable, and labelled by the field label and this button
 * text); its label is drawn as a button in the page language instead of the browser's own wording.
 */
export const FILE_INPUT_CLASS = "peer sr-only";
export const FILE_BUTTON_CLASS =
  "inline-flex w-fit cursor-pointer items-center gap-2 rounded-lg border border-teal-800 bg-white px-3 py-2 text-sm font-semibold text-teal-900 hover:bg-teal-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-800 peer-disabled:cursor-not-allowed peer-disabled:opacity-60";
