// 'What you will learn' on the course page (issue 19): the list in the page's language, or the other
// language's list when the page's is empty; nothing when both are empty.
import type { Locale } from "~/lib/i18n.ts";

export interface CourseOutcomes {
  items: string[];
  /** The language the items are written in (the other one's when falling back), for `lang`. */
  lang: Locale;
}

export function courseOutcomes(course: { outcomes: string[]; outcomesAr: string[] }, locale: Locale): CourseOutcomes | null {
  const [first, second]: [CourseOutcomes, CourseOutcomes] =
    locale === "ar"
      ? [{ items: course.outcomesAr, lang: "ar" }, { items: course.outcomes, lang: "en" }]
      : [{ items: course.outcomes, lang: "en" }, { items: course.outcomesAr, lang: "ar" }];
  if (first.items.length > 0) return first;
  if (second.items.length > 0) return second;
  return null;
}

