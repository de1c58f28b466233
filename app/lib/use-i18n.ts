import type { i18n as I18n, TFunction } from "i18next";
import { useContext, useSyncExternalStore } from "react";
import { getI18n, I18nContext } from "react-i18next";

// The translation hook of every component. react-i18next's useTranslation copies every property of the
// i18next instance into a new wrapper object on each component's first render; on the server every render
// is a first render, and that copy was the largest single cost of rendering a catalogue page (docs/
// performance.md). This hook reads the same instance from the same provider, re-renders on a language
// change like useTranslation does, and hands out one fixed `t` per instance and language.

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();
const subscribers = new WeakMap<I18n, (onChange: () => void) => () => void>();

function fixedT(i18n: I18n, lng: string): TFunction {
  let byLng = fixedTs.get(i18n);
  if (!byLng) fixedTs.set(i18n, (byLng = new Map()));
  let t = byLng.get(lng);
  if (!t) byLng.set(lng, (t = rememberingT(i18n.getFixedT(lng))));
  return t;
}

/**
 * `t` that keeps the text of each key asked without options (labels, headings: most calls on a page).
 * i18next resolves a key anew on every call (namespaces, fallbacks, nesting, post-processing), which made
 * t() a tenth of an uncached page's render on the server, where one instance per language now lives as
 * long as the process (ADR 019). Only found strings are kept — i18next answers a missing key with the
 * key, and the browser may add a language's strings later — and found strings never change (bundles are
 * added without overwriting).
 */
function rememberingT(t: TFunction): TFunction {
  const known = new Map<string, string>();
  const call = t as unknown as (...args: unknown[]) => unknown;
  const remembering = (...args: unknown[]) => {
    const key = args[0];
    if (args.length !== 1 || typeof key !== "string") return call(...args);
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const text = call(key);
    if (typeof text === "string" && text !== key) known.set(key, text);
    return text;
  };
  return remembering as unknown as TFunction;
}

function subscriber(i18n: I18n): (onChange: () => void) => () => void {
  let subscribe = subscribers.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on("languageChanged", onChange);
      return () => i18n.off("languageChanged", onChange);
    };
    subscribers.set(i18n, subscribe);
  }
  return subscribe;
}

export function useI18n(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const lng = useSyncExternalStore(
    subscriber(i18n),
    () => i18n.language,
    () => i18n.language,
  );
  return { t: fixedT(i18n, lng), i18n };
}
