// React's streaming render of a document, with a deadline that lets go of the page once it is rendered.
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

export interface RenderOptions {
  nonce?: string;
  /** Wait for every Suspense boundary before answering (crawlers); otherwise answer with the shell. */
  waitForAll: boolean;
  /**
   * After this long, boundaries still waiting are given up (React sends their fallback and lets the browser
   * render them). The timer ends as soon as everything is rendered: until then it holds the whole render —
   * the loader data, the tree, the HTML — and at a few hundred pages a second a timer left running kept
   * the last six seconds of pages alive (docs/performance.md, "Pages kept after they were sent").
   */
  deadlineMs: number;
  /** A render error; `shellSent` tells whether the answer's status can still change. */
  onError(error: unknown, shellSent: boolean): void;
}

/** Resolves with `pipe` when the shell (or, with `waitForAll`, everything) is ready; rejects if the shell failed. */
export function renderDocument(element: ReactNode, options: RenderOptions): Promise<{ pipe: (destination: NodeJS.WritableStream) => void }> {
  return new Promise((resolve, reject) => {
    let shellSent = false;
    // Fires long after renderToPipeableStream has returned, so `stream` is set by then.
    const deadline = setTimeout(() => stream.abort(), options.deadlineMs);
    const ready = () => {
      if (shellSent) return;
      shellSent = true;
      resolve({ pipe: (destination) => void stream.pipe(destination) });
    };
    const stream = renderToPipeableStream(element, {
      nonce: options.nonce,
      onShellReady() {
        if (!options.waitForAll) ready();
      },
      onAllReady() {
        clearTimeout(deadline);
        ready();
      },
      onShellError(error: unknown) {
        clearTimeout(deadline);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        options.onError(error, shellSent);
      },
    });
  });
}
