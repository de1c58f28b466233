// Sections of the course page (issue 19): 'What you will learn', the instructor with photo and short bio
// (linking to the instructor's section on About), and related courses of the same category.
import { Icon } from "~/components/icons/icon.tsx";
import { InstructorPhoto } from "~/components/site/instructor-photo.tsx";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { CourseCard as CourseCardData, CourseDetail } from "../catalog.server.ts";
import type { CourseOutcomes } from "../course-outcomes.ts";
import { CourseCardGrid } from "./course-card.tsx";

const H2 = "text-2xl font-bold";

export function CourseOutcomesSection({ outcomes, locale }: { outcomes: CourseOutcomes; locale: Locale }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="course-outcomes" data-course-outcomes="" className="mt-10 rounded-2xl bg-teal-50/60 p-6" lang={locale}>
      <h2 id="course-outcomes" className={H2}>
        {t("catalog.coursePage.outcomes")}
      </h2>
      <ul lang={outcomes.lang} className="mt-4 grid gap-3 sm:grid-cols-2">
        {outcomes.items.map((item, i) => (
          <li key={i} className="flex gap-3">
            <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-teal-800" />
            <span dir="auto" className="min-w-0 break-words">
              {item}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CourseInstructorSection({ instructor, locale }: { instructor: NonNullable<CourseDetail["instructor"]>; locale: Locale }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const name = pickText({ en: instructor.name, ar: instructor.nameAr }, locale);
  const title = pickText({ en: instructor.title, ar: instructor.titleAr }, locale);
  const bio = pickText({ en: instructor.bio, ar: instructor.bioAr }, locale);
  return (
    <section aria-labelledby="course-instructor" className="mt-10" lang={locale}>
      <h2 id="course-instructor" className={H2}>
        {t("catalog.coursePage.instructorHeading")}
      </h2>
      <div className="mt-4 flex flex-col gap-4 rounded-2xl border border-slate-200 p-5 sm:flex-row">
        {/* The name is written right beside it, so the photo (or its initials) is decorative. */}
        <InstructorPhoto src={instructor.photoUrl} alt="" size={80} lazy name={name} />
        <div className="min-w-0">
          <p dir="auto" className="text-lg font-semibold">
            {name}
          </p>
          {title && (
            <p dir="auto" className="text-sm text-slate-600">
              {title}
            </p>
          )}
          {bio && (
            <p dir="auto" className="mt-3 line-clamp-5 whitespace-pre-line text-slate-700">
              {bio}
            </p>
          )}
          {/* A document load, so the About page's instructor section opens by :target with or without JavaScript. */}
          <a href={`${lp("/about")}#${instructor.anchor}`} className="mt-3 inline-block font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950">
            {t("catalog.coursePage.instructorMore", { name })}
          </a>
        </div>
      </div>
    </section>
  );
}

export function CourseRelatedSection({
  courses,
  locale,
  onEnroll,
}: {
  courses: CourseCardData[];
  locale: Locale;
  onEnroll: (course: CourseCardData) => void;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="course-related" data-related-courses="" className="mt-16 border-t border-slate-200 pt-10">
      <h2 id="course-related" className={H2}>
        {t("catalog.coursePage.related")}
      </h2>
      <CourseCardGrid className="mt-6" courses={courses} locale={locale} onEnroll={onEnroll} />
    </section>
  );
}
