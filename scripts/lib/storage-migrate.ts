// The work of `npm run storage:migrate-to-s3` (issue 33 item 4): every file of one storage copied to
// another under the same visibility and key, which is the layout both drivers share (app/lib/storage.server.ts:
// local `uploads/public/<key>` and `uploads/private/<key>`, S3 objects `public/<key>` and `private/<key>`),
// so the app configured for the target finds every file the source held: uploaded images and their
// 400-wide variants, private course documents, the demo images the seed wrote under public/demo/.
//
// Compared by size and SHA-256. The SHA-256 travels as object metadata (`sha256`, which the S3 driver writes
// on every put) rather than being read from the ETag: an ETag is the MD5 of the bytes only for single-part
// uploads without SSE-KMS or SSE-C, and S3-compatible services differ again; our own metadata means the same
// everywhere. The bytes themselves are checked in transit by the Content-MD5 the driver sends (the service
// refuses a write whose bytes differ), and each copy is then read back by a HEAD (size and checksum).
//
// The source is only read, so the command runs beside a running server; a file removed meanwhile (the
// orphan sweep, a deleted course) is counted as gone, not as a failure. Safe to run again: what is there
// with the same size and checksum is left alone.
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import type { Storage, Visibility } from "../../app/lib/storage.server.ts";

export interface MigrationFailure {
  visibility: Visibility;
  key: string;
  reason: string;
}

export interface MigrationSummary {
  /** Files the source holds (public and private). */
  files: number;
  copied: number;
  /** Already in the target with the same size and checksum. */
  alreadyThere: number;
  /** Listed, then removed from the source before they were read. */
  gone: number;
  failed: MigrationFailure[];
  /** Bytes written to the target. */
  bytesCopied: number;
}

export type MigrationOutcome = "copied" | "already-there" | "gone" | "failed";

export interface MigrationOptions {
  /** Files copied at once (each is held in memory while it is copied: documents are at most 50 MB). */
  concurrency?: number;
  /** Told of each file once it is done (progress output). */
  onFile?: (file: { visibility: Visibility; key: string; outcome: MigrationOutcome; reason?: string }) => void;
}

const VISIBILITIES: Visibility[] = ["public", "private"];

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function sha256(data: Buffer): string {
  return crypto.createHash("sha256").update(data).digest("hex");
}

function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.name && err.name !== "Error" && !err.message.includes(err.name) ? `${err.name}: ${err.message}` : err.message;
}

/** Copies one file unless the target has it already; throws on a failure. */
async function copyOne(source: Storage, target: Storage, visibility: Visibility, key: string): Promise<{ outcome: MigrationOutcome; bytes: number }> {
  const [info, file] = await Promise.all([source.head(key, visibility), source.get(key, visibility)]);
  if (!file || !info) {
    file?.body.destroy();
    return { outcome: "gone", bytes: 0 };
  }
  const data = await readAll(file.body);
  const checksum = sha256(data);
  const there = await target.head(key, visibility);
  if (there && there.size === data.length && there.sha256 === checksum) return { outcome: "already-there", bytes: 0 };
  await target.put(key, data, { contentType: info.contentType, visibility, originalName: info.originalName, sha256: checksum });
  const copy = await target.head(key, visibility);
  if (!copy) throw new Error("not found after the upload");
  if (copy.size !== data.length) throw new Error(`size after the upload is ${copy.size}, expected ${data.length}`);
  if (copy.sha256 !== checksum) throw new Error(`checksum after the upload is ${copy.sha256 ?? "missing"}, expected ${checksum}`);
  return { outcome: "copied", bytes: data.length };
}

/** Copies every file of `source` to `target` (same visibility, same key) and says what it did. */
export async function migrateStorage(source: Storage, target: Storage, options: MigrationOptions = {}): Promise<MigrationSummary> {
  const queue: { visibility: Visibility; key: string }[] = [];
  for (const visibility of VISIBILITIES) {
    for await (const file of source.list(visibility, "")) queue.push({ visibility, key: file.key });
  }
  const summary: MigrationSummary = { files: queue.length, copied: 0, alreadyThere: 0, gone: 0, failed: [], bytesCopied: 0 };
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const { visibility, key } = queue[next++]!;
      let outcome: MigrationOutcome;
      let reason: string | undefined;
      try {
        const done = await copyOne(source, target, visibility, key);
        outcome = done.outcome;
        summary.bytesCopied += done.bytes;
      } catch (err) {
        outcome = "failed";
        reason = messageOf(err);
        summary.failed.push({ visibility, key, reason });
      }
      if (outcome === "copied") summary.copied += 1;
      else if (outcome === "already-there") summary.alreadyThere += 1;
      else if (outcome === "gone") summary.gone += 1;
      options.onFile?.({ visibility, key, outcome, reason });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return summary;
}

/** The summary as the command prints it: one line. */
export function summaryLine(summary: MigrationSummary): string {
  const mb = (summary.bytesCopied / (1024 * 1024)).toFixed(1);
  const gone = summary.gone > 0 ? `, ${summary.gone} removed meanwhile` : "";
  return `${summary.files} files: ${summary.copied} copied (${mb} MB), ${summary.alreadyThere} already there, ${summary.failed.length} failed${gone}`;
}
