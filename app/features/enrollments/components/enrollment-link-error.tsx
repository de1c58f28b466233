// The 404 of a student's page or receipt (a wrong or old link): the site's 404, with a way to have the
// request's link emailed again (/{en|ar}/enrollment). Kept apart from that page's form: the student's pages
// are at their JavaScript budget.
import { isRouteErrorResponse } from "react-router";
import { ErrorPage } from "~/components/layout/error-page.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { useLocalePath } from "~/lib/use-locale-path.ts";

/** The 404 of a student's page or receipt (a wrong or old link), offering to send the link again. */
export function EnrollmentLinkError({ error }: { error: unknown }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <ErrorPage error={error} />
      {notFound && (
        <p className="-mt-16 mb-16 text-center">
          <a href={lp("/enrollment")} className="text-teal-900 underline" data-find-link="">
            {t("myEnrollment.findLinkPrompt")}
          </a>
        </p>
      )}
    </>
  );
}
