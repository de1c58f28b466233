// `npm start`: production mode, build when there is no build (or the sources are newer), then serve.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { applyStartDefaults, ConfigError, loadDotEnv, parseEnv } from "../app/lib/env.server.ts";

loadDotEnv();
applyStartDefaults();

try {
  parseEnv();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const serverBuild = path.resolve("build/server/index.js");
const sourcesNewer =
  fs.existsSync(serverBuild) &&
  Math.max(newestMtime(path.resolve("app")), newestMtime(path.resolve("public"))) > fs.statSync(serverBuild).mtimeMs;
if (!fs.existsSync(serverBuild) || sourcesNewer) {
  console.log(sourcesNewer ? "Sources changed since the last build; building..." : "No build yet; building...");
  const result = spawnSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import("../server.ts");
await main([]);
