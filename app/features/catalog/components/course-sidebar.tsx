// The course page's side panel (SPEC §2 Course page): duration, level, language and price, the approved
// students, 'Enroll Now' (the enrollment dialog with JavaScript, the enroll page without) and the instructor.
import { Icon } from "~/components/icons/icon.tsx";
import { Link } from "react-router";
import { InstructorPhoto } from "~/components/site/instructor-photo.tsx";
import { preloadEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import { courseHref } from "~/lib/catalog-links.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { CourseDetail } from "../catalog.server.ts";

export function CourseSidebar({
  course,
  locale,
  price,
  onEnroll,
}: {
  course: CourseDetail;
  locale: Locale;
  /** The formatted price, or null when the course is free. */
  price: string | null;
  onEnroll: () => void;
}) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const instructorName = course.instructor
    ? pickText({ en: course.instructor.name, ar: course.instructor.nameAr }, locale)
    : null;
  const instructorTitle = course.instructor
    ? pickText({ en: course.instructor.title, ar: course.instructor.titleAr }, locale)
    : "";
  return (
    <aside className="h-fit space-y-6 rounded-2xl border border-slate-200 p-6 shadow-sm lg:sticky lg:top-24">
      <dl className="space-y-4">
        <div className="flex items-center gap-3">
          <Icon name="clock" className="h-5 w-5 text-teal-800" />
          <dt className="font-medium">{t("catalog.course.duration")}</dt>
          <dd className="ms-auto">
            {course.hours ? t("catalog.card.hours", { count: course.hours }) : t("catalog.card.defaultDuration")}
          </dd>
        </div>
        {course.level && (
          <div className="flex items-center gap-3">
            <Icon name="graduation-cap" className="h-5 w-5 text-teal-800" />
            <dt className="font-medium">{t("catalog.course.level")}</dt>
            <dd className="ms-auto">{t(`catalog.course.levels.${course.level}`)}</dd>
          </div>
        )}
        <div className="flex items-center gap-3">
          <Icon name="book-open" className="h-5 w-5 text-teal-800" />
          <dt className="font-medium">{t("catalog.course.language")}</dt>
          <dd className="ms-auto">{t(`catalog.course.languages.${course.language}`)}</dd>
        </div>
        <div className="flex items-center gap-3">
          <Icon name="tag" className="h-5 w-5 text-teal-800" />
          <dt className="font-medium">{t("catalog.course.price")}</dt>
          <dd className="ms-auto text-lg font-bold text-teal-900">
            {course.priceVisible ? (price ?? t("catalog.card.free")) : t("catalog.course.priceOnRequest")}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">{t("catalog.card.students", { count: course.approvedCount })}</p>
      <Link
        to={lp(`${courseHref(course.slug)}/enroll`)}
        className="btn-primary flex w-full"
        onMouseEnter={preloadEnrollmentDialog}
        onFocus={preloadEnrollmentDialog}
        onClick={(e) => {
          e.preventDefault();
          onEnroll();
        }}
      >
        {t("catalog.course.enrollNow")}
      </Link>
      {course.instructor && instructorName && (
        <div className="flex items-center gap-3 border-t border-slate-100 pt-6">
          {/* The name is written right beside it, so the photo (or its initials) is decorative. */}
          <InstructorPhoto src={course.instructor.photoUrl} alt="" size={56} lazy name={instructorName} />
          <div>
            <p className="text-xs font-semibold uppercase text-slate-500">{t("catalog.course.instructor")}</p>
            <p dir="auto" className="font-semibold">{instructorName}</p>
            {instructorTitle && <p dir="auto" className="text-sm text-slate-600">{instructorTitle}</p>}
          </div>
        </div>
      )}
    </aside>
  );
}
