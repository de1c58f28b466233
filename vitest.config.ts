import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  "@db": path.resolve(import.meta.dirname, "db"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // At least two files at a time, also on a 2-core machine, where Vitest's default (cores - 1) is one: a
    // browser journey or a test on PostgreSQL spends much of its time waiting on another process (Chromium,
    // the server, the database), so two overlap well (issue 35: CI time). `faults` stays one at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          exclude: ["**/*.server.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["app/**/*.server.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A server secret as a running app has one (emails carry signed links: issue 37).
          env: { NODE_ENV: "test", AUTH_SECRET: "integration-tests-server-secret-0123456789abcdef" },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Fault injection (SMTP down, two instances, database stopped, SIGTERM under load): `npm run test:faults`.
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
