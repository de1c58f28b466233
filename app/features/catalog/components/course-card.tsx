import { Clock, Users } from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { Link } from "react-router";
import { preloadEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import { courseHref } from "~/lib/catalog-links.ts";
import { formatPrice } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { CourseCard as CourseCardData } from "../catalog.server.ts";

export const DEFAULT_THUMBNAIL = "/images/course-default.webp";

export function CourseCard({
  course,
  locale,
  eager = false,
  onEnroll,
}: {
  course: CourseCardData;
  locale: Locale;
  /** Above the fold: load the image at once. */
  eager?: boolean;
  /** With JavaScript, opens the enrollment modal; without, the link goes to the enrollment page. */
  onEnroll?: (course: CourseCardData) => void;
}) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const price = formatPrice(course.price, locale);
  const titleId = `course-${course.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
      lang={course.language}
    >
      <Link to={lp(courseHref(course.slug))} tabIndex={-1} aria-hidden="true">
        <img
          src={course.thumbnailUrl ?? DEFAULT_THUMBNAIL}
          srcSet={course.thumbnailSrcSet}
          alt=""
          width={800}
          height={600}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={titleId} dir="auto" className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={lp(courseHref(course.slug))} className="hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-800">
            {course.title}
          </Link>
        </h3>
        <p dir="auto" className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600">
          {course.summary}
        </p>
        <dl className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700" lang={locale}>
          <div className="flex items-center gap-1">
            <dt>
              <Clock aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{t("catalog.card.duration")}</span>
            </dt>
            <dd>{course.hours ? t("catalog.card.hours", { count: course.hours }) : t("catalog.card.defaultDuration")}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <Users aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{t("catalog.card.students")}</span>
            </dt>
            <dd>{t("catalog.card.students", { count: course.approvedCount })}</dd>
          </div>
        </dl>
        <div className="mt-4 flex items-center justify-between gap-3" lang={locale}>
          {course.priceVisible ? (
            <p className="text-lg font-bold text-teal-900">
              <span className="sr-only">{t("catalog.card.price")}: </span>
              {price ?? t("catalog.card.free")}
            </p>
          ) : (
            <span />
          )}
          <Link
            to={lp(`${courseHref(course.slug)}/enroll`)}
            className="btn-primary inline-flex px-4 py-2 text-sm"
            aria-label={`${t("catalog.card.enrollNow")}: ${course.title}`}
            onMouseEnter={preloadEnrollmentDialog}
            onFocus={preloadEnrollmentDialog}
            onClick={(e) => {
              if (onEnroll) {
                e.preventDefault();
                onEnroll(course);
              }
            }}
          >
            {t("catalog.card.enrollNow")}
          </Link>
        </div>
      </div>
    </article>
  );
}

export function CourseCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div className="aspect-[4/3] w-full bg-slate-200" />
      <div className="space-y-3 p-5">
        <div className="h-5 w-3/4 rounded bg-slate-200" />
        <div className="h-4 w-full rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
      </div>
    </div>
  );
}
