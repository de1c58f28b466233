import { useEffect, useRef } from "react";

/** Calls the latest `onReply` once for each reply a fetcher settles with (success or refusal). */
export function useOnReply<R>(fetcher: { state: string; data?: R }, onReply: (reply: R) => void) {
  const callback = useRef(onReply);
  useEffect(() => {
    callback.current = onReply;
  });
  const seen = useRef<R | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
