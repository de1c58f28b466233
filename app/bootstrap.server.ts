// Process lifecycle: open and migrate the database, seed, create the first admin, run the outbox worker
// and the orphan sweep. The start-up wiring of the whole app, and so the one module outside app/routes
// and app/features that may import features (eslint.config.js). Exported through entry.server so
// server.ts shares the very module instances the routes use; the running state it sets is read through
// app/lib/app.server.ts.
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { user } from "@db/schema/index.ts";
import { seedDefaults, seedDemo } from "@db/seed/demo.ts";
import { scheduleOrphanSweep } from "~/features/uploads/orphans.server.ts";
import { ensureAdmin } from "~/features/users/admin-bootstrap.server.ts";
import { setAppState, takeAppState } from "~/lib/app.server.ts";
import { createAuth } from "~/lib/auth.server.ts";
import { startControlServer, type ControlServer } from "~/lib/backup.server.ts";
import { contentChanged } from "~/lib/content-version.server.ts";
import { getDatabase, isCatalogEmpty, openDatabase, setDatabase } from "~/lib/db.server.ts";
import type { Env } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { createOutboxWorker, mailTransport } from "~/lib/outbox.server.ts";
import { resolveAuthSecret } from "~/lib/secret.server.ts";

let control: ControlServer | undefined;

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
    onPoolError: (err) => logger.warn({ err: err.message }, "database connection lost"),
  });
  setDatabase(database);
  await database.migrate();
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
    from: env.MAIL_FROM,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    pollMs: env.OUTBOX_POLL_MS,
    logger,
  });
  worker.start();
  setAppState({ env, auth, secret, worker, sweep: scheduleOrphanSweep() });
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(user).where(eq(user.role, "admin"));
  logger.info({ database: database.kind, ms: Date.now() - started }, "app ready");
  return { admins: row?.n ?? 0 };
}

/** Readiness: the database answers within a short timeout. */
export async function isReady(): Promise<boolean> {
  try {
    return await getDatabase().ping(1500);
  } catch {
    return false;
  }
}

export async function shutdown(): Promise<void> {
  const s = takeAppState();
  await control?.close();
  control = undefined;
  s?.sweep.stop();
  await s?.worker.stop();
  try {
    await getDatabase().close();
  } catch {
    // not opened
  }
  setDatabase(undefined);
}
