// `npm start`'s first step, in a process of its own that exits: reads .env, refuses a bad configuration in
// one line, and builds when there is no build or anything it is made from changed (sources, db/, the server
// entry, configuration, the lockfile); the framework's output goes to DATA_DIR/build.log, the terminal gets
// two lines. Then `npm start` runs the compiled server with plain node (scripts/lib/build.ts SERVER_ENTRY).
import path from "node:path";
import { applyStartDefaults, envOrExit, loadDotEnv } from "../app/lib/env.server.ts";
import { runBuild, staleReason } from "./lib/build.ts";

loadDotEnv();
applyStartDefaults();

const env = envOrExit();

const root = process.cwd();
const stale = staleReason(root);
if (stale) {
  const status = runBuild(root, path.resolve(env.DATA_DIR, "build.log"), stale);
  if (status !== 0) process.exit(status);
}
