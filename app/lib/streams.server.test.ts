import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { coalescingStream } from "./streams.server.ts";

/** Collects what a stream passes on, chunk by chunk, until it ends. */
function chunksOf(stream: NodeJS.ReadableStream): Promise<string[]> {
  const out: string[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    stream.on("end", () => resolve(out));
    stream.on("error", reject);
  });
}

describe("coalescingStream", () => {
  it("passes on the chunks written in one turn as one chunk, in order", async () => {
    const stream = coalescingStream();
    const read = chunksOf(stream);
    for (let i = 0; i < 200; i++) stream.write(`<p>${i}</p>`);
    stream.end();
    const chunks = await read;
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toBe(Array.from({ length: 200 }, (_, i) => `<p>${i}</p>`).join(""));
  });

  it("still streams: what is written in a later turn comes as a later chunk (a boundary resolving after the shell)", async () => {
    const stream = coalescingStream();
    const read = chunksOf(stream);
    stream.write("<html>");
    stream.write("<body>shell");
    await nextTurn();
    await nextTurn();
    stream.write("<template>late</template>");
    stream.end("</body></html>");
    expect(await read).toEqual(["<html><body>shell", "<template>late</template></body></html>"]);
  });

  it("delivers the first turn's chunk before the writer's next turn, so the shell is not held back", async () => {
    const stream = coalescingStream();
    const seen: string[] = [];
    stream.on("data", (chunk: Buffer) => seen.push(chunk.toString("utf8")));
    stream.write("shell");
    await nextTurn();
    await nextTurn();
    expect(seen).toEqual(["shell"]);
    stream.destroy();
  });
});
