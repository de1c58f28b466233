// Issue 14 item 9: `X-Content-Type-Options` is sent once. The server sets it on every response, and routes
// that build their own Response (document and CSV downloads) set it too; React Router's Express adapter
// appends a route's headers to the ones already on the response, which read "nosniff, nosniff". The
// server's hook (server.ts `nosniffOnce`) writes it exactly once whichever way the response is sent.
import type { AddressInfo } from "node:net";
import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nosniffOnce } from "../../server.ts";

let server: http.Server;
let base = "";

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    nosniffOnce(res);
    next();
  });
  // As @react-router/express sends a route's Response: append each header, flush, stream the body.
  app.get("/appended", (_req, res) => {
    res.append("X-Content-Type-Options", "nosniff");
    res.append("Content-Type", "application/pdf");
    res.flushHeaders();
    res.end("%PDF-1.4");
  });
  app.get("/twice", (_req, res) => {
    res.append("X-Content-Type-Options", "nosniff");
    res.append("X-Content-Type-Options", "nosniff");
    res.type("text/csv").send("a,b\n");
  });
  app.get("/plain", (_req, res) => void res.json({ ok: true }));
  app.get("/redirect", (_req, res) => res.redirect("/plain"));
  // Express's own 404 (no route) goes through the same hook.
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The raw header lines of one response (fetch would join repeated lines with ", "). */
function rawHeaderLines(path: string): Promise<[string, string][]> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, (res) => {
        const lines: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        res.resume();
        res.on("end", () => resolve(lines));
      })
      .on("error", reject);
  });
}

describe("X-Content-Type-Options is sent once", () => {
  it.each([["/appended"], ["/twice"], ["/plain"], ["/redirect"], ["/no-such-route"]])("%s: exactly one line, 'nosniff'", async (path) => {
    const lines = (await rawHeaderLines(path)).filter(([name]) => name === "x-content-type-options");
    expect(lines).toEqual([["x-content-type-options", "nosniff"]]);
  });
});
