import { Icon } from "~/components/icons/icon.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { useRouteLoaderData } from "react-router";
import { SiteLink } from "~/components/ui/site-link.tsx";
import { preloadEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import { courseHref } from "~/lib/catalog-links.ts";
import { formatPrice } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { DEFAULT_ENROLLED_COUNT_FROM, type PublicSettings } from "~/lib/site-layout.ts";
import { courseCardText, showsEnrolledCount } from "./course-card-text.ts";
import type { CourseCard as CourseCardData } from "../catalog.server.ts";

/** What a card shows (for lists outside this feature, which may not import its server module). */
export type { CourseCardData };

export const DEFAULT_THUMBNAIL = "/images/course-default.webp";

/**
 * One course of the catalogue: the whole card is one link to the course page (one tab stop, the course
 * title as its name, the focus ring around the card). "Enroll Now" is drawn as a button inside it: with
 * JavaScript a click on it opens the enrollment dialog in place; without, the card's link leads to the
 * course page and its enrollment form. One link per card and the card's words translated once per
 * language (course-card-text.ts) keep the catalogue's render cheap (issue 18).
 *
 * Cards never look broken (issue 19): the summary box is exactly three lines tall whatever the title's
 * length (a fixed line height, clamped: no sliced fourth line), the enrolled count shows only from the
 * threshold in Settings (never "0 students"), a hidden price reads "Price on request", and the language
 * and level are badges.
 */
export function CourseCard({
  course,
  locale,
  eager = false,
  idPrefix = "",
  onEnroll,
}: {
  course: CourseCardData;
  locale: Locale;
  /** Above the fold: load the image at once. */
  eager?: boolean;
  /** Before the title's id, for a second list of the page that may show the same course (ids are unique). */
  idPrefix?: string;
  /** With JavaScript, "Enroll Now" opens the enrollment modal; without, the card leads to the course page. */
  onEnroll?: (course: CourseCardData) => void;
}) {
  const { t, i18n } = useI18n();
  const text = courseCardText(t, i18n);
  const lp = useLocalePath();
  const price = formatPrice(course.price, locale);
  const titleId = `${idPrefix}course-${course.id}-title`;
  // The threshold comes with the public settings of the root loader (absent in isolated renders: the default).
  const settings = useRouteLoaderData<{ settings?: PublicSettings }>("root")?.settings;
  const showCount = showsEnrolledCount(course.approvedCount, settings?.cards?.enrolledCountFrom ?? DEFAULT_ENROLLED_COUNT_FROM);
  return (
    <article
      aria-labelledby={titleId}
      className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-teal-800"
      lang={course.language}
    >
      <SiteLink
        to={lp(courseHref(course.slug))}
        aria-labelledby={titleId}
        className="flex flex-1 flex-col focus-visible:outline-none"
        onClick={(e) => {
          if (onEnroll && e.target instanceof Element && e.target.closest("[data-enroll]")) {
            e.preventDefault();
            onEnroll(course);
          }
        }}
      >
        <img
          src={course.thumbnailUrl ?? DEFAULT_THUMBNAIL}
          srcSet={course.thumbnailSrcSet}
          alt=""
          width={800}
          height={600}
          // `sizes` only goes with a `srcset` (the demo and default images have none): alone it is invalid HTML.
          sizes={course.thumbnailSrcSet ? "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" : undefined}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
        <div className="flex flex-1 flex-col p-5">
          {/* The title comes first in the link (the badges are drawn above it, `order-first`): read aloud, the
              card says the course's name before its language and level (issue 36 item 7). */}
          {/* Title and summary read in their own direction but line up with the card's other lines (the
              page's side): a Latin title in an Arabic card starts at the right, as the badges and price do
              (issue 36 item 16). `text-match-parent` (app/app.css) resolves start against the card, not the text's direction. */}
          <h3 id={titleId} dir="auto" className="text-lg font-semibold text-match-parent leading-snug text-slate-900 group-hover:text-teal-800">
            {course.title}
          </h3>
          <ul className="order-first mb-2 flex flex-wrap gap-1.5 text-xs font-medium" lang={locale}>
            <li data-badge="language" className="rounded-full bg-teal-50 px-2.5 py-0.5 text-teal-900">
              <span className="sr-only">{text.languageLabel}: </span>
              {text.languages[course.language]}
            </li>
            {course.level && (
              <li data-badge="level" className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700">
                <span className="sr-only">{text.levelLabel}: </span>
                {text.levels[course.level]}
              </li>
            )}
          </ul>
          {/* Exactly three lines of 1.5rem: the clamp's ellipsis ends the box, nothing shows below it. */}
          <p dir="auto" data-card-summary="" className="mt-2 text-match-parent line-clamp-3 h-18 text-sm leading-6 text-slate-600">
            {course.summary}
          </p>
          <CourseCardFacts course={course} locale={locale} showCount={showCount} text={text} />
          <div className="mt-4 flex items-center justify-between gap-3" lang={locale}>
            {course.priceVisible ? (
              <p data-price="" className="text-lg font-bold text-teal-900">
                <span className="sr-only">{text.price}: </span>
                {price ?? text.free}
              </p>
            ) : (
              <p data-price="" className="text-sm font-semibold text-slate-700">
                {text.priceOnRequest}
              </p>
            )}
            <span
              data-enroll=""
              className="btn-primary inline-flex px-4 py-2 text-sm"
              onMouseEnter={preloadEnrollmentDialog}
            >
              {course.waitingListOnly ? text.joinWaitingList : text.enrollNow}
            </span>
          </div>
        </div>
      </SiteLink>
    </article>
  );
}

/** The grid of every list of course cards: one column on phones, two from 640 px, three from 1024 px. */
export const COURSE_GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

/**
 * The card's facts (next start with a seat or that every run is full, hours, how many enrolled): only those it has, and no list when it has none
 * (a course without dates, hours or count; issue 36 item 2), the spacer keeping the price at the bottom.
 */
function CourseCardFacts({
  course,
  locale,
  showCount,
  text,
}: {
  course: CourseCardData;
  locale: Locale;
  showCount: boolean;
  text: ReturnType<typeof courseCardText>;
}) {
  if (!(course.nextStartAt && course.nextStartLabel) && !course.waitingListOnly && !course.hours && !showCount) return <div className="mt-auto" />;
  return (
    <dl className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-4 text-sm text-slate-700" lang={locale}>
      {course.nextStartAt && course.nextStartLabel && (
        // Issue 20: "Starts Jan 12", the next open run's date in Cairo time (nothing without one).
        <div className="flex basis-full items-center gap-1 font-semibold text-teal-900" data-next-start="">
          <dt className="flex items-center gap-1">
            <Icon name="calendar" className="h-4 w-4" />
            {text.starts}
          </dt>
          <dd>
            <time dateTime={new Date(course.nextStartAt).toISOString()}>{course.nextStartLabel[locale]}</time>
          </dd>
        </div>
      )}
      {course.waitingListOnly && (
        // Issue 36 item 1: every upcoming run is full; the card says so where a date would be.
        <div className="flex basis-full items-center gap-1 font-semibold text-amber-800" data-waiting-list-only="">
          <dt className="sr-only">{text.dates}</dt>
          <dd>{text.waitingListOnly}</dd>
        </div>
      )}
      {/* No hours entered: no duration rather than an invented one (issue 36 item 2, D2). */}
      {course.hours ? (
        <div className="flex items-center gap-1">
          <dt>
            <Icon name="clock" className="h-4 w-4" />
            <span className="sr-only">{text.duration}</span>
          </dt>
          <dd>{text.hours(course.hours)}</dd>
        </div>
      ) : null}
      {showCount && (
        <div className="flex items-center gap-1" data-enrolled-count="">
          <dt>
            <Icon name="users" className="h-4 w-4" />
            <span className="sr-only">{text.students}</span>
          </dt>
          <dd>{text.enrolled(course.approvedCount)}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Course cards as every list of courses shows them (the catalogue, a course's related courses, the home
 * page's rows): in COURSE_GRID, the cards of a row as tall as the tallest.
 */
export function CourseCardGrid({
  courses,
  locale,
  className,
  eagerFirst = 0,
  idPrefix,
  onEnroll,
}: {
  courses: CourseCardData[];
  locale: Locale;
  /** Spacing above the grid. */
  className: string;
  /** How many cards, from the first, are above the fold (their images load at once). */
  eagerFirst?: number;
  /** See CourseCard. */
  idPrefix?: string;
  onEnroll?: (course: CourseCardData) => void;
}) {
  return (
    <ul className={`${className} ${COURSE_GRID}`}>
      {courses.map((course, i) => (
        <li key={course.id} className="flex">
          <CourseCard course={course} locale={locale} eager={i < eagerFirst} idPrefix={idPrefix} onEnroll={onEnroll} />
        </li>
      ))}
    </ul>
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
