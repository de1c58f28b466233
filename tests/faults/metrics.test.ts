// Metrics and logs of the production server (issue 33 item 5), one real process each (the compiled entry with
// plain node, as `npm start` runs it):
// - METRICS_TOKEN: /metrics answers 401 without the token and the exposition with it, never cached; it is
//   read by a Prometheus text-format parser from the registry, and its series move with traffic (requests by
//   route pattern, the latency histogram, the page cache, the outbox queue, the process defaults);
// - the log: every line with pid, instance and version and its level as a word; files at debug and pages at
//   info; a POST to a route without an action (405) at info without a stack; one warn line per refused
//   sign-in, without the email or the password; the migrations of a first start listed by name;
// - neither variable: /metrics is the site's 404;
// - METRICS_PORT (on PostgreSQL, a cluster of the test's own): served on 127.0.0.1:<port> without a token,
//   404 on the site's port, the pool gauges present; the database stopped and started again gives one warn
//   line and one info line.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, ROOT, type RunningApp } from "../e2e/harness.ts";
import { parseMetrics, samplesOf, valueOf } from "../setup/prometheus.ts";
import {
  AUTH_SECRET,
  createDatabase,
  ensureBuild,
  logLines,
  request,
  startPrivateCluster,
  startServerProcess,
  stopApp,
  waitUntil,
  type PrivateCluster,
} from "./helpers.ts";

const TOKEN = "fault-suite-metrics-token-0123456789";
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const MIGRATIONS = (JSON.parse(fs.readFileSync(path.join(ROOT, "db/migrations/meta/_journal.json"), "utf8")) as { entries: { tag: string }[] }).entries.map(
  (entry) => entry.tag,
);
const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"];

beforeAll(() => {
  ensureBuild();
});

async function scrape(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/metrics`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("with METRICS_TOKEN, on the embedded database", () => {
  let app: RunningApp;
  const bearer = { Authorization: `Bearer ${TOKEN}` };

  beforeAll(async () => {
    app = await startServerProcess({
      METRICS_TOKEN: TOKEN,
      INSTANCE_ID: "faults-metrics-1",
      AUTH_SECRET,
      SEED_DEMO: "true",
      LOG_LEVEL: "info",
      RATE_LIMIT_LOGIN: "2/60",
    });
  });
  afterAll(async () => {
    await stopApp(app);
  });

  it("answers 401 without the token and the exposition with it, never cached", async () => {
    const attempts: Record<string, string>[] = [{}, { Authorization: "Bearer not-the-token-0123456789" }, { Authorization: TOKEN }];
    for (const headers of attempts) {
      const res = await scrape(app.url, headers);
      expect(res.status).toBe(401);
      expect(res.text).not.toContain("academy_");
    }
    const res = await scrape(app.url, bearer);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(parseMetrics(res.text).get("academy_http_requests_total")?.type).toBe("COUNTER");
  });

  it("moves with traffic: requests by route pattern, the latency histogram, the page cache, the outbox, the process", async () => {
    const html = await (await fetch(`${app.url}/en/courses`)).text();
    const slug = /href="\/en\/courses\/([a-z0-9-]+)"/.exec(html)?.[1];
    expect(slug, "a course link on /en/courses").toBeTruthy();
    const before = parseMetrics((await scrape(app.url, bearer)).text);

    // Each answer is read to its end: a request is counted when its answer has been sent, and a streamed
    // page (the 404 renders) can still be sending when the scrape below arrives on another connection.
    const answered = async (path: string) => {
      const res = await fetch(`${app.url}${path}`);
      await res.arrayBuffer();
      return res.status;
    };
    for (let i = 0; i < 3; i++) expect(await answered("/en/courses")).toBe(200);
    for (let i = 0; i < 2; i++) expect(await answered(`/ar/courses/${slug}`)).toBe(200);
    expect(await answered("/en/no-such-page")).toBe(404);
    const after = parseMetrics((await scrape(app.url, bearer)).text);

    const requests = (m: typeof after, route: string, status = "200") => valueOf(m, "academy_http_requests_total", { route, method: "GET", status });
    expect(requests(after, "/{lang}/courses") - requests(before, "/{lang}/courses")).toBe(3);
    expect(requests(after, "/{lang}/courses/:slug") - requests(before, "/{lang}/courses/:slug")).toBe(2);
    expect(requests(after, "/{lang}/*", "404") - requests(before, "/{lang}/*", "404")).toBe(1);
    // No label is a raw URL.
    for (const sample of samplesOf(after, "academy_http_requests_total")) expect(sample.labels.route).not.toContain(slug!);

    expect(after.get("academy_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    const [latency] = samplesOf(after, "academy_http_request_duration_seconds", { route: "/{lang}/courses", method: "GET", status_class: "2xx" });
    expect(Object.keys(latency?.buckets ?? {})).toEqual(expect.arrayContaining(["0.005", "0.05", "1", "+Inf"]));
    expect(latency!.buckets!["+Inf"]).toBe(latency!.count);
    expect(latency!.count).toBeGreaterThanOrEqual(4);

    // The public pages went through the page cache: a copy served, and at least one render to make it.
    const moved = (name: string) => valueOf(after, name) - valueOf(before, name);
    expect(moved("academy_page_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(moved("academy_page_cache_renders_total")).toBeGreaterThanOrEqual(1);
    expect(moved("academy_page_cache_misses_total")).toBeGreaterThanOrEqual(1);
    expect(moved("academy_page_cache_hits_total") + moved("academy_page_cache_misses_total")).toBe(5);

    expect(after.get("academy_outbox_queue_depth")?.type).toBe("GAUGE");
    expect(samplesOf(after, "academy_outbox_queue_depth").map((s) => s.labels.state).sort()).toEqual(["due", "scheduled"]);
    expect(after.has("academy_outbox_failures_total")).toBe(true);
    // The embedded database has no pool.
    expect(samplesOf(after, "academy_db_pool_total")).toEqual([]);
    expect(samplesOf(after, "academy_build_info")[0]?.labels.version).toBe(VERSION);
    for (const name of ["nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes", "process_resident_memory_bytes"]) {
      expect(after.has(name), name).toBe(true);
    }
  });

  it("writes pid, instance, version and a textual level on every line; files below info, pages at info", async () => {
    const html = await (await fetch(`${app.url}/en`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(`${app.url}${asset}`)).status).toBe(200);
    expect((await fetch(`${app.url}/favicon.svg`)).status).toBe(200);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

    const lines = logLines(app.output());
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      expect(line).toMatchObject({ pid: app.proc.pid, instance: "faults-metrics-1", version: VERSION });
      expect(LEVELS).toContain(line.level);
    }
    const urls = lines.map((l) => String(l.url ?? ""));
    expect(urls).toContain("/en");
    expect(lines.find((l) => l.url === "/en")?.level).toBe("info");
    // Logged at debug, so not at all at LOG_LEVEL=info.
    expect(urls.filter((u) => u.startsWith("/assets/") || u === "/favicon.svg" || u === "/healthz" || u === "/metrics")).toEqual([]);
  });

  it("lists the migrations of the first start by name in one info line", () => {
    const lines = logLines(app.output()).filter((l) => Array.isArray(l.migrations));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", migrations: MIGRATIONS });
  });

  it("logs a POST to a route without an action (405) at info, with no stack", async () => {
    const origin = { Origin: app.url };
    for (const url of ["/robots.txt", "/en/about"]) {
      const outcome = await request(`${app.url}${url}`, { method: "POST", body: "a=1", headers: origin });
      expect(outcome.status, url).toBe(405);
    }
    // The request log writes its line once the answer is sent.
    const refusedPosts = () =>
      logLines(app.output()).filter((l) => /\/robots\.txt|\/en\/about/.test(String(l.url ?? "")) && l.status === 405 && l.method === "POST");
    expect(await waitUntil(() => refusedPosts().length === 2, 10_000)).toBe(true);
    const about = logLines(app.output()).filter((l) => /\/robots\.txt|\/en\/about/.test(String(l.url ?? "")));
    // The router says why, once per request, at info too.
    expect(about.filter((l) => l.msg === "request refused").map((l) => [l.level, l.status])).toEqual([
      ["info", 405],
      ["info", 405],
    ]);
    for (const line of about) {
      expect(["info", "debug"], JSON.stringify(line)).toContain(line.level);
      expect(line).not.toHaveProperty("err");
    }
    expect(app.output()).not.toMatch(/did not provide an `action`[^\n]*\\n\s+at /);
  });

  it("writes one warn line per refused sign-in, naming the account by a digest, never the email or password", async () => {
    const email = "someone.refused@example.com";
    const password = "Wrong-Passw0rd-For-Logs";
    const statuses: (number | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const body = new URLSearchParams({ email, password }).toString();
      statuses.push((await request(`${app.url}/login`, { method: "POST", body, headers: { Origin: app.url } })).status);
    }
    // RATE_LIMIT_LOGIN=2/60: two wrong passwords, then this address is refused.
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(statuses[2]).toBe(429);
    const refused = logLines(app.output()).filter((l) => String(l.msg ?? "").startsWith("sign-in refused"));
    expect(refused.map((l) => [l.level, l.msg])).toEqual([
      ["warn", "sign-in refused: wrong email or password"],
      ["warn", "sign-in refused: wrong email or password"],
      ["warn", "sign-in refused: too many attempts"],
    ]);
    expect(new Set(refused.map((l) => l.account)).size).toBe(1);
    expect(refused[0]!.account).toEqual(expect.stringMatching(/^[\w-]{12}$/));
    expect(app.output()).not.toContain(email);
    expect(app.output()).not.toContain(password);
  });
});

describe("with neither METRICS_TOKEN nor METRICS_PORT", () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startServerProcess({ AUTH_SECRET, SEED_DEMO: "false", LOG_LEVEL: "debug" });
  });
  afterAll(async () => {
    await stopApp(app);
  });

  it("answers /metrics as any unknown path: the site's 404 page, token or not", async () => {
    const attempts: Record<string, string>[] = [{}, { Authorization: `Bearer ${TOKEN}` }];
    for (const headers of attempts) {
      // React Router's: a path without a language goes to its English URL, which does not exist.
      const res = await fetch(`${app.url}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).not.toContain("academy_");
    }
  });

  it("logs files and probes at debug, pages at info", async () => {
    expect((await fetch(`${app.url}/favicon.svg`)).status).toBe(200);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${app.url}/en/about`)).status).toBe(200);
    const level = (url: string) => logLines(app.output()).find((l) => l.url === url && typeof l.status === "number")?.level;
    await waitUntil(() => level("/en/about") !== undefined, 5_000);
    expect(level("/favicon.svg")).toBe("debug");
    expect(level("/readyz")).toBe("debug");
    expect(level("/en/about")).toBe("info");
  });
});

describe("with METRICS_PORT, on PostgreSQL", () => {
  let cluster: PrivateCluster;
  let app: RunningApp;
  let metricsPort = 0;

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    const database = await createDatabase(cluster.base);
    metricsPort = await freePort();
    app = await startServerProcess({ DATABASE_URL: database.url, AUTH_SECRET, METRICS_PORT: String(metricsPort), LOG_LEVEL: "info" });
  });
  afterAll(async () => {
    await stopApp(app);
    cluster?.destroy();
  });

  it("serves it on 127.0.0.1:<port> without a token, with the pool's gauges, and 404 on the site's port", async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const m = parseMetrics(await res.text());
    expect(valueOf(m, "academy_db_pool_total")).toBeGreaterThanOrEqual(1);
    expect(samplesOf(m, "academy_db_pool_idle")).toHaveLength(1);
    expect(samplesOf(m, "academy_db_pool_waiting")).toHaveLength(1);
    expect(valueOf(m, "academy_outbox_queue_depth", { state: "due" })).toBeGreaterThanOrEqual(0);
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });

  it("logs one warn line when the database stops answering and one info line when it is back", async () => {
    const transitions = () => logLines(app.output()).filter((l) => l.msg === "database unreachable" || l.msg === "database reachable again");
    expect(transitions()).toEqual([]);
    cluster.stop();
    // A probe or a request finds out, as a load balancer's would.
    await waitUntil(async () => (await fetch(`${app.url}/readyz`)).status === 503, 30_000, 250);
    for (let i = 0; i < 5; i++) await fetch(`${app.url}/readyz`);
    await waitUntil(() => transitions().length >= 1, 15_000);
    cluster.start();
    // No request needed: the server pings while the database is down.
    expect(await waitUntil(() => transitions().length >= 2, 30_000, 250)).toBe(true);
    expect(transitions().map((l) => [l.level, l.msg])).toEqual([
      ["warn", "database unreachable"],
      ["info", "database reachable again"],
    ]);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
  });
});
