// `npm run db:backup`: a consistent snapshot of the embedded database into DATA_DIR/backups (ADR 006).
// While the server runs, the server takes it (asked over DATA_DIR/control.sock); with the server stopped,
// this script opens the database directory itself. On PostgreSQL use pg_dump (README, "Backup and restore").
//
//   npm run db:backup              # prints the file written
//   npm run db:backup -- --force   # server stopped but not shut down cleanly (postmaster.pid left behind)
import fs from "node:fs";
import path from "node:path";
import {
  controlSocketPath,
  databaseDir,
  isDatabaseOpenOrUnclean,
  sendControlCommand,
  startControlServer,
  writeSnapshot,
} from "../app/lib/backup.server.ts";
import { openDatabase } from "../app/lib/db.server.ts";
import { envOrExit, loadDotEnv } from "../app/lib/env.server.ts";

loadDotEnv();
const force = process.argv.includes("--force");

const env = envOrExit();

if (env.DATABASE_URL) {
  console.error(
    "DATABASE_URL is set: this command backs up the embedded database only. For PostgreSQL use pg_dump:\n" +
      '  pg_dump --format=custom --file=academy-$(date +%F).dump "$DATABASE_URL"\n' +
      'and pg_restore to restore (README, "Backup and restore").',
  );
  process.exit(1);
}

const dataDir = path.resolve(env.DATA_DIR);
const reply = await sendControlCommand(controlSocketPath(dataDir), "backup");
if (reply) {
  if (!reply.ok) {
    console.error(`The server could not take the backup: ${reply.error}`);
    process.exit(1);
  }
  const b = reply.backup!;
  console.log(`Backup written by the running server (pid ${reply.pid}) in ${b.ms} ms: ${b.file} (${b.bytes} bytes)`);
  process.exit(0);
}

// Nobody answers: the server is stopped. Open the directory only if PGlite closed it cleanly.
if (!fs.existsSync(path.join(databaseDir(dataDir), "PG_VERSION"))) {
  console.error(`No embedded database in ${databaseDir(dataDir)} (DATA_DIR=${env.DATA_DIR}).`);
  process.exit(1);
}
if (isDatabaseOpenOrUnclean(dataDir) && !force) {
  console.error(
    `${databaseDir(dataDir)} is open in another process, or was not closed cleanly (postmaster.pid is present),\n` +
      "and no server answers on its control socket. Start the server and run this again, or — only if you are\n" +
      "sure no process has the database open — run it with --force.",
  );
  process.exit(1);
}
// Hold the control socket meanwhile: a server started now refuses to open the same directory.
const claim = await startControlServer({ dataDir, pglite: () => undefined });
try {
  const database = await openDatabase({ dataDir: databaseDir(dataDir) });
  try {
    const b = await writeSnapshot(database.pglite!, dataDir);
    console.log(`Server not running: backup taken directly in ${b.ms} ms: ${b.file} (${b.bytes} bytes)`);
  } finally {
    await database.close();
  }
} finally {
  await claim.close();
}
