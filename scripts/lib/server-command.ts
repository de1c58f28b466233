// How the production server process is started, in one place: `npm start` (package.json runs the same entry
// with the same heap flags after its build check), the e2e and fault suites and the benchmarks.
import path from "node:path";

/**
 * The production server's entry, compiled by the build (scripts/start.ts with server.ts and the app/lib
 * modules they import; packages stay imports), so the server process runs plain `node` without a
 * TypeScript loader. Relative to the project root.
 */
export const SERVER_ENTRY = "build/start/index.js";

/**
 * V8's heap flags, chosen by measurement (docs/performance.md, "Memory"; ADR 020): a small young generation,
 * which costs nothing measurable. No old-generation limit: V8 sizes it from the machine's (or the container's)
 * memory, about 256 MB on a 1 GB machine, and a fixed limit below 2 GB made V8 collect so often that an
 * uncached page cost 25–45 % more CPU on a large machine. `npm start` puts these before NODE_OPTIONS, so flags
 * given there win.
 */
export const HEAP_FLAGS = ["--max-semi-space-size=4"] as const;

/**
 * glibc's malloc arenas, at most two: by default each of libuv's and V8's threads that allocates (brotli and
 * gzip streams, sharp, the database client's buffers) may get an arena of its own, which keeps freed memory
 * resident. Measured with bench/memory.ts (docs/performance.md): 45–110 MB less RSS after the mixed load, on
 * both databases, at the same CPU per request. `npm start` sets it unless the environment already does.
 */
export const MALLOC_ARENA_MAX = "2";

/**
 * The command for the production server: node itself (one process, which gets the signals sent to it)
 * with the heap flags, then `nodeArgs` (e.g. --cpu-prof), then the compiled entry.
 */
export function productionServerCommand(root: string, nodeArgs: readonly string[] = []): [string, string[]] {
  return [process.execPath, [...HEAP_FLAGS, ...nodeArgs, path.join(root, SERVER_ENTRY)]];
}
