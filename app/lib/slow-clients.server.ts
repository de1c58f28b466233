// Slow clients (issue 34 item 11): 500 sockets each sending one byte of a body every five seconds stayed open
// for 100 s and more, each holding memory and a place in the server. Two limits, both cheap:
// - bodyPace: a request whose body is still arriving must bring at least `minBytes` in every window of
//   `windowMs` (30 s and 16 KB by default: half a kilobyte a second, which a phone on a weak 2G line
//   exceeds, and a 50 MB course document on a slow line keeps up with). Below that, the request gets a 408
//   (when nothing was answered yet) and its connection is closed. It reads the socket's byte count, never
//   the body itself, so every reader of the body (the form parser, the upload streams) works as before.
// - limitConnectionsPerAddress: at most `max` open connections from one socket address (256 by default). Not applied behind
//   a trusted proxy, where every connection comes from the proxy (the proxy limits per client there:
//   nginx's limit_conn).
// Headers have their own limit in Node (server.headersTimeout, set where the server starts).
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { logger } from "./logger.server.ts";

export const BODY_WINDOW_MS = 30_000;
export const BODY_MIN_BYTES_PER_WINDOW = 16 * 1024;
// Generous: a carrier address is shared by many phones (carrier-grade NAT); slow sockets are cut by bodyPace
// and Node's header timeout anyway, this only bounds how many one address holds open at once.
export const MAX_CONNECTIONS_PER_ADDRESS = 256;

const SLOW_BODY_TEXT = "Request timed out: the request arrived too slowly.\nانتهت مهلة الطلب: وصل الطلب ببطء شديد.\n";

function hasBody(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export function bodyPace(options: { windowMs?: number; minBytes?: number } = {}) {
  const windowMs = options.windowMs ?? BODY_WINDOW_MS;
  const minBytes = options.minBytes ?? BODY_MIN_BYTES_PER_WINDOW;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const socket = req.socket;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (req.complete || socket.destroyed) return void clearInterval(timer);
      const arrived = socket.bytesRead - seen;
      seen = socket.bytesRead;
      if (arrived >= minBytes) return;
      clearInterval(timer);
      logger.info({ requestId: res.locals.requestId, method: req.method, path: req.path, arrived, windowMs }, "slow request body: connection closed");
      if (!res.headersSent) {
        res.status(408).setHeader("Connection", "close");
        res.setHeader("Cache-Control", "no-store");
        res.type("text/plain").end(SLOW_BODY_TEXT, () => socket.destroy());
      } else {
        socket.destroy();
      }
    }, windowMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    req.once("end", stop);
    res.once("close", stop);
    next();
  };
}

/** Closes a new connection at once when its address already has `max` open (see the header). */
export function limitConnectionsPerAddress(server: Server, max = MAX_CONNECTIONS_PER_ADDRESS): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
