import { useEffect, useRef, type KeyboardEvent } from "react";
import { useLocation } from "react-router";

/**
 * A phone menu built on a native disclosure (`<details>` with a `<summary>` button), so it opens without
 * JavaScript, and one opened before hydration stays open through it. With JavaScript: every navigation closes it, also one to the page being shown (the location's
 * key changes on each); a tap or click outside closes it; Escape closes it and puts focus back on its
 * button. The one copy for the public site's menu and the admin's.
 */
export function useMenuDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  // Not at hydration: on a slow phone the menu is often opened before the scripts have run, and closing
  // it then made the visitor's next tap land on the page behind it.
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const el = ref.current;
      if (el?.open && event.target instanceof Node && !el.contains(event.target)) el.open = false;
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const el = ref.current;
    if (event.key !== "Escape" || !el?.open) return;
    event.preventDefault();
    el.open = false;
    el.querySelector<HTMLElement>("summary")?.focus();
  };
  return { ref, onKeyDown };
}
