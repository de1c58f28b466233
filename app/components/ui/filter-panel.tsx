// A list's filters (issue 17): open on laptops; on phones (below `md`) folded behind a "Filters" button
// that says how many filters are applied. With JavaScript the button is a disclosure (aria-expanded);
// before and without it a checkbox styled as the same button shows and hides the panel by CSS alone.
// Opened, it belongs to the page it was opened on: the navigation that applies its filters (Apply, a
// filter that applies itself, a filter link) folds it again, as a fresh load of the new address shows it.
import { SlidersHorizontal } from "lucide-react";
import { Fragment, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";

const TOGGLE =
  "inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 md:hidden";

export function FilterPanel({
  applied,
  className = "",
  children,
}: {
  /** How many filters are applied (shown on the button). */
  applied: number;
  /** Classes for the panel's outer box (its place in a toolbar). */
  className?: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  // Each navigation (a new history entry, or Back to an earlier one) has its own key.
  const { key } = useLocation();
  const [open, setOpen] = useState(false);
  // Focus in the panel as it folds (Apply, a filter) goes to the button that opens it again, not to the
  // page's start. Checked before the browser drops the hidden control's focus.
  const toggle = useRef<HTMLButtonElement>(null);
  const focusInside = useRef(false);
  const shownKey = useRef(key);
  useLayoutEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    // Folded before the new page paints, as a fresh load of it shows it (also on Back).
    setOpen(false);
    if (focusInside.current && toggle.current?.offsetParent) toggle.current.focus();
  }, [key]);
  const id = useId();
  const content = (
    <>
      <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
      {t("admin.filterPanel.toggle")}
      {applied > 0 && (
        <>
          <span aria-hidden="true" className="rounded-full bg-teal-800 px-2 py-0.5 text-xs font-bold text-white">
            {applied}
          </span>
          <span className="sr-only">({t("admin.filterPanel.applied", { count: applied })})</span>
        </>
      )}
    </>
  );
  // One tree in both states, the panel keyed, so hydration swaps the toggle without remounting the filters.
  // In a toolbar row (a className with max-md:contents) the panel takes a row of its own, after the row's
  // buttons, on phones.
  return (
    <div data-filter-panel="" className={className}>
      {hydrated ? (
        <button
          key="toggle"
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className={`${TOGGLE} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800`}
        >
          {content}
        </button>
      ) : (
        <Fragment key="toggle">
          <input type="checkbox" id={`${id}-toggle`} className="peer sr-only md:hidden" />
          <label
            htmlFor={`${id}-toggle`}
            className={`${TOGGLE} peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-800`}
          >
            {content}
          </label>
        </Fragment>
      )}
      <div
        key="panel"
        id={id}
        onFocus={() => (focusInside.current = true)}
        onBlur={(event) => (focusInside.current = event.currentTarget.contains(event.relatedTarget))}
        className={`mt-3 md:mt-0 md:block max-md:order-last max-md:basis-full ${hydrated ? (open ? "block" : "hidden") : "hidden peer-checked:block"}`}
      >
        {children}
      </div>
    </div>
  );
}
