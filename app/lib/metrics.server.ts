// Prometheus metrics (issue 33 item 5), with prom-client. Off unless configured (server.ts): GET /metrics on
// the site's port answers only `Authorization: Bearer <METRICS_TOKEN>`, and METRICS_PORT serves it on
// 127.0.0.1 without a token, for a Prometheus (or an agent) on the same machine.
//
// What is counted, all named academy_*:
// - requests by route pattern (app/lib/route-pattern.ts: a bounded set, never the raw URL), method and
//   status, and their duration as a histogram (server.ts's request log records both);
// - the public page cache (public-cache.server.ts): copies served (hits), cacheable requests without a
//   current copy (misses), and renders of cacheable pages, the cost the cache exists to avoid;
// - the outbox: emails waiting (read at scrape time by one count on the status index) and failed attempts;
// - the PostgreSQL pool's clients (total, idle) and the queries waiting for one;
// plus prom-client's default process and Node.js metrics under their usual names (process_*, nodejs_*:
// event-loop lag, heap, GC), so existing Node.js dashboards read them as they are.
//
// One registry per process: the server entry (server.ts) and the app build each bundle their own copy of
// app/lib, and Vite reloads modules in development, so the registry lives on globalThis and every copy of
// this module counts into it. The database is handed over by the start-up wiring (observeDatabase).
import crypto from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { z } from "zod";
import type { Database } from "./db.server.ts";
import { APP_VERSION, logger } from "./logger.server.ts";
import { methodLabel, statusClass } from "./route-pattern.ts";

/** Seconds; from a cached page (~1 ms) to a request the 10 s shutdown would cut. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape never waits longer than this for the database (the gauge is left out instead). */
const COLLECT_TIMEOUT_MS = 1000;

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method" | "status_class">;
  pageCacheHits: Counter;
  pageCacheMisses: Counter;
  pageCacheRenders: Counter;
  outboxFailures: Counter<"outcome">;
}

interface Shared {
  metrics: Metrics;
  database?: Database;
}

const SHARED: unique symbol = Symbol.for("course-academy.metrics");
type Holder = typeof globalThis & { [SHARED]?: Shared };

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const outboxCounts = z.object({ due: z.coerce.number(), scheduled: z.coerce.number() });

/** Pending emails: due now, and held back (an undo window, a reminder days ahead). One index scan. */
async function countOutbox(database: Database): Promise<z.infer<typeof outboxCounts>> {
  const result = await database.db.execute(sql`
    select count(*) filter (where next_attempt_at <= now()) as due,
           count(*) filter (where next_attempt_at > now()) as scheduled
      from email_outbox where status = 'pending'`);
  return z.object({ rows: z.array(outboxCounts).length(1) }).parse(result).rows[0]!;
}

/** Gauges read when Prometheus asks: the outbox and the database pool. */
function databaseGauges(registry: Registry, shared: () => Shared | undefined): void {
  new Gauge({
    name: "academy_outbox_queue_depth",
    help: "Emails waiting in the outbox (status pending): due now, or scheduled for later",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const database = shared()?.database;
      this.reset();
      if (!database) return;
      try {
        const counts = await withTimeout(countOutbox(database), COLLECT_TIMEOUT_MS);
        this.set({ state: "due" }, counts.due);
        this.set({ state: "scheduled" }, counts.scheduled);
      } catch (err) {
        // Left out rather than shown as 0: the database cannot say now (the request log shows why).
        logger.debug({ err }, "metrics: outbox depth not read");
      }
    },
  });
  const pool = (name: string, help: string, read: (p: NonNullable<Database["pool"]>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const p = shared()?.database?.pool;
        // The embedded database has no pool: no sample.
        if (p) this.set(read(p));
        else this.remove();
      },
    });
  pool("academy_db_pool_total", "PostgreSQL pool: clients open (idle and in use)", (p) => p.totalCount);
  pool("academy_db_pool_idle", "PostgreSQL pool: clients open and idle", (p) => p.idleCount);
  pool("academy_db_pool_waiting", "PostgreSQL pool: queries waiting for a client", (p) => p.waitingCount);
}

function createMetrics(shared: () => Shared | undefined): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  new Gauge({ name: "academy_build_info", help: "The release running (package.json version)", labelNames: ["version"], registers }).set(
    { version: APP_VERSION },
    1,
  );
  databaseGauges(registry, shared);
  return {
    registry,
    httpRequests: new Counter({
      name: "academy_http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "academy_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by route pattern, method and status class",
      labelNames: ["route", "method", "status_class"],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    pageCacheHits: new Counter({ name: "academy_page_cache_hits_total", help: "Public pages answered from the page cache", registers }),
    pageCacheMisses: new Counter({
      name: "academy_page_cache_misses_total",
      help: "Requests for a cacheable public page that found no current copy",
      registers,
    }),
    pageCacheRenders: new Counter({ name: "academy_page_cache_renders_total", help: "Renders of cacheable public pages", registers }),
    outboxFailures: new Counter({
      name: "academy_outbox_failures_total",
      help: "Failed email deliveries: retry (another attempt is scheduled) or gave_up (the email is marked failed)",
      labelNames: ["outcome"],
      registers,
    }),
  };
}

/** The process's metrics, made on first use. */
export function metrics(): Metrics {
  const holder = globalThis as Holder;
  // The gauges read the holder when scraped, so they see the database whichever copy handed it over.
  holder[SHARED] ??= { metrics: createMetrics(() => holder[SHARED]) };
  return holder[SHARED].metrics;
}

/** The database the scrape-time gauges read (set at start-up, cleared at shutdown). */
export function observeDatabase(database: Database | undefined): void {
  metrics();
  (globalThis as Holder)[SHARED]!.database = database;
}

/** One answered request: `route` is its pattern (routePattern), never the raw path. */
export function recordRequest(route: string, method: string, status: number, seconds: number): void {
  const m = metrics();
  const labels = { route, method: methodLabel(method) };
  m.httpRequests.inc({ ...labels, status: String(status) });
  m.httpDuration.observe({ ...labels, status_class: statusClass(status) }, seconds);
}

/** Whether an Authorization header carries this bearer token; compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  if (!match) return false;
  // Digests of equal length, so neither the comparison nor its length check tells how much matched.
  const digest = (value: string) => crypto.createHash("sha256").update(value, "utf8").digest();
  return crypto.timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /metrics: the registry in Prometheus's text format, never cached. With a token, only for a request
 * that carries it (401 otherwise). Works as an Express handler and as a plain node:http one.
 */
export function metricsHandler(token?: string): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      res.statusCode = 401;
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("Unauthorized\n");
      return;
    }
    const { registry } = metrics();
    registry.metrics().then(
      (text) => {
        res.setHeader("Content-Type", registry.contentType);
        res.end(text);
      },
      (err: unknown) => {
        logger.error({ err }, "metrics: scrape failed");
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Metrics unavailable\n");
      },
    );
  };
}

/**
 * METRICS_PORT: a server of its own on the loopback address that answers GET /metrics without a token and
 * 404 to anything else. Resolves once it listens; rejects when the port cannot be had.
 */
export function startMetricsServer(port: number, host = "127.0.0.1"): Promise<http.Server> {
  const serve = metricsHandler();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?", 1)[0];
    if (path === "/metrics" && (req.method === "GET" || req.method === "HEAD")) return serve(req, res);
    res.statusCode = 404;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("Not found\n");
  });
  // Nothing here is worth keeping a connection open for; a scrape makes a new one.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      server.on("error", (err) => logger.warn({ err }, "metrics port"));
      resolve(server);
    });
  });
}
