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
  if (!t) byLng.set(lng, (t = i18n.getFixedT(lng)));
  return t;
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
