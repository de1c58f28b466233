// The Prometheus metrics (issue 33 item 5, app/lib/metrics.server.ts) on a real database: the exposition is
// read by a Prometheus text-format parser from the registry, and each series moves with what it counts —
// requests and their durations, the public page cache (through its real lookup and render middleware), the
// outbox queue and its failures (a real SMTP connection refused), the pool, and the process defaults.
import type { AddressInfo } from "node:net";
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestInfoContext } from "~/lib/context.server.ts";
import { bearerMatches, metrics, metricsHandler, observeDatabase, recordRequest, startMetricsServer } from "~/lib/metrics.server.ts";
import { createOutboxWorker, enqueueEmail, smtpTransport } from "~/lib/outbox.server.ts";
import { clearPublicCache, publicCacheSettled, publicPage, publicPageCache } from "~/lib/public-cache.server.ts";
import { createTestClock } from "../setup/clock.ts";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../setup/db.ts";
import { parseMetrics, samplesOf, valueOf } from "../setup/prometheus.ts";
import { contextFor, routeArgs } from "../setup/route-call.ts";
import { startSmtpServer } from "../setup/smtp.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  observeDatabase(database);
});
afterAll(async () => {
  observeDatabase(undefined);
  await database?.destroy();
});
beforeEach(async () => {
  await resetDatabase(database.db);
  clearPublicCache();
});

async function scrape() {
  return parseMetrics(await metrics().registry.metrics());
}

/** One visit as server.ts makes it: a stored copy first, else the root middleware renders (ADR 017). */
async function visit(url: string): Promise<"hit" | "rendered"> {
  const found = await publicPage("GET", url, "gzip");
  if (found?.page) return "hit";
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "n".repeat(24), requestId: "r", ip: "203.0.113.1" });
  const request = new Request(`http://localhost${url}`);
  await publicPageCache(routeArgs(request, {}, context), async () =>
    new Response(`<!DOCTYPE html><html><body>${url}</body></html>`, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } }),
  );
  await publicCacheSettled();
  return "rendered";
}

describe("the metrics registry", () => {
  it("counts requests by route pattern, method and status, with a latency histogram in seconds", async () => {
    const route = "/{lang}/courses/:slug";
    const before = await scrape();
    const count = (m: typeof before, status: string) => valueOf(m, "academy_http_requests_total", { route, method: "GET", status });
    recordRequest(route, "GET", 200, 0.004);
    recordRequest(route, "GET", 200, 0.3);
    recordRequest(route, "GET", 404, 0.02);
    recordRequest("other", "PROPFIND", 405, 0.001);
    const after = await scrape();

    expect(after.get("academy_http_requests_total")?.type).toBe("COUNTER");
    expect(count(after, "200") - count(before, "200")).toBe(2);
    expect(count(after, "404") - count(before, "404")).toBe(1);
    // A method outside the usual few is folded, so a client cannot invent label values.
    expect(valueOf(after, "academy_http_requests_total", { route: "other", method: "other", status: "405" })).toBeGreaterThanOrEqual(1);

    const histogram = after.get("academy_http_request_duration_seconds");
    expect(histogram?.type).toBe("HISTOGRAM");
    const [ok] = samplesOf(after, "academy_http_request_duration_seconds", { route, method: "GET", status_class: "2xx" });
    const [okBefore] = samplesOf(before, "academy_http_request_duration_seconds", { route, method: "GET", status_class: "2xx" });
    expect(ok?.buckets).toBeDefined();
    expect(Object.keys(ok!.buckets!).sort()).toEqual(["0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "+Inf"].sort());
    const bucketsBefore = okBefore?.buckets ?? {};
    // 4 ms falls in every bucket; 300 ms from 0.5 s up.
    expect(ok!.buckets!["0.005"]! - (bucketsBefore["0.005"] ?? 0)).toBe(1);
    expect(ok!.buckets!["0.25"]! - (bucketsBefore["0.25"] ?? 0)).toBe(1);
    expect(ok!.buckets!["0.5"]! - (bucketsBefore["0.5"] ?? 0)).toBe(2);
    expect(ok!.count! - (okBefore?.count ?? 0)).toBe(2);
  });

  it("counts page cache misses, renders and hits as visitors come", async () => {
    const before = await scrape();
    const delta = (m: typeof before, name: string) => valueOf(m, name) - valueOf(before, name);
    expect(await visit("/en/about")).toBe("rendered");
    expect(await visit("/en/about")).toBe("hit");
    expect(await visit("/en/about")).toBe("hit");
    expect(await visit("/ar/about")).toBe("rendered");
    // Not a cacheable page: neither a hit nor a miss, and not a cacheable render.
    expect(await publicPage("GET", "/en/courses?q=search")).toBeNull();
    const after = await scrape();
    expect(delta(after, "academy_page_cache_misses_total")).toBe(2);
    expect(delta(after, "academy_page_cache_renders_total")).toBe(2);
    expect(delta(after, "academy_page_cache_hits_total")).toBe(2);
  });

  it("reads the outbox queue at scrape time and counts failed deliveries", async () => {
    const due = { kind: "test", to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>" };
    await enqueueEmail(database.db, due);
    await enqueueEmail(database.db, { ...due, maxAttempts: 1 });
    await enqueueEmail(database.db, { ...due, delayMs: 600_000 });
    let m = await scrape();
    expect(valueOf(m, "academy_outbox_queue_depth", { state: "due" })).toBe(2);
    expect(valueOf(m, "academy_outbox_queue_depth", { state: "scheduled" })).toBe(1);
    const before = { retry: valueOf(m, "academy_outbox_failures_total", { outcome: "retry" }), gaveUp: valueOf(m, "academy_outbox_failures_total", { outcome: "gave_up" }) };

    // A mail server that is not there: a real connection refused.
    const smtp = await startSmtpServer();
    await smtp.stop();
    const transport = smtpTransport(smtp.url);
    const silent = { info() {}, warn() {}, error() {} };
    const worker = createOutboxWorker({ db: database.db, transport, from: "a@academy.test", logger: silent, clock: createTestClock() });
    try {
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1, retried: 1 });
    } finally {
      transport.close();
    }
    m = await scrape();
    expect(valueOf(m, "academy_outbox_failures_total", { outcome: "retry" }) - before.retry).toBe(1);
    expect(valueOf(m, "academy_outbox_failures_total", { outcome: "gave_up" }) - before.gaveUp).toBe(1);
    // The retried email waits for its backoff; the given-up one left the queue.
    expect(valueOf(m, "academy_outbox_queue_depth", { state: "due" })).toBe(0);
    expect(valueOf(m, "academy_outbox_queue_depth", { state: "scheduled" })).toBe(2);
  });

  it("shows the PostgreSQL pool (none on the embedded database), the release, and the process defaults", async () => {
    const m = await scrape();
    for (const name of ["academy_db_pool_total", "academy_db_pool_idle", "academy_db_pool_waiting"]) {
      expect(m.get(name)?.type).toBe("GAUGE");
      expect(samplesOf(m, name)).toHaveLength(database.kind === "postgres" ? 1 : 0);
    }
    if (database.kind === "postgres") expect(valueOf(m, "academy_db_pool_total")).toBeGreaterThanOrEqual(1);
    expect(samplesOf(m, "academy_build_info")[0]?.labels.version).toMatch(/^\d+\.\d+\.\d+/);
    for (const name of ["nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes", "process_cpu_user_seconds_total", "nodejs_gc_duration_seconds"]) {
      expect(m.has(name), name).toBe(true);
    }
  });

  it("leaves the outbox depth out, rather than 0, when there is no database to read", async () => {
    observeDatabase(undefined);
    try {
      expect(samplesOf(await scrape(), "academy_outbox_queue_depth")).toEqual([]);
    } finally {
      observeDatabase(database);
    }
    await enqueueEmail(database.db, { kind: "test", to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>" });
    expect(valueOf(await scrape(), "academy_outbox_queue_depth", { state: "due" })).toBe(1);
  });

  it("keeps one registry however many copies of the module ask (server entry and app build)", async () => {
    // The same file under another module id: a second instance of the module, as a second bundle has.
    const specifier = new URL("../../app/lib/metrics.server.ts?second-copy", import.meta.url).href;
    const copy = (await import(/* @vite-ignore */ specifier)) as { metrics: typeof metrics };
    expect(copy.metrics).not.toBe(metrics);
    expect(copy.metrics()).toBe(metrics());
  });
});

describe("serving /metrics", () => {
  async function serve(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  it("answers only the bearer of the token, in constant time, never cached", async () => {
    const token = "scrape-token-0123456789";
    const site = await serve(metricsHandler(token));
    try {
      const refused: Record<string, string>[] = [
        {},
        { Authorization: "Bearer wrong-token-0123456789" },
        { Authorization: `Basic ${token}` },
        { Authorization: `Bearer ${token}x` },
      ];
      for (const headers of refused) {
        const res = await fetch(`${site.url}/metrics`, { headers });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(await res.text()).not.toContain("academy_");
      }
      const res = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(parseMetrics(await res.text()).has("academy_http_requests_total")).toBe(true);
    } finally {
      await site.close();
    }
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer  ${token} `, token)).toBe(true);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches("Bearer", token)).toBe(false);
  });

  it("serves METRICS_PORT on the loopback address without a token, and nothing else there", async () => {
    const server = await startMetricsServer(0);
    const address = server.address() as AddressInfo;
    try {
      expect(address.address).toBe("127.0.0.1");
      const url = `http://127.0.0.1:${address.port}`;
      const res = await fetch(`${url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(parseMetrics(await res.text()).has("academy_page_cache_hits_total")).toBe(true);
      expect((await fetch(`${url}/`)).status).toBe(404);
      expect((await fetch(`${url}/metrics/x`)).status).toBe(404);
      expect((await fetch(`${url}/metrics`, { method: "POST" })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
