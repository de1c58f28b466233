import type { TestProject } from "vitest/node";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { chromium } from "playwright-core";
import { staleReason } from "../../scripts/lib/build.ts";
import { assertNoSecretsInOutput, CHROMIUM_LAUNCH_OPTIONS, ROOT, startApp } from "./harness.ts";

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
  // One Chromium for the run: each file's `browser` fixture (fixtures.ts) connects to it.
  const [app, browserServer] = await Promise.all([
    startApp({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!", LOG_LEVEL: "info" }),
    chromium.launchServer(CHROMIUM_LAUNCH_OPTIONS),
  ]);
  project.provide("baseUrl", app.url);
  project.provide("dataDir", app.dataDir);
  project.provide("browserWsEndpoint", browserServer.wsEndpoint());
  return async () => {
    await Promise.all([app.stop(), browserServer.close()]);
    // No reset token, password or secret reached the shared server's log during the suite (issue 14, item 7).
    assertNoSecretsInOutput(app.output());
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The run's shared Chromium (chromium.connect); fixtures.ts launches its own when absent. */
    browserWsEndpoint?: string;
  }
}
