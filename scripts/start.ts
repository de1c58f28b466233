// `npm start`'s server process: reads .env, production unless NODE_ENV says otherwise, refuses a bad
// configuration in one line, then starts server.ts. The build compiles this file (with server.ts and what
// they import from app/) to build/start/index.js, which `npm start` runs with plain node after its build
// check (scripts/build-if-stale.ts): no TypeScript loader in the server process, and the signals sent to
// the server reach it (issue 18 point 5). `tsx scripts/start.ts` runs the same from the sources.
import { applyStartDefaults, envOrExit, loadDotEnv } from "../app/lib/env.server.ts";

loadDotEnv();
applyStartDefaults();

envOrExit();

// Imported only now: the packages it loads (React, the logger) read NODE_ENV and LOG_LEVEL when loaded.
const { main } = await import("../server.ts");
await main([]);
