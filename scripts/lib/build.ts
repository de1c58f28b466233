// `npm start`'s build step (issue 15 points 5 and 6): is the production build missing or older than what
// it is made from, and building it with the framework's output kept in a log file, not on the terminal.
// Also the build of the server's own entry (issue 18 point 5), which React Router's build runs at its end.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SERVER_ENTRY } from "./server-command.ts";

/** What the build is made from: sources, assets, the schema and seed, the server entry, the configuration, the lockfile. */
export const BUILD_INPUTS = [
  "app",
  "public",
  "db",
  "server.ts",
  "scripts/start.ts",
  "scripts/lib/build.ts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
] as const;

function newestMtime(target: string): { mtime: number; file: string } {
  if (!fs.existsSync(target)) return { mtime: 0, file: target };
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return { mtime: stat.mtimeMs, file: target };
  let newest = { mtime: 0, file: target };
  for (const entry of fs.readdirSync(target)) {
    const found = newestMtime(path.join(target, entry));
    if (found.mtime > newest.mtime) newest = found;
  }
  return newest;
}

/** Why the build must be made again (a sentence), or null when it is up to date. */
export function staleReason(root: string): string | null {
  const outputs = [path.join(root, "build/server/index.js"), path.join(root, SERVER_ENTRY)];
  if (!outputs.every((file) => fs.existsSync(file))) return "No build yet";
  const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  for (const input of BUILD_INPUTS) {
    const newest = newestMtime(path.join(root, input));
    if (newest.mtime > built) return `${path.relative(root, newest.file)} changed since the last build`;
  }
  return null;
}

/**
 * Runs the build with its output in `logFile`, printing one line before and one after (with the time).
 * On failure the last lines of the log are printed with its path. Answers the exit status.
 */
export function runBuild(
  root: string,
  logFile: string,
  reason: string,
  command: readonly string[] = [process.execPath, path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
  print: (line: string) => void = (line) => console.log(line),
): number {
  fs.mkdirSync(path.dirname(logFile), { recursive: true, mode: 0o700 });
  print(`${reason}: building the site (about a minute; output in ${path.relative(root, logFile) || logFile})...`);
  const started = Date.now();
  const result = spawnSync(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  fs.writeFileSync(logFile, `${result.stdout ?? ""}${result.stderr ?? ""}`, { mode: 0o600 });
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ""}${result.stderr ?? ""}`.trimEnd().split("\n").slice(-15);
    for (const line of tail) print(line);
    print(`The build failed (exit ${result.status ?? result.signal}); the whole output is in ${logFile}.`);
    return result.status ?? 1;
  }
  print(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return 0;
}

/**
 * Compiles the server entry to SERVER_ENTRY (react-router.config.ts calls this when React Router's build
 * ends). Node's own modules and the packages in node_modules stay imports; what the project wrote
 * (server.ts, app/lib, db/) is bundled. server.ts is imported by the entry after the environment is read, so
 * it is a chunk of its own beside index.js.
 */
export async function buildServerEntry(root: string): Promise<void> {
  const { build } = await import("vite");
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    mode: "production",
    resolve: { alias: { "~": path.join(root, "app"), "@db": path.join(root, "db") } },
    build: {
      ssr: path.join(root, "scripts/start.ts"),
      outDir: path.join(root, path.dirname(SERVER_ENTRY)),
      emptyOutDir: true,
      target: "node20",
      minify: false,
      sourcemap: true,
      rolldownOptions: { output: { entryFileNames: path.basename(SERVER_ENTRY), chunkFileNames: "[name]-[hash].js" } },
    },
  });
}
