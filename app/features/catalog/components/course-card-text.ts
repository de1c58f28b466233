import type { i18n as I18n, TFunction } from "i18next";
import type { CourseLanguage, CourseLevel } from "../catalog.server.ts";

/**
 * The words of a course card in one language. A catalogue page showed 24 cards with eight t() calls each,
 * 13 % of its server CPU (issue 18); the labels are the same on every card and the counted phrases repeat
 * (a few hour and student counts), so each is translated once per language and count.
 */
export interface CourseCardText {
  duration: string;
  students: string;
  price: string;
  free: string;
  /** A hidden price (the card never shows a blank where a price would be). */
  priceOnRequest: string;
  enrollNow: string;
  /** The badges: the language the course is taught in and its level. */
  languageLabel: string;
  levelLabel: string;
  languages: Record<CourseLanguage, string>;
  levels: Record<CourseLevel, string>;
  /** "12 hours" (the language's plural forms). */
  hours(count: number): string;
  /** "3 students enrolled". */
  enrolled(count: number): string;
  /** Issue 20: the word before a card's next start date ("Starts" / "يبدأ"; the date comes formatted). */
  starts: string;
  /** Issue 36 item 1: every upcoming run is full ("Full — join the waiting list"), and the card's button then. */
  waitingListOnly: string;
  joinWaitingList: string;
  /** The fact's name, for screen readers ("Start dates"). */
  dates: string;
}

function counted(t: TFunction, key: string): (count: number) => string {
  const byCount = new Map<number, string>();
  return (count) => {
    let text = byCount.get(count);
    if (text === undefined) byCount.set(count, (text = t(key, { count })));
    return text;
  };
}

function translate(t: TFunction): CourseCardText {
  return {
    duration: t("courseCard.duration"),
    students: t("courseCard.students"),
    price: t("courseCard.price"),
    free: t("courseCard.free"),
    priceOnRequest: t("courseCard.priceOnRequest"),
    languageLabel: t("courseCard.language"),
    levelLabel: t("courseCard.level"),
    languages: { en: t("courseCard.languages.en"), ar: t("courseCard.languages.ar") },
    levels: {
      beginner: t("courseCard.levels.beginner"),
      intermediate: t("courseCard.levels.intermediate"),
      advanced: t("courseCard.levels.advanced"),
    },
    enrollNow: t("courseCard.enrollNow"),
    hours: counted(t, "courseCard.hours"),
    enrolled: counted(t, "courseCard.students"),
    starts: t("courseCard.starts"),
    waitingListOnly: t("courseCard.waitingListOnly"),
    joinWaitingList: t("courseCard.joinWaitingList"),
    dates: t("courseCard.dates"),
  };
}

// One per fixed `t` (useI18n hands out one per i18next instance and language). Kept only once the strings
// are there: in the browser a language's catalogue and run strings may arrive after its first render.
const byT = new WeakMap<TFunction, CourseCardText>();

export function courseCardText(t: TFunction, i18n: I18n): CourseCardText {
  const known = byT.get(t);
  if (known) return known;
  const text = translate(t);
  if (i18n.exists("courseCard.enrollNow")) byT.set(t, text);
  return text;
}

/**
 * Whether a card shows its enrolled count (issue 19): only from the threshold set in Settings
 * (`enrolledCountFrom`, default 10); 0 there means never. A zero count is never shown, whatever the setting.
 */
export function showsEnrolledCount(approvedCount: number, enrolledCountFrom: number): boolean {
  return enrolledCountFrom > 0 && approvedCount > 0 && approvedCount >= enrolledCountFrom;
}
