import type { TestProject } from "vitest/node";
import { startApp } from "./harness.ts";

/** One production server with a fresh data directory for the browser journeys. */
export default async function setup(project: TestProject) {
  const app = await startApp({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "Admin-Passw0rd!" });
  project.provide("baseUrl", app.url);
  project.provide("dataDir", app.dataDir);
  return async () => {
    await app.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
