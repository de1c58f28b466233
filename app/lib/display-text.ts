// Text a visitor typed, as staff screens show it (issue 34 item 7). Names and emails are cleaned at input
// now (validation.ts), but rows stored before that, and fields that are not names, still reach staff as
// typed: a U+202E (right-to-left override) in "Ali Hassan\u202Egnp.exe" made staff read "exe.png nassaH
// ilA", and a Cyrillic "а" in "admin@exаmple.com" read as "admin@example.com". Pure functions, no server
// imports: the loaders, the CSV export and the components (Email, the bidi helpers) use the same ones.

import { withoutDirectionControls } from "./direction-controls.ts";

/** A visitor-typed value for display: its direction controls removed, nothing else changed. */
export function displayText(value: string): string;
export function displayText(value: string | null): string | null;
export function displayText(value: string | null | undefined): string | null | undefined;
export function displayText(value: string | null | undefined): string | null | undefined {
  return value ? withoutDirectionControls(value) : value;
}

/**
 * The scripts a letter can be told apart by. Han, kana and Hangul count as one (Japanese and Korean
 * writing mix them by nature); a letter of any other script counts as "other".
 */
const SCRIPTS: readonly (readonly [string, RegExp])[] = [
  ["latin", /\p{Script=Latin}/u],
  ["arabic", /\p{Script=Arabic}/u],
  ["cyrillic", /\p{Script=Cyrillic}/u],
  ["greek", /\p{Script=Greek}/u],
  ["hebrew", /\p{Script=Hebrew}/u],
  ["armenian", /\p{Script=Armenian}/u],
  ["cjk", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];

/** Letters that belong to no one script (tatweel, modifier letters shared by several): never counted. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Whether the letters of `text` come from more than one script (digits, dots and marks do not count). */
function mixesScripts(text: string): boolean {
  let seen: string | undefined;
  for (const char of text) {
    if (!/\p{L}/u.test(char) || SHARED.test(char)) continue;
    const script = SCRIPTS.find(([, re]) => re.test(char))?.[0] ?? "other";
    if (seen === undefined) seen = script;
    else if (script !== seen) return true;
  }
  return false;
}

/**
 * A domain in its ASCII (punycode) form, as the browser's URL parser writes a host: the form that says
 * which characters are really there ("xn--exmple-4nf.com"). Only a plain domain is converted (letters,
 * marks, digits, dots, hyphens): anything else (a "/", "#" or ":" would make the parser read another host)
 * is kept as it is, as is a domain the parser refuses.
 */
function asciiDomain(domain: string): string {
  if (!domain || /[^\p{L}\p{M}\p{N}.\-\u3002\uFF0E\uFF61]/u.test(domain)) return domain;
  try {
    return new URL(`http://${domain}`).hostname || domain;
  } catch {
    return domain;
  }
}

export interface StaffEmail {
  /** What to show: direction controls removed; when mixed, the domain in punycode. */
  shown: string;
  /** The local part or the domain mixes alphabets (a Cyrillic "а" among Latin letters): flag it. */
  mixedScript: boolean;
}

/**
 * An email as staff see it. A local part or a domain written in one script (Latin, or an Arabic-only
 * internationalised domain) is shown as typed; one that mixes scripts, the usual look-alike trick, is
 * flagged and its domain shown in punycode, so it cannot pass for the address it imitates.
 */
export function emailForStaff(email: string): StaffEmail {
  const clean = displayText(email).trim();
  const at = clean.lastIndexOf("@");
  const local = at < 0 ? clean : clean.slice(0, at);
  const domain = at < 0 ? "" : clean.slice(at + 1);
  const mixedScript = mixesScripts(local) || mixesScripts(domain);
  if (!mixedScript || at < 0) return { shown: clean, mixedScript };
  return { shown: `${local}@${asciiDomain(domain)}`, mixedScript };
}
