// Process lifecycle: open and migrate the database, seed, create the first admin, run the outbox worker
// and the orphan sweep. The start-up wiring of the whole app, and so the one module outside app/routes
// and app/features that may import features (eslint.config.js). Exported through entry.server so
// server.ts shares the very module instances the routes use; the running state it sets is read through
// app/lib/app.server.ts.
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { user } from "@db/schema/index.ts";
import { seedDefaults, seedDemo } from "@db/seed/demo.ts";
import { scheduleOrphanSweep } from "~/features/uploads/orphans.server.ts";
import { scheduleHoldSweep } from "~/domain/payments/hold-expiry.server.ts";
import { scheduleRetentionSweep } from "~/domain/privacy/retention.server.ts";
import { ensureAdmin } from "~/features/users/admin-bootstrap.server.ts";
import { setAppState, takeAppState } from "~/lib/app.server.ts";
import { createAuth } from "~/domain/accounts/auth.server.ts";
import { startControlServer, type ControlServer } from "~/lib/backup.server.ts";
import { contentChanged } from "~/lib/content-version.server.ts";
import { createDatabaseHealth, databaseObserved, databaseSuspect, setDatabaseHealth } from "~/lib/db-health.server.ts";
import { getDatabase, isCatalogEmpty, openDatabase, setDatabase } from "~/lib/db.server.ts";
import type { Env } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { observeDatabase } from "~/lib/metrics.server.ts";
import { defaultSender } from "~/lib/email.server.ts";
import { createOutboxWorker, mailTransport } from "~/lib/outbox.server.ts";
import { resolveAuthSecret } from "~/lib/secret.server.ts";
import { createStorageFromEnv, storageReady, type Storage } from "~/lib/storage.server.ts";

let control: ControlServer | undefined;
/** The file storage this configuration writes to, checked by readiness. */
let storage: Storage | undefined;

function uploadsDir(env: Pick<Env, "DATA_DIR">): string {
  return path.resolve(env.DATA_DIR, "uploads");
}

/** What the start line tells the operator (server.ts): how to sign in depends on whether an admin exists. */
export interface BootstrapResult {
  admins: number;
}

export async function bootstrap(env: Env): Promise<BootstrapResult> {
  const started = Date.now();
  // Embedded database: the backup socket (ADR 006), opened first — it refuses a second server on DATA_DIR.
  control = env.DATABASE_URL
    ? undefined
    : await startControlServer({
        dataDir: env.DATA_DIR,
        pglite: () => getDatabase().pglite,
        onError: (err) => logger.warn({ err }, "backup socket"),
      });
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR, "db"),
    onPoolError: (err) => {
      logger.warn({ err: err.message }, "database connection lost");
      databaseSuspect(err.message);
    },
  });
  setDatabase(database);
  const applied = await database.migrate();
  // Listed by name, only those this start applied (issue 33): an upgrade says what it changed.
  if (applied.length > 0) logger.info({ migrations: applied }, `applied ${applied.length} database migration(s)`);
  // The line when the database stops or starts answering again (app/lib/db-health.server.ts).
  setDatabaseHealth(createDatabaseHealth({ ping: () => database.ping(1500), log: logger }));
  observeDatabase(database);
  await seedDefaults(database.db);
  if (env.SEED_DEMO && (await isCatalogEmpty(database.db))) {
    const seeded = await seedDemo(database.db, { uploadsDir: uploadsDir(env) });
    logger.info(seeded, "seeded demo content");
  }
  // Migrations and seeding may have changed public pages other instances keep (ADR 017).
  await contentChanged();
  if (env.ADMIN_EMAIL) {
    const admin = await ensureAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
    if (admin.created && admin.generatedPassword) {
      // Printed once so the operator can sign in; it must be changed at first sign-in (D9).
      logger.warn({ email: admin.email }, `admin created with generated password: ${admin.generatedPassword}`);
    } else if (admin.created) {
      logger.info({ email: admin.email }, "admin created from ADMIN_EMAIL/ADMIN_PASSWORD");
    }
  }
  const { secret, generated } = resolveAuthSecret(env);
  if (generated) logger.info({ file: path.resolve(env.DATA_DIR, "auth-secret") }, "generated AUTH_SECRET");
  const auth = createAuth({ db: database.db, secret, baseURL: env.PUBLIC_URL });
  const worker = createOutboxWorker({
    db: database.db,
    transport: mailTransport(env.SMTP_URL, logger),
    from: env.MAIL_FROM ?? (() => defaultSender(database.db, env.PUBLIC_URL)),
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    pollMs: env.OUTBOX_POLL_MS,
    logger,
  });
  worker.start();
  // The local uploads folder is made at start, so a fresh DATA_DIR is ready before its first upload.
  storage = createStorageFromEnv(env);
  if (storage.kind === "local") fs.mkdirSync(uploadsDir(env), { recursive: true, mode: 0o700 });
  const sweeps = [scheduleOrphanSweep(), scheduleHoldSweep(env.HOLD_SWEEP_SECONDS), scheduleRetentionSweep()];
  setAppState({ env, auth, secret, worker, sweep: { stop: () => sweeps.forEach((s) => s.stop()) } });
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(user).where(eq(user.role, "admin"));
  logger.info({ database: database.kind, ms: Date.now() - started }, "app ready");
  return { admins: row?.n ?? 0 };
}

export interface Readiness {
  ready: boolean;
  database: boolean;
  storage: boolean;
}

/**
 * Readiness (/readyz): the database answers within a short timeout, and the file storage can take files
 * (the local uploads folder is there and writable, or the S3 bucket answers; cached briefly, see
 * storageReady). Before bootstrap, nothing is ready.
 */
export async function readiness(): Promise<Readiness> {
  const [database, files] = await Promise.all([
    (async () => getDatabase().ping(1500))().catch(() => false),
    storage ? storageReady(storage) : Promise.resolve(false),
  ]);
  databaseObserved(database);
  return { ready: database && files, database, storage: files };
}

export async function isReady(): Promise<boolean> {
  return (await readiness()).ready;
}

export async function shutdown(): Promise<void> {
  const s = takeAppState();
  await control?.close();
  control = undefined;
  storage = undefined;
  s?.sweep.stop();
  await s?.worker.stop();
  // Closing is not an outage: no "unreachable" line, and no scrape reads the closed database.
  setDatabaseHealth(undefined);
  observeDatabase(undefined);
  try {
    await getDatabase().close();
  } catch {
    // not opened
  }
  setDatabase(undefined);
}
