import fs from "node:fs";
// The JS budget's graph walk on a small, hand-made build: which chunks a first visit loads, per route
// and language; what counts as forbidden (by a chunk's src, by an asset, by a module inside a shared
// chunk); the budget line; and reading the two manifests' formats.
import path from "node:path";
import { publicLocaleFilesFor, ROUTE_LOCALE_FILES } from "../app/lib/locale-files.ts";
import { describe, expect, it } from "vitest";
import {
  analyse,
  BUDGET_BYTES,
  findForbidden,
  formatReport,
  matchRouteIds,
  normalizeModuleId,
  parseRouterManifest,
  staticClosure,
  type ChunkModules,
  type RouterManifest,
  type ViteManifest,
} from "./js-budget.ts";

/** A build in miniature: entry + root, a home, a contact page, a course page, an admin page, a 404. */
function fakeBuild() {
  const viteManifest: ViteManifest = {
    "app/entry.client.tsx": { file: "assets/entry.client-1.js", src: "app/entry.client.tsx", isEntry: true, imports: ["_framework-1.js", "_i18n-client-1.js"] },
    "_framework-1.js": { file: "assets/framework-1.js", name: "framework" },
    "_i18n-client-1.js": {
      file: "assets/i18n-client-1.js",
      name: "i18n-client",
      imports: ["_framework-1.js"],
      dynamicImports: ["app/locales/en/common.json", "app/locales/ar/common.json", "app/locales/en/admin.json", "app/locales/ar/admin.json"],
    },
    "app/locales/en/common.json": { file: "assets/common-en.js", src: "app/locales/en/common.json", isDynamicEntry: true },
    "app/locales/ar/common.json": { file: "assets/common-ar.js", src: "app/locales/ar/common.json", isDynamicEntry: true },
    "app/locales/en/admin.json": { file: "assets/admin-en.js", src: "app/locales/en/admin.json", isDynamicEntry: true },
    "app/locales/ar/admin.json": { file: "assets/admin-ar.js", src: "app/locales/ar/admin.json", isDynamicEntry: true },
    "app/root.tsx?__react-router-build-client-route": {
      file: "assets/root-1.js",
      src: "app/root.tsx?__react-router-build-client-route",
      isEntry: true,
      imports: ["_framework-1.js", "_icons-1.js"],
    },
    "_icons-1.js": { file: "assets/icons-1.js", name: "icons", imports: ["_framework-1.js"] },
    "app/routes/site/home.tsx?__react-router-build-client-route": {
      file: "assets/home-1.js",
      src: "app/routes/site/home.tsx?__react-router-build-client-route",
      isEntry: true,
      imports: ["_framework-1.js", "_shared-1.js"],
    },
    // A shared chunk (no src) — and a cycle back to home's chunk, which must not loop.
    "_shared-1.js": { file: "assets/shared-1.js", name: "shared", imports: ["_framework-1.js", "_deep-1.js"] },
    "_deep-1.js": { file: "assets/deep-1.js", name: "deep", imports: ["_shared-1.js"] },
    "app/routes/site/contact.tsx?__react-router-build-client-route": {
      file: "assets/contact-1.js",
      src: "app/routes/site/contact.tsx?__react-router-build-client-route",
      isEntry: true,
      imports: ["_framework-1.js"],
      // Loaded on interaction only: not counted, not judged.
      dynamicImports: ["app/components/document-viewer/document-viewer.tsx"],
    },
    "app/components/document-viewer/document-viewer.tsx": {
      file: "assets/document-viewer-1.js",
      src: "app/components/document-viewer/document-viewer.tsx",
      isDynamicEntry: true,
      imports: ["_pdf-1.js"],
      assets: ["assets/pdf.worker.min-1.mjs"],
    },
    "_pdf-1.js": { file: "assets/pdf-1.js", name: "pdf" },
    "node_modules/pdfjs-dist/build/pdf.worker.min.mjs": { file: "assets/pdf.worker.min-1.mjs", src: "node_modules/pdfjs-dist/build/pdf.worker.min.mjs" },
    "app/routes/site/course.tsx?__react-router-build-client-route": {
      file: "assets/course-1.js",
      src: "app/routes/site/course.tsx?__react-router-build-client-route",
      isEntry: true,
      imports: ["_framework-1.js", "_form-kit-1.js"],
    },
    "_form-kit-1.js": { file: "assets/form-kit-1.js", name: "form-kit", imports: ["_framework-1.js"] },
    "app/routes/admin/users.tsx?__react-router-build-client-route": {
      file: "assets/users-1.js",
      src: "app/routes/admin/users.tsx?__react-router-build-client-route",
      isEntry: true,
      imports: ["_framework-1.js", "_form-kit-1.js"],
    },
    "app/routes/site/not-found.tsx?__react-router-build-client-route": {
      file: "assets/not-found-1.js",
      src: "app/routes/site/not-found.tsx?__react-router-build-client-route",
      isEntry: true,
      imports: ["_framework-1.js"],
    },
  };
  const route = (id: string, module: string, extra: Record<string, unknown> = {}) => ({ id, parentId: "root", module, ...extra });
  const routerManifest: RouterManifest = {
    entry: { module: "/assets/entry.client-1.js", imports: ["/assets/framework-1.js", "/assets/i18n-client-1.js"] },
    routes: {
      root: { id: "root", path: "", module: "/assets/root-1.js", imports: ["/assets/framework-1.js", "/assets/icons-1.js"] },
      "routes/site/home": route("routes/site/home", "/assets/home-1.js", { index: true }),
      "routes/site/contact": route("routes/site/contact", "/assets/contact-1.js", { path: "contact" }),
      "routes/site/course": route("routes/site/course", "/assets/course-1.js", { path: "courses/:slug" }),
      "routes/admin/users": route("routes/admin/users", "/assets/users-1.js", { path: "admin/users" }),
      "routes/site/not-found": route("routes/site/not-found", "/assets/not-found-1.js", { path: "*" }),
    },
  };
  const chunkModules: ChunkModules = {
    "assets/framework-1.js": ["node_modules/react/index.js", "node_modules/react-router/dist/production/index.mjs"],
    "assets/shared-1.js": ["app/lib/format.ts"],
    "assets/deep-1.js": ["app/lib/slug.ts"],
    "assets/form-kit-1.js": ["app/components/admin/form-kit.tsx"],
    "assets/pdf-1.js": ["node_modules/pdfjs-dist/build/pdf.mjs"],
  };
  const sizes: Record<string, number> = {
    "assets/entry.client-1.js": 1000,
    "assets/framework-1.js": 100_000,
    "assets/i18n-client-1.js": 500,
    "assets/common-en.js": 2000,
    "assets/common-ar.js": 3000,
    "assets/admin-en.js": 9000,
    "assets/admin-ar.js": 9000,
    "assets/root-1.js": 4000,
    "assets/icons-1.js": 300,
    "assets/home-1.js": 1500,
    "assets/shared-1.js": 700,
    "assets/deep-1.js": 200,
    "assets/contact-1.js": 60_000,
    "assets/course-1.js": 1200,
    "assets/form-kit-1.js": 800,
    "assets/not-found-1.js": 100,
  };
  const gzipSize = (file: string) => {
    const size = sizes[file];
    if (size === undefined) throw new Error(`size of ${file} asked: it should not be loaded`);
    return size;
  };
  return { viteManifest, routerManifest, chunkModules, gzipSize };
}

const PAGES = [
  { label: "/", url: "/" },
  { label: "/contact", url: "/contact" },
  { label: "/courses/:slug", url: "/courses/x" },
  { label: "404", url: "/nowhere" },
];

describe("staticClosure", () => {
  it("follows static imports recursively, through cycles, and never dynamic imports", () => {
    const { viteManifest } = fakeBuild();
    expect(staticClosure(viteManifest, ["app/routes/site/home.tsx?__react-router-build-client-route"]).sort()).toEqual(
      ["_deep-1.js", "_framework-1.js", "_shared-1.js", "app/routes/site/home.tsx?__react-router-build-client-route"].sort(),
    );
    expect(staticClosure(viteManifest, ["app/routes/site/contact.tsx?__react-router-build-client-route"])).not.toContain(
      "app/components/document-viewer/document-viewer.tsx",
    );
  });

  it("refuses a chunk the manifest does not know", () => {
    expect(() => staticClosure({ a: { file: "a.js", imports: ["b"] } }, ["a"])).toThrow(/"b" is not in the Vite manifest/);
  });
});

describe("matchRouteIds", () => {
  it("matches as the server does: index, params, and the 404 splat", () => {
    const { routerManifest } = fakeBuild();
    expect(matchRouteIds(routerManifest, "/")).toEqual(["root", "routes/site/home"]);
    expect(matchRouteIds(routerManifest, "/courses/any-course")).toEqual(["root", "routes/site/course"]);
    expect(matchRouteIds(routerManifest, "/no/such/page")).toEqual(["root", "routes/site/not-found"]);
  });
});

describe("analyse", () => {
  const reports = () => {
    const build = fakeBuild();
    return analyse({ ...build, localeFilesFor: () => ["common"], pages: PAGES, budget: 120_000 });
  };

  it("counts entry, root, route and their static imports, plus the page language's public locale chunks", () => {
    const home = reports().find((r) => r.label === "/")!;
    // entry 1000 + framework 100000 + i18n-client 500 + root 4000 + icons 300 + home 1500 + shared 700 + deep 200
    expect(home.bytes).toEqual({ en: 108_200 + 2000, ar: 108_200 + 3000 });
    expect(home.files).toEqual(
      [
        "assets/common-ar.js",
        "assets/common-en.js",
        "assets/deep-1.js",
        "assets/entry.client-1.js",
        "assets/framework-1.js",
        "assets/home-1.js",
        "assets/i18n-client-1.js",
        "assets/icons-1.js",
        "assets/root-1.js",
        "assets/shared-1.js",
      ].sort(),
    );
    // Staff-only locale files and dynamic imports are never counted.
    expect(home.files).not.toContain("assets/admin-en.js");
    expect(home.overBudget).toBe(false);
    expect(home.violations).toEqual([]);
  });

  it("fails a route over the budget", () => {
    const contact = reports().find((r) => r.label === "/contact")!;
    expect(contact.bytes.ar).toBe(1000 + 100_000 + 500 + 4000 + 300 + 60_000 + 3000);
    expect(contact.overBudget).toBe(true);
    // The viewer it may open later is not its code.
    expect(contact.violations).toEqual([]);
  });

  it("finds admin code inside a shared chunk that has no src (from the chunk's modules)", () => {
    const course = reports().find((r) => r.label === "/courses/:slug")!;
    expect(course.violations).toEqual([
      { file: "assets/form-kit-1.js", module: "app/components/admin/form-kit.tsx", reason: "admin component" },
    ]);
    expect(formatReport(reports(), 120_000)).toContain("/courses/:slug: assets/form-kit-1.js contains admin component: app/components/admin/form-kit.tsx");
  });

  it("the 404 is measured as the splat route", () => {
    expect(reports().find((r) => r.label === "404")!.routeIds).toEqual(["root", "routes/site/not-found"]);
  });

  it("refuses a React Router file missing from the Vite manifest", () => {
    const build = fakeBuild();
    build.routerManifest.routes["routes/site/home"]!.module = "/assets/home-OTHER.js";
    expect(() => analyse({ ...build, localeFilesFor: () => ["common"], pages: PAGES })).toThrow(/home-OTHER\.js/);
  });

  it("refuses when a public locale file is missing", () => {
    const build = fakeBuild();
    expect(() => analyse({ ...build, localeFilesFor: () => ["common", "no-such-file"], pages: PAGES })).toThrow(/app\/locales\/en\/no-such-file\.json/);
  });
});

describe("findForbidden", () => {
  it("judges by a chunk's src, its assets' src, and its modules", () => {
    const { viteManifest, chunkModules } = fakeBuild();
    expect(findForbidden(viteManifest, ["app/routes/admin/users.tsx?__react-router-build-client-route"], {})).toEqual([
      { file: "assets/users-1.js", module: "app/routes/admin/users.tsx", reason: "admin route" },
    ]);
    expect(findForbidden(viteManifest, ["app/components/document-viewer/document-viewer.tsx"], {})).toEqual([
      { file: "assets/document-viewer-1.js", module: "node_modules/pdfjs-dist/build/pdf.worker.min.mjs", reason: "PDF.js" },
    ]);
    expect(findForbidden(viteManifest, ["_pdf-1.js"], chunkModules)).toEqual([
      { file: "assets/pdf-1.js", module: "node_modules/pdfjs-dist/build/pdf.mjs", reason: "PDF.js" },
    ]);
    expect(findForbidden({ x: { file: "assets/x.js" } }, ["x"], { "assets/x.js": ["app/features/courses/courses-admin.server.ts"] })).toEqual([
      { file: "assets/x.js", module: "app/features/courses/courses-admin.server.ts", reason: "admin feature code" },
    ]);
    // Public code whose name merely resembles admin is fine.
    expect(findForbidden({ x: { file: "assets/x.js" } }, ["x"], { "assets/x.js": ["app/routes/site/administration-course.tsx"] })).toEqual([]);
  });
});

describe("file formats", () => {
  it("reads React Router's manifest module", () => {
    const source = 'window.__reactRouterManifest={"entry":{"module":"/assets/e.js","imports":[]},"routes":{"root":{"id":"root","path":"","module":"/assets/r.js"}},"url":"/assets/manifest-1.js","version":"1"};';
    expect(parseRouterManifest(source).routes.root!.module).toBe("/assets/r.js");
    expect(() => parseRouterManifest("export default {}")).toThrow(/not a React Router manifest/);
  });

  it("gives each public page `common` and its routes' own locale files", () => {
    expect(publicLocaleFilesFor(["root", "routes/site/home"])).toEqual(["common", "course-card", "home"]);
    expect(publicLocaleFilesFor(["root", "routes/site/about"])).toEqual(["common", "about"]);
    expect(publicLocaleFilesFor(["root", "routes/site/services"])).toEqual(["common", "services"]);
    expect(publicLocaleFilesFor(["root", "routes/site/courses"])).toEqual(["common", "catalog", "course-card"]);
    expect(publicLocaleFilesFor(["root", "routes/site/enroll"])).toEqual(["common", "forms"]);
    // Every route id in the map is one app/routes.ts declares (a renamed route would silently lose its strings).
    const routesSource = fs.readFileSync(path.resolve(import.meta.dirname, "../app/routes.ts"), "utf8");
    for (const id of Object.keys(ROUTE_LOCALE_FILES)) {
      expect(routesSource.includes(`"${id}.tsx"`) || routesSource.includes(`id: "${id}"`), id).toBe(true);
    }
  });

  it("normalizes module ids from the bundler (absolute, virtual, outside the project, with queries)", () => {
    const root = path.resolve("/work/app");
    expect(normalizeModuleId(path.join(root, "app/routes/admin/users.tsx?__react-router-build-client-route"), root)).toBe(
      "app/routes/admin/users.tsx",
    );
    expect(normalizeModuleId("/elsewhere/node_modules/pdfjs-dist/build/pdf.mjs", root)).toBe("node_modules/pdfjs-dist/build/pdf.mjs");
    expect(normalizeModuleId("\0vite/preload-helper.js", root)).toBe("vite/preload-helper.js");
  });

  it("budgets 150 KB", () => {
    expect(BUDGET_BYTES).toBe(153_600);
  });
});
