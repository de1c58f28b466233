// `npm run db:migrate`: applies committed migrations to DATABASE_URL or the embedded database.
import path from "node:path";
import { openDatabase } from "../app/lib/db.server.ts";
import { ConfigError, loadDotEnv, parseEnv } from "../app/lib/env.server.ts";

loadDotEnv();

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
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
