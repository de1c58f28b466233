// A public dialog that is a place in the browser's history (the enrollment dialog, About's instructors).
// Opening it adds `#<name>=<subject>` (or `#<name>-<subject>`, an anchor) to the address, so Back closes it
// and Forward opens it again instead of leaving the page, and a fresh load of that address, or a link to it
// from another page, opens it too (after hydration). Only the fragment changes:
// React Router runs no loader when a fragment is added, and `fragmentOnly` lets the routes skip theirs
// when Back removes it, so opening and closing never wait for the network. The admin's dialogs put
// their state in the query instead (components/ui/url-dialog.tsx): they must also work without
// JavaScript, and a fragment never reaches the server.
import { useCallback, useRef } from "react";
import { useLocation, useNavigate, type Location, type ShouldRevalidateFunctionArgs } from "react-router";
import { useHydrated } from "./use-hydrated.ts";

/** Marks a navigation that opened a dialog from the page behind it: closing can go back to that entry. */
export const OPENED_HERE = "dialogOpenedHere";

export function openedHere(location: Location): boolean {
  const state: unknown = location.state;
  return typeof state === "object" && state !== null && OPENED_HERE in state;
}

/**
 * True for a navigation that changes nothing but the fragment (no form, same path and query): no
 * loader needs to run again for it. React Router already skips loaders when a fragment is added; this
 * covers Back and Forward across one.
 */
export function fragmentOnly({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs): boolean {
  return (
    !formMethod &&
    currentUrl.hash !== nextUrl.hash &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search === nextUrl.search
  );
}

/** For a route module whose page holds a fragment dialog: its data stays as it is across one. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  return !fragmentOnly(args) && args.defaultShouldRevalidate;
}

export interface FragmentDialog {
  /** The open dialog's subject (`#<name>=<subject>`), or null (always null until hydrated). */
  subject: string | null;
  /** Another value of the fragment (`&<key>=<value>`), e.g. a run to preselect. */
  get: (key: string) => string | null;
  open: (subject: string, extra?: Record<string, string>) => void;
  /** Back to the entry it was opened from, or (a fresh load of the address) the same page without the fragment. */
  close: () => void;
}

/** The subject of an anchor fragment `#<name>-<subject>`, or null. */
export function anchorSubject(hash: string, name: string): string | null {
  const prefix = `#${name}-`;
  if (!hash.startsWith(prefix) || hash.length === prefix.length) return null;
  try {
    return decodeURIComponent(hash.slice(prefix.length));
  } catch {
    return null;
  }
}

/**
 * `anchor`: the fragment is `#<name>-<subject>`, which is also the id of an element of the page showing
 * the same content without JavaScript (CSS :target): one address for both, as other pages link to it
 * (About's instructors: the home page, the course page). An anchor carries no other values.
 */
export function useFragmentDialog(name: string, { anchor = false }: { anchor?: boolean } = {}): FragmentDialog {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // The server never sees the fragment: the first render in the browser must match its HTML.
  const values = hydrated && !anchor ? new URLSearchParams(location.hash.slice(1)) : null;
  const subject = anchor ? (hydrated ? anchorSubject(location.hash, name) : null) : values?.get(name) || null;
  // Close once per entry: a second tap before the history has moved must not go back a page further.
  const closedEntry = useRef<string | null>(null);
  const back = openedHere(location);
  const { pathname, search, key } = location;

  const open = useCallback(
    (next: string, extra: Record<string, string> = {}) => {
      const hash = anchor ? `${name}-${encodeURIComponent(next)}` : new URLSearchParams({ [name]: next, ...extra }).toString();
      void navigate({ pathname, search, hash }, { preventScrollReset: true, state: { [OPENED_HERE]: true } });
    },
    [anchor, name, navigate, pathname, search],
  );
  const close = useCallback(() => {
    if (closedEntry.current === key) return;
    closedEntry.current = key;
    if (back) void navigate(-1);
    else void navigate({ pathname, search }, { replace: true, preventScrollReset: true });
  }, [back, key, navigate, pathname, search]);

  return { subject, get: (k) => values?.get(k) ?? null, open, close };
}
