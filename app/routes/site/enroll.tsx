import { withPublicStrings } from "~/lib/i18n-client.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";
import { Link, useFetcher } from "react-router";
import { AppError } from "~/lib/errors.ts";
import { redirectToCanonicalUrl } from "~/lib/canonical-url.ts";
import { InLanguage, isolateText, tIsolated } from "~/components/ui/bidi.tsx";
import { getPublishedCourse } from "~/features/catalog/catalog.server.ts";
import { enrollmentSchema, isHoneypotFilled } from "~/features/enrollments/enrollment.schema.ts";
import { believableReply, createEnrollment, listEnrollableRuns } from "~/features/enrollments/enrollments.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { EnrollmentForm, type EnrollmentReply } from "~/features/enrollments/components/enrollment-form.tsx";
import { DIALOG_REQUEST } from "~/features/enrollments/dialog-request.ts";
import { EnrollmentSuccess } from "~/features/enrollments/components/enrollment-success.tsx";
import { runOptions, waitingListOnly } from "~/features/enrollments/run-options.ts";
import { courseHref } from "~/lib/catalog-links.ts";
import { publicFormAction } from "~/lib/form-action.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { emailLimitKey, rateLimits } from "~/lib/rate-limit.server.ts";
import { pageMeta } from "~/lib/seo.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { refererPath, utmFromSearch } from "~/domain/enrollments/visit-source.ts";
import type { Route } from "./+types/enroll";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // One spelling of the URL, as the course page's (issue 34 item 8).
  redirectToCanonicalUrl(request);
  const course = await getPublishedCourse(params.slug);
  if (!course) throw new AppError("not_found", "errors.notFoundText");
  const i18n = getInstance(context);
  const t = i18n.t;
  const url = new URL(request.url);
  // Issue 20: the runs the form offers, in words of the page's language; `?run=<id>` preselects one.
  // Each with its price (the run's, else the course's), unless the course hides its price (issue 37 item 1).
  const runs = runOptions(await listEnrollableRuns(course.id), i18n.language === "ar" ? "ar" : "en", t, course);
  const chosen = url.searchParams.get("run");
  return {
    runs,
    runId: runs.some((r) => r.id === chosen) ? (chosen ?? undefined) : undefined,
    course: { id: course.id, slug: course.slug, title: course.title, language: course.language },
    // Every run full: the request can only join a waiting list, and the title says so (issue 36 item 1).
    waitingOnly: waitingListOnly(runs),
    title: t(waitingListOnly(runs) ? "enrollment.waitingTitle" : "enrollment.dialogTitle", { course: isolateText(course.title) }),
    description: t("enrollment.dialogDescription"),
    // The page's own utm_* for the no-JS form (ADR 021): a URL with them is never stored in the public page cache.
    utm: utmFromSearch(url.search),
  };
}

/** The enrollment request: the modal posts here with JavaScript; without it, this page is the form. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const course = await getPublishedCourse(params.slug).catch((err: unknown) => {
    // The database is unreachable: the friendly 503 page, as the root loader answers (never a 500).
    logger.error({ err }, "enroll action: database unavailable");
    throw new AppError("unavailable", "errors.unavailableText");
  });
  if (!course) throw new AppError("not_found", "errors.notFoundText");
  return publicFormAction({
    request,
    context,
    schema: enrollmentSchema,
    limiter: rateLimits.enrollment,
    invalidLimiter: rateLimits.enrollmentInvalid,
    valueLimit: { limiter: rateLimits.enrollmentEmail, key: (value) => emailLimitKey(value.studentEmail) },
    failureKey: "enrollment.error",
    isBot: isHoneypotFilled,
    // A bot gets a believable answer and learns nothing; nothing is stored.
    botReply: believableReply(getLocale(context)),
    // Without JavaScript the form sends no page: the same-site Referer's path stands in (ADR 021).
    handle: (value, locale) =>
      createEnrollment({ ...value, courseId: course.id, sourcePage: value.sourcePage ?? refererPath(request) }, { locale }),
  });
}

/** Document responses carry the action's headers too (Retry-After on 429). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
};

/**
 * Client navigations also bring the public strings the first page did not load (app/lib/locale-files.ts).
 * The enrollment dialog asks this route for a course's runs (`?dialog`): when that request fails (a phone
 * losing its connection, the server unavailable) the dialog says so and offers a retry — the error must not
 * reach the route's error boundary, which would replace the catalogue the visitor is on.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!new URL(request.url).searchParams.has(DIALOG_REQUEST)) return withPublicStrings(serverLoader);
  try {
    return await withPublicStrings(serverLoader);
  } catch {
    return { failed: true as const };
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData || "failed" in loaderData) return [];
  return pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    origin: root.origin,
    path: `${courseHref(loaderData.course.slug)}/enroll`,
    locale: root.locale,
    brand: root.brand,
    noindex: true,
  });
};

export default function EnrollPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const lp = useLocalePath();
  // Without JavaScript the post renders this page (actionData); with it, the form's fetcher answers.
  const fetcher = useFetcher<EnrollmentReply>({ key: "enroll-page" });
  // Only the dialog's own request (`?dialog`) answers `failed`, and it never renders this page.
  if ("failed" in loaderData) return null;
  const { course } = loaderData;
  const success = actionData?.success ?? fetcher.data?.success;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-teal-950">
        {tIsolated(t, loaderData.waitingOnly ? "enrollment.waitingTitle" : "enrollment.dialogTitle", {
          course: <InLanguage text={course.title} lang={course.language} />,
        })}
      </h1>
      <p className="mt-2 text-slate-600">{t("enrollment.dialogDescription")}</p>
      <div className="mt-8">
        {success ? (
          <EnrollmentSuccess enrollmentId={success.enrollmentId} waiting={success.waiting} pageHref={success.pageHref} />
        ) : (
          <EnrollmentForm
            course={course}
            runs={loaderData.runs}
            runId={loaderData.runId}
            fetcherKey="enroll-page"
            initialReply={actionData}
            initialSource={loaderData.utm}
          />
        )}
        <Link to={lp(courseHref(course.slug))} className="mt-6 inline-block text-teal-800 underline">
          <InLanguage text={course.title} lang={course.language} />
        </Link>
      </div>
    </div>
  );
}
