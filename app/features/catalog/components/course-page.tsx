// The public course page (SPEC §2 Course page; issue 19: built to convert): the breadcrumb, title and
// summary, the details panel (sticky beside the content from lg up, with Enroll Now), the image, 'What you
// will learn', the description, the curriculum, the instructor, related courses of the category, and on
// phones a bottom bar with the price and Enroll Now. The route holds its loader, meta and JSON-LD.
// Issue 20: the upcoming start dates (course-runs.tsx), each opening the enrollment dialog with its run
// preselected; the next start in the panel and the bar; "Contact us for the next start date" without dates.
import { Link } from "react-router";
import { LazyEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import type { PublicRun } from "~/domain/runs/run-rules.ts";
import type { CourseRunsWords } from "../course-runs-words.ts";
import { categoryHref } from "~/lib/catalog-links.ts";
import { formatNumber, formatPrice } from "~/lib/format.ts";
import { useFragmentDialog } from "~/lib/hooks/use-fragment-dialog.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { CourseCard as CourseCardData, CourseDetail } from "../catalog.server.ts";
import { courseOutcomes } from "../course-outcomes.ts";
import { DEFAULT_THUMBNAIL } from "./course-card.tsx";
import { CourseEnrollBar, usePriceText } from "./course-enroll.tsx";
import { CourseRunsSection } from "./course-runs.tsx";
import { CourseInstructorSection, CourseOutcomesSection, CourseRelatedSection } from "./course-sections.tsx";
import { CourseSidebar } from "./course-sidebar.tsx";

export interface CoursePageProps {
  course: CourseDetail;
  /** Up to three other published courses of the category (listRelatedCourses). */
  related: CourseCardData[];
  locale: Locale;
  /** Whether the approved students are counted (from the cards' threshold in Settings). */
  showStudents: boolean;
  /** The course's upcoming open runs, soonest first (none: the page as before); the dialog offers them. */
  runs?: PublicRun[];
  /** The run list's words in the page's language (made by the loader). */
  runWords?: CourseRunsWords;
}


export function CoursePage({
  course,
  related,
  locale,
  showStudents,
  runs = [],
  runWords,
}: CoursePageProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  // The dialog is a place in history (#enroll=<slug>[&run=<id>]): Back closes it, the page stays.
  const enroll = useFragmentDialog("enroll");
  const enrolling = enroll.subject === course.slug ? course : (related.find((c) => c.slug === enroll.subject) ?? null);
  // The price of the start the page names (the first run with a seat) when it has its own, else the
  // course's: the summary, the bar and the dialog's choices say one price (issue 37 item 1).
  const shownPrice = runs.find((r) => !r.full)?.price ?? course.price;
  const priceText = usePriceText(course, formatPrice(shownPrice, locale));
  const categoryName = course.category ? pickText({ en: course.category.name, ar: course.category.nameAr }, locale) : null;
  const outcomes = courseOutcomes(course, locale);
  const enrollHere = () => enroll.open(course.slug);
  const chooseRun = (runId: string) => enroll.open(course.slug, { run: runId });
  const nextStart = runWords?.nextStart ?? null;
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label={t("catalog.course.breadcrumb")} className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to={lp("/courses")} className="hover:text-teal-800">
              {t("catalog.course.backToCourses")}
            </Link>
          </li>
          {course.category && categoryName && (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <Link to={lp(categoryHref(course.category.slug))} className="hover:text-teal-800">
                  <bdi>{categoryName}</bdi>
                </Link>
              </li>
            </>
          )}
        </ol>
      </nav>

      {/* Phones: title, details, then the rest; from lg the details panel is the second column, sticky. */}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-x-10">
        <header lang={course.language} className="min-w-0 lg:col-start-1">
          <h1 dir="auto" className="break-words text-3xl font-bold leading-tight text-teal-950 sm:text-4xl">
            {course.title}
          </h1>
          {course.summary && (
            <p dir="auto" className="mt-4 text-lg text-slate-700">
              {course.summary}
            </p>
          )}
        </header>
        <CourseSidebar
          course={course}
          priceText={priceText}
          showStudents={showStudents}
          nextStart={nextStart}
          contactForDates={runWords?.contact ?? null}
          enrollLabel={runWords?.enroll}
          onEnroll={enrollHere}
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
        />
        <div className="min-w-0 lg:col-start-1">
          <img
            src={course.thumbnailUrl ?? DEFAULT_THUMBNAIL}
            srcSet={course.thumbnailSrcSet}
            sizes={course.thumbnailSrcSet ? "(min-width: 1024px) 700px, 100vw" : undefined}
            alt=""
            width={800}
            height={600}
            className="aspect-[4/3] w-full rounded-2xl object-cover"
          />
          {runWords && runWords.runs.length > 0 && <CourseRunsSection words={runWords} slug={course.slug} onChoose={chooseRun} />}
          {outcomes && <CourseOutcomesSection outcomes={outcomes} locale={locale} />}
          {course.description && (
            <section aria-labelledby="course-description" className="mt-10">
              <h2 id="course-description" className="text-2xl font-bold">
                {t("catalog.course.description")}
              </h2>
              <div lang={course.language} dir="auto" className="mt-4 space-y-4 whitespace-pre-line break-words leading-relaxed text-slate-800">
                {course.description}
              </div>
            </section>
          )}
          {course.curriculum.length > 0 && (
            <section aria-labelledby="course-curriculum" className="mt-10">
              <h2 id="course-curriculum" className="text-2xl font-bold">
                {t("catalog.course.curriculum")}
              </h2>
              <ol className="mt-4 space-y-2" lang={course.language}>
                {course.curriculum.map((module, i) => (
                  <li key={i} className="flex gap-3 rounded-xl border border-slate-200 p-4">
                    <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-teal-100 text-sm font-semibold text-teal-900">
                      {formatNumber(i + 1, locale)}
                    </span>
                    <span dir="auto" className="min-w-0 break-words">
                      {module}
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          )}
          {course.instructor && <CourseInstructorSection instructor={course.instructor} locale={locale} />}
        </div>
      </div>

      {related.length > 0 && <CourseRelatedSection courses={related} locale={locale} onEnroll={(c) => enroll.open(c.slug)} />}
      <CourseEnrollBar slug={course.slug} priceText={priceText} nextStart={runWords?.barNote ?? null} enrollLabel={runWords?.enroll} onEnroll={enrollHere} />
      <LazyEnrollmentDialog
        course={
          enrolling && {
            id: enrolling.id,
            slug: enrolling.slug,
            title: enrolling.title,
            language: enrolling.language,
            price: enrolling.priceVisible ? enrolling.price : null,
          }
        }
        onClose={enroll.close}
        // This course's runs go with it; a related course's dialog asks for its own.
        runs={enrolling === course ? runs : undefined}
        runId={enrolling === course ? (enroll.get("run") ?? undefined) : undefined}
      />
    </article>
  );
}
