// The admin dialog kit (issue 16): one state model — the URL (`?dialog=<kind>&<idParam>=<id>`), so every
// dialog has a link that works without JavaScript — and one frame: a modal once hydrated, an in-page
// panel (a plain <section>) before that or without JavaScript. Built in, so every screen has it:
// - opening and closing are navigations that keep the list's other parameters and its scroll position;
//   closing goes back in history when the dialog was opened from this list, and replaces the entry
//   otherwise (a shared link, ?action=create from the dashboard), so Back never reopens a closed dialog;
// - focus moves to the first field on opening, and returns to the control that opened the dialog on
//   closing (Escape, Cancel, the close button, after a save) — to the page's heading when that control
//   is gone (the row was deleted);
// - a form with unsaved changes asks before it is closed or left (unsaved-changes.tsx).
import { rescueFocus } from "./focus-rescue.ts";
import { createContext, useCallback, useContext, useId, useMemo, useRef, type ReactNode, type RefObject } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { OPENED_HERE, openedHere } from "~/lib/hooks/use-fragment-dialog.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { isOneOf } from "~/lib/validation.ts";
import { Dialog } from "./dialog.tsx";
import { UnsavedChangesGuard, useFormsDirty } from "./unsaved-changes.tsx";

/** What a frame needs to close itself: where to, and how (a navigation, or local state for a result). */
export interface DialogCloser {
  /** Closes (a navigation: the unsaved-changes guard may ask first). */
  close: () => void;
  /** Closes after a successful save or delete: nothing is unsaved any more, so nothing asks. */
  finish: () => void;
  /** Where Cancel and Close lead without JavaScript. */
  closeHref: string;
  /** Set while a close must not ask (after a save). */
  allow: RefObject<boolean>;
}

export interface UrlDialog<K extends string = string> extends DialogCloser {
  /** The open dialog's kind (`?dialog=`), or null. */
  kind: K | null;
  /** Its subject (`?<idParam>=`), or null. */
  id: string | null;
  /** The URL that opens `kind` (for `id`), keeping the list's own parameters. */
  href: (kind: K, id?: string) => string;
  /** Opens a dialog by navigating to its URL. */
  open: (kind: K, id?: string) => void;
}

/**
 * The URL-driven dialog state of one page. `kinds` lists the page's dialogs (`?dialog=` names one of
 * them, anything else opens nothing); `idParam` names the subject parameter (`id` by default);
 * `params` lists further parameters that belong to dialogs (e.g. `action` for ?action=create); `closeTo`
 * overrides where closing leads (e.g. back to the dashboard that opened the form), and `finishTo` where a
 * successful save leads (the list itself by default, or `closeTo` when given).
 */
export function useUrlDialog<const K extends string>(options: {
  kinds: readonly K[];
  idParam?: string;
  params?: readonly string[];
  closeTo?: string;
  finishTo?: string;
}): UrlDialog<K> {
  const { kinds, idParam = "id", params = [], closeTo, finishTo } = options;
  const location = useLocation();
  const navigate = useNavigate();
  const allow = useRef(false);
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const owned = useMemo(() => ["dialog", idParam, ...params], [idParam, params]);

  const withParams = useCallback(
    (set: Record<string, string | null>) => {
      const next = new URLSearchParams(location.search);
      for (const name of owned) next.delete(name);
      for (const [name, value] of Object.entries(set)) if (value !== null) next.set(name, value);
      const query = next.toString();
      return `${location.pathname}${query ? `?${query}` : ""}`;
    },
    [location.pathname, location.search, owned],
  );
  const href = useCallback((kind: K, id?: string) => withParams({ dialog: kind, [idParam]: id ?? null }), [withParams, idParam]);
  const closeHref = closeTo ?? withParams({});
  const back = openedHere(location) && closeTo === undefined;

  const close = useCallback(() => {
    if (back) void navigate(-1);
    else void navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [back, closeHref, navigate]);
  const finish = useCallback(() => {
    allow.current = true;
    if (finishTo === undefined) close();
    else void navigate(finishTo, { replace: true, preventScrollReset: true });
  }, [close, finishTo, navigate]);
  const open = useCallback(
    (kind: K, id?: string) => {
      allow.current = false;
      void navigate(href(kind, id), { preventScrollReset: true, state: { [OPENED_HERE]: true } });
    },
    [href, navigate],
  );

  const rawKind = search.get("dialog");
  return {
    kind: isOneOf(rawKind, kinds) ? rawKind : null,
    id: search.get(idParam),
    href,
    open,
    close,
    finish,
    closeHref,
    allow,
  };
}

// ---------------------------------------------------------------------------------------------------
// Focus return

interface Opener {
  element: HTMLElement | null;
  /** The opener's data-dialog-opener, to find it again when the list re-rendered it. */
  key: string | null;
}

/** The control last used to open a dialog (set on click, before the navigation). */
let lastOpener: Opener | null = null;

function rememberOpener(element: HTMLElement): void {
  lastOpener = { element, key: element.getAttribute("data-dialog-opener") };
}

function takeOpener(): Opener | null {
  const taken = lastOpener;
  lastOpener = null;
  if (taken) return taken;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || active.closest("[role=dialog]")) return null;
  return { element: active, key: active.getAttribute("data-dialog-opener") };
}

/** The opener of a dialog that closed while another one opened (a result shown after a form): the open one returns there. */
let handedOver: Opener | null = null;

function returnFocus(opener: Opener | null, fallback: string): void {
  if (document.querySelector("[role=dialog]")) {
    handedOver = opener;
    return;
  }
  const again = opener?.key
    ? document.querySelector<HTMLElement>(`[data-dialog-opener="${CSS.escape(opener.key)}"]`)
    : null;
  // The opener's row went with the decision made in the dialog: beside it in the list, else the fallback.
  if (!opener?.element?.isConnected && !again && rescueFocus()) return;
  const target = opener?.element?.isConnected ? opener.element : (again ?? document.querySelector<HTMLElement>(fallback));
  if (!target) return;
  if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
  // The list stays where it was: focus never scrolls it.
  target.focus({ preventScroll: true });
}

// ---------------------------------------------------------------------------------------------------
// The frame

const FrameContext = createContext<(DialogCloser & { hydrated: boolean }) | null>(null);

/** The closer of the frame around a component (Cancel buttons and forms inside a dialog use it). */
export function useDialogFrame(): DialogCloser & { hydrated: boolean } {
  const frame = useContext(FrameContext);
  if (!frame) throw new Error("useDialogFrame outside a DialogFrame");
  return frame;
}

const PANEL_SIZES = { sm: "max-w-lg", md: "max-w-2xl", lg: "max-w-3xl" } as const;

/**
 * A modal once hydrated; before that, and without JavaScript, the same content as a panel in the page.
 * `guard`: the body holds a form whose unsaved changes must not be lost silently (on by default).
 * `focusFallback`: where focus goes on closing when the opener is gone (the page's heading).
 */
export function DialogFrame({
  open,
  dialog,
  title,
  description,
  size = "sm",
  guard = true,
  focusFallback = "main h1",
  children,
}: {
  open: boolean;
  dialog: DialogCloser;
  title: ReactNode;
  description?: ReactNode;
  size?: "sm" | "md" | "lg";
  guard?: boolean;
  focusFallback?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const titleId = useId();
  const opener = useRef<Opener | null>(null);
  const context = useMemo(() => ({ ...dialog, hydrated }), [dialog, hydrated]);
  if (hydrated) {
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) dialog.close();
        }}
        title={title}
        description={description}
        size={size === "sm" ? "sm" : size === "md" ? "md" : "lg"}
        onOpening={() => {
          opener.current = takeOpener();
        }}
        onClosed={() => {
          const own = opener.current ?? handedOver;
          handedOver = null;
          returnFocus(own, focusFallback);
        }}
      >
        <FrameContext.Provider value={context}>
          {guard ? <GuardedBody allow={dialog.allow}>{children}</GuardedBody> : children}
        </FrameContext.Provider>
      </Dialog>
    );
  }
  if (!open) return null;
  return (
    <section
      aria-labelledby={titleId}
      className={`mb-6 ${PANEL_SIZES[size]} rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6`}
    >
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">
        <FrameContext.Provider value={context}>{children}</FrameContext.Provider>
      </div>
    </section>
  );
}

function GuardedBody({ allow, children }: { allow: RefObject<boolean>; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const isDirty = useFormsDirty(root);
  return (
    <div ref={root}>
      {children}
      <UnsavedChangesGuard isDirty={isDirty} allow={allow} />
    </div>
  );
}

/** The closer of a frame that the page's own state opens (a result shown once, never in a URL). */
export function useStateCloser(close: () => void, closeHref: string): DialogCloser {
  const allow = useRef(true);
  return useMemo(() => ({ close, finish: close, closeHref, allow }), [close, closeHref]);
}

// ---------------------------------------------------------------------------------------------------
// Controls

/**
 * Opens a dialog: a link to its URL (it works without JavaScript). With `as="button"` it is a button
 * once hydrated (a control that opens a dialog), still a link before.
 */
export function DialogLink<K extends string>({
  dialog,
  kind,
  id,
  as = "link",
  className,
  label,
  title = label,
  disabled = false,
  onOpen,
  children,
}: {
  dialog: Pick<UrlDialog<K>, "href" | "open">;
  kind: K;
  id?: string;
  as?: "link" | "button";
  className?: string;
  /** An accessible name (and tooltip) when the content is an icon. */
  label?: string;
  /** A tooltip (the label by default; "" for none). */
  title?: string;
  /** The button cannot be used now (e.g. nothing selected); a link is never disabled. */
  disabled?: boolean;
  /** Runs as the dialog opens (with JavaScript), e.g. to mark a message read. */
  onOpen?: () => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const key = id ? `${kind}:${id}` : kind;
  if (!hydrated) {
    // Before hydration, and without JavaScript, a click on the opener is a document load to the dialog's
    // address, whatever draws it: a plain link, which costs the server's render a fraction of React Router's
    // Link (an admin list draws two or three openers per row; issue 18). Hydrated, it becomes the Link or the
    // button below.
    return (
      <a href={dialog.href(kind, id)} data-dialog-opener={key} className={className} aria-label={label} title={title || undefined}>
        {children}
      </a>
    );
  }
  if (as === "button") {
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        data-dialog-opener={key}
        className={className}
        aria-label={label}
        title={title || undefined}
        disabled={disabled}
        onClick={(event) => {
          rememberOpener(event.currentTarget);
          onOpen?.();
          dialog.open(kind, id);
        }}
      >
        {children}
      </button>
    );
  }
  return (
    <Link
      to={dialog.href(kind, id)}
      state={{ [OPENED_HERE]: true }}
      preventScrollReset
      data-dialog-opener={key}
      className={className}
      aria-label={label}
      title={title || undefined}
      onClick={(event) => {
        rememberOpener(event.currentTarget);
        onOpen?.();
      }}
    >
      {children}
    </Link>
  );
}

const CANCEL_CLASS = "btn-secondary inline-flex px-4 py-2 text-sm";

/** Cancel / Close of the frame around it: closes with JavaScript (asking first when a form changed); a link back without. */
export function DialogCancel({ label, autoFocus = false }: { label: string; autoFocus?: boolean }) {
  const frame = useDialogFrame();
  const focus = autoFocus ? { "data-autofocus": "" } : {};
  return frame.hydrated ? (
    <button type="button" onClick={frame.close} className={CANCEL_CLASS} {...focus}>
      {label}
    </button>
  ) : (
    <Link to={frame.closeHref} className={CANCEL_CLASS} preventScrollReset>
      {label}
    </Link>
  );
}
