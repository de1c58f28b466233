// "Discard unsaved changes?" (issue 16): a form someone typed into asks before it is thrown away — when
// its dialog closes (Escape, backdrop, Cancel, the close button), on a navigation inside the app
// (useBlocker: side navigation, language switch, browser Back) and when the tab closes or reloads
// (beforeunload). A form nobody changed never asks.
import { AlertDialog } from "radix-ui";
import { useEffect, useRef, type RefObject } from "react";
import { useBlocker } from "react-router";
import { useI18n } from "~/lib/use-i18n.ts";

/**
 * What the forms under `root` (or `root`, a form) would post now (file inputs by name and size); null
 * when there is no form any more (a result replaced it: nothing typed can be lost).
 */
export function formsSnapshot(root: HTMLElement): string | null {
  const forms = root instanceof HTMLFormElement ? [root] : [...root.querySelectorAll("form")];
  if (forms.length === 0) return null;
  const parts: string[] = [];
  for (const form of forms) {
    for (const [name, value] of new FormData(form)) {
      parts.push(`${name}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
    }
  }
  return parts.join("\u0000");
}

/**
 * Tracks whether the forms under `root` differ from what they held when they appeared (or when `cleanKey`
 * last changed, e.g. after a save). Only a person's input counts: a value the page sets by itself while
 * nobody typed is not a change.
 */
export function useFormsDirty(root: RefObject<HTMLElement | null>, cleanKey?: unknown): () => boolean {
  const baseline = useRef<string | null>(null);
  const touched = useRef(false);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    baseline.current = formsSnapshot(el);
    touched.current = false;
    const touch = () => {
      touched.current = true;
    };
    el.addEventListener("input", touch, true);
    el.addEventListener("change", touch, true);
    return () => {
      el.removeEventListener("input", touch, true);
      el.removeEventListener("change", touch, true);
    };
  }, [root, cleanKey]);
  return () => {
    const el = root.current;
    const now = el ? formsSnapshot(el) : null;
    return touched.current && baseline.current !== null && now !== null && now !== baseline.current;
  };
}

/**
 * Asks "Discard unsaved changes?" before any navigation while `isDirty()` holds (unless `allow.current`
 * is set: a close after a successful save), and before the tab unloads. Render it only in the browser.
 */
export function UnsavedChangesGuard({ isDirty, allow }: { isDirty: () => boolean; allow?: RefObject<boolean> }) {
  const check = useRef(isDirty);
  useEffect(() => {
    check.current = isDirty;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allow?.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      check.current(),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allow?.current || !check.current()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their own "Leave site?" prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [allow]);
  return (
    <DiscardChangesDialog
      open={blocker.state === "blocked"}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}

/** The translated confirmation: keep editing (the default, focused) or discard what was typed. */
export function DiscardChangesDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const { t } = useI18n();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onKeep()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[55] bg-slate-900/40" />
        <AlertDialog.Content className="fixed start-1/2 top-1/2 z-[55] w-[calc(100%-2rem)] max-w-sm -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2 focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{t("dialog.discardTitle")}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{t("dialog.discardText")}</AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className="btn-secondary inline-flex px-4 py-2 text-sm">{t("dialog.keepEditing")}</AlertDialog.Cancel>
            {/* A plain button: an AlertDialog.Action would also report "closed", i.e. keep editing. */}
            <button
              type="button"
              onClick={onDiscard}
              className="inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            >
              {t("dialog.discard")}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
