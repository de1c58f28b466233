import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HEAP_FLAGS, MALLOC_ARENA_MAX, productionServerCommand, SERVER_ENTRY } from "./server-command.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const startScript = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start!;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-command-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Runs what `npm start` runs after its build check (the part after `&&`) through sh, with a stand-in for the
 * compiled entry that reports its heap limit, its pid and the shell's pid; answers that report.
 */
function serverStep(env: Record<string, string>): { heapMb: number; pid: number; shellPid: number; arenas: string | null } {
  const probe = path.join(dir, "probe.mjs");
  fs.writeFileSync(probe, `import v8 from "node:v8"; console.log(JSON.stringify({ heapMb: v8.getHeapStatistics().heap_size_limit / 2 ** 20, pid: process.pid, shellPid: Number(process.env.SHELL_PID), arenas: process.env.MALLOC_ARENA_MAX ?? null }));`);
  const step = startScript.split("&&").at(-1)!.replace(SERVER_ENTRY, probe);
  const result = spawnSync("sh", ["-c", `SHELL_PID=$$; export SHELL_PID; ${step}`], { cwd: ROOT, env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { heapMb: number; pid: number; shellPid: number; arenas: string | null };
}

describe("npm start's server process (issue 18 point 5)", () => {
  it("builds if stale in a process of its own, then runs the compiled entry with plain node", () => {
    const [build, serve] = startScript.split("&&").map((part) => part.trim());
    expect(build).toBe("node --import tsx scripts/build-if-stale.ts");
    expect(serve).toMatch(new RegExp(`exec node ${SERVER_ENTRY.replaceAll(".", "\\.")}$`));
    expect(serve).not.toContain("tsx");
  });

  it("is node itself (exec: the shell is replaced, so signals sent to it reach the server)", () => {
    const { pid, shellPid } = serverStep({});
    expect(pid).toBe(shellPid);
  });

  it("leaves the heap limit to V8 (sized from the machine's memory), and NODE_OPTIONS sets one", () => {
    expect(HEAP_FLAGS.some((f) => f.startsWith("--max-old-space-size"))).toBe(false);
    const own = serverStep({}).heapMb;
    const limited = serverStep({ NODE_OPTIONS: "--max-old-space-size=300" }).heapMb;
    expect(limited).toBeGreaterThanOrEqual(300);
    expect(limited).toBeLessThan(300 + 64);
    expect(own).not.toBe(limited);
  });

  it("runs the server with at most two malloc arenas unless the environment says otherwise", () => {
    expect(serverStep({}).arenas).toBe(MALLOC_ARENA_MAX);
    expect(serverStep({ MALLOC_ARENA_MAX: "8" }).arenas).toBe("8");
  });

  it("is the command the tests and benchmarks start: the same flags and entry", () => {
    const [command, args] = productionServerCommand(ROOT, ["--cpu-prof"]);
    expect(command).toBe(process.execPath);
    expect(args).toEqual([...HEAP_FLAGS, "--cpu-prof", path.join(ROOT, SERVER_ENTRY)]);
    expect(startScript).toContain(`NODE_OPTIONS="${HEAP_FLAGS.join(" ")} $NODE_OPTIONS"`);
  });
});
