// The view-only document viewer (D8): a modal that fetches a private course document with the reader's
// session and paints each PDF page onto a <canvas> with PDF.js. No PDF.js toolbar, no download or print
// link, no text layer; right-click, dragging and selection are blocked inside it (a deterrent: whoever can
// see a page can photograph it). Pages render lazily as they scroll into view, sharp on high-density
// screens, fitted to the width, and again when the width changes (resize, full screen) or the reader
// zooms (zoom out, fit to width, zoom in: a phone's A4 page is unreadable at its fitted width).
//
// Load it through ./lazy.tsx: this module and PDF.js (a dynamic import below) stay out of every page
// until a viewer opens. The PDF.js worker is served from our own origin (Vite `?url` asset), which the
// CSP allows with `worker-src 'self'`.
import { Eye, LoaderCircle, Maximize, Minimize, MoveHorizontal, RotateCcw, TriangleAlert, X, FileX, ZoomIn, ZoomOut } from "lucide-react";
import type * as PdfJsModule from "pdfjs-dist";
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { Dialog as RadixDialog } from "radix-ui";
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from "react";
import { formatPercent } from "~/lib/format.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { isPdfMimeType } from "./mime.ts";

export interface DocumentViewerProps {
  /** Access-checked URL of the document (e.g. /files/documents/:id). */
  url: string;
  /** The document's display name (original file name). */
  name: string;
  /** Stored MIME type; only application/pdf is rendered. */
  mimeType: string;
  onClose: () => void;
}

/** Locale key (under documentViewer.errors) for a failed document request. */
export function errorKeyForStatus(status: number): ViewerErrorKey {
  if (status === 401) return "signedOut";
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  return "failed";
}

export type ViewerErrorKey = "failed" | "signedOut" | "forbidden" | "notFound" | "invalid" | "protected";

/** Largest canvas we paint, in device pixels (16 MP): beyond it the page is drawn a little softer. */
export const MAX_CANVAS_PIXELS = 4096 * 4096;

/**
 * The scale at which a page `baseWidth` × `baseHeight` (PDF units at scale 1) fills `cssWidth` CSS
 * pixels on a screen with `devicePixelRatio`, capped at MAX_CANVAS_PIXELS device pixels.
 */
export function renderScale(cssWidth: number, baseWidth: number, baseHeight: number, devicePixelRatio: number): number {
  const fit = cssWidth / baseWidth;
  const scale = fit * Math.max(1, devicePixelRatio || 1);
  const pixels = baseWidth * scale * baseHeight * scale;
  return pixels > MAX_CANVAS_PIXELS ? scale * Math.sqrt(MAX_CANVAS_PIXELS / pixels) : scale;
}

/**
 * The zoom steps, as parts of the fitted width (issue 36 item 12): 1 is "fit to width", the default on
 * every screen; a phone's page of A4 text needs about 2 to be read comfortably.
 */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 2.5, 3] as const;

/** The next step in or out from `zoom` (the same zoom at either end). */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  const steps = direction === 1 ? ZOOM_STEPS : [...ZOOM_STEPS].reverse();
  return steps.find((step) => (direction === 1 ? step > zoom : step < zoom)) ?? zoom;
}

type PdfJs = typeof PdfJsModule;
let pdfjsLoading: Promise<PdfJs> | null = null;

/** PDF.js itself is a chunk of its own, fetched the first time a PDF is opened. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoading ??= import("pdfjs-dist").then(
    (pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return pdfjs;
    },
    (err: unknown) => {
      pdfjsLoading = null;
      throw err;
    },
  );
  return pdfjsLoading;
}

class ViewerError extends Error {
  constructor(readonly key: ViewerErrorKey) {
    super(key);
  }
}

const block = (event: SyntheticEvent) => event.preventDefault();

/** Ctrl/⌘ + S (save) and P (print) do nothing while the viewer is open. */
function blockSaveAndPrint(event: ReactKeyboardEvent) {
  if ((event.ctrlKey || event.metaKey) && ["s", "p"].includes(event.key.toLowerCase())) event.preventDefault();
}

function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  // The viewer only ever renders in the browser (it opens on a click); the guard keeps SSR tests simple.
  const [supported] = useState(() => typeof document !== "undefined" && Boolean(document.fullscreenEnabled));
  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener("fullscreenchange", update);
    // Closing the viewer removes the full-screen element, which ends full screen by itself.
    return () => document.removeEventListener("fullscreenchange", update);
  }, [target]);
  const toggle = useCallback(() => {
    const element = target.current;
    if (!element) return;
    const change = document.fullscreenElement ? document.exitFullscreen() : element.requestFullscreen({ navigationUI: "hide" });
    change.catch(() => undefined);
  }, [target]);
  return { active, supported, toggle };
}

export default function DocumentViewer({ url, name, mimeType, onClose }: DocumentViewerProps) {
  const { t } = useI18n();
  const frame = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(frame);
  const pdf = isPdfMimeType(mimeType);
  // Opened by a button outside any Dialog.Trigger: focus goes back to whatever opened the viewer.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));

  // React has no onSelectStart: listen natively so a drag or double-click selects nothing in the viewer.
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!content) return;
    const stop = (event: Event) => event.preventDefault();
    content.addEventListener("selectstart", stop);
    return () => content.removeEventListener("selectstart", stop);
  }, [content]);
  const setFrame = useCallback((element: HTMLDivElement | null) => {
    frame.current = element;
    setContent(element);
  }, []);

  const iconButton =
    "inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800";

  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/70 print:hidden" />
        <RadixDialog.Content
          ref={setFrame}
          data-document-viewer=""
          onContextMenu={block}
          onDragStart={block}
          onKeyDown={blockSaveAndPrint}
          onCloseAutoFocus={(event) => {
            if (opener instanceof HTMLElement && opener.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          onEscapeKeyDown={(event) => {
            // In full screen, Escape leaves full screen first; the next Escape closes the viewer.
            if (document.fullscreenElement) {
              event.preventDefault();
              document.exitFullscreen().catch(() => undefined);
            }
          }}
          className="fixed inset-2 z-[60] flex flex-col overflow-hidden rounded-2xl bg-white shadow-2xl select-none [-webkit-touch-callout:none] focus:outline-none sm:inset-6 print:hidden [&:fullscreen]:inset-0 [&:fullscreen]:rounded-none"
        >
          <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">
              <bdi>{name}</bdi>
            </RadixDialog.Title>
            {pdf && fullscreen.supported && (
              <button type="button" onClick={fullscreen.toggle} className={iconButton}>
                {fullscreen.active ? <Minimize aria-hidden="true" className="h-4 w-4" /> : <Maximize aria-hidden="true" className="h-4 w-4" />}
                <span className="max-sm:sr-only">
                  {fullscreen.active ? t("documentViewer.exitFullscreen") : t("documentViewer.enterFullscreen")}
                </span>
              </button>
            )}
            <RadixDialog.Close className={iconButton}>
              <X aria-hidden="true" className="h-4 w-4" />
              <span className="max-sm:sr-only">{t("documentViewer.close")}</span>
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="flex items-center gap-2 bg-slate-50 px-4 py-2 text-xs text-slate-700">
            <Eye aria-hidden="true" className="h-4 w-4 shrink-0 text-teal-800" />
            {t("documentViewer.viewOnly")}
          </RadixDialog.Description>
          <ViewerBody url={url} name={name} mimeType={mimeType} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** What the viewer shows under its header: the PDF's pages, or the notice for any other type. */
export function ViewerBody({ url, name, mimeType }: Pick<DocumentViewerProps, "url" | "name" | "mimeType">) {
  return isPdfMimeType(mimeType) ? <PdfDocument key={url} url={url} name={name} /> : <PreviewNotAvailable />;
}

/** SPEC: non-PDF documents are not shown in the browser (and never fetched). */
export function PreviewNotAvailable() {
  const { t } = useI18n();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <FileX aria-hidden="true" className="h-12 w-12 text-slate-400" />
      <h3 className="text-lg font-semibold text-slate-900">{t("documentViewer.notAvailableTitle")}</h3>
      <p className="max-w-md text-sm text-slate-700">{t("documentViewer.notAvailableText")}</p>
    </div>
  );
}

type LoadState =
  | { status: "loading" }
  | { status: "error"; key: ViewerErrorKey }
  | { status: "ready"; doc: PDFDocumentProxy; aspect: number };

function PdfDocument({ url, name }: { url: string; name: string }) {
  const { t } = useI18n();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    void (async () => {
      try {
        // The document route checks the session cookie: same-origin credentials, never cached.
        const response = await fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/pdf" } });
        if (!response.ok) throw new ViewerError(errorKeyForStatus(response.status));
        const data = new Uint8Array(await response.arrayBuffer());
        const pdfjs = await loadPdfJs();
        if (cancelled) return;
        task = pdfjs.getDocument({ data, isEvalSupported: false, enableXfa: false, stopAtErrors: false });
        const doc = await task.promise;
        const first = await doc.getPage(1);
        const base = first.getViewport({ scale: 1 });
        if (!cancelled) setState({ status: "ready", doc, aspect: base.height / base.width });
      } catch (err) {
        if (cancelled) return;
        const key: ViewerErrorKey =
          err instanceof ViewerError
            ? err.key
            : err instanceof Error && err.name === "PasswordException"
              ? "protected"
              : err instanceof Error && /^(InvalidPDFException|FormatError|UnknownErrorException)$/.test(err.name)
                ? "invalid"
                : "failed";
        setState({ status: "error", key });
      }
    })();
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url, attempt]);

  // Pages fit the width of the scrolling area; a new width (resize, full screen) re-renders them.
  useEffect(() => {
    if (!scroller) return;
    const measure = () => setWidth(Math.max(0, Math.floor(scroller.clientWidth - 32)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller]);

  if (state.status === "loading") {
    return (
      <div role="status" className="flex flex-1 items-center justify-center gap-2 text-sm text-slate-700">
        <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin text-teal-800 motion-reduce:animate-none" />
        {t("documentViewer.loading")}
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
        <p role="alert" className="flex items-center gap-2 text-sm text-red-800">
          <TriangleAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
          {t(`documentViewer.errors.${state.key}`)}
        </p>
        {(state.key === "failed" || state.key === "signedOut") && (
          <button
            type="button"
            onClick={() => {
              setState({ status: "loading" });
              setAttempt((n) => n + 1);
            }}
            className="btn-secondary inline-flex items-center gap-2 px-4 py-2 text-sm"
          >
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {t("documentViewer.retry")}
          </button>
        )}
      </div>
    );
  }

  const total = state.doc.numPages;
  const pageWidth = Math.round(width * zoom);
  return (
    <>
      <ZoomControls zoom={zoom} onZoom={setZoom} />
      {/* Pages scroll as a PDF reader's do in either language: a zoomed page starts at its left edge
          (in an Arabic page the scroll began at the right edge, the start of an English line off-screen). */}
      <div
        ref={setScroller}
        role="region"
        aria-label={t("documentViewer.pages", { file: name })}
        tabIndex={0}
        dir="ltr"
        className="flex-1 overflow-auto bg-slate-200 p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-800"
      >
        <ol className="mx-auto flex flex-col items-center gap-4">
          {Array.from({ length: total }, (_, i) => (
            <li key={i} className="w-full">
              <PdfPage doc={state.doc} pageNumber={i + 1} total={total} width={pageWidth} aspect={state.aspect} root={scroller} />
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}

/** Zoom out, fit to width, zoom in, and the zoom said as a percentage of the fitted width. */
function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const { t, i18n } = useI18n();
  const button =
    "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <div role="group" aria-label={t("documentViewer.zoom")} className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2">
      <button type="button" className={button} onClick={() => onZoom(nextZoom(zoom, -1))} disabled={zoom <= ZOOM_STEPS[0]} aria-label={t("documentViewer.zoomOut")} title={t("documentViewer.zoomOut")}>
        <ZoomOut aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="button" className={button} onClick={() => onZoom(1)} aria-pressed={zoom === 1}>
        <MoveHorizontal aria-hidden="true" className="h-4 w-4" />
        {t("documentViewer.fitWidth")}
      </button>
      <button type="button" className={button} onClick={() => onZoom(nextZoom(zoom, 1))} disabled={zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1]!} aria-label={t("documentViewer.zoomIn")} title={t("documentViewer.zoomIn")}>
        <ZoomIn aria-hidden="true" className="h-4 w-4" />
      </button>
      <span role="status" className="min-w-12 text-sm tabular-nums text-slate-700">
        {t("documentViewer.zoomLevel", { percent: formatPercent(zoom * 100, i18n.language) })}
      </span>
    </div>
  );
}

function PdfPage({
  doc,
  pageNumber,
  total,
  width,
  aspect: firstAspect,
  root,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  total: number;
  width: number;
  /** Height/width of the first page: the placeholder's shape until this page is measured. */
  aspect: number;
  root: HTMLElement | null;
}) {
  const { t } = useI18n();
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [aspect, setAspect] = useState(firstAspect);
  const [painted, setPainted] = useState(false);
  const [failed, setFailed] = useState(false);

  // Lazy: a page is first drawn when it comes within a screen of the visible area.
  useEffect(() => {
    const element = holder.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { root, rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [root, near]);

  useEffect(() => {
    if (!near || width <= 0) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (cancelled || !canvas.current) return;
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: renderScale(width, base.width, base.height, window.devicePixelRatio) });
        // Draw off-screen, then copy: the visible page never flashes blank while re-rendering.
        const scratch = document.createElement("canvas");
        scratch.width = Math.floor(viewport.width);
        scratch.height = Math.floor(viewport.height);
        task = page.render({ canvas: scratch, viewport });
        await task.promise;
        const target = canvas.current;
        if (cancelled || !target) return;
        target.width = scratch.width;
        target.height = scratch.height;
        target.getContext("2d")?.drawImage(scratch, 0, 0);
        scratch.width = scratch.height = 0;
        setAspect(base.height / base.width);
        setPainted(true);
        setFailed(false);
      } catch (err) {
        if (cancelled || (err instanceof Error && err.name === "RenderingCancelledException")) return;
        setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, width, doc, pageNumber]);

  const label = t("documentViewer.pageLabel", { page: pageNumber, total });
  return (
    <div
      ref={holder}
      className="relative mx-auto bg-white shadow-md"
      style={{ width: width > 0 ? `${width}px` : "100%", aspectRatio: `1 / ${aspect}` }}
      data-page={pageNumber}
      data-painted={painted || undefined}
    >
      <canvas ref={canvas} role="img" aria-label={label} draggable={false} className="absolute inset-0 h-full w-full" />
      {!painted && (
        <p className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-600">
          {failed ? (
            <>
              <TriangleAlert aria-hidden="true" className="h-4 w-4 text-red-800" />
              <span className="text-red-800">{t("documentViewer.errors.failed")}</span>
            </>
          ) : (
            <>
              <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
              {t("documentViewer.loadingPage", { page: pageNumber })}
            </>
          )}
        </p>
      )}
    </div>
  );
}
