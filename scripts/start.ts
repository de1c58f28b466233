// `npm start`: production mode, build when there is no build (or what it is made from changed), then serve.
import path from "node:path";
import { applyStartDefaults, ConfigError, loadDotEnv, parseEnv } from "../app/lib/env.server.ts";
import { runBuild, staleReason } from "./lib/build.ts";

loadDotEnv();
applyStartDefaults();

let env;
try {
  env = parseEnv();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}

// Build when there is no build or anything it is made from changed (sources, db/, configuration, the
// lockfile); the framework's output goes to DATA_DIR/build.log, the terminal gets two lines.
const root = process.cwd();
const stale = staleReason(root);
if (stale) {
  const status = runBuild(root, path.resolve(env.DATA_DIR, "build.log"), stale);
  if (status !== 0) process.exit(status);
}

const { main } = await import("../server.ts");
await main([]);
