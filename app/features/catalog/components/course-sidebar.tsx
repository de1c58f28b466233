// The course page's side panel (SPEC §2 Course page, issue 19): duration, level, language and price, the
// approved students, and 'Enroll Now'. From lg up it sticks beside the content while the page scrolls; on
// phones it follows the title as the course's details, and Enroll Now is in the bottom bar instead
// (course-enroll.tsx).
import { Icon } from "~/components/icons/icon.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import type { CourseDetail } from "../catalog.server.ts";
import { EnrollLink } from "./course-enroll.tsx";
import { ContactForDates } from "./course-runs.tsx";

export function CourseSidebar({
  course,
  priceText,
  showStudents,
  nextStart = null,
  contactForDates = null,
  enrollLabel,
  onEnroll,
  className = "",
}: {
  course: CourseDetail;
  /** The price as shown: the amount, 'Free' or 'Contact us for the price'. */
  priceText: string;
  /** Whether the approved students are counted here (never '0 students'). */
  showStudents: boolean;
  /** "Next start: Jan 12" (issue 20), or that every run is full, when the course has upcoming runs. */
  nextStart?: string | null;
  /** The button's words (EnrollLink's `label`). */
  enrollLabel?: string;
  /** "Contact us for the next start date": a course without dates, when Settings says so. */
  contactForDates?: string | null;
  onEnroll: () => void;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <aside
      aria-label={t("catalog.coursePage.details")}
      data-course-panel=""
      className={`flex h-fit flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24 ${className}`}
    >
      {nextStart && (
        <p data-next-start="" className="flex items-center gap-3 rounded-xl bg-teal-50 px-3 py-2 font-semibold text-teal-900">
          <Icon name="calendar" className="h-5 w-5 shrink-0" />
          {nextStart}
        </p>
      )}
      {contactForDates && <ContactForDates text={contactForDates} />}
      <dl className="space-y-4">
        <div className="flex items-center gap-3">
          <dt className="flex items-center gap-3 font-medium">
            <Icon name="tag" className="h-5 w-5 shrink-0 text-teal-800" />
            {t("catalog.course.price")}
          </dt>
          <dd className="ms-auto text-end text-lg font-bold text-teal-900">
            <bdi>{priceText}</bdi>
          </dd>
        </div>
        {/* No hours entered: no duration at all rather than an invented one (issue 36 item 2, D2). */}
        {course.hours ? (
          <div className="flex items-center gap-3">
            <dt className="flex items-center gap-3 font-medium">
              <Icon name="clock" className="h-5 w-5 shrink-0 text-teal-800" />
              {t("catalog.course.duration")}
            </dt>
            <dd className="ms-auto text-end">{t("courseCard.hours", { count: course.hours })}</dd>
          </div>
        ) : null}
        {course.level && (
          <div className="flex items-center gap-3">
            <dt className="flex items-center gap-3 font-medium">
              <Icon name="graduation-cap" className="h-5 w-5 shrink-0 text-teal-800" />
              {t("courseCard.level")}
            </dt>
            <dd className="ms-auto text-end">{t(`courseCard.levels.${course.level}`)}</dd>
          </div>
        )}
        <div className="flex items-center gap-3">
          <dt className="flex items-center gap-3 font-medium">
            <Icon name="book-open" className="h-5 w-5 shrink-0 text-teal-800" />
            {t("courseCard.language")}
          </dt>
          <dd className="ms-auto text-end">{t(`courseCard.languages.${course.language}`)}</dd>
        </div>
      </dl>
      {showStudents && <p className="text-sm text-slate-600">{t("courseCard.students", { count: course.approvedCount })}</p>}
      {/* On phones the bottom bar carries Enroll Now: one button per screen. */}
      <EnrollLink slug={course.slug} onEnroll={onEnroll} label={enrollLabel} className="btn-primary hidden w-full lg:flex" />
    </aside>
  );
}
