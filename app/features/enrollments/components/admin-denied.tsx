// The page's own denial (SPEC §2: "Without permission: 'You don't have permission to view enrollments.'"),
// shown by the route's error boundary for a 403 inside the admin shell.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { ShieldAlert } from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link } from "react-router";

export function AdminEnrollmentsDenied() {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <title>{t("adminEnrollments.metaTitle")}</title>
      <ShieldAlert aria-hidden="true" className="mx-auto h-12 w-12 text-amber-700" />
      <h1 className="mt-4 text-2xl font-bold">{t("adminEnrollments.denied.title")}</h1>
      <p role="alert" className="mt-3 text-slate-700">
        {t("adminEnrollments.denied.text")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-secondary inline-flex" onClick={() => history.back()}>
          {t("adminEnrollments.denied.goBack")}
        </button>
        <Link to={ADMIN_PATH.dashboard} className="btn-primary inline-flex">
          {t("adminEnrollments.denied.goDashboard")}
        </Link>
      </div>
    </div>
  );
}
