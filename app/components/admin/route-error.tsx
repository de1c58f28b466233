import { appErrorData } from "~/lib/errors.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { AccessDenied, FeatureDenied } from "./denied.tsx";

/**
 * Error boundary for every admin route: 403s become the SPEC denial views, a 404 (an unknown record, or
 * a draft the staff member may not know of) the not-found message; anything else a short message.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const body = appErrorData(error.data);
    return body?.reason === "accessDenied" ? <AccessDenied email={body.email} /> : <FeatureDenied />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div role="alert" className="py-16 text-center">
        <h1 className="text-2xl font-bold">{t("errors.notFoundTitle")}</h1>
        <p className="mt-3 text-slate-700">{t("errors.notFoundText")}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="py-16 text-center">
      <h1 className="text-2xl font-bold">{t("errors.serverErrorTitle")}</h1>
      <p className="mt-3 text-slate-700">{t("errors.serverErrorText")}</p>
    </div>
  );
}
