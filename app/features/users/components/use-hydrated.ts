import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/** false on the server and while hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
