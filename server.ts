// Express entry: security headers with a per-request CSP nonce, compression, static files, health checks,
// React Router's request handler, graceful shutdown. Used by `npm start` (production) and `npm run dev`.
import crypto from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { requestInfoContext as RequestInfoContext } from "./app/lib/context.server.ts";
import type { publicPage as PublicPage } from "./app/lib/public-cache.server.ts";
import { parseEnv, type Env } from "./app/lib/env.server.ts";
import { bodyLimit, createRequestHandler, methodGuard, pathDepthGuard } from "./app/lib/http-body.server.ts";
import { streamCompressionOptions } from "./app/lib/compression.server.ts";
import { restrictUmask, secureDataDir } from "./app/lib/data-dir.server.ts";
import { logger, redactQuery } from "./app/lib/logger.server.ts";
import { metricsHandler, recordRequest, startMetricsServer } from "./app/lib/metrics.server.ts";
import { PROBE_ROUTES, routePattern, STATIC_ROUTES } from "./app/lib/route-pattern.ts";
import { bodyPace, limitConnectionsPerAddress } from "./app/lib/slow-clients.server.ts";
import { startFailureLine } from "./app/lib/start-failure.server.ts";
import { isCrossSiteRequest } from "./app/lib/origin-check.ts";
import { createStorageFromEnv, describeStorage, isValidKey } from "./app/lib/storage.server.ts";

type Lifecycle = {
  requestInfoContext: typeof RequestInfoContext;
  bootstrap(env: Env): Promise<{ admins: number }>;
  shutdown(): Promise<void>;
  isReady(): Promise<boolean>;
  /** What /readyz reports: the database and the file storage apart. */
  readiness?(): Promise<{ ready: boolean; database: boolean; storage: boolean }>;
  publicPage?: typeof PublicPage;
};

export const BUILD_DIR = path.resolve("build");

/** Keys made by the upload code (app/lib/uploads.server.ts): `images|photos/<yyyy>/<random>[-400].webp`. */
const GENERATED_MEDIA_KEY = /^(images|photos)\/\d{4}\/[a-f0-9]{32}(-400)?\.webp$/;
const IMMUTABLE = "public, max-age=31536000, immutable";
const SERVER_BUILD = path.join(BUILD_DIR, "server/index.js");

/**
 * @param scripts the answer's nonce, or for a cached public page the sha256 sources of its inline scripts
 *   (ADR 017: the page is stored compressed once, so it cannot carry a nonce per answer).
 * @param imageOrigin where uploaded public images are served from when that is not this site (a CDN or the
 *   bucket behind S3_PUBLIC_URL); images from anywhere else stay blocked.
 * @param checkoutOrigin Paymob's, when online payment is configured: "Pay online" is a form whose answer
 *   redirects there, and form-action also governs where a form's redirects may go.
 */
export function contentSecurityPolicy(scripts: string | { hashes: string[] }, dev: boolean, imageOrigin?: string, checkoutOrigin?: string): string {
  const allowed = typeof scripts === "string" ? [`'nonce-${scripts}'`] : scripts.hashes;
  const script = dev ? `'self' 'unsafe-inline' 'unsafe-eval'` : ["'self'", ...allowed].join(" ");
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigin ? ` ${imageOrigin}` : ""}`,
    "font-src 'self'",
    // The PDF.js worker of the document viewer is a file of ours (/assets/pdf.worker.min-*.mjs).
    "worker-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${checkoutOrigin ? ` ${checkoutOrigin}` : ""}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * `X-Content-Type-Options: nosniff` exactly once on every response (issue 14 item 9). Some routes set it on
 * their own Response (document and CSV downloads, so it holds when they are called directly), and React
 * Router's adapter appends a route's headers to ours ("nosniff, nosniff"): so it is set when the headers
 * are written, replacing whatever copies were added before.
 */
export function nosniffOnce(res: Response): void {
  const writeHead = res.writeHead as (...args: unknown[]) => Response;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.headersSent) this.setHeader("X-Content-Type-Options", "nosniff");
    return writeHead.apply(this, args);
  } as Response["writeHead"];
}

/**
 * A cacheable public page (ADR 017) goes out with a CSP made of its inline scripts' hashes instead of the
 * nonce: the page cache hands them over in X-Script-Hashes (app/lib/public-cache.server.ts), replaced here
 * when the headers are written. An answer without them (a redirect) allows only the site's own files.
 */
function scriptHashPolicy(res: Response, policy: (hashes: string[]) => string): void {
  res.removeHeader("Content-Security-Policy");
  const writeHead = res.writeHead as (...args: unknown[]) => Response;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.headersSent) {
      const hashes = String(this.getHeader("X-Script-Hashes") ?? "").split(" ").filter(Boolean);
      this.removeHeader("X-Script-Hashes");
      this.setHeader("Content-Security-Policy", policy(hashes));
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
}

function securityHeaders(dev: boolean, imageOrigin?: string, checkoutOrigin?: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, dev, imageOrigin, checkoutOrigin));
    nosniffOnce(res);
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

function requestLog() {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    // Read now: the static handlers mounted on /assets and /media see req.path without their prefix.
    const route = routePattern(req.path);
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      recordRequest(route, req.method, res.statusCode, seconds);
      // Files (a page pulls in dozens) and probes at debug, so that info is what people and forms did.
      const quiet = STATIC_ROUTES.has(route) || PROBE_ROUTES.has(route);
      const level = res.statusCode >= 500 ? "error" : quiet ? "debug" : "info";
      logger[level]({ requestId, method: req.method, url: redactQuery(req.originalUrl), status: res.statusCode, ms: Math.round(seconds * 1000) });
    });
    next();
  };
}

/**
 * The one cross-site request guard (ADR 025): a state-changing request whose Origin is neither PUBLIC_URL
 * nor the request's own origin is marked here and refused by the root middleware before any action runs
 * (app/middleware/input-guard.server.ts), as our translated 403 page in the visitor's language. React
 * Router's own check, which compares Origin with the URL it was given, is switched off in startServer:
 * behind a proxy that URL is rebuilt on PUBLIC_URL and the two checks would disagree. A refusal is a
 * client's doing: one warn line, no stack.
 */
function originCheck(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const ours = [allowed, `${req.protocol}://${req.get("host")}`];
    const headers = { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), referer: req.get("referer") };
    if (!isCrossSiteRequest(headers, ours)) return next();
    res.locals.crossSite = true;
    logger.warn(
      { requestId: res.locals.requestId, method: req.method, url: redactQuery(req.originalUrl), origin: headers.origin?.slice(0, 200) },
      "cross-site request refused",
    );
    next();
  };
}

export interface StartedServer {
  server: Server;
  url: string;
  /** Admin accounts at start (the start line's sign-in hint). */
  admins: number;
  close(): Promise<void>;
}

export async function startServer(env: Env, options: { dev?: boolean } = {}): Promise<StartedServer> {
  const dev = options.dev ?? false;
  // DATA_DIR is owner-only (0700/0600): files created from here on, and what was left open before,
  // repaired before the database opens (app/lib/data-dir.server.ts).
  restrictUmask();
  const dataDir = secureDataDir(env.DATA_DIR);
  if (dataDir.skipped) logger.warn({ dataDir: dataDir.dir }, `DATA_DIR not made owner-only: ${dataDir.skipped}`);
  if (dataDir.repaired.length > 0) {
    logger.warn(
      { dataDir: dataDir.dir, count: dataDir.repaired.length, first: dataDir.repaired.slice(0, 5) },
      "DATA_DIR: made files owner-only",
    );
  }
  if (dataDir.failed.length > 0) {
    logger.error({ dataDir: dataDir.dir, failed: dataDir.failed.slice(0, 20) }, "DATA_DIR: could not make these owner-only");
  }
  const app = express();
  app.disable("x-powered-by");
  // Which proxies may name the client (X-Forwarded-For/-Proto/-Host): req.ip is then the rightmost address
  // they did not write, never one a client wrote itself (TRUST_PROXY, app/lib/env.server.ts).
  if (env.TRUST_PROXY !== false) app.set("trust proxy", env.TRUST_PROXY);
  app.use(requestLog());
  // Uploaded images served by a CDN/bucket (S3_PUBLIC_URL) must be allowed by img-src.
  const imageOrigin = env.S3_PUBLIC_URL ? new URL(env.S3_PUBLIC_URL).origin : undefined;
  // Paymob's checkout, where "Pay online" redirects (form-action), when it is configured.
  const checkoutOrigin = env.PAYMOB_SECRET_KEY ? new URL(env.PAYMOB_API_URL).origin : undefined;
  app.use(securityHeaders(dev, imageOrigin, checkoutOrigin));
  app.use(compression(streamCompressionOptions));
  app.use(originCheck(env.PUBLIC_URL));
  // Methods we serve (TRACE → 405), paths no deeper than the site's own (404), then every body but the
  // upload routes' capped before anything reads it: 413 over 64 KB, from Content-Length or while streaming
  // (app/lib/http-body.server.ts).
  app.use(methodGuard());
  app.use(pathDepthGuard());
  // A body still arriving must keep a minimal pace (app/lib/slow-clients.server.ts), or 408 and closed.
  app.use(bodyPace());
  app.use(bodyLimit());

  // Production hands React Router the build itself: given a function, it derives its route tables (ranked
  // branches, the static handler) again on every request (uncached /en/courses 10.8 -> 8.1 ms CPU without it).
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let closeVite: (() => Promise<void>) | undefined;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    closeVite = () => viteServer.close();
  } else {
    build = (await import(SERVER_BUILD)) as ServerBuild;
    app.use("/assets", express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(clientFiles(path.join(BUILD_DIR, "client")));
  }
  const lifecycle = (typeof build === "function" ? await build() : build).entry.module as unknown as Lifecycle;
  const { admins } = await lifecycle.bootstrap(env);

  // Public uploads. Generated image keys are never rewritten (a new upload gets a new key), so they are
  // cached for good; other files (demo images) for a day. Never sniffed. With S3 storage, what the local
  // folder lacks is read from the bucket: also with S3_PUBLIC_URL, since the /media URLs saved before the
  // move to S3 (npm run storage:migrate-to-s3) stay in the database and must work on every instance.
  const mediaDir = path.resolve(env.DATA_DIR, "uploads/public");
  fs.mkdirSync(mediaDir, { recursive: true });
  const fromS3 = env.STORAGE === "s3";
  app.use(
    "/media",
    express.static(mediaDir, {
      maxAge: "1d",
      index: false,
      // A missing file falls through to our own 404 (Express's would replace the CSP).
      fallthrough: true,
      setHeaders(res, file) {
        res.setHeader("X-Content-Type-Options", "nosniff");
        if (GENERATED_MEDIA_KEY.test(path.relative(mediaDir, file).split(path.sep).join("/"))) {
          res.setHeader("Cache-Control", IMMUTABLE);
        }
      },
    }),
  );
  if (fromS3) {
    const storage = createStorageFromEnv(env);
    app.get("/media/{*key}", async (req, res, next) => {
      try {
        const key = req.path.slice("/media/".length);
        const file = isValidKey(key) ? await storage.get(key, "public") : null;
        if (!file) return void res.status(404).type("text/plain").send("Not found");
        res.setHeader("Content-Type", file.contentType);
        res.setHeader("Content-Length", String(file.size));
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cache-Control", GENERATED_MEDIA_KEY.test(key) ? IMMUTABLE : "public, max-age=86400");
        file.body.on("error", next).pipe(res);
      } catch (err) {
        next(err);
      }
    });
  }
  app.use("/media", (_req, res) => void res.status(404).type("text/plain").send("Not found"));

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  // Prometheus on this port only with a token (METRICS_TOKEN); otherwise /metrics is the site's 404 here,
  // and METRICS_PORT serves it on the loopback address (app/lib/metrics.server.ts).
  if (env.METRICS_TOKEN) app.get("/metrics", metricsHandler(env.METRICS_TOKEN));
  app.get("/readyz", async (_req, res) => {
    const state = lifecycle.readiness ? await lifecycle.readiness() : { ready: await lifecycle.isReady() };
    const { ready, ...parts } = state;
    res.setHeader("Cache-Control", "no-store");
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable", ...parts });
  });

  // Public pages (app/lib/public-cache.server.ts, ADR 017): their CSP is made of the hashes of the inline
  // scripts the render marked with its nonce (the nonce itself is taken out). One stored before answers
  // here, before React Router, with stored bytes in the encoding the request prefers (the compression
  // middleware leaves an encoded answer alone).
  app.get("/{*splat}", async (req, res, next) => {
    const found = await lifecycle.publicPage?.(req.method, req.originalUrl, req.get("accept-encoding"));
    if (!found) return next();
    scriptHashPolicy(res, (hashes) => contentSecurityPolicy({ hashes }, dev, imageOrigin, checkoutOrigin));
    const page = found.page;
    if (!page) return next();
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("X-Script-Hashes", page.scriptHashes.join(" "));
    res.setHeader("Vary", "Accept-Encoding");
    if (page.encoding !== "identity") res.setHeader("Content-Encoding", page.encoding);
    res.setHeader("Content-Length", String(page.body.length));
    res.status(200).end(page.body);
  });

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      publicOrigin: env.PUBLIC_ORIGIN,
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider();
        context.set(lifecycle.requestInfoContext, {
          nonce: String(res.locals.nonce),
          requestId: String(res.locals.requestId),
          // Express applies TRUST_PROXY: the socket's peer, or the address the trusted proxies saw.
          ip: req.ip ?? req.socket.remoteAddress ?? "",
          crossSite: res.locals.crossSite === true,
        });
        return context;
      },
    }),
  );

  // Errors raised before React Router (a malformed URL, a failed media read) answer in plain text with
  // our security headers kept; Express's default handler would replace them.
  app.use((err: { status?: number; statusCode?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const status = Number(err.status ?? err.statusCode ?? 500);
    if (status >= 500) logger.error({ err }, "request failed before routing");
    if (res.headersSent) return void res.end();
    res.status(status).type("text/plain").send(status < 500 ? "Bad request" : "Server error");
  });

  // Express 5 hands a failed listen (port taken, address not available) to this callback: the database
  // opened by bootstrap is closed again and the start fails instead of running without listening.
  let server: Server;
  let metricsServer: Server | undefined;
  try {
    if (env.METRICS_PORT !== undefined) metricsServer = await startMetricsServer(env.METRICS_PORT);
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(env.PORT, env.HOST, (err?: Error) => (err ? reject(err) : resolve(s)));
    });
  } catch (err) {
    metricsServer?.close();
    await lifecycle.shutdown();
    await closeVite?.();
    throw err;
  }
  // Slow clients (issue 34 item 11): headers within 20 s; bodies are paced by bodyPace instead of one
  // deadline for the whole request, which would cut a 50 MB document on a slow line; without a trusted
  // proxy in front, at most MAX_CONNECTIONS_PER_ADDRESS connections per address.
  server.headersTimeout = 20_000;
  server.requestTimeout = 0;
  if (env.TRUST_PROXY === false) limitConnectionsPerAddress(server);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting, let in-flight requests finish (10 s at most), then close the database.
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), 10_000);
      // A scrape in progress is cut: nothing is lost, the next one goes to the new process.
      const metricsDone = new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      metricsServer?.closeAllConnections();
      await Promise.all([done, metricsDone]);
      clearTimeout(timer);
      await lifecycle.shutdown();
      await closeVite?.();
    })();
    return closing;
  };
  return { server, url, admins, close };
}

/**
 * The last line of a start: where the site is, and how to sign in as things stand — the first admin's
 * creation only while there is none, with "stop the server first" where the embedded database needs it.
 */
export function startLine(
  env: Pick<Env, "PUBLIC_URL" | "DATABASE_URL" | "STORAGE" | "DATA_DIR" | "S3_BUCKET" | "S3_ENDPOINT">,
  started: { url: string; admins: number },
): string {
  const site = env.PUBLIC_URL === started.url ? started.url : `${started.url} (public address ${env.PUBLIC_URL})`;
  // Which storage holds the uploads, so an operator of several instances sees it at once (issue 33).
  const running = `Site running at ${site}. Storage: ${describeStorage(env).text}.`;
  if (started.admins > 0) return `${running} Staff sign in at ${env.PUBLIC_URL}/login`;
  const create = "npm run admin:create -- --email you@example.com";
  return env.DATABASE_URL
    ? `${running} No admin yet: run ${create} (beside the running server), then sign in at ${env.PUBLIC_URL}/login`
    : `${running} No admin yet: stop the server (Ctrl-C), run ${create}, start again and sign in at ${env.PUBLIC_URL}/login; or start with ADMIN_EMAIL and ADMIN_PASSWORD set`;
}

/**
 * PostgreSQL means other instances may run, and each reads uploads from its own storage: on the local
 * disk a file uploaded through one is missing on the others unless they all share one DATA_DIR.
 */
export function storageWarning(env: Pick<Env, "DATABASE_URL" | "STORAGE" | "DATA_DIR" | "S3_BUCKET" | "S3_ENDPOINT">): string | null {
  if (!env.DATABASE_URL || env.STORAGE !== "local") return null;
  return (
    `Uploads are on the local disk (${describeStorage(env).text.slice("local ".length)}): with several instances, every one ` +
    "must use the same DATA_DIR on a shared filesystem, or set S3_BUCKET (npm run storage:migrate-to-s3 copies the files there)"
  );
}

/** `tsx server.ts [--dev]`: parse configuration, start, and shut down cleanly on SIGTERM/SIGINT. */
export async function main(argv = process.argv.slice(2)): Promise<void> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  const dev = argv.includes("--dev");
  let started: StartedServer;
  try {
    started = await startServer(env, { dev });
  } catch (err) {
    // The environment's refusals are one line, no stack: the operator's to fix, not the program's.
    const line = startFailureLine(err, env);
    if (line) {
      console.error(line);
      process.exit(1);
    }
    throw err;
  }
  const warning = storageWarning(env);
  if (warning) logger.warn({ dataDir: path.resolve(env.DATA_DIR) }, warning);
  logger.info(
    { url: started.url, database: env.DATABASE_URL ? "postgresql" : "embedded", ...describeStorage(env).fields },
    startLine(env, started),
  );
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "shutting down");
      started.close().then(
        () => {
          logger.info("stopped");
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}

/**
 * The build's other public files (favicon.svg, images/…) by the names the build has. Only a request whose
 * first path segment is one of them reaches the static handler: a page request no longer costs a `stat` of
 * the disk on its way to React Router or the page cache (issue 18).
 */
export function clientFiles(dir: string): express.RequestHandler {
  const names = new Set(fs.readdirSync(dir).filter((name) => name !== "assets"));
  const serve = express.static(dir, { maxAge: "1h", index: false });
  return (req, res, next) => {
    const first = req.path.split("/", 2)[1] ?? "";
    if (!names.has(first)) return next();
    serve(req, res, next);
  };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("server.ts")) {
  await main();
}

