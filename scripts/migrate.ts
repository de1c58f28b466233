// `npm run db:migrate`: applies committed migrations to DATABASE_URL or the embedded database.
import path from "node:path";
import { claimStoppedDatabase, CommandRefusedError, type ControlServer } from "../app/lib/backup.server.ts";
import { openDatabase } from "../app/lib/db.server.ts";
import { envOrExit, loadDotEnv } from "../app/lib/env.server.ts";

loadDotEnv();

const env = envOrExit();
// The embedded database opens in one process at a time: refused while the server runs (issue 15 point 2).
let claim: ControlServer | undefined;
if (!env.DATABASE_URL) {
  try {
    claim = await claimStoppedDatabase(env.DATA_DIR, { then: "apply the migrations", force: process.argv.includes("--force") });
  } catch (err) {
    console.error(err instanceof CommandRefusedError ? err.message : String(err));
    process.exit(1);
  }
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, "db") });
try {
  const applied = await database.migrate();
  console.log(
    applied.length > 0
      ? `Migrations applied (${database.kind}): ${applied.join(", ")}.`
      : `The database is up to date (${database.kind}): no migration to apply.`,
  );
} finally {
  await database.close();
  await claim?.close();
}
