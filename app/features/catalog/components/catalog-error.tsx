import { useI18n } from "~/lib/use-i18n.ts";
import { isRouteErrorResponse, useLocation } from "react-router";
import { ErrorPage } from "~/components/layout/error-page.tsx";

/**
 * A failed catalogue load: an honest error with a retry, never sample cards (D3). An answer about the
 * request itself (a filter that names no category: 404) is no failure to retry: the site's error page.
 */
export function CatalogError({ error }: { error: unknown }) {
  const { t } = useI18n();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) return <ErrorPage error={error} />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">{t("catalog.loadError")}</h1>
      <a href={`${location.pathname}${location.search}`} className="btn-primary mt-6 inline-flex">
        {t("actions.retry")}
      </a>
    </div>
  );
}
