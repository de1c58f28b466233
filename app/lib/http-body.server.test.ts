// The Express layer in front of React Router (issue 14, items 1, 2 and 6), on a real HTTP server: methods,
// the body cap from Content-Length and while streaming, upload routes left alone, and the Fetch Request
// the router gets. (tests/faults/request-limits.test.ts runs the same through the production server.)
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit, MAX_PATH_SEPARATORS, methodGuard, pathDepthGuard, toFetchRequest } from "./http-body.server.ts";
import { BODY_LIMIT_BYTES, STAFF_BODY_LIMIT_BYTES } from "./request-limits.server.ts";

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use(methodGuard());
  app.use(pathDepthGuard());
  app.use(bodyLimit());
  // Stands in for React Router: what the Fetch Request carries.
  app.all("/{*splat}", async (req, res) => {
    const request = toFetchRequest(req, res);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : null;
    res.json({ url: request.url, method: request.method, bytes: body?.byteLength ?? null, type: request.headers.get("content-type") });
  });
  server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Bytes of the body the client had written when the answer's headers arrived. */
  writtenAtAnswer: number;
  ms: number;
}

/**
 * One request on its own connection. `body` is sent as given (Content-Length), or `stream` bytes are sent
 * chunked, 16 KB at a time, until the answer arrives or all were sent.
 */
function send(options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; stream?: number }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let written = 0;
    let answered = false;
    // A body goes with its Content-Length (Node's client frames DELETE and OPTIONS bodies only then).
    const length = options.body !== undefined ? { "content-length": String(Buffer.byteLength(options.body)) } : {};
    // Its own connection, kept alive as browsers and curl ask (with `Connection: close` the server shuts the
    // socket right after a 413, and a client still writing may read a reset instead).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const req = http.request({ host: "127.0.0.1", port, method: options.method ?? "POST", path: options.path, headers: { ...length, ...options.headers }, agent });
    req.on("response", (res) => {
      answered = true;
      const writtenAtAnswer = written;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        agent.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString("utf8"), writtenAtAnswer, ms: performance.now() - started });
      });
    });
    req.on("error", (err) => {
      agent.destroy();
      if (!answered) reject(err);
    });
    if (options.stream !== undefined) {
      const chunk = Buffer.alloc(16 * 1024, "a");
      const total = options.stream;
      const pump = () => {
        while (!answered && written < total) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered) req.end();
      };
      pump();
    } else {
      if (options.body !== undefined) written = Buffer.byteLength(options.body);
      req.end(options.body);
    }
  });
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("methods", () => {
  it.each(["TRACE", "PROPFIND", "LINK"])("%s / → 405 with Allow, headers kept", async (method) => {
    const reply = await send({ method, path: "/" });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(reply.headers["x-frame-options"]).toBe("DENY");
    expect(reply.text).toContain("غير مسموح");
  });

  it("serves the others", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect((await send({ method, path: "/en/contact", headers: FORM, body: "a=b" })).status).toBe(200);
    }
  });
});

describe("path depth", () => {
  const deep = (separators: number, sep = "/") => `/en${sep}courses${`${sep}a`.repeat(separators - 2)}`;

  it("passes a path as deep as the limit to the router", async () => {
    const reply = await send({ path: deep(MAX_PATH_SEPARATORS) });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text).url).toContain("/courses/a/a/");
  });

  it.each([
    ["one separator more", deep(MAX_PATH_SEPARATORS + 1)],
    ["5,000 segments (10 KB)", deep(5_000)],
    ["backslashes, which the URL parser reads as slashes", deep(3_000, "\\")],
    ["a deep path with a query", `${deep(1_000)}?q=x`],
  ])("answers %s with 404 in both languages before the router, headers kept", async (_name, path) => {
    for (const method of ["GET", "POST"]) {
      const reply = await send({ method, path, headers: FORM, body: method === "POST" ? "a=b" : undefined });
      expect(reply.status, method).toBe(404);
      expect(reply.text).toBe("Page not found.\nالصفحة غير موجودة.\n");
      expect(reply.headers["cache-control"]).toBe("no-store");
      expect(reply.headers["x-frame-options"]).toBe("DENY");
    }
  });

  it("counts separators in the path only, not in the query", async () => {
    const reply = await send({ path: `/en/courses?q=${"a/".repeat(500)}` });
    expect(reply.status).toBe(200);
  });
});

describe("body cap", () => {
  it("passes a body at the cap whole, with its headers", async () => {
    const body = "a=" + "x".repeat(BODY_LIMIT_BYTES - 2);
    const reply = await send({ path: "/en/contact?x=1", headers: FORM, body });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toMatchObject({ bytes: BODY_LIMIT_BYTES, method: "POST", type: FORM["content-type"], url: `http://127.0.0.1:${port}/en/contact?x=1` });
  });

  it("refuses one byte more with 413, from Content-Length, before the body is sent", async () => {
    const reply = await new Promise<Reply>((resolve, reject) => {
      const started = performance.now();
      const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/login", agent: false, headers: { ...FORM, "content-length": String(BODY_LIMIT_BYTES + 1) } });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString(), writtenAtAnswer: 0, ms: performance.now() - started }));
      });
      req.on("error", reject);
      req.flushHeaders(); // headers only: the answer must not wait for a body
    });
    expect(reply.status).toBe(413);
    expect(reply.headers["x-frame-options"]).toBe("DENY");
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(reply.text).toContain("64 KB");
    expect(reply.text).toContain("الطلب أكبر من المسموح");
    expect(reply.ms).toBeLessThan(1_000);
  });

  it("refuses a streamed (chunked) body as soon as it passes the cap, without reading the rest", async () => {
    const heapBefore = process.memoryUsage().rss;
    const total = 64 * 1024 * 1024;
    const reply = await send({ path: "/en/contact", headers: FORM, stream: total });
    expect(reply.status).toBe(413);
    // The answer came while the client was still sending: a few chunks past the cap, not 64 MB.
    expect(reply.writtenAtAnswer).toBeLessThan(40 * 1024 * 1024);
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(48 * 1024 * 1024);
  });

  it("gives the staff area its larger cap, and leaves the upload routes to their own limits", async () => {
    const staff = await send({ path: "/admin/courses", headers: FORM, body: "a=" + "x".repeat(200 * 1024) });
    expect(staff.status).toBe(200);
    expect((await send({ path: "/admin/courses", headers: FORM, body: "a=" + "x".repeat(STAFF_BODY_LIMIT_BYTES) })).status).toBe(413);
    const upload = await send({ path: "/admin/uploads/image", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "x".repeat(1024 * 1024) });
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.text).bytes).toBe(1024 * 1024);
    // Another spelling of the upload path gets the ordinary cap.
    expect((await send({ path: "/ADMIN/uploads/image", headers: FORM, body: "x".repeat(1024 * 1024) })).status).toBe(413);
  });

  it("keeps serving after a client gives up mid-body", async () => {
    await new Promise<void>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/en/contact", agent: false, headers: { ...FORM, "content-length": "1000" } });
      req.on("error", () => resolve());
      req.write("a=b");
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    expect((await send({ path: "/en/contact", headers: FORM, body: "a=b" })).status).toBe(200);
  });

  it("hands the router the path as received (never resolved against the host) and a bodiless POST as empty", async () => {
    const reply = JSON.parse((await send({ method: "GET", path: "//evil.example/login" })).text);
    expect(new URL(reply.url).host).toBe(`127.0.0.1:${port}`);
    expect(new URL(reply.url).pathname).toBe("//evil.example/login");
    expect(JSON.parse((await send({ path: "/logout" })).text)).toMatchObject({ bytes: 0, type: null });
  });
});
