// Browser-side loading of locale strings. A public page downloads only the files its routes need
// (app/lib/locale-files.ts) in its language; a client navigation loads what the next page adds
// (`ensureLocaleFiles` in the routes' clientLoader); the staff areas (admin, sign-in, instructor portal)
// load every file, so admin strings never weigh on a visitor's page.
import i18next from "i18next";
import { DEFAULT_NS } from "./i18n.ts";
import { PUBLIC_LOCALE_FILES } from "./locale-files.ts";

export { PUBLIC_LOCALE_FILES };

const bundles = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { import: "default" });

const STAFF_PATH = /^\/(admin|login|forgot-password|reset-password|instructor)/;

export function needsStaffStrings(pathname: string): boolean {
  return STAFF_PATH.test(pathname);
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1, -".json".length);
}

/** The strings of these locale files ("all": every file) in one language, merged. */
export async function loadLocaleFiles(lng: string, files: readonly string[] | "all"): Promise<Record<string, unknown>> {
  const loads = Object.entries(bundles)
    .filter(([path]) => path.startsWith(`../locales/${lng}/`))
    .filter(([path]) => files === "all" || files.includes(fileName(path)))
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(loads)));
}

/** Files already added to i18next, per language ("*" once every file is). */
const loaded = new Map<string, Set<string>>();

/** Records what the entry loaded before hydration. */
export function markLocaleFilesLoaded(lng: string, files: readonly string[] | "all"): void {
  const set = loaded.get(lng) ?? new Set<string>();
  for (const file of files === "all" ? ["*"] : files) set.add(file);
  loaded.set(lng, set);
}

/**
 * Makes sure these locale files of the current language are present before a page renders (client
 * navigation). Resolves at once when they are.
 */
export async function ensureLocaleFiles(files: readonly string[] | "all", lng: string = i18next.language): Promise<void> {
  if (!lng) return;
  const have = loaded.get(lng);
  if (have?.has("*")) return;
  const missing = files === "all" ? "all" : files.filter((f) => !have?.has(f));
  if (missing !== "all" && missing.length === 0) return;
  i18next.addResourceBundle(lng, DEFAULT_NS, await loadLocaleFiles(lng, missing), true, false);
  markLocaleFilesLoaded(lng, missing);
}

/**
 * A client navigation into another language (public page → staff page, or a staff page after the saved
 * language changed): the strings of that language arrive before the page renders, then i18next switches,
 * so no page ever shows a translation key (the root route's clientLoader).
 */
export async function prepareLanguage(lng: string, pathname: string): Promise<void> {
  if (i18next.language === lng && !needsStaffStrings(pathname)) return;
  await ensureLocaleFiles(needsStaffStrings(pathname) ? "all" : PUBLIC_LOCALE_FILES, lng);
  if (i18next.language !== lng) await i18next.changeLanguage(lng);
}

/** Every staff string of the current language (client navigation into a staff area). */
export function ensureStaffStrings(): Promise<void> {
  return ensureLocaleFiles("all");
}

/**
 * A public route's clientLoader: its data and, on the first client navigation, the public strings the
 * first page did not load (a few KB, fetched beside the data).
 */
export async function withPublicStrings<T>(serverLoader: () => Promise<T>): Promise<T> {
  const [data] = await Promise.all([serverLoader(), ensureLocaleFiles(PUBLIC_LOCALE_FILES)]);
  return data;
}
