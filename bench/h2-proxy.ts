// A TLS + HTTP/2 front for the app, as production has one (a reverse proxy or CDN terminates TLS and speaks
// HTTP/2 to phones; the app speaks HTTP/1.1 behind it). `npm run lighthouse` measures through it so the
// simulated phone fetches the page's scripts over one multiplexed connection, as a real visitor does,
// instead of six HTTP/1.1 connections to a bare Node server. The certificate is self-signed for 127.0.0.1
// and made per run; Chromium is started with --ignore-certificate-errors for it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import os from "node:os";
import path from "node:path";

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "http2-settings"]);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "h2-proxy-"));
  try {
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
      "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
    ], { stdio: "ignore" });
    return { key: fs.readFileSync(path.join(dir, "key.pem")), cert: fs.readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface H2Proxy {
  url: string;
  close(): Promise<void>;
}

/** Starts an HTTPS (HTTP/2) proxy on `port` in front of `upstream` (http://127.0.0.1:port). */
export async function startH2Proxy(upstream: string, port: number): Promise<H2Proxy> {
  const target = new URL(upstream);
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true });
  server.on("request", (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = req.headers[":authority"] ?? req.headers.host ?? target.host;
    headers["x-forwarded-proto"] = "https";
    const upstreamReq = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (upstreamRes) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(upstreamRes.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
        res.writeHead(upstreamRes.statusCode ?? 502, out);
        upstreamRes.pipe(res);
      },
    );
    upstreamReq.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstreamReq);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
