// The runs the enrollment form offers (issue 20), as the words it shows: made on the server for the enroll
// page (its loader) and in the dialog's own lazy chunk for the runs a course page hands over. So the enroll
// page's JavaScript carries no date formatting and its browser needs no `runs` strings (the page is at
// its 150 KB budget, and runs.json grows with the course page's and catalogue's run texts).
import type { TFunction } from "i18next";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatPrice } from "~/lib/format.ts";
import type { PublicRun } from "~/domain/runs/run-rules.ts";
import type { Locale } from "~/lib/i18n.ts";

export interface RunOption {
  id: string;
  /** "Tue, July 16, 2030" in Cairo, in the page's language (Western digits). */
  date: string;
  /** "7:00 PM Cairo time": the time in Cairo, the zone said. */
  time: string;
  /** The schedule in the page's language, else the other one; "" when there is none. */
  schedule: string;
  /** How it is taught ("Live online"), in the page's language. */
  mode: string;
  /** Where an on-site run takes place, in the page's language, else the other one; "" otherwise. */
  location: string;
  /** What this run costs, formatted: its own price, else the course's; "" when free or not shown (issue 37). */
  price: string;
  full: boolean;
}

function inLanguage(locale: Locale, en: string | null, ar: string | null): string {
  const [first, second] = locale === "ar" ? [ar, en] : [en, ar];
  return first?.trim() || second?.trim() || "";
}

/**
 * `t`: a translation function of `locale` that has the `runs` strings. `course`: its price and whether it
 * is shown; a hidden price ("Contact us for the price") hides every run's too.
 */
export function runOptions(
  runs: readonly PublicRun[],
  locale: Locale,
  t: TFunction,
  course: { price: number | null; priceVisible: boolean } = { price: null, priceVisible: true },
): RunOption[] {
  return runs.map((run) => ({
    id: run.id,
    date: formatRunMoment(run.startsAt, locale, "date"),
    time: `${formatRunMoment(run.startsAt, locale, "time")} ${t("runs.cairoTime")}`,
    schedule: inLanguage(locale, run.schedule, run.scheduleAr),
    mode: t(`runs.mode.${run.mode}`),
    location: run.mode === "on_site" ? inLanguage(locale, run.location, run.locationAr) : "",
    price: course.priceVisible ? (formatPrice(run.price ?? course.price, locale) ?? "") : "",
    full: run.full,
  }));
}

/** Issue 36 item 1: runs are offered and every one is full, so a request can only join a waiting list. */
export function waitingListOnly(runs: readonly { full: boolean }[] | undefined): boolean {
  return Boolean(runs && runs.length > 0 && runs.every((run) => run.full));
}
