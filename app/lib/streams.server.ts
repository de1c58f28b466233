// Between Node streams and web streams without casts: Node's own Readable.fromWeb/toWeb are typed with
// node:stream/web's ReadableStream, which TypeScript does not accept as the DOM's (a Request's body, a
// Response's). These two adapters read one chunk per pull and pass cancellation on in both directions.
import { Readable, Transform } from "node:stream";

/** A web stream (a request body, an SDK's answer) as a Node stream; destroying it cancels the web stream. */
export function nodeStreamOf(stream: ReadableStream<Uint8Array>): Readable {
  const reader = stream.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => void this.push(done ? null : value),
        (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
      );
    },
    destroy(err, callback) {
      reader.cancel(err ?? undefined).then(
        () => callback(err),
        () => callback(err),
      );
    },
  });
}

/** A Node stream as a web stream (a Response body); cancelling it destroys the Node stream. */
export function webStreamOf(readable: Readable): ReadableStream<Uint8Array> {
  const chunks = readable[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value instanceof Uint8Array ? next.value : Buffer.from(String(next.value)));
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

/**
 * React writes a page as many small chunks at once, and @react-router/node flushes the response after each
 * chunk it reads: behind a compressing response every chunk became a compressor flush (a gzip answer of an
 * uncached page 40 % larger than the same HTML compressed in one go, and the CPU to match). This stream
 * passes on what was written in one turn of the event loop as one chunk, so a page still streams (the
 * shell, then each boundary as it resolves) with one flush per turn instead of one per chunk.
 */
export function coalescingStream(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (pending.length === 0 || stream.destroyed) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  };
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      pending.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
  });
  return stream;
}
