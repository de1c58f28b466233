// `npm run admin:create -- --email you@example.com`: creates an admin with a generated password that must
// be changed at first sign-in (D4, D9). With the embedded database the server must be stopped (one process
// may open the data directory at a time): the command refuses while it runs.
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { ensureAdmin } from "../app/features/users/admin-bootstrap.server.ts";
import { claimStoppedDatabase, CommandRefusedError, type ControlServer } from "../app/lib/backup.server.ts";
import { openDatabase } from "../app/lib/db.server.ts";
import { envOrExit, loadDotEnv } from "../app/lib/env.server.ts";

loadDotEnv();

const USAGE = "Usage: npm run admin:create -- --email you@example.com [--force]";
let values: { email?: string; force?: boolean };
try {
  ({ values } = parseArgs({ options: { email: { type: "string" }, force: { type: "boolean" } } }));
} catch {
  // An address without --email, an unknown option: the usage line, not a stack trace (issue 15 point 4).
  console.error(USAGE);
  process.exit(1);
}
const email = z.email().safeParse(values.email ?? "");
if (!email.success) {
  console.error(USAGE);
  process.exit(1);
}

const env = envOrExit();

// The embedded database opens in one process at a time: refused while the server runs (issue 15 point 2).
let claim: ControlServer | undefined;
if (!env.DATABASE_URL) {
  try {
    claim = await claimStoppedDatabase(env.DATA_DIR, { then: "create the admin (or set ADMIN_EMAIL and restart it)", force: values.force === true });
  } catch (err) {
    console.error(err instanceof CommandRefusedError ? err.message : String(err));
    process.exit(1);
  }
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, "db") });
try {
  await database.migrate();
  const admin = await ensureAdmin(database.db, { email: email.data });
  if (!admin.created) {
    console.log(`A user with the email ${admin.email} already exists; nothing changed.`);
  } else {
    console.log(`Admin created: ${admin.email}`);
    console.log(`Temporary password: ${admin.generatedPassword}`);
    console.log("Sign in at /login; you will be asked to choose a new password.");
  }
} finally {
  await database.close();
  await claim?.close();
}
