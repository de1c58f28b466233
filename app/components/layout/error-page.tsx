import { isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { isLocale } from "~/lib/i18n.ts";
import { localePath } from "~/lib/locale-url.ts";
import { useI18n } from "~/lib/use-i18n.ts";

/**
 * The message key of a refusal's AppErrorData. Read here without app/lib/errors.ts, which would add a
 * chunk to every public page's first load (the JS budget, scripts/js-budget.ts); the admin's error
 * views use appErrorData.
 */
function refusalOf(data: unknown): { messageKey: string } | null {
  return typeof data === "object" && data !== null && "messageKey" in data && typeof data.messageKey === "string"
    ? { messageKey: data.messageKey }
    : null;
}

/**
 * The site's error page, in the page's language: the root's ErrorBoundary, and a route's own boundary for
 * an answer that is not its own failure (the catalogue's 404 for a filter that names no category).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t, i18n } = useI18n();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal (an AppError, e.g. the input guard's) says what was wrong, in the page's language.
  const refusal = isRouteErrorResponse(error) ? refusalOf(error.data) : null;
  const [title, text] =
    status === 404
      ? [t("errors.notFoundTitle"), t("errors.notFoundText")]
      : status === 503
        ? [t("errors.unavailableTitle"), t("errors.unavailableText")]
        : status >= 400 && status < 500 && refusal
          ? [t("errors.badRequestTitle"), t(refusal.messageKey)]
          : [t("errors.serverErrorTitle"), t("errors.serverErrorText")];
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  // The tab and a shared link name the site too, as every page title does (seo.ts: "title - brand").
  const brand = useRouteLoaderData<{ brand?: string }>("root")?.brand || t("brand");
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`${title} - ${brand}`}</title>
      <p className="text-sm font-semibold text-teal-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      <a href={isLocale(i18n.language) ? localePath(i18n.language, "/") : "/"} className="btn-primary mt-8 inline-flex">
        {t("errors.backHome")}
      </a>
      {detail && <pre className="mt-8 overflow-auto text-start text-xs text-red-700">{detail}</pre>}
    </section>
  );
}
