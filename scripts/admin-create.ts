// `npm run admin:create -- --email you@example.com`: creates an admin with a generated password that must
// be changed at first sign-in (D4, D9). With the embedded database, stop the server first (one process
// may open the data directory at a time).
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { ensureAdmin } from "../app/features/users/admin-bootstrap.server.ts";
import { openDatabase } from "../app/lib/db.server.ts";
import { ConfigError, loadDotEnv, parseEnv } from "../app/lib/env.server.ts";

loadDotEnv();

const { values } = parseArgs({ options: { email: { type: "string" } } });
const email = z.email().safeParse(values.email ?? "");
if (!email.success) {
  console.error("Usage: npm run admin:create -- --email you@example.com");
  process.exit(1);
}

let env;
try {
  env = parseEnv();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
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
}
