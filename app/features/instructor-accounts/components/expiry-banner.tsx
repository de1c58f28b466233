// The session expiry warning (SPEC §4, §9; D7). The expiry comes from the server; the page checks it
// every second and when the window regains focus (the server is asked again then, so a session ended
// elsewhere — renewal, deletion — is noticed at once). At expiry the session is ended on the server and
// the page goes to /instructor-login.
import { Clock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useRevalidator, useSubmit } from "react-router";
import { countdown, shouldWarn, TICK_MS } from "../expiry.ts";

/** Clock differences below this are taken as network delay, not a wrong client clock. */
const SKEW_TOLERANCE_MS = 5000;

/** Milliseconds left (on the server's clock), ticking every second; null until the page runs in a browser. */
export function useSessionRemaining(expiresAt: string, serverNow: number): number | null {
  const [remaining, setRemaining] = useState<number | null>(null);
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const ended = useRef(false);
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });

  useEffect(() => {
    const expires = new Date(expiresAt).getTime();
    const skew = serverNow - Date.now();
    const offset = Math.abs(skew) > SKEW_TOLERANCE_MS ? skew : 0;
    const check = () => {
      const left = expires - (Date.now() + offset);
      setRemaining(left);
      if (left <= 0 && !ended.current) {
        ended.current = true;
        // SPEC: an expired session is cleared and the user goes to /instructor-login.
        void submit(null, { method: "post", action: "/instructor-logout", replace: true });
      }
    };
    check();
    const timer = setInterval(check, TICK_MS);
    const onFocus = () => {
      check();
      if (!ended.current) void revalidate.current();
    };
    window.addEventListener("focus", onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [expiresAt, serverNow, submit]);

  return remaining;
}

export function ExpiryBanner({ remaining, windowMs }: { remaining: number | null; windowMs: number }) {
  const { t } = useI18n();
  if (remaining === null || !shouldWarn(remaining, windowMs)) return null;
  const left = countdown(remaining);
  // "1:59 minutes" / "1:59 دقيقة"; under a minute, "45 seconds" / "45 ثانية".
  const time =
    left.kind === "minutes"
      ? t("instructorPortal.banner.minutes", { time: left.text })
      : t("instructorPortal.banner.seconds", { count: left.seconds });
  return (
    <section
      aria-labelledby="expiry-banner-title"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      data-testid="expiry-banner"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3">
        <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
        <div>
          <h2 id="expiry-banner-title" className="font-semibold">
            {t("instructorPortal.banner.title")}
          </h2>
          {/* Announced once when the banner appears; the ticking countdown itself is not read out every second. */}
          <p role="status" className="sr-only">
            {t("instructorPortal.banner.announce")}
          </p>
          <p className="text-sm">
            {t("instructorPortal.banner.text", { time })}
          </p>
        </div>
      </div>
    </section>
  );
}
