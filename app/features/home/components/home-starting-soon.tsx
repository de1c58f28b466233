import { Link } from "react-router";
import { Icon } from "~/components/icons/icon.tsx";
import { CourseCardGrid, type CourseCardData } from "~/features/catalog/components/course-card.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";

/** The catalogue sorted by next start: where "See all start dates" leads. */
export const STARTING_SOON_CATALOGUE = "/courses?sort=start";

/**
 * Issue 20, "Starting soon": the courses whose open runs start next, each card with its date ("Starts
 * Jan 12"), and the way to the catalogue sorted by start date. Nothing at all when no run lies ahead.
 */
export function HomeStartingSoon({ courses, locale }: { courses: CourseCardData[]; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  if (courses.length === 0) return null;
  return (
    <section aria-labelledby="home-starting-soon-title" data-starting-soon="" className="bg-teal-50/60">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id="home-starting-soon-title" className="flex items-center gap-3 text-3xl font-bold text-teal-950">
              <Icon name="calendar" className="h-7 w-7 shrink-0 text-teal-800" />
              {t("homePage.startingSoon.title")}
            </h2>
            <p className="mt-3 text-slate-700">{t("homePage.startingSoon.intro")}</p>
          </div>
          <Link to={lp(STARTING_SOON_CATALOGUE)} className="font-semibold text-teal-800 underline-offset-4 hover:underline">
            {t("homePage.startingSoon.all")}
          </Link>
        </div>
        {/* The featured row above may show the same course: its card's ids are its own. */}
        <CourseCardGrid className="mt-8" courses={courses} locale={locale} idPrefix="starting-soon-" />
      </div>
    </section>
  );
}
