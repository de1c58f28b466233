// The provider's clock (issue 20): run dates are stored in UTC and entered and shown in Cairo time
// (Africa/Cairo, which has summer time again since 2023, so the offset is +2 or +3 depending on the date).
// Staff type a Cairo wall time in <input type="datetime-local">; these turn it into a moment and back.
import type { Locale } from "./i18n.ts";
import { intlLocale } from "./format.ts";

export const PROVIDER_TIME_ZONE = "Africa/Cairo";

const WALL_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

let partsFormat: Intl.DateTimeFormat | undefined;

/** The Cairo wall-clock fields of a moment. */
function cairoParts(at: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  partsFormat ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: PROVIDER_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of partsFormat.formatToParts(at)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

/** Cairo's offset from UTC at a moment, in minutes (120 or 180). */
export function cairoOffsetMinutes(at: Date): number {
  const p = cairoParts(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The moment a Cairo wall time ("2027-01-12T19:00", as datetime-local sends it) names, or null when the
 * text is not such a time or names no real moment (a date like 2027-02-30). In the hour skipped when
 * summer time starts, the time is read with the winter offset (it lands an hour later on the clock).
 */
export function cairoWallTimeToUtc(value: string): Date | null {
  const m = WALL_TIME_RE.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  // Two passes: the offset at the first guess can differ from the offset at the answer near a change.
  let at = new Date(asUtc - cairoOffsetMinutes(new Date(asUtc)) * 60_000);
  at = new Date(asUtc - cairoOffsetMinutes(at) * 60_000);
  return at;
}

/** A moment as the Cairo wall time a datetime-local input shows ("2027-01-12T19:00"). */
export function utcToCairoWallTime(at: Date): string {
  const p = cairoParts(at);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * A moment as a spreadsheet reads a date and time: "2025-03-01 10:00", in Cairo time (which the column
 * header names), the same digits in every language: the CSV export's dates.
 */
export function formatSheetDateTime(at: Date): string {
  return utcToCairoWallTime(at).replace("T", " ");
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, kind: "long" | "date" | "short" | "time"): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "long"
        ? { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" }
        : kind === "date"
          ? { weekday: "short", day: "numeric", month: "long", year: "numeric" }
          : kind === "short"
            ? { day: "numeric", month: "short" }
            : { hour: "numeric", minute: "2-digit" };
    f = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: PROVIDER_TIME_ZONE });
    formats.set(key, f);
  }
  return f;
}

/**
 * How people read a run's start, in Cairo time, Western digits in both languages (D26):
 * - `long`: "Tuesday, January 12, 2027 at 7:00 PM" (emails; add the words "Cairo time" with t());
 * - `date`: "Tue, January 12, 2027" (the course page's run list);
 * - `short`: "Jan 12" / "12 يناير" (a card's "Starts Jan 12");
 * - `time`: "7:00 PM".
 */
export function formatRunMoment(at: Date | string, locale: Locale, kind: "long" | "date" | "short" | "time"): string {
  return format(locale, kind).format(new Date(at));
}
