// Focus never falls to nowhere after an action on a list (issue 35 item 6). When a row's button decides
// the row away (approve, reject, delete, a bulk action) the row leaves the list, and the browser drops
// focus to <body>: a keyboard or screen-reader user is thrown back to the top of the page. Where focus was
// inside a list row is remembered as it moves; when it has been lost, it goes to the row that followed
// (else the one before, else the list), or to a notice that took the place of the last row. A click on
// the page's background is not a loss: only focus the page took away (its control removed or disabled).
// Browser-only; installed once by the admin shell (useFocusRescue) and used by the dialog kit when the
// control that opened a dialog is gone.
import { useEffect } from "react";

/** What makes an element a row of a list, in the page's main region (not in a dialog). */
const ROW = "tr[data-row], tbody > tr, li[data-row], ul[data-list] > li, [data-list-row]";
const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

interface Place {
  row: Element;
  next: Element | null;
  previous: Element | null;
  list: Element | null;
}
let place: Place | null = null;

function rowOf(el: Element): Element | null {
  if (el.closest("[role=dialog]") || !el.closest("main")) return null;
  return el.closest(ROW);
}

/** The element that last had focus, anywhere. */
let lastFocused: Element | null = null;

/** Notes where focus is, and where in a list when it enters a list row. */
function remember(e: FocusEvent): void {
  if (!(e.target instanceof Element)) return;
  lastFocused = e.target;
  const row = rowOf(e.target);
  if (!row) return;
  place = { row, next: row.nextElementSibling, previous: row.previousElementSibling, list: row.parentElement };
}

/**
 * Focus was taken away by the page, not given up by the person: the control that had it left the page or
 * was disabled (a click on the page's background also leaves focus on <body>, and is left alone).
 */
function takenAway(): boolean {
  if (!focusLost() || !lastFocused) return false;
  return !lastFocused.isConnected || (lastFocused instanceof HTMLButtonElement && lastFocused.disabled);
}

function focusIn(el: Element | null): boolean {
  if (!(el instanceof HTMLElement) || !el.isConnected || el.getClientRects().length === 0) return false;
  // A notice takes focus itself (its first control may be Undo: never one Enter away from a second action).
  const target = el.matches(FOCUSABLE) || el.hasAttribute("data-focus-after-action") ? el : (el.querySelector<HTMLElement>(FOCUSABLE) ?? el);
  if (!target.matches(FOCUSABLE)) target.setAttribute("tabindex", "-1");
  // The list stays where it was (the person may have scrolled on while the action ran): focus never scrolls it.
  target.focus({ preventScroll: true });
  return document.activeElement === target;
}

/** Focus is nowhere: on the body, or on an element that left the page. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * Puts focus back near where it was in a list after the control that had it went away: a row that stays
 * (decided in a list of every status, its buttons gone or redrawn) keeps it on its first control; a row that
 * left gives it to the next row, else the previous one, a notice that replaced the last row
 * (`[data-focus-after-action]`), the list. False when there was no list
 * to go back to (the caller then uses its own fallback).
 */
export function rescueFocus(): boolean {
  const was = place;
  if (!was) return false;
  // Cleared first: the focus given below notes the new place (focusin runs within focus()).
  place = null;
  const stayed = was.row.isConnected;
  const rows = was.list?.isConnected ? Array.from(was.list.children) : [];
  const done = stayed
    ? focusIn(was.row) || focusIn(was.next)
    : focusIn(was.next) ||
      focusIn(was.previous) ||
      focusIn(rows[0] ?? null) ||
      focusIn(document.querySelector("[data-focus-after-action]")) ||
      focusIn(was.list);
  if (!done) place = was;
  return done;
}

/**
 * Remembers focus in list rows and, whenever the page changes while focus has been taken away (a row or a
 * notice removed, a button disabled), puts it back beside the row that went. Checked once per frame.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      if (takenAway() && !document.querySelector("[role=dialog]")) rescueFocus();
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(check);
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
    document.addEventListener("focusin", remember, true);
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener("focusin", remember, true);
    };
  }, []);
}
