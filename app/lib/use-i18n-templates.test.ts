// useI18n's kept templates (issue 18): for every string the site ships, in both languages, a call with
// variables (and counts) through the remembering `t` answers exactly what i18next answers, on the first call
// and from the kept template afterwards — including values that look like placeholders or nesting.
import i18next, { type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/index.ts";
import { rememberingT } from "./use-i18n.ts";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 7, 11, 99, 100, 102, 1.5];
const VALUES = ["Mona", "تحليل البيانات باستخدام Excel", "{{name}}", "$t(nav.home)", "$& 50%", "12"];

function leaves(node: unknown, prefix = ""): [string, string][] {
  if (typeof node === "string") return [[prefix, node]];
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

function instance(lng: "en" | "ar") {
  const i18n = i18next.createInstance();
  void i18n.init({ resources, lng, defaultNS: "common", fallbackLng: "en", interpolation: { escapeValue: false }, initAsync: false });
  return i18n;
}

/** Every key with variables (plural forms folded into their base key) and the variables' names. */
function keysWithVariables(): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const lng of ["en", "ar"] as const) {
    for (const [key, text] of leaves(resources[lng].common)) {
      const names = [...text.matchAll(/\{\{-?\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!);
      if (!names.length && !PLURAL.test(key)) continue;
      const base = key.replace(PLURAL, "");
      const set = keys.get(base) ?? new Set<string>();
      for (const name of names) set.add(name);
      keys.set(base, set);
    }
  }
  return keys;
}

describe("useI18n's kept templates", () => {
  const keys = keysWithVariables();

  it("finds the strings to check", () => {
    expect(keys.size).toBeGreaterThan(100);
  });

  for (const lng of ["en", "ar"] as const) {
    it(`answer what i18next answers for every string with variables (${lng})`, () => {
      const i18n = instance(lng);
      const plain = i18n.getFixedT(lng) as unknown as (key: string, options?: object) => unknown;
      let underlying = 0;
      const counted = ((...args: Parameters<typeof plain>) => {
        underlying++;
        return plain(...args);
      }) as unknown as TFunction;
      const kept = rememberingT(counted, lng) as unknown as (key: string, options: object) => unknown;
      let calls = 0;
      let served = 0;
      for (const [key, names] of keys) {
        for (const count of names.has("count") ? COUNTS : [undefined]) {
          for (const value of VALUES) {
            const options: Record<string, unknown> = {};
            for (const name of names) if (name !== "count") options[name] = value;
            if (count !== undefined) options.count = count;
            const before = underlying;
            expect(kept(key, { ...options }), `${lng} ${key} ${JSON.stringify(options)}`).toBe(plain(key, { ...options }));
            calls++;
            if (underlying === before) served++;
          }
        }
      }
      // Most calls are answered from a kept template: the check is not of i18next against itself.
      expect(served / calls).toBeGreaterThan(0.8);
    });
  }

  it("leaves other options, missing variables and missing keys to i18next", () => {
    const i18n = instance("ar");
    const plain = i18n.getFixedT("ar") as unknown as (key: string, options?: object) => unknown;
    const kept = rememberingT(plain as unknown as TFunction, "ar") as unknown as (key: string, options?: object) => unknown;
    const [key, names] = [...keys].find(([, n]) => n.size === 1 && !n.has("count"))!;
    const [name] = [...names];
    expect(kept(key, { [name!]: "x" })).toBe(plain(key, { [name!]: "x" }));
    expect(kept(key, {})).toBe(plain(key, {}));
    expect(kept(key, { [name!]: "x", lng: "en" })).toBe(plain(key, { [name!]: "x", lng: "en" }));
    expect(kept("no.such.key", { [name!]: "x" })).toBe("no.such.key");
    expect(kept(key, { [name!]: null })).toBe(plain(key, { [name!]: null }));
  });
});
