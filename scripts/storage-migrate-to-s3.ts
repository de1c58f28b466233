// `npm run storage:migrate-to-s3`: copies every file under DATA_DIR/uploads (public images, private course
// documents, demo images) to the bucket the S3_* variables name, where the app looks for them once it is
// started with the same variables (README, "Moving to S3"). Each copy is verified by size and SHA-256; a
// file already there with the same size and checksum is left alone, so a second run copies nothing. It
// only reads DATA_DIR, so the server keeps running meanwhile. Exit code 1 when any file failed.
//
//   S3_BUCKET=academy-media S3_REGION=eu-central-1 ... npm run storage:migrate-to-s3
import path from "node:path";
import { envOrExit, loadDotEnv } from "../app/lib/env.server.ts";
import { createLocalStorage, createStorageFromEnv, describeStorage } from "../app/lib/storage.server.ts";
import { migrateStorage, summaryLine } from "./lib/storage-migrate.ts";

loadDotEnv();
const env = envOrExit();

if (!env.S3_BUCKET) {
  console.error("S3_BUCKET is not set: give the S3_* variables the app will run with (README, \"Moving to S3\"); nothing was copied.");
  process.exit(1);
}

const uploads = path.resolve(env.DATA_DIR, "uploads");
const source = createLocalStorage(uploads);
const target = createStorageFromEnv(env);
const where = describeStorage(env).text;

// One clear line when the bucket cannot be reached, rather than one failure per file.
const CHECK_TIMEOUT_MS = 10_000;
try {
  await target.check({ timeoutMs: CHECK_TIMEOUT_MS });
} catch (err) {
  const reason =
    err instanceof Error && err.name === "AbortError"
      ? `no answer within ${CHECK_TIMEOUT_MS / 1000} s`
      : err instanceof Error
        ? err.message || err.name
        : String(err);
  console.error(`Cannot reach ${where}: ${reason}; nothing was copied.`);
  process.exit(1);
}

console.log(`Copying ${uploads} to ${where} ...`);
const summary = await migrateStorage(source, target, {
  onFile: ({ visibility, key, outcome, reason }) => {
    if (outcome === "failed") console.error(`failed  ${visibility}/${key}: ${reason}`);
  },
});
console.log(summaryLine(summary));
if (summary.failed.length > 0) {
  console.error("Some files were not copied: run the command again (what is there already is not copied twice).");
  process.exit(1);
}
process.exit(0);
