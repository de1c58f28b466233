// Uploads that were never saved (a form opened, an image uploaded, the dialog closed) would stay in
// storage for ever. The sweep removes generated upload files that no database row points at, once they
// are old enough that no open form can still be about to save them.
import { runPeriodically, type Periodic } from "~/lib/periodic.server.ts";
import { isNotNull } from "drizzle-orm";
import { courseDocuments, courses, instructors } from "@db/schema/index.ts";
import { db, type Executor } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { getStorage, keyFromMediaUrl, type Storage, type Visibility } from "~/lib/storage.server.ts";

/** A file younger than this is left alone: the form that uploaded it may still be open. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Only keys the upload code generates are ever candidates (demo images and anything else are not). */
const GENERATED: Record<Visibility, RegExp> = {
  public: /^(images|photos)\/\d{4}\/[a-f0-9]{32}(-400)?\.webp$/,
  private: /^documents\/[a-f0-9]{32}\.pdf$/,
};
const PREFIXES: Record<Visibility, string[]> = { public: ["images/", "photos/"], private: ["documents/"] };

async function referencedKeys(executor: Executor, storage: Storage): Promise<Record<Visibility, Set<string>>> {
  const [thumbs, photos, docs, legacy] = await Promise.all([
    executor.select({ url: courses.thumbnailUrl }).from(courses).where(isNotNull(courses.thumbnailUrl)),
    executor.select({ url: instructors.photoUrl }).from(instructors).where(isNotNull(instructors.photoUrl)),
    executor.select({ key: courseDocuments.storageKey }).from(courseDocuments),
    executor.select({ key: courses.pdfUrl }).from(courses).where(isNotNull(courses.pdfUrl)),
  ]);
  const publicKeys = new Set<string>();
  for (const { url } of [...thumbs, ...photos]) {
    // A /media URL saved before a move to S3 still names its file there (the bucket's copy is in use).
    const key = url ? (storage.keyFromPublicUrl(url) ?? keyFromMediaUrl(url)) : null;
    if (!key) continue;
    publicKeys.add(key);
    publicKeys.add(key.replace(/\.webp$/, "-400.webp"));
  }
  const privateKeys = new Set<string>();
  for (const { key } of [...docs, ...legacy]) if (key) privateKeys.add(key);
  return { public: publicKeys, private: privateKeys };
}

export interface SweepResult {
  removed: string[];
}

/**
 * Removes generated upload files older than `graceMs` that no course, instructor or course document
 * refers to. Safe to run on several instances at once (deleting is idempotent).
 */
export async function sweepOrphanedUploads(
  options: { graceMs?: number; now?: Date; storage?: Storage; executor?: Executor } = {},
): Promise<SweepResult> {
  const storage = options.storage ?? getStorage();
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  const referenced = await referencedKeys(options.executor ?? db(), storage);
  const removed: string[] = [];
  for (const visibility of ["public", "private"] as const) {
    for (const prefix of PREFIXES[visibility]) {
      for await (const file of storage.list(visibility, prefix)) {
        if (!GENERATED[visibility].test(file.key)) continue;
        if (referenced[visibility].has(file.key) || file.lastModified.getTime() > cutoff) continue;
        await storage.delete(file.key, visibility);
        removed.push(`${visibility}/${file.key}`);
      }
    }
  }
  if (removed.length > 0) logger.info({ count: removed.length }, "removed orphaned uploads");
  return { removed };
}

/** Runs the sweep a minute after start and then every six hours; `stop` cancels it. */
export function scheduleOrphanSweep(intervalMs = 6 * 60 * 60 * 1000): Periodic {
  return runPeriodically("orphaned upload sweep", sweepOrphanedUploads, { firstMs: 60_000, intervalMs });
}
