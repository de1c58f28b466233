// The instructor dashboard's error screen (SPEC §8): the load failed, the session has ended; 'Back to Login'.
import { Link } from "react-router";
import { useI18n } from "~/lib/use-i18n.ts";

export function PortalError({ messageKey }: { messageKey: string }) {
  const { t } = useI18n();
  return (
    <main id="main" className="flex min-h-screen flex-1 items-center justify-center bg-slate-50 px-4">
      <section role="alert" aria-labelledby="portal-error-title" className="w-full max-w-md rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm">
        <h1 id="portal-error-title" className="text-xl font-bold text-slate-900">
          {t("instructorPortal.errors.title")}
        </h1>
        <p className="mt-3 text-red-800">{t(messageKey)}</p>
        <Link to="/instructor-login" className="btn-primary mt-6 inline-flex px-4 py-2">
          {t("instructorPortal.errors.backToLogin")}
        </Link>
      </section>
    </main>
  );
}
