import { Link } from "react-router";
import { CourseCardGrid, type CourseCardData } from "~/features/catalog/components/course-card.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";

/** The featured course cards (staff's choice, else the newest), server-rendered, and the way to the catalogue. */
export function HomeCourses({ courses, locale }: { courses: CourseCardData[]; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  if (courses.length === 0) return null;
  return (
    <section aria-labelledby="home-courses-title" className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="home-courses-title" className="text-3xl font-bold text-teal-950">
            {t("homePage.courses.title")}
          </h2>
          <p className="mt-3 text-slate-700">{t("homePage.courses.intro")}</p>
        </div>
        <Link to={lp("/courses")} className="hidden font-semibold text-teal-800 underline-offset-4 hover:underline sm:inline">
          {t("homePage.courses.all")}
        </Link>
      </div>
      <CourseCardGrid className="mt-8" courses={courses} locale={locale} />
      <div className="mt-10 text-center">
        <Link to={lp("/courses")} className="btn-primary inline-flex">
          {t("homePage.courses.all")}
        </Link>
      </div>
    </section>
  );
}
