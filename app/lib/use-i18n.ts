import type { i18n as I18n, TFunction } from "i18next";
import { useContext, useSyncExternalStore } from "react";
import { getI18n, I18nContext } from "react-i18next";
import { DEFAULT_LOCALE } from "./i18n.ts";

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
  if (!t) byLng.set(lng, (t = rememberingT(i18n.getFixedT(lng), plainOptions(i18n) ? lng : null)));
  return t;
}

/** Whether the instance translates the way the kept templates assume: no post-processors or formatter plugin. */
function plainOptions(i18n: I18n): boolean {
  const postProcess = i18n.options.postProcess;
  return !(Array.isArray(postProcess) ? postProcess.length : postProcess) && !i18n.services?.i18nFormat;
}

/** t() options that change how a key is found or shaped; a call with any of them goes to i18next. */
const I18NEXT_OPTIONS = new Set([
  "context", "ordinal", "defaultValue", "lng", "lngs", "fallbackLng", "ns", "replace", "returnObjects",
  "returnDetails", "joinArrays", "postProcess", "interpolation", "keyPrefix", "skipInterpolation",
  "nsSeparator", "keySeparator", "nest", "applyPostProcessor", "missingInterpolationHandler",
]);

/** A found string with {{variables}}: its text split at them (even indexes text, odd ones variable names). */
type Template = string[];
const SIMPLE_PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The template of a found string, or null when i18next must do the work (nesting, formats, `{{- x}}`). */
function parseTemplate(text: string): Template | null {
  if (text.includes("$t(")) return null;
  const parts = text.split(SIMPLE_PLACEHOLDER);
  // Any "{{" left in the text parts is a placeholder we do not handle.
  for (let i = 0; i < parts.length; i += 2) if (parts[i]!.includes("{{")) return null;
  return parts;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

/**
 * `t` that keeps what i18next found. i18next resolves a key anew on every call (namespaces, fallbacks,
 * plural forms, interpolation, nesting, post-processing), which made t() a tenth of an uncached page's render
 * on the server, where one instance per language lives as long as the process (ADR 019).
 * - A key asked without options: its text is kept.
 * - A key asked with variables only (strings and numbers, and `count`): the string i18next picks for it —
 *   for a count, by the plural forms of the language and of English (DEFAULT_LOCALE, the fallback), and
 *   zero — is kept as a template, and the variables are put in as i18next puts them in (`String(value)`,
 *   no escaping: React escapes). A string that nests, formats or leaves a value unescaped, a missing variable, or any other
 *   option goes to i18next every time.
 * Only found strings are kept — i18next answers a missing key with the key, and the browser may add a
 * language's strings later — and found strings never change (bundles are added without overwriting).
 * `templateLng` is null when the instance post-processes (then only option-less calls are kept). Exported for
 * its test.
 */
export function rememberingT(t: TFunction, templateLng: string | null): TFunction {
  const known = new Map<string, string>();
  const templates = new Map<string, Template | null>();
  const call = t as unknown as (...args: unknown[]) => unknown;

  function withVariables(key: string, options: Record<string, unknown>): string | undefined {
    let count: number | undefined;
    for (const name in options) {
      const value = options[name];
      if (I18NEXT_OPTIONS.has(name)) return undefined;
      if (typeof value === "number") {
        if (name === "count") count = value;
      } else if (typeof value !== "string" || name === "count") {
        return undefined;
      }
    }
    const form =
      count === undefined
        ? key
        : `${key}\u0000${count === 0 ? "0" : ""}${pluralCategory(templateLng!, count)}\u0000${pluralCategory(DEFAULT_LOCALE, count)}`;
    let template = templates.get(form);
    if (template === undefined) {
      const text = call(key, count === undefined ? { skipInterpolation: true } : { count, skipInterpolation: true });
      if (typeof text !== "string" || text === key) return undefined;
      template = parseTemplate(text);
      templates.set(form, template);
    }
    if (template === null) return undefined;
    let out = template[0]!;
    for (let i = 1; i < template.length; i += 2) {
      const value = options[template[i]!];
      if (value === undefined) return undefined;
      out += String(value) + template[i + 1]!;
    }
    return out;
  }

  const remembering = (...args: unknown[]) => {
    const key = args[0];
    if (typeof key !== "string") return call(...args);
    if (args.length === 1) {
      const hit = known.get(key);
      if (hit !== undefined) return hit;
      const text = call(key);
      if (typeof text === "string" && text !== key) known.set(key, text);
      return text;
    }
    const options = args[1];
    if (args.length === 2 && templateLng && options && typeof options === "object" && Object.getPrototypeOf(options) === Object.prototype) {
      const text = withVariables(key, options as Record<string, unknown>);
      if (text !== undefined) return text;
    }
    return call(...args);
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
