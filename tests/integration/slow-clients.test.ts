// Issue 34 item 11: a body sent a byte at a time is cut (408, connection closed) instead of holding a socket
// for minutes; a normal form, and a large body arriving steadily, are not; one address cannot open more than
// the allowed number of connections. Real sockets against a real Express server (short windows here).
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyPace, limitConnectionsPerAddress } from "~/lib/slow-clients.server.ts";

const WINDOW_MS = 300;
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(bodyPace({ windowMs: WINDOW_MS, minBytes: 1024 }));
  app.post("/form", (req, res) => {
    let size = 0;
    req.on("data", (chunk: Buffer) => (size += chunk.length));
    req.on("end", () => void res.send(`got ${size}`));
  });
  app.get("/", (_req, res) => void res.send("ok"));
  server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  limitConnectionsPerAddress(server, 5);
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A raw connection that sends `head`, then the body's bytes as `send` says; resolves with what came back. */
function rawRequest(head: string, send: (socket: net.Socket) => void): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(head);
      send(socket);
    });
    let text = "";
    socket.on("data", (d) => (text += d.toString()));
    socket.on("error", reject);
    socket.on("close", () => resolve({ text, closedAfterMs: Date.now() - started }));
  });
}

describe("bodyPace", () => {
  it("cuts a body sent a byte at a time with a 408, within two windows", async () => {
    const head = "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\n";
    const timers: NodeJS.Timeout[] = [];
    const result = await rawRequest(head, (socket) => {
      timers.push(setInterval(() => !socket.destroyed && socket.write("a"), 50));
    });
    timers.forEach(clearInterval);
    expect(result.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.text).toContain("انتهت مهلة الطلب");
    expect(result.closedAfterMs).toBeLessThan(WINDOW_MS * 3);
  });

  it("lets a normal form through, and a large body that keeps arriving steadily", async () => {
    const small = await fetch(`http://127.0.0.1:${port}/form`, { method: "POST", body: "name=Sara" });
    expect(await small.text()).toBe("got 9");
    // 8 KB every 100 ms: 24 KB a window, over several windows.
    const chunk = Buffer.alloc(8 * 1024, 97);
    const total = chunk.length * 12;
    const head = `POST /form HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${total}\r\n\r\n`;
    const result = await rawRequest(head, (socket) => {
      let sent = 0;
      const timer = setInterval(() => {
        socket.write(chunk);
        if (++sent === 12) clearInterval(timer);
      }, 100);
    });
    expect(result.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(result.text).toContain(`got ${total}`);
  });
});

describe("limitConnectionsPerAddress", () => {
  it("closes connections from one address beyond the limit at once, and accepts again when one closes", async () => {
    const open = await Promise.all(
      Array.from({ length: 5 }, () => new Promise<net.Socket>((resolve) => { const s = net.connect(port, "127.0.0.1", () => resolve(s)); })),
    );
    const extra = net.connect(port, "127.0.0.1");
    const closed = await new Promise<boolean>((resolve) => {
      extra.on("close", () => resolve(true));
      extra.on("error", () => undefined);
      setTimeout(() => resolve(false), 2_000);
    });
    expect(closed).toBe(true);
    open[0]!.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } });
    expect(await res.text()).toBe("ok");
    open.forEach((s) => s.destroy());
  });
});
