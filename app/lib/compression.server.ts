// How answers are compressed, in one place: the `compression` middleware in front of every streamed answer
// (server.ts; the bench's floor uses the same settings) and the page cache's stored copies
// (public-cache.server.ts).
import zlib from "node:zlib";

/**
 * Brotli's window: 2^18 = 256 KB, more than any page we send (an uncached /en/courses is about 80 KB), so no
 * match is lost against brotli's default 4 MB window. With the default every brotli stream reserves that
 * window in native memory, and ten answers at a time made V8 run a full mark-compact every 15–20 answers
 * (16–19 per 300 uncached pages against 0–1 with gzip, `--trace-gc`; the exact trigger inside Node and V8 was
 * not pinned down), so an uncached page cost 2–3 × its CPU uncompressed (docs/performance.md, "Brotli's
 * window").
 */
export const BROTLI_WINDOW_BITS = 18;

/**
 * The `compression` middleware's options: brotli at quality 4 (the package's own default: cheap enough to
 * run per answer) with our window; gzip keeps zlib's level 6; answers under 1 KB go as they are.
 */
export const streamCompressionOptions = {
  brotli: {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    },
  },
};

/** Brotli settings for a page compressed once and kept (the page cache): more effort, the same window. */
export function storedBrotliParams(size: number): Record<number, number> {
  return {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 8,
    [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  };
}
