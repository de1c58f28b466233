import { Icon } from "~/components/icons/icon.tsx";
import { useEffect, useRef, useState } from "react";
import { Ltr, tIsolated } from "~/components/ui/bidi.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";

/** How long the button reads "Copied" before it reads "Copy" again (the message itself stays). */
export const COPIED_MS = 2000;

/** Writes the text to the clipboard; false where there is no clipboard or the browser refuses. */
export async function copyToClipboard(
  text: string,
  clipboard: Pick<Clipboard, "writeText"> | undefined = typeof navigator === "undefined" ? undefined : navigator.clipboard,
): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The enrollment confirmation, shown until the visitor dismisses it (no timer): the enrollment ID as a
 * left-to-right token, with a Copy button once JavaScript runs (without it the ID can still be selected),
 * and a Close button when the caller can dismiss it (the modal; the no-JS page has none).
 */
export function EnrollmentSuccess({
  enrollmentId,
  waiting = false,
  pageHref,
  onDismiss,
}: {
  enrollmentId: string;
  /** Issue 20: the run asked for was full, so the request is on its waiting list: the message says so. */
  waiting?: boolean;
  /** The request's own page (issue 37 item 3), signed; absent for a repeat of a recent request. */
  pageHref?: string;
  onDismiss?: () => void;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const idRef = useRef<HTMLElement>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  async function onCopy() {
    const ok = await copyToClipboard(enrollmentId);
    setCopy(ok ? "copied" : "failed");
    clearTimeout(resetTimer.current);
    if (ok) resetTimer.current = setTimeout(() => setCopy("idle"), COPIED_MS);
    else if (idRef.current) {
      // Selected for the visitor to copy by hand.
      const range = document.createRange();
      range.selectNodeContents(idRef.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    }
  }

  const id = (
    <Ltr className="font-mono font-semibold">
      <span ref={idRef}>{enrollmentId}</span>
    </Ltr>
  );
  return (
    <div role="status" aria-live="polite" className="rounded-xl bg-emerald-50 p-4 text-emerald-950">
      <div className="flex items-start gap-3">
        <Icon name="circle-check" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
        <p className="min-w-0 break-words">{tIsolated(t, waiting ? "enrollment.run.waitingSuccess" : "enrollment.success", { id })}</p>
      </div>
      {pageHref && (
        <p className="mt-2 text-sm">
          <a href={pageHref} className="font-semibold text-emerald-900 underline" data-enrollment-page="">
            {t("enrollment.pageLink")}
          </a>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        {/* Hidden until hydrated: without JavaScript the button could do nothing. */}
        <button
          type="button"
          hidden={!hydrated}
          onClick={onCopy}
          aria-label={copy === "copied" ? t("enrollment.copied") : t("enrollment.copyIdLabel")}
          className="btn-secondary inline-flex gap-2 px-3 py-1.5 text-sm"
        >
          {copy === "copied" ? <Icon name="check" className="h-4 w-4" /> : <Icon name="copy" className="h-4 w-4" />}
          {copy === "copied" ? t("enrollment.copied") : t("enrollment.copyId")}
        </button>
        {onDismiss && (
          <button type="button" onClick={onDismiss} className="btn-primary inline-flex px-3 py-1.5 text-sm">
            {t("enrollment.close")}
          </button>
        )}
      </div>
      {copy === "failed" && <p className="mt-2 text-sm text-emerald-900">{t("enrollment.copyFailed")}</p>}
    </div>
  );
}
