// `npm run lighthouse` (issue 8 item 3): Lighthouse, mobile preset (its default: a mid-range phone, slow
// 4G and 4× CPU slowdown, simulated), against the production build with the demo data, for /, /courses and
// a course page, in English and Arabic. Prints a table of the four category scores; exits 1 when
// accessibility or SEO is below 100 or performance below 95, and lists the audits that cost points.
//
//   npm run build && npm run lighthouse      # about 4 minutes; HTML reports in test-results/lighthouse/
//   npm run lighthouse -- --page "/ar/courses"   # only that page (repeatable; :slug = the demo course)
//   npm run lighthouse -- --runs 1           # one run per page (default 3: the run with the median
//                                            # performance score counts, as Lighthouse's docs advise)
//
// Chromium: CHROME_PATH (default /usr/bin/chromium), headless, --no-sandbox when running as root.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result, type RunnerResult } from "lighthouse";
import { startH2Proxy, type H2Proxy } from "./h2-proxy.ts";
import { freePort, prepareDemoCatalogue, requireProductionBuild, ROOT, startProductionServer, type ServerProcess } from "./lib.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Partial<Record<Category, number>> = { performance: 95, accessibility: 100, seo: 100 };
const REPORTS = path.join(ROOT, "test-results/lighthouse");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;
/** `--page "/ar/courses"` (repeatable): only these pages; `:slug` stands for the demo course. */
const onlyPages = process.argv.flatMap((arg, i) => (arg === "--page" && process.argv[i + 1] ? [process.argv[i + 1]!] : []));

interface Row {
  page: string;
  scores: Record<Category, number>;
  problems: string[];
}

/** Audits of a category that lost points: failed audits, and metrics below "good". */
function problems(lhr: Result, category: Category): string[] {
  const out: string[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= (ref.group === "metrics" ? 0.9 : 1)) continue;
    if (ref.weight === 0 && ref.group !== "metrics") continue;
    if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
    const items =
      audit.details && "items" in audit.details && Array.isArray(audit.details.items)
        ? (audit.details.items as { node?: { snippet?: string; selector?: string } }[])
            .slice(0, 3)
            .map((i) => i.node?.snippet ?? i.node?.selector)
            .filter(Boolean)
        : [];
    out.push(
      `${category}: ${audit.id} (${Math.round(audit.score * 100)}) ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ""}` +
        (items.length ? `\n      ${items.join("\n      ")}` : ""),
    );
  }
  return out;
}

async function main() {
  requireProductionBuild("lighthouse");
  const catalogue = await prepareDemoCatalogue();
  let server: ServerProcess | undefined;
  let proxy: H2Proxy | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    // Measured as deployed: HTTPS and HTTP/2 from a front proxy, the app behind it (bench/h2-proxy.ts).
    const proxyPort = await freePort();
    const publicUrl = `https://127.0.0.1:${proxyPort}`;
    server = await startProductionServer({ dataDir: catalogue.dataDir, env: { PUBLIC_URL: publicUrl } });
    proxy = await startH2Proxy(server.url, proxyPort);
    const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        "--headless=new",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--ignore-certificate-errors",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
      ],
      logLevel: "silent",
    });
    fs.mkdirSync(REPORTS, { recursive: true });
    const allPages = ["", "/courses", `/courses/${catalogue.slug}`].flatMap((p) => [`/en${p}`, `/ar${p}`]);
    const pages = onlyPages.length ? onlyPages.map((p) => p.replace(":slug", catalogue.slug)) : allPages;
    const rows: Row[] = [];
    for (const page of pages) {
      const flags: Flags = {
        port: chrome.port,
        output: "html",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      };
      // Mobile is Lighthouse's default configuration. A failed trace (NO_NAVSTART and the like, seen on
      // a busy machine) is retried once; a second failure stops the run.
      const results: RunnerResult[] = [];
      for (let run = 0; run < RUNS; run++) {
        let attempt = await lighthouse(`${proxy.url}${page}`, flags);
        if (attempt?.lhr.runtimeError) {
          console.log(`  ${page}: ${attempt.lhr.runtimeError.code}, running it again`);
          attempt = await lighthouse(`${proxy.url}${page}`, flags);
        }
        if (!attempt) throw new Error(`Lighthouse returned nothing for ${page}`);
        if (attempt.lhr.runtimeError) throw new Error(`${page}: ${attempt.lhr.runtimeError.code} ${attempt.lhr.runtimeError.message}`);
        results.push(attempt);
      }
      // The run with the median performance score (performance varies from run to run; the others do not).
      results.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
      const result = results[Math.floor(results.length / 2)]!;
      const { lhr } = result;
      const name = page.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
      fs.writeFileSync(path.join(REPORTS, `${name}.html`), String(result.report));
      fs.writeFileSync(path.join(REPORTS, `${name}.json`), JSON.stringify(lhr));
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
      const failing = CATEGORIES.filter((c) => TARGETS[c] !== undefined && scores[c] < TARGETS[c]!);
      rows.push({ page, scores, problems: failing.flatMap((c) => problems(lhr, c)) });
      const perfRuns = results.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100)).join("/");
      console.log(`  ${page}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}${RUNS > 1 ? ` (performance runs ${perfRuns})` : ""}`);
    }

    const header = ["page", "performance", "accessibility", "best-practices", "seo", "met"];
    const table = rows.map((r) => [
      r.page,
      ...CATEGORIES.map((c) => String(r.scores[c])),
      CATEGORIES.every((c) => TARGETS[c] === undefined || r.scores[c] >= TARGETS[c]!) ? "yes" : "NO",
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
    console.log("");
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const r of table) console.log(line(r));
    console.log(
      `\nTargets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, SEO ${TARGETS.seo} ` +
        `(Lighthouse ${lighthouseVersion()}, mobile, median of ${RUNS} run(s)). Reports: ${REPORTS}`,
    );
    const failed = rows.filter((r) => r.problems.length > 0 || table.find((t) => t[0] === r.page)?.[5] === "NO");
    for (const r of failed) {
      console.log(`\n${r.page}:`);
      for (const p of r.problems) console.log(`  - ${p}`);
    }
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    chrome?.kill();
    await proxy?.close();
    await server?.stop();
    fs.rmSync(catalogue.dataDir, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "?";
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
