// Browser-side loading of locale strings. Public pages download only the public files of their
// language; the staff areas (admin, sign-in, instructor portal) load the rest on demand, so admin
// strings never weigh on a visitor's page.
import i18next from "i18next";
import { DEFAULT_NS } from "./i18n.ts";

const bundles = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { import: "default" });

/** Locale files the public site uses. Every other file is loaded only in staff areas. */
export const PUBLIC_LOCALE_FILES = ["common", "catalog", "forms", "pages"];

const STAFF_PATH = /^\/(admin|login|forgot-password|reset-password|instructor)/;

export function needsStaffStrings(pathname: string): boolean {
  return STAFF_PATH.test(pathname);
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1, -".json".length);
}

export async function loadLocaleFiles(lng: string, scope: "public" | "all"): Promise<Record<string, unknown>> {
  const loads = Object.entries(bundles)
    .filter(([path]) => path.startsWith(`../locales/${lng}/`))
    .filter(([path]) => scope === "all" || PUBLIC_LOCALE_FILES.includes(fileName(path)))
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(loads)));
}

const loadedAll = new Set<string>();

/** Makes sure the staff strings of the current language are present (client navigation into a staff area). */
export async function ensureStaffStrings(): Promise<void> {
  const lng = i18next.language;
  if (!lng || loadedAll.has(lng)) return;
  i18next.addResourceBundle(lng, DEFAULT_NS, await loadLocaleFiles(lng, "all"), true, false);
  loadedAll.add(lng);
}

export function markStaffStringsLoaded(lng: string): void {
  loadedAll.add(lng);
}
