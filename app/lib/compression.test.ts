import http from "node:http";
import type { AddressInfo } from "node:net";
import { PerformanceObserver, constants as perfConstants } from "node:perf_hooks";
import zlib from "node:zlib";
import compression from "compression";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROTLI_WINDOW_BITS, storedBrotliParams, streamCompressionOptions } from "./compression.server.ts";

// A page-like answer of about 80 KB (an uncached /en/courses), written the way a streamed page is: the shell,
// a flush, then the rest.
const card = (i: number) =>
  `<article class="group relative flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm"><a href="/en/courses/course-${i}">` +
  `<h3 id="course-${i}-title" class="text-lg font-semibold text-teal-950">Course number ${i} with a longer title</h3></a>` +
  `<p class="mt-2 line-clamp-3 text-sm text-slate-600">Learn the subject ${i} with practice, projects and feedback from instructors.</p>` +
  `<span class="text-sm font-semibold">${(i * 137) % 5000} EGP</span></article>`;
const page = `<!DOCTYPE html><html lang="en"><head><title>Courses</title></head><body>${Array.from({ length: 160 }, (_, i) => card(i)).join("\n")}</body></html>`;

function serve(middleware: ReturnType<typeof compression>): http.Server {
  return http.createServer((req, res) => {
    middleware(req as never, res as never, () => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.write(page.slice(0, 30_000));
      (res as unknown as { flush(): void }).flush();
      res.end(page.slice(30_000));
    });
  });
}

async function getBrotli(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => (res.headers["content-encoding"] === "br" ? resolve(Buffer.concat(chunks)) : reject(new Error("not brotli"))));
      })
      .on("error", reject);
  });
}

describe("compression settings", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = serve(compression(streamCompressionOptions));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers brotli that decodes to the page, as small as brotli's default window would make it", async () => {
    const body = await getBrotli(url);
    expect(zlib.brotliDecompressSync(body).toString("utf8")).toBe(page);
    const defaultWindow = zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    // The same matches are found (the page is smaller than the window); the flush adds a few bytes.
    expect(body.length).toBeLessThanOrEqual(defaultWindow.length * 1.02);
    expect(2 ** BROTLI_WINDOW_BITS).toBeGreaterThan(page.length);
  });

  it("lets V8 keep its old generation while ten brotli answers stream at a time", async () => {
    // brotli's default 4 MB window per stream drove V8 into a full mark-compact every 15–20 answers on Node 20
    // (16–29 in this test's 300 answers); with a 256 KB window it runs no more than once or twice.
    let majors = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if ((entry as unknown as { detail?: { kind?: number } }).detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) majors++;
      }
    });
    observer.observe({ entryTypes: ["gc"] });
    for (let round = 0; round < 30; round++) await Promise.all(Array.from({ length: 10 }, () => getBrotli(url)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(majors).toBeLessThanOrEqual(3);
  });

  it("stores pages with more effort and the same window", () => {
    const params = storedBrotliParams(page.length);
    const stored = zlib.brotliCompressSync(page, { params });
    expect(zlib.brotliDecompressSync(stored).toString("utf8")).toBe(page);
    expect(params[zlib.constants.BROTLI_PARAM_LGWIN]).toBe(BROTLI_WINDOW_BITS);
    expect(stored.length).toBeLessThan(zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length);
  });
});
