import { Icon } from "~/components/icons/icon.tsx";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";

const TOGGLE =
  "inline-flex cursor-pointer items-center gap-1 self-start rounded font-semibold text-teal-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800";
const PANEL = "mb-3 text-slate-700 leading-relaxed";

/**
 * 'Read more' that reveals a longer text in place and toggles to 'Read less'.
 * Without JavaScript (and until hydration) it is a native <details>/<summary>, so it always works; once
 * hydrated it becomes a button with aria-expanded/aria-controls. Both render the same layout: the revealed
 * text above the toggle, which follows it in reading order as in the DOM (toggle first, then the text).
 */
export function ReadMore({ children, describedBy }: { children: ReactNode; describedBy?: string }) {
  const { t } = useI18n();
  const panelId = useId();
  const hydrated = useHydrated();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);

  // A visitor may open the <details> before hydration: keep it open when it turns into the button.
  useEffect(() => {
    if (detailsRef.current?.open) setOpen(true);
  }, []);

  const label = (expanded: boolean) => (
    <>
      {expanded ? t("actions.readLess") : t("actions.readMore")}
      <Icon name="chevron-down" className={`h-4 w-4 transition-transform motion-reduce:transition-none ${expanded ? "rotate-180" : ""}`}
      />
    </>
  );

  if (!hydrated) {
    return (
      <details ref={detailsRef} className="group mt-3 flex flex-col-reverse">
        <summary className={`${TOGGLE} list-none [&::-webkit-details-marker]:hidden`} aria-describedby={describedBy}>
          <span className="inline-flex items-center gap-1 group-open:hidden">{label(false)}</span>
          <span className="hidden items-center gap-1 group-open:inline-flex">{label(true)}</span>
        </summary>
        <div className={PANEL}>{children}</div>
      </details>
    );
  }

  return (
    <div className="mt-3 flex flex-col-reverse">
      <button
        type="button"
        className={TOGGLE}
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={describedBy}
        onClick={() => setOpen((v) => !v)}
      >
        {label(open)}
      </button>
      <div id={panelId} hidden={!open} className={PANEL}>
        {children}
      </div>
    </div>
  );
}
