import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runBuild, staleReason } from "./build.ts";
import { SERVER_ENTRY } from "./server-command.ts";

let root: string;
const SOURCES = ["app/root.tsx", "db/migrations/0000.sql", "package-lock.json", "vite.config.ts", "server.ts"];
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function project(): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "build-check-"));
  for (const dir of ["app", "public", "db/migrations", "build/server", "build/start"]) fs.mkdirSync(path.join(root, dir), { recursive: true });
  for (const file of SOURCES) fs.writeFileSync(path.join(root, file), "x");
  const past = new Date(Date.now() - 60_000);
  for (const file of SOURCES) fs.utimesSync(path.join(root, file), past, past);
  fs.writeFileSync(path.join(root, "build/server/index.js"), "built");
  fs.writeFileSync(path.join(root, SERVER_ENTRY), "built");
  return root;
}

function touch(file: string): void {
  const now = new Date(Date.now() + 5_000);
  fs.utimesSync(path.join(root, file), now, now);
}

describe("staleReason (issue 15 point 6)", () => {
  it("is null for a build newer than everything it is made from", () => {
    expect(staleReason(project())).toBeNull();
  });

  it("names what changed: sources, db/, configuration, the lockfile", () => {
    for (const file of ["db/migrations/0000.sql", "package-lock.json", "vite.config.ts", "app/root.tsx", "server.ts"]) {
      project();
      touch(file);
      expect(staleReason(root)).toBe(`${file} changed since the last build`);
      fs.rmSync(root, { recursive: true, force: true });
    }
    project();
  });

  it("asks for a build when there is none", () => {
    project();
    fs.rmSync(path.join(root, "build"), { recursive: true });
    expect(staleReason(root)).toBe("No build yet");
  });

  it("asks for a build when the compiled server entry is missing (a build from before it existed)", () => {
    project();
    fs.rmSync(path.join(root, "build/start"), { recursive: true });
    expect(staleReason(root)).toBe("No build yet");
  });
});

describe("runBuild (issue 15 point 5)", () => {
  const noisy = [process.execPath, "-e", "for (let i = 0; i < 120; i++) console.log('asset ' + i); console.error('deprecated: envFile')"];

  it("keeps the framework's output in the log file and prints two lines", () => {
    project();
    const printed: string[] = [];
    const log = path.join(root, "data/build.log");
    expect(runBuild(root, log, "No build yet", noisy, (l) => printed.push(l))).toBe(0);
    expect(printed).toHaveLength(2);
    expect(printed[0]).toBe("No build yet: building the site (about a minute; output in data/build.log)...");
    expect(printed[1]).toMatch(/^Built in \d+ s\.$/);
    const kept = fs.readFileSync(log, "utf8");
    expect(kept).toContain("asset 119");
    expect(kept).toContain("deprecated: envFile");
    expect(fs.statSync(log).mode & 0o077).toBe(0);
  });

  it("shows the end of the output and where the rest is when the build fails", () => {
    project();
    const printed: string[] = [];
    const log = path.join(root, "data/build.log");
    const failing = [process.execPath, "-e", "for (let i = 0; i < 40; i++) console.log('line ' + i); console.error('Error: broken import'); process.exit(3)"];
    expect(runBuild(root, log, "app/root.tsx changed since the last build", failing, (l) => printed.push(l))).toBe(3);
    expect(printed).toContain("Error: broken import");
    expect(printed).not.toContain("line 0");
    expect(printed.at(-1)).toBe(`The build failed (exit 3); the whole output is in ${log}.`);
  });
});
