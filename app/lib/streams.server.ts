// Between Node streams and web streams without casts: Node's own Readable.fromWeb/toWeb are typed with
// node:stream/web's ReadableStream, which TypeScript does not accept as the DOM's (a Request's body, a
// Response's). These two adapters read one chunk per pull and pass cancellation on in both directions.
import { Readable } from "node:stream";

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
