import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/**
 * false on the server and while hydrating, true once React runs in the browser: controls that need
 * JavaScript (a copy button, a modal instead of a panel) appear only when they can work. The one copy
 * (app/components and app/lib must not import app/features).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
