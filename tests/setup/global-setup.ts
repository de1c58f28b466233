import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/lib/db.server.ts";
import { adminQuery, testDatabaseUrl } from "./db.ts";

/** Migrates once per run and hands the result to every test file (see tests/setup/db.ts). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === "pg") {
    const template = `test_tmpl_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(`create database "${template}"`);
    const database = await openDatabase({ url: testDatabaseUrl(template), poolMax: 1 });
    await database.migrate();
    await database.close();
    project.provide("pgTemplate", template);
    return async () => {
      await adminQuery(`drop database if exists "${template}" with (force)`);
    };
  }
  const database = await openDatabase({ dataDir: "memory://" });
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir("none");
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pglite-snap-")), "snapshot.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  return async () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteSnapshot: string;
  }
}
