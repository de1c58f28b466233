import { useTranslation } from "react-i18next";

export function SiteFooter({ brand }: { brand: string }) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm text-slate-600">
        {t("footer.rights", { year: new Date().getFullYear(), brand })}
      </div>
    </footer>
  );
}
