// The interface's strings as the app ships them, for e2e tests that find controls by their translated
// names in both languages.
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./harness.ts";

export type Lang = "en" | "ar";

/** Every locale file of a language, merged. */
function loadStrings(lang: Lang): Record<string, unknown> {
  const dir = path.join(ROOT, "app/locales", lang);
  const merged: Record<string, unknown> = {};
  for (const file of fs.readdirSync(dir)) Object.assign(merged, JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
  return merged;
}
const STRINGS = { en: loadStrings("en"), ar: loadStrings("ar") };

/** A translated string by its key, with {{placeholders}} filled. */
export function tr(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  let node: unknown = STRINGS[lang];
  for (const part of key.split(".")) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== "string") throw new Error(`no string ${lang}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}
