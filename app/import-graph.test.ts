// ARCHITECTURE "Direction of imports": no module of app/ may reach itself through its imports (issue 16:
// the cycle app.server → auth.server → reset-email → enrollments.server → app.server). Every import counts:
// static, dynamic `import()`, `export … from` and type-only ones. It also keeps the layers in order (ADR 027):
// app/lib (infrastructure) imports nothing above it, app/domain (logic shared by features) only lib and the
// email templates. Which feature may import which is eslint.config.js's rule.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const APP = import.meta.dirname;
const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The app file an import names (`~/…` or relative), or null for packages, db/ and generated types. */
function resolveImport(from: string, specifier: string): string | null {
  const target = specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!target) return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`]) {
    if (candidate.startsWith(APP + path.sep) && SOURCE.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(APP)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((i) => resolveImport(file, i.fileName)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One cycle (as a path that ends where it starts) per group of modules that reach each other. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string): void => {
    const at = onPath.indexOf(node);
    if (at >= 0) {
      cycles.push([...onPath.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    onPath.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    onPath.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

/** The folder of app/ a file belongs to ("(root)" for app/*.ts). */
function layerOf(file: string): string {
  const parts = path.relative(APP, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : "(root)";
}

/** What each lower layer may import; features, routes and the root modules may import any of these. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  locales: ["locales"],
  lib: ["lib", "locales"],
  emails: ["emails", "lib", "locales"],
  domain: ["domain", "emails", "lib", "locales"],
  components: ["components", "lib", "locales"],
  middleware: ["middleware", "domain", "lib", "locales"],
};

/** Every import that runs up the layers, as "from → to". */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const allowed = MAY_IMPORT[layerOf(file)];
    if (!allowed) continue;
    for (const target of targets) {
      if (!allowed.includes(layerOf(target))) found.push(`${path.relative(APP, file)} → ${path.relative(APP, target)}`);
    }
  }
  return found;
}

describe("the import graph of app/", () => {
  it("finds a cycle when there is one (the check itself)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c", "a"]]);
    expect(findCycles(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });

  it("reads imports of every kind, by ~/ and relative paths", () => {
    const graph = importGraph();
    const edges = (file: string) => (graph.get(path.join(APP, file)) ?? []).map((t) => path.relative(APP, t));
    expect(edges("bootstrap.server.ts")).toContain("lib/app.server.ts");
    // A dynamic import() and a type-only import are edges too.
    expect(edges("lib/email.server.ts")).toContain("lib/app.server.ts");
    expect(edges("lib/app.server.ts")).toContain("lib/better-auth.server.ts");
  });

  it("has no cycle", () => {
    const cycles = findCycles(importGraph()).map((cycle) => cycle.map((file) => path.relative(APP, file)).join(" → "));
    expect(cycles).toEqual([]);
  });

  it("finds an import that runs up the layers (the check itself)", () => {
    const at = (file: string) => path.join(APP, file);
    const graph = new Map([
      [at("lib/a.ts"), [at("domain/b.ts"), at("lib/c.ts")]],
      [at("domain/b.ts"), [at("lib/c.ts"), at("emails/d.ts")]],
      [at("emails/d.ts"), [at("domain/b.ts")]],
    ]);
    expect(upwardImports(graph)).toEqual(["lib/a.ts → domain/b.ts", "emails/d.ts → domain/b.ts"]);
  });

  it("has no import running up the layers", () => {
    expect(upwardImports(importGraph())).toEqual([]);
  });
});
