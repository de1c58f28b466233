import type { TestProject } from "vitest/node";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { staleReason } from "../../scripts/lib/build.ts";
import { assertNoSecretsInOutput, ROOT, startApp } from "./harness.ts";

/** One production server with a fresh data directory for the browser journeys. */
export default async function setup(project: TestProject) {
  // Build once, before any server starts: servers started in parallel must not rebuild under each other.
  // A build newer than every input (CI builds just before this suite) is used as it is.
  const stale = staleReason(ROOT);
  if (stale) console.log(`${stale}: building before the browser journeys`);
  const build = !stale ? { status: 0 } : spawnSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("production build failed");
  // LOG_LEVEL info: the request log is captured too, for the check below.
  const app = await startApp({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!", LOG_LEVEL: "info" });
  project.provide("baseUrl", app.url);
  project.provide("dataDir", app.dataDir);
  return async () => {
    await app.stop();
    // No reset token, password or secret reached the shared server's log during the suite (issue 14, item 7).
    assertNoSecretsInOutput(app.output());
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
