// Deferred loader data without <Suspense>. A document request gets the value itself (see
// deferred.server.ts), rendered straight into the HTML. A client navigation gets a promise: the page
// shows its placeholder until it settles. A revalidation (after a save) gets a new promise: the page
// keeps showing the previous data until the new data arrives, so nothing flickers or remounts.
//
// Why not <Suspense>/<Await> here: React 19 streaming outlines a completed Suspense boundary once the
// page's HTML passes its progressive chunk size, sending the fallback and revealing the content with
// an inline script — without JavaScript the content would never show.
import { useEffect, useState } from "react";

export interface Settled<T> {
  /** The latest data; undefined until the first promise settles. */
  data: T | undefined;
  /** The latest promise failed (the previous data, if any, is still in `data`). */
  failed: boolean;
}

export function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return value instanceof Promise;
}

export function useSettled<T>(value: T | Promise<T>): Settled<T> {
  const [settled, setSettled] = useState<{ source: T | Promise<T>; data: T | undefined; failed: boolean }>(() => ({
    source: value,
    data: isPromise(value) ? undefined : value,
    failed: false,
  }));
  useEffect(() => {
    if (!isPromise(value)) return;
    let live = true;
    value.then(
      (data) => {
        if (live) setSettled({ source: value, data, failed: false });
      },
      () => {
        if (live) setSettled((s) => ({ ...s, source: value, failed: true }));
      },
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (!isPromise(value)) return { data: value, failed: false };
  return { data: settled.data, failed: settled.source === value && settled.failed };
}
