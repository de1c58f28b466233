import { useI18n } from "~/lib/use-i18n.ts";
import { useLocation } from "react-router";

/** A failed catalogue load: an honest error with a retry, never sample cards (D3). */
export function CatalogError() {
  const { t } = useI18n();
  const location = useLocation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">{t("catalog.loadError")}</h1>
      <a href={`${location.pathname}${location.search}`} className="btn-primary mt-6 inline-flex">
        {t("actions.retry")}
      </a>
    </div>
  );
}
