// /:lang/courses/:slug — a published course (SPEC §2 Course page); 404 for an unknown or draft slug. The
// page is features/catalog/components/course-page.tsx; its upcoming runs (issue 20) come from
// features/catalog/course-runs-page.server.ts and go into the page and its JSON-LD.
import { isolateText } from "~/components/ui/bidi.tsx";
import { AppError } from "~/lib/errors.ts";
import { redirectToCanonicalUrl } from "~/lib/canonical-url.ts";
import { withPublicStrings } from "~/lib/i18n-client.ts";
import { getPublishedCourse, listRelatedCourses } from "~/features/catalog/catalog.server.ts";
import { getCourseRunsPage } from "~/features/catalog/course-runs-page.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { env } from "~/lib/env.server.ts";
import { DEFAULT_THUMBNAIL } from "~/features/catalog/components/course-card.tsx";
import { CoursePage } from "~/features/catalog/components/course-page.tsx";
import { showsEnrolledCount } from "~/features/catalog/components/course-card-text.ts";
import { DEFAULT_ENROLLED_COUNT_FROM } from "~/lib/site-layout.ts";
import { courseJsonLd } from "~/features/catalog/course-json-ld.ts";
import { JsonLd } from "~/components/json-ld.tsx";
import { courseHref } from "~/lib/catalog-links.ts";
import { OG_IMAGE, ogImagePath } from "~/lib/og-image.ts";
import { pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/course";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // `/en/courses/Python%2Dbasics` is `/en/courses/python-basics` spelled otherwise: 301 there (issue 34 item 8).
  redirectToCanonicalUrl(request);
  // Two queries at once: the course, and up to three others of its category (none for a draft or unknown slug).
  const [course, related] = await Promise.all([getPublishedCourse(params.slug), listRelatedCourses(params.slug)]);
  if (!course) throw new AppError("not_found", "errors.notFoundText");
  // The upcoming runs, the names of instructors they name, the run settings (two or three queries), and
  // the list's words in the page's language.
  const i18n = getInstance(context);
  const { runs, settings: runSettings, words: runWords, instances } = await getCourseRunsPage(course, {
    t: i18n.t,
    locale: getLocale(context),
    origin: env().PUBLIC_URL,
  });
  return { course, related, runs, runSettings, runWords, instances };
}

// The enrollment dialog opens and closes by the fragment (#enroll=…): the page's data stays as it is.
export { shouldRevalidate } from "~/lib/hooks/use-fragment-dialog.ts";

/** Client navigations also bring the public strings the first page did not load (app/lib/locale-files.ts). */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [];
  const { course } = loaderData;
  return pageMeta({
    // The course's own title, in the course's language whatever the page's (issue 36 item 7): a course has
    // one title (no translation in the schema), and an English name made up for an Arabic course would be a
    // name it does not have. The page's `lang` stays its interface's language, and og:locale with it; the
    // head cannot mark one part of <title> with another `lang`, so the title is isolated (FSI … PDI, as the
    // enrollment page's): the brand after it keeps the page's direction in the tab, the title its own.
    title: isolateText(course.title),
    description: (course.summary || course.description || course.title).slice(0, 300),
    origin: root.origin,
    path: courseHref(course.slug),
    locale: root.locale,
    brand: root.brand,
    // 1200×630 JPEG made from the thumbnail (or a branded card), once (app/lib/og-image.server.ts).
    image: ogImagePath(course),
    imageWidth: OG_IMAGE.width,
    imageHeight: OG_IMAGE.height,
    imageType: OG_IMAGE.type,
    imageAlt: course.title,
    type: "article",
  });
};

export default function CourseRoute({ loaderData, matches }: Route.ComponentProps) {
  const { locale, brand, origin, settings } = matches[0].loaderData;
  const { course, related, runs, runWords, instances } = loaderData;
  // The same threshold as the cards (Settings): never '0 students enrolled'.
  const showsStudents = showsEnrolledCount(course.approvedCount, settings.cards?.enrolledCountFrom ?? DEFAULT_ENROLLED_COUNT_FROM);
  const images = [course.thumbnailUrl ?? DEFAULT_THUMBNAIL, ogImagePath(course)];
  return (
    <>
      <JsonLd data={courseJsonLd({ course, locale, brand, origin, settings, images, instances })} />
      <CoursePage
        course={course}
        related={related}
        locale={locale}
        showStudents={showsStudents}
        runs={runs}
        runWords={runWords}
      />
    </>
  );
}
