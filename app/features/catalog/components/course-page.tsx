// The public course page (SPEC §2 Course page): its Course JSON-LD, the breadcrumb, title, summary, image,
// description and curriculum, and the side panel with 'Enroll Now'. The route holds its loader and meta.
import { useState } from "react";
import { Link } from "react-router";
import { LazyEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import { categoryHref } from "~/lib/catalog-links.ts";
import { formatNumber, formatPrice } from "~/lib/format.ts";
import { pickText, type Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import type { CourseDetail } from "../catalog.server.ts";
import { DEFAULT_THUMBNAIL } from "./course-card.tsx";
import { CourseSidebar } from "./course-sidebar.tsx";

export interface CoursePageProps {
  course: CourseDetail;
  locale: Locale;
  brand: string;
  origin: string;
}

/** The page's structured data is the route's (app/features/catalog/course-json-ld.ts). */
export function CoursePage({ course, locale }: CoursePageProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const [enrolling, setEnrolling] = useState(false);
  const price = formatPrice(course.price, locale);
  const categoryName = course.category ? pickText({ en: course.category.name, ar: course.category.nameAr }, locale) : null;

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

      <div className="mt-6 grid gap-10 lg:grid-cols-[1fr_360px]">
        <div lang={course.language}>
          <h1 dir="auto" className="text-3xl font-bold leading-tight text-teal-950 sm:text-4xl">{course.title}</h1>
          {course.summary && <p dir="auto" className="mt-4 text-lg text-slate-700">{course.summary}</p>}
          <img
            src={course.thumbnailUrl ?? DEFAULT_THUMBNAIL}
            alt=""
            width={800}
            height={600}
            className="mt-8 aspect-[4/3] w-full rounded-2xl object-cover"
          />
          {course.description && (
            <section aria-labelledby="course-description" className="mt-10">
              <h2 id="course-description" className="text-2xl font-bold" lang={locale}>
                {t("catalog.course.description")}
              </h2>
              <div dir="auto" className="mt-4 space-y-4 whitespace-pre-line leading-relaxed text-slate-800">{course.description}</div>
            </section>
          )}
          {course.curriculum.length > 0 && (
            <section aria-labelledby="course-curriculum" className="mt-10">
              <h2 id="course-curriculum" className="text-2xl font-bold" lang={locale}>
                {t("catalog.course.curriculum")}
              </h2>
              <ol className="mt-4 space-y-2">
                {course.curriculum.map((module, i) => (
                  <li key={i} className="flex gap-3 rounded-xl border border-slate-200 p-4">
                    <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-teal-100 text-sm font-semibold text-teal-900">
                      {formatNumber(i + 1, locale)}
                    </span>
                    <span dir="auto">{module}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>

        <CourseSidebar course={course} locale={locale} price={price} onEnroll={() => setEnrolling(true)} />
      </div>
      <LazyEnrollmentDialog
        course={enrolling ? { id: course.id, slug: course.slug, title: course.title } : null}
        onClose={() => setEnrolling(false)}
      />
    </article>
  );
}
