// What server.ts puts between a Node request and React Router (issue 14, items 1, 2 and 6):
// - methodGuard: methods we serve; TRACE, TRACK, CONNECT and the like get 405 (a Fetch Request cannot
//   even be built for TRACE, which was a 500);
// - pathDepthGuard: a path deeper than any address of the site gets 404 here, before React Router, whose
//   render costs the square of the path's depth (below);
// - bodyLimit: every body except the upload routes' is read here, up to its cap (64 KB; 256 KB in the
//   staff area: app/lib/request-limits.server.ts). Over the cap it is refused with 413 straight from
//   Content-Length, or as soon as a streamed (chunked) body passes it; nothing past the cap is kept, and
//   a sender that goes on sending is cut off a moment after the answer;
// - createRequestHandler: React Router's Express adapter, reading that kept body (the upload routes get
//   the live stream, as before). The root middleware (app/middleware/input-guard.server.ts) then checks
//   the form's shape before any action parses it.
// Refusals made here, before React Router, are short plain-text answers in both languages; the security
// headers set earlier in server.ts stay on them.
import type { IncomingMessage } from "node:http";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler as createRouterHandler, type ServerBuild } from "react-router";
import { bodyLimitFor, declaredTooLarge, isUploadPath } from "./request-limits.server.ts";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

/** How long a refused sender may go on sending after the 413 before its connection is cut. */
const DRAIN_GRACE_MS = 1_000;

export const REFUSAL_TEXT = {
  404: () => "Page not found.\nالصفحة غير موجودة.\n",
  405: () => "Method not allowed.\nطريقة الطلب هذه غير مسموح بها.\n",
  413: (limit: number) =>
    `Request too large (at most ${limit / 1024} KB).\nالطلب أكبر من المسموح (${limit / 1024} كيلوبايت على الأكثر).\n`,
} as const;

function refuse(res: ExpressResponse, text: string, status: 404 | 405 | 413): void {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  res.type("text/plain").send(text);
}

export function methodGuard() {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (ALLOWED.has(req.method)) return next();
    res.setHeader("Allow", ALLOWED_METHODS.join(", "));
    refuse(res, REFUSAL_TEXT[405](), 405);
  };
}

/**
 * More slashes than this and a path is no address of the site: its deepest addresses have four segments
 * (`/en/courses/:slug/enroll`, `/media/images/<year>/<file>`). React Router's document render matches every ancestor of the path against the
 * route table (the lazy route manifest of <Scripts>), so its CPU grows with the square of the depth: a 10 KB
 * path of 5,000 segments held the server for 1.3 s, 7,000 for 2.4 s; 32 costs what a short path does.
 * Backslashes count: the URL parser reads them as slashes.
 */
export const MAX_PATH_SEPARATORS = 32;

export function pathTooDeep(path: string, max = MAX_PATH_SEPARATORS): boolean {
  let separators = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if ((c === 47 || c === 92) && ++separators > max) return true;
  }
  return false;
}

/** A path deeper than any of ours: 404 in both languages, without React Router (MAX_PATH_SEPARATORS). */
export function pathDepthGuard() {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!pathTooDeep(req.path)) return next();
    refuse(res, REFUSAL_TEXT[404](), 404);
  };
}

/** Bodies read by bodyLimit, for createRequestHandler. */
const keptBodies = new WeakMap<IncomingMessage, Buffer<ArrayBuffer>>();

function tooLarge(req: ExpressRequest, res: ExpressResponse, limit: number): void {
  // The rest of the body is not read into memory: the answer goes out now, what still arrives is dropped
  // unread, and a sender still pushing bytes a moment later is cut off. (Not `Connection: close`: Node
  // would shut the socket at once, and a client still writing would get a reset instead of the 413.)
  res.once("finish", () => {
    const socket = req.socket;
    const timer = setTimeout(() => socket.destroy(), DRAIN_GRACE_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  });
  refuse(res, REFUSAL_TEXT[413](limit), 413);
}

/** @param fixedLimit one cap for every path (tests); by default bodyLimitFor(path). */
export function bodyLimit(fixedLimit?: number) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || isUploadPath(req.path)) return next();
    const limit = fixedLimit ?? bodyLimitFor(req.path);
    const length = req.headers["content-length"];
    if (req.headers["transfer-encoding"] === undefined && (length === undefined || length === "0")) {
      keptBodies.set(req, Buffer.alloc(0));
      return next();
    }
    if (declaredTooLarge(length, limit)) return tooLarge(req, res, limit);

    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size > limit) {
        stop();
        chunks.length = 0;
        tooLarge(req, res, limit);
        return;
      }
      chunks.push(chunk);
    }
    function onEnd() {
      stop();
      keptBodies.set(req, Buffer.concat(chunks, size));
      next();
    }
    function onError(err: Error) {
      // The client went away mid-body: nothing to answer, but no 500 either.
      stop();
      next(Object.assign(err, { status: 400 }));
    }
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}

type LoadContext = Parameters<ReturnType<typeof createRouterHandler>>[1];

export interface RequestHandlerOptions {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  mode?: string;
  getLoadContext?: (req: ExpressRequest, res: ExpressResponse) => LoadContext | Promise<LoadContext>;
  /**
   * PUBLIC_URL's origin when it is configured: every request's URL is built on it, whatever Host the
   * proxy passed (nginx's `$host` drops a public port such as :8080), so links, redirects and React
   * Router see the public address.
   */
  publicOrigin?: string;
}

/**
 * The Fetch Request React Router gets: the same URL (on `publicOrigin` when given), method and headers, and
 * the body bodyLimit kept.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, publicOrigin?: string): Request {
  // `req.host` is the Host header (X-Forwarded-Host under "trust proxy"), port included; anything after a
  // character that cannot be part of a host is dropped. The path is appended as received, never resolved.
  const host = (req.host ?? "").split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${publicOrigin ?? `${req.protocol}://${host}`}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const kept = keptBodies.get(req);
    if (kept) {
      init.body = kept;
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url, init);
}

async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  if (response.statusText) res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (err) {
    if (res.destroyed || res.writableEnded) return;
    throw err;
  }
}

/**
 * React Router refuses an action whose Origin differs from its request URL's origin unless the build's
 * `allowedActionOrigins` names it. Our origin check in server.ts (PUBLIC_URL or the request's own origin,
 * refused as a translated 403 by the root middleware) runs before every request reaches React Router; a
 * second check with another rule refused the public origin behind a proxy (a bare "Bad Request", a form
 * lost) and logged an error. So React Router is told to allow every origin our check let through ("**"
 * matches any host): one gate, one rule (ADR 025).
 */
function withOneOriginCheck(build: ServerBuild): ServerBuild {
  return { ...build, allowedActionOrigins: ["**"] };
}

/** React Router's request handler for Express, over toFetchRequest. */
export function createRequestHandler(options: RequestHandlerOptions) {
  const given = options.build;
  const build = typeof given === "function" ? async () => withOneOriginCheck(await given()) : withOneOriginCheck(given);
  const handle = createRouterHandler(build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    let request: Request;
    try {
      request = toFetchRequest(req, res, options.publicOrigin);
    } catch (err) {
      // A Host header or path that does not make a URL.
      return next(Object.assign(err instanceof Error ? err : new Error(String(err)), { status: 400 }));
    }
    try {
      const context = await options.getLoadContext?.(req, res);
      await sendFetchResponse(res, await handle(request, context));
    } catch (err) {
      next(err);
    }
  };
}
