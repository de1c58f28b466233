import { withPublicStrings } from "~/lib/i18n-client.ts";
import { BookOpen, Clock, GraduationCap, Tag } from "lucide-react";
import { useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { data, Link } from "react-router";
import { JsonLd } from "~/components/json-ld.tsx";
import { InstructorPhoto } from "~/components/site/instructor-photo.tsx";
import { getPublishedCourse } from "~/features/catalog/catalog.server.ts";
import { DEFAULT_THUMBNAIL } from "~/features/catalog/components/course-card.tsx";
import { LazyEnrollmentDialog, preloadEnrollmentDialog } from "~/features/enrollments/components/lazy-enrollment-dialog.tsx";
import { categoryHref, courseHref } from "~/lib/catalog-links.ts";
import { formatNumber, formatPrice } from "~/lib/format.ts";
import { pickText } from "~/lib/i18n.ts";
import { localizedUrl, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/course";

export async function loader({ params }: Route.LoaderArgs) {
  const course = await getPublishedCourse(params.slug);
  if (!course) throw data(null, { status: 404 });
  return { course };
}

/** Client navigations also bring the public strings the first page did not load (app/lib/locale-files.ts). */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [];
  const { course } = loaderData;
  return pageMeta({
    title: course.title,
    description: (course.summary || course.description || course.title).slice(0, 300),
    origin: root.origin,
    path: courseHref(course.slug),
    locale: root.locale,
    brand: root.brand,
    image: course.thumbnailUrl ?? DEFAULT_THUMBNAIL,
    imageWidth: 800,
    imageHeight: 600,
    imageAlt: course.title,
    type: "article",
  });
};

export default function CoursePage({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const root = matches[0].loaderData;
  const locale = root.locale;
  const { course } = loaderData;
  const [enrolling, setEnrolling] = useState(false);
  const price = formatPrice(course.price, locale);
  const instructorName = course.instructor
    ? pickText({ en: course.instructor.name, ar: course.instructor.nameAr }, locale)
    : null;
  const instructorTitle = course.instructor
    ? pickText({ en: course.instructor.title, ar: course.instructor.titleAr }, locale)
    : "";
  const categoryName = course.category ? pickText({ en: course.category.name, ar: course.category.nameAr }, locale) : null;
  const url = localizedUrl(root.origin, courseHref(course.slug), locale);
  const image = new URL(course.thumbnailUrl ?? DEFAULT_THUMBNAIL, root.origin).toString();

  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Course",
          name: course.title,
          description: course.summary || course.description || course.title,
          url,
          image,
          inLanguage: course.language,
          ...(course.level ? { educationalLevel: course.level } : {}),
          provider: { "@type": "Organization", name: root.brand, sameAs: root.origin },
          offers: {
            "@type": "Offer",
            category: price ? "Paid" : "Free",
            ...(course.priceVisible ? { price: course.price ?? 0, priceCurrency: "EGP" } : {}),
            url,
          },
          hasCourseInstance: {
            "@type": "CourseInstance",
            courseMode: "online",
            ...(course.hours ? { courseWorkload: `PT${course.hours}H` } : {}),
            ...(course.instructor ? { instructor: { "@type": "Person", name: course.instructor.name } } : {}),
          },
        }}
      />
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

        <aside className="h-fit space-y-6 rounded-2xl border border-slate-200 p-6 shadow-sm lg:sticky lg:top-24">
          <dl className="space-y-4">
            <div className="flex items-center gap-3">
              <Clock aria-hidden="true" className="h-5 w-5 text-teal-800" />
              <dt className="font-medium">{t("catalog.course.duration")}</dt>
              <dd className="ms-auto">
                {course.hours ? t("catalog.card.hours", { count: course.hours }) : t("catalog.card.defaultDuration")}
              </dd>
            </div>
            {course.level && (
              <div className="flex items-center gap-3">
                <GraduationCap aria-hidden="true" className="h-5 w-5 text-teal-800" />
                <dt className="font-medium">{t("catalog.course.level")}</dt>
                <dd className="ms-auto">{t(`catalog.course.levels.${course.level}`)}</dd>
              </div>
            )}
            <div className="flex items-center gap-3">
              <BookOpen aria-hidden="true" className="h-5 w-5 text-teal-800" />
              <dt className="font-medium">{t("catalog.course.language")}</dt>
              <dd className="ms-auto">{t(`catalog.course.languages.${course.language}`)}</dd>
            </div>
            <div className="flex items-center gap-3">
              <Tag aria-hidden="true" className="h-5 w-5 text-teal-800" />
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
              setEnrolling(true);
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
      </div>
      <LazyEnrollmentDialog
        course={enrolling ? { id: course.id, slug: course.slug, title: course.title } : null}
        onClose={() => setEnrolling(false)}
      />
    </article>
  );
}
