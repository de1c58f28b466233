// The document render's deadline: a page that finished rendering leaves nothing running that holds it, and a
// page still waiting at the deadline is cut off with its fallbacks. Real React, real streams.
import { Writable } from "node:stream";
import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { renderDocument } from "./render-document.server.ts";

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

function Later({ value }: { value: Promise<string> }) {
  return <p>{use(value)}</p>;
}

function Page({ value }: { value: Promise<string> }) {
  return (
    <main>
      <h1>Courses</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <Later value={value} />
      </Suspense>
    </main>
  );
}

/** Pipes the render into memory and answers the HTML once React ends the stream. */
function collect(pipe: (destination: NodeJS.WritableStream) => void): Promise<string> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks).toString("utf8")));
    sink.on("error", reject);
    pipe(sink);
  });
}

describe("renderDocument", () => {
  it("streams the shell first, then the boundary, and leaves no timer once the page is rendered", async () => {
    const before = timers();
    let resolveValue!: (value: string) => void;
    const value = new Promise<string>((resolve) => (resolveValue = resolve));
    const errors: unknown[] = [];
    const { pipe } = await renderDocument(<Page value={value} />, { waitForAll: false, deadlineMs: 60_000, onError: (e) => errors.push(e) });
    const html = collect(pipe);
    setTimeout(() => resolveValue("Twelve courses starting soon"), 10);
    const page = await html;
    expect(page).toContain("<h1>Courses</h1>");
    expect(page).toContain("Loading…");
    expect(page).toContain("Twelve courses starting soon");
    expect(errors).toEqual([]);
    // The deadline was a minute away: had it been left running, it would hold this page until then.
    expect(timers()).toBe(before);
  });

  it("waits for every boundary when asked (crawlers), and still leaves no timer", async () => {
    const before = timers();
    const value = new Promise<string>((resolve) => setTimeout(() => resolve("All twelve courses"), 10));
    const { pipe } = await renderDocument(<Page value={value} />, { waitForAll: true, deadlineMs: 60_000, onError: () => {} });
    const page = await collect(pipe);
    expect(page).toContain("All twelve courses");
    expect(page).not.toContain("Loading…");
    expect(timers()).toBe(before);
  });

  it("gives up a boundary still waiting at the deadline: the page ends with its fallback", async () => {
    const errors: [unknown, boolean][] = [];
    const never = new Promise<string>(() => {});
    const { pipe } = await renderDocument(<Page value={never} />, { waitForAll: false, deadlineMs: 50, onError: (e, shellSent) => errors.push([e, shellSent]) });
    const page = await collect(pipe);
    expect(page).toContain("<h1>Courses</h1>");
    expect(page).toContain("Loading…");
    expect(errors).toHaveLength(1);
    expect(errors[0]![1]).toBe(true);
  });

  it("rejects when the shell itself fails, and leaves no timer", async () => {
    const before = timers();
    function Broken(): never {
      throw new Error("the layout failed");
    }
    await expect(renderDocument(<Broken />, { waitForAll: false, deadlineMs: 60_000, onError: () => {} })).rejects.toThrow("the layout failed");
    expect(timers()).toBe(before);
  });
});
