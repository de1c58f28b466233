// `npm run bench:crowd`: only the one-run crowd of `npm run bench` (bench/one-run-crowd.ts, issue 34 item 4),
// on two fresh production instances on a new PostgreSQL database: a minute instead of the whole bench.
import fs from "node:fs";
import { crowdCheck } from "./gates.ts";
import { prepareDemoCatalogue, requireProductionBuild, startProductionServer } from "./lib.ts";
import { createBenchDatabase, settle } from "./measure.ts";
import { oneRunCrowd } from "./one-run-crowd.ts";

requireProductionBuild("bench:crowd");
const database = await createBenchDatabase();
const servers: Awaited<ReturnType<typeof startProductionServer>>[] = [];
let dataDir: string | undefined;
try {
  const data = await prepareDemoCatalogue({ databaseUrl: database.url });
  dataDir = data.dataDir;
  // Enrollments are what is measured, not the per-address limit (every request comes from this machine).
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: "bench-crowd-secret-0123456789abcdef0123456789",
    RATE_LIMIT_ENROLLMENT: "999999/1",
    RATE_LIMIT_ENROLLMENT_EMAIL: "999999/1",
    // As behind the README's nginx: each request names its client (bench/one-run-crowd.ts sends one each).
    TRUST_PROXY: "true",
  };
  servers.push(await startProductionServer({ dataDir: data.dataDir, env }));
  servers.push(await startProductionServer({ dataDir: data.dataDir, env }));
  await settle(servers);
  const report = await oneRunCrowd({ origins: servers.map((s) => s.url), slug: data.slug, course: data });
  const check = crowdCheck(report);
  console.log(JSON.stringify(report, null, 2));
  console.log(`${check.met ? "met   " : "MISSED"}  ${check.name}: ${check.figure} (${check.bound})`);
  process.exitCode = check.met ? 0 : 1;
} finally {
  for (const s of servers) await s.stop();
  await database.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
