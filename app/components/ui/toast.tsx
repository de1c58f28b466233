import { Icon } from "~/components/icons/icon.tsx";
import { useEffect, useState, type ReactNode } from "react";
import { useI18n } from "~/lib/use-i18n.ts";

export interface ToastMessage {
  id: number;
  kind: "success" | "error";
  /** Words, or words with names isolated in <bdi> (tIsolated). */
  text: ReactNode;
}

type Listener = (toasts: ToastMessage[]) => void;
let toasts: ToastMessage[] = [];
const listeners = new Set<Listener>();
let nextId = 1;

function emit() {
  for (const l of listeners) l(toasts);
}

export const TOAST_MS = 5000;

/** Shows a message for 5 seconds (SPEC), announced to screen readers. */
export function showToast(kind: ToastMessage["kind"], text: ReactNode): void {
  const toast = { id: nextId++, kind, text };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** What lies along the bottom of the screen: a course page's price bar, the chat dock, a sticky save bar, an undo notice. */
const BOTTOM_BARS = "[data-bottom-bar], .chat-dock, [data-toast-above]";

/** How far up from the bottom edge the bars reach (0 when none shows). */
function bottomBarsHeight(): number {
  let top = window.innerHeight;
  for (const el of document.querySelectorAll(BOTTOM_BARS)) {
    const box = el.getBoundingClientRect();
    if (box.height > 0 && box.bottom >= window.innerHeight - 32) top = Math.min(top, box.top);
  }
  return Math.max(0, window.innerHeight - top);
}

/**
 * Toasts never cover a control (issue 35 item 6): on a phone they stand at the bottom, above whatever bar
 * is there (a course's price bar, the chat dock, the roles' save bar, the enrollments' undo notice), not
 * over the list's top cards; on a laptop in the bottom corner at the start side, away from a dialog (centred)
 * and from the page's main column.
 */
export function Toaster() {
  const { t } = useI18n();
  const [items, setItems] = useState<ToastMessage[]>([]);
  const [bottom, setBottom] = useState(16);
  useEffect(() => {
    // Placed as each toast arrives, above the bars showing then.
    const onToasts: Listener = (next) => {
      if (next.length > 0) setBottom(bottomBarsHeight() + 16);
      setItems(next);
    };
    listeners.add(onToasts);
    return () => {
      listeners.delete(onToasts);
    };
  }, []);
  return (
    <div
      aria-live="polite"
      role="status"
      style={{ bottom }}
      className="pointer-events-none fixed inset-x-0 z-[60] flex flex-col-reverse items-center gap-2 px-4 lg:end-auto lg:w-96 lg:items-start"
    >
      {items.map((toast) => (
        // A tap anywhere on it puts it away: on a phone it lies over the page (or a dialog's buttons) for
        // 5 seconds, and its close button is a small target. Keyboards have the close button.
        <div
          key={toast.id}
          onClick={() => dismissToast(toast.id)}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border p-4 shadow-lg ${
            toast.kind === "success" ? "border-emerald-200 bg-emerald-50 text-emerald-950" : "border-red-200 bg-red-50 text-red-950"
          }`}
        >
          {toast.kind === "success" ? (
            <Icon name="circle-check" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
          ) : (
            <Icon name="circle-exclamation-point" className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />
          )}
          <p className="flex-1 text-sm">{toast.text}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            // A 32 px target for a thumb, drawn where the 16 px icon was (the negative margins).
            className="-m-2 rounded-lg p-2 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
            aria-label={t("actions.close")}
          >
            <Icon name="x" className="h-4 w-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
