import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { ShieldAlert } from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Form, Link } from "react-router";
import { useAdminTitle } from "~/lib/admin-meta.ts";

/** A signed-in user whose role has no place in the admin area (SPEC access guard; D-less debug lines). */
export function AccessDenied({ email }: { email?: string }) {
  const { t } = useI18n();
  const title = useAdminTitle(t("admin.accessDenied.title"));
  return (
    <div className="mx-auto max-w-lg px-4 py-24 text-center">
      <title>{title}</title>
      <ShieldAlert aria-hidden="true" className="mx-auto h-12 w-12 text-red-700" />
      <h1 className="mt-4 text-2xl font-bold">{t("admin.accessDenied.title")}</h1>
      <p className="mt-3 text-slate-700">{t("admin.accessDenied.text")}</p>
      {email && <p className="mt-2 text-sm text-slate-600">{t("admin.accessDenied.signedInAs", { email })}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-secondary inline-flex" onClick={() => history.back()}>
          {t("admin.accessDenied.goBack")}
        </button>
        <Form method="post" action="/logout">
          <button type="submit" className="btn-primary inline-flex">
            {t("admin.accessDenied.signOutRetry")}
          </button>
        </Form>
      </div>
    </div>
  );
}

/** The per-feature denial shown inside the admin shell. */
export function FeatureDenied() {
  const { t } = useI18n();
  const title = useAdminTitle(t("admin.forbidden.title"));
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <title>{title}</title>
      <ShieldAlert aria-hidden="true" className="mx-auto h-12 w-12 text-amber-700" />
      <h1 className="mt-4 text-2xl font-bold">{t("admin.forbidden.title")}</h1>
      <p className="mt-3 text-slate-700">{t("admin.forbidden.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-secondary inline-flex" onClick={() => history.back()}>
          {t("admin.forbidden.goBack")}
        </button>
        <Link to={ADMIN_PATH.dashboard} className="btn-primary inline-flex">
          {t("admin.forbidden.goDashboard")}
        </Link>
      </div>
    </div>
  );
}
