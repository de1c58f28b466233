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
