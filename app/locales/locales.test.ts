import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname);
const namespaces = fs.readdirSync(path.join(dir, "en")).filter((f) => f.endsWith(".json"));

function keysOf(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** i18next plural suffixes: English uses one/other, Arabic zero/one/two/few/many/other. */
function baseKey(key: string): string {
  return key.replace(/_(zero|one|two|few|many|other)$/, "");
}

it("has the same locale files in both languages", () => {
  const ar = fs.readdirSync(path.join(dir, "ar")).filter((f) => f.endsWith(".json"));
  expect(ar.sort()).toEqual([...namespaces].sort());
});

describe.each(namespaces)("locale namespace %s", (ns) => {
  const en = JSON.parse(fs.readFileSync(path.join(dir, "en", ns), "utf8")) as unknown;
  const ar = JSON.parse(fs.readFileSync(path.join(dir, "ar", ns), "utf8")) as unknown;

  it("has every English key in Arabic and every Arabic key in English", () => {
    const enKeys = new Set(keysOf(en).map(baseKey));
    const arKeys = new Set(keysOf(ar).map(baseKey));
    expect([...enKeys].filter((k) => !arKeys.has(k))).toEqual([]);
    expect([...arKeys].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it("gives Arabic all six plural forms wherever English has plurals", () => {
    const arKeys = new Set(keysOf(ar));
    const plurals = new Set(keysOf(en).filter((k) => /_(one|other)$/.test(k)).map(baseKey));
    for (const key of plurals) {
      for (const form of ["zero", "one", "two", "few", "many", "other"]) {
        expect(arKeys, `${key}_${form}`).toContain(`${key}_${form}`);
      }
    }
  });

  it("has no empty strings", () => {
    const empty = (obj: unknown, p = ""): string[] =>
      obj && typeof obj === "object"
        ? Object.entries(obj).flatMap(([k, v]) => empty(v, p ? `${p}.${k}` : k))
        : obj === ""
          ? [p]
          : [];
    expect(empty(en)).toEqual([]);
    expect(empty(ar)).toEqual([]);
  });

  it("uses the same interpolation variables in both languages", () => {
    // Plural forms may spell the number out ("one course", "two courses"), so `count` is optional there.
    const vars = (s: string, key: string) =>
      [...new Set([...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))]
        .filter((v) => !(v === "count" && /_(zero|one|two|few|many|other)$/.test(key)))
        .sort();
    const flat = (obj: unknown, p = ""): [string, string][] =>
      obj && typeof obj === "object"
        ? Object.entries(obj).flatMap(([k, v]) => flat(v, p ? `${p}.${k}` : k))
        : [[p, String(obj)]];
    const arMap = new Map(flat(ar));
    for (const [key, value] of flat(en)) {
      const arValue = arMap.get(key);
      if (arValue !== undefined) expect(vars(arValue, key), key).toEqual(vars(value, key));
    }
  });
});

/** Every string of a parsed locale file with its key. */
function entriesOf(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => entriesOf(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

// One Arabic word for a run (app/locales/GLOSSARY.md, issue 36 item 16): مجموعة. "موعد" is a start or end
// date only (موعد البدء، موعد الانتهاء), and a run's schedule is "الأيام والأوقات", never "المواعيد".
describe("the Arabic words for a run, its dates and its schedule", () => {
  const arabic = namespaces.flatMap((ns) =>
    entriesOf(JSON.parse(fs.readFileSync(path.join(dir, "ar", ns), "utf8"))).map(([key, text]) => ({ key: `${ns}:${key}`, text })),
  );
  const englishOf = (key: string) => {
    const [ns, rest] = key.split(":") as [string, string];
    const found = entriesOf(JSON.parse(fs.readFileSync(path.join(dir, "en", ns), "utf8"))).find(([k]) => k === rest);
    return found?.[1] ?? "";
  };

  it("never calls a run موعد: where the English says run, the Arabic says مجموعة", () => {
    const runStrings = arabic.filter(({ key }) => /\brun\b|\bruns\b/i.test(englishOf(key)));
    expect(runStrings.length).toBeGreaterThan(20);
    const wrong = runStrings.filter(({ text }) => /(?:^|[^ا-ي])(?:ال)?(?:موعد|مواعيد)(?!\s*(?:البدء|الانتهاء|بدئها|بدء))/.test(text));
    expect(wrong).toEqual([]);
  });

  it("calls a schedule field الأيام والأوقات, never المواعيد alone", () => {
    const schedules = arabic.filter(({ key }) => /\.schedule(Ar)?$/.test(key));
    expect(schedules.length).toBeGreaterThan(4);
    for (const { key, text } of schedules) expect(text, key).toMatch(/^الأيام والأوقات/);
    expect(arabic.filter(({ text }) => text === "المواعيد" || text === "الموعد")).toEqual([]);
  });
});
