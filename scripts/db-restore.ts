// `npm run db:restore -- <file>`: replaces the embedded database with a backup made by `npm run db:backup`
// (ADR 006). The server must be stopped: the command refuses while one answers on DATA_DIR/control.sock.
// The backup is first unpacked and opened in a new directory (a damaged or foreign file changes nothing);
// then the current database is moved aside to DATA_DIR/db.before-restore-<time> and the new one takes its
// place. The next start applies any newer migrations. On PostgreSQL use pg_restore (README).
//
//   npm run db:restore -- data/backups/db-2025-01-31T09-15-02-123Z.tar.gz
//   npm run db:restore -- <file> --force   # current database not closed cleanly (postmaster.pid left behind)
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { claimStoppedDatabase, CommandRefusedError, databaseDir } from "../app/lib/backup.server.ts";
import { ConfigError, loadDotEnv, parseEnv } from "../app/lib/env.server.ts";
import { OwnerOnlyNodeFS } from "../app/lib/pglite-fs.server.ts";

loadDotEnv();
const args = process.argv.slice(2);
const force = args.includes("--force");
const fileArg = args.find((a) => !a.startsWith("--"));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env;
try {
  env = parseEnv();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}
if (env.DATABASE_URL) {
  fail(
    "DATABASE_URL is set: this command restores the embedded database only. For PostgreSQL use pg_restore:\n" +
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" academy.dump\n' +
      '(README, "Backup and restore").',
  );
}
if (!fileArg) fail("Usage: npm run db:restore -- <backup file> [--force]  (files are in DATA_DIR/backups)");
const file = path.resolve(fileArg);
if (!fs.existsSync(file) || !fs.statSync(file).isFile()) fail(`No such file: ${file}`);

const dataDir = path.resolve(env.DATA_DIR);
// Nothing else may have the database open; the control socket is held meanwhile, so a server started
// now refuses to open the directory.
let claim;
try {
  claim = await claimStoppedDatabase(dataDir, { then: "restore", force });
} catch (err) {
  fail(err instanceof CommandRefusedError ? err.message : String(err));
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const staging = path.join(dataDir, `db.restoring-${stamp}`);
try {
  // Unpack and open the backup where nothing else lives; check it is this application's database.
  const backup = new File([fs.readFileSync(file)], path.basename(file).endsWith(".tar") ? "db.tar" : "db.tar.gz");
  let restored: PGlite | undefined;
  try {
    // Files owner-only as they are unpacked (app/lib/pglite-fs.server.ts).
    restored = await PGlite.create(staging, { loadDataDir: backup, extensions: { pg_trgm }, fs: new OwnerOnlyNodeFS(staging) });
    const check = await restored.query<{ migrations: number; courses: number }>(
      "select (select count(*) from drizzle.__drizzle_migrations)::int as migrations, (select count(*) from courses)::int as courses",
    );
    const row = check.rows[0]!;
    console.log(`Backup opened: ${row.migrations} migrations applied, ${row.courses} courses.`);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    fail(`${file} is not a backup of this application's database: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await restored?.close();
  }

  const current = databaseDir(dataDir);
  let kept: string | undefined;
  if (fs.existsSync(current)) {
    kept = path.join(dataDir, `db.before-restore-${stamp}`);
    fs.renameSync(current, kept);
  }
  fs.renameSync(staging, current);
  console.log(
    `Restored ${file} into ${current}.` +
      (kept ? `\nThe previous database is kept in ${kept} (delete it when the restored site looks right).` : "") +
      "\nStart the server to use it; newer migrations are applied at start.",
  );
} finally {
  await claim.close();
}
