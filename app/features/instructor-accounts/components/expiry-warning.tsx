// The session expiry warning (SPEC §4, §9; D7; issue 36 item 11). The expiry comes from the server; the
// page checks it every second and when the window regains focus. Two minutes before the end (half of a
// window of 5 minutes or less) an alert dialog opens over everything, the materials viewer included: it is
// announced, takes the focus, and counts down in words; "Continue" closes it and a small countdown stays
// at the bottom of the screen. While the warning shows, the server is asked again every 30 seconds (an
// extension by the admin moves the expiry); at the end it is asked once more, and the loader sends the
// page to /instructor-login, which says when and why the access ended.
import { Clock } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useI18n } from "~/lib/use-i18n.ts";
import { countdown, countdownParts, shouldWarn, TICK_MS, WARNING_RECHECK_MS } from "../expiry.ts";

/** Clock differences below this are taken as network delay, not a wrong client clock. */
const SKEW_TOLERANCE_MS = 5000;

/** Milliseconds left (on the server's clock), ticking every second; null until the page runs in a browser. */
export function useSessionRemaining(expiresAt: string, serverNow: number, windowMs: number): number | null {
  const [remaining, setRemaining] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  const idle = useRef(true);
  const lastAsked = useRef(0);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
    idle.current = revalidator.state === "idle";
  });

  useEffect(() => {
    const expires = new Date(expiresAt).getTime();
    const skew = serverNow - Date.now();
    const offset = Math.abs(skew) > SKEW_TOLERANCE_MS ? skew : 0;
    const ask = (every: number) => {
      if (!idle.current || Date.now() - lastAsked.current < every) return;
      lastAsked.current = Date.now();
      void revalidate.current();
    };
    const check = () => {
      const left = expires - (Date.now() + offset);
      setRemaining(left);
      // SPEC: an expired session goes to /instructor-login; the server decides (and says why there).
      if (left <= 0) ask(TICK_MS);
      else if (shouldWarn(left, windowMs)) ask(WARNING_RECHECK_MS);
    };
    check();
    const timer = setInterval(check, TICK_MS);
    // Back on the page: the server is asked at once (a session ended elsewhere, an extension).
    const onFocus = () => {
      check();
      ask(0);
    };
    window.addEventListener("focus", onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [expiresAt, serverNow, windowMs]);

  return remaining;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** "1 minute 57 seconds" / "دقيقة واحدة و57 ثانية"; "45 seconds"; "2 minutes". */
export function timeLeftInWords(t: T, remainingMs: number): string {
  const { minutes, seconds } = countdownParts(remainingMs);
  const m = t("instructorPortal.expiry.minutes", { count: minutes });
  const s = t("instructorPortal.expiry.seconds", { count: seconds });
  if (minutes && seconds) return t("instructorPortal.expiry.minutesAndSeconds", { minutes: m, seconds: s });
  return minutes ? m : s;
}

/** The countdown as a clock: m:ss from a minute up, plain seconds below (SPEC §4). */
function clock(remainingMs: number): string {
  const left = countdown(remainingMs);
  return left.kind === "minutes" ? left.text : String(left.seconds);
}

export function ExpiryWarning({ remaining, windowMs, layerKey }: { remaining: number | null; windowMs: number; layerKey: number }) {
  const { t } = useI18n();
  const [dismissed, setDismissed] = useState(false);
  const warn = remaining !== null && shouldWarn(remaining, windowMs);
  // An extension ends the warning: the next one (nearer the new end) opens as an alert again.
  if (!warn && dismissed) setDismissed(false);
  if (!warn) return null;
  return (
    <>
      {/* A dialog opened after this one (the viewer, from the address) would sit above it: layerKey remounts it on top. */}
      <AlertDialog.Root key={layerKey} open={!dismissed} onOpenChange={(open) => setDismissed(!open)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/60" />
          <AlertDialog.Content
            data-testid="expiry-warning"
            className="fixed left-1/2 top-1/2 z-[70] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border-t-4 border-amber-500 bg-white p-6 text-center shadow-2xl focus:outline-none"
          >
            <Clock aria-hidden="true" className="mx-auto h-8 w-8 text-amber-700" />
            <AlertDialog.Title className="mt-2 text-xl font-bold text-slate-900">{t("instructorPortal.expiry.title")}</AlertDialog.Title>
            <p aria-hidden="true" dir="ltr" className="mt-3 text-4xl font-bold tabular-nums text-amber-900">
              {clock(remaining)}
            </p>
            <AlertDialog.Description className="mt-3 text-slate-800">
              {t("instructorPortal.expiry.text", { time: timeLeftInWords(t, remaining) })}
            </AlertDialog.Description>
            <p className="mt-2 text-sm text-slate-600">{t("instructorPortal.expiry.hint")}</p>
            <AlertDialog.Cancel className="btn-primary mt-5 inline-flex px-5 py-2">{t("instructorPortal.expiry.continue")}</AlertDialog.Cancel>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      {dismissed && (
        <p
          data-testid="expiry-countdown"
          className="fixed inset-x-0 bottom-4 z-[70] mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950 shadow-lg"
        >
          <Clock aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-800" />
          {t("instructorPortal.expiry.text", { time: timeLeftInWords(t, remaining) })}
        </p>
      )}
    </>
  );
}
