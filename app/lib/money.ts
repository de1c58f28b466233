// Money held in piastres (EGP × 100, issue 37), formatted at the edge. Its own module, so the public pages'
// shared chunk (format.ts) does not carry it: the staff pages and emails that show ledgers import it.
import { intlLocale } from "./format.ts";
import type { Locale } from "./i18n.ts";

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of money held in piastres (EGP × 100, issue 37), in EGP: whole pounds without decimals, else two;
 * negative with a sign. The integer is turned into a decimal string, never divided as a float.
 */
export function formatPiastres(piastres: number, locale: Locale): string {
  const abs = Math.abs(piastres);
  const pounds = Math.floor(abs / 100);
  const rest = abs % 100;
  const decimals = rest === 0 ? 0 : 2;
  const text = `${piastres < 0 ? "-" : ""}${pounds}${decimals ? `.${String(rest).padStart(2, "0")}` : ""}`;
  const key = `${locale}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: "EGP", minimumFractionDigits: decimals, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  // Intl formats a decimal string exactly (no float on the way).
  return format.format(text as unknown as number);
}

/** The largest amount a form takes: 100,000,000 EGP. */
const MAX_POUNDS = 100_000_000;

/**
 * Piastres from what someone typed in pounds, or null when it is not an amount: digits (Western or
 * Arabic-Indic), thousands separators (",", "٬"), at most two decimals after "." or "٫".
 */
export function piastresFromText(text: string): number | null {
  const western = text
    .trim()
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[,٬\s]/g, "")
    .replace("٫", ".");
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(western);
  if (!m) return null;
  const pounds = Number(m[1]);
  if (pounds > MAX_POUNDS) return null;
  return pounds * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** Piastres as a form shows pounds ("2500", "2500.50"): what piastresFromText reads back. */
export function poundsText(piastres: number): string {
  return piastres % 100 === 0 ? String(piastres / 100) : `${Math.floor(piastres / 100)}.${String(piastres % 100).padStart(2, "0")}`;
}
