// "Requests by source, last 30 days" (issue 19 point 10, ADR 021): each source with its count and a bar
// scaled to the largest, as a list (no chart library, no JavaScript needed); phones and desktops alike.
import { useId } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { formatNumber } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import type { SourceCount } from "../dashboard.server.ts";

export function SourcesCard({ sources, locale }: { sources: SourceCount[] | null; locale: Locale }) {
  const { t } = useI18n();
  const titleId = useId();
  const max = Math.max(1, ...(sources ?? []).map((s) => s.count));
  const label = (s: SourceCount) =>
    s.kind === "direct" ? t("admin.dashboard.sources.direct") : s.kind === "other" ? t("admin.dashboard.sources.other") : s.source;
  return (
    <section aria-labelledby={titleId} data-testid="dashboard-sources" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t("admin.dashboard.sources.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("admin.dashboard.sources.description")}</p>
      {sources === null ? (
        <p role="status" className="mt-4 text-slate-700">
          {t("admin.dashboard.sources.unavailable")}
        </p>
      ) : sources.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("admin.dashboard.sources.empty")}</p>
      ) : (
        <table className="mt-4 w-full table-fixed text-sm">
          <caption className="sr-only">{t("admin.dashboard.sources.title")}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t("admin.dashboard.sources.source")}</th>
              <th scope="col">{t("admin.dashboard.sources.requests")}</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((s) => (
              <tr key={`${s.kind}:${s.source ?? ""}`} data-source-kind={s.kind} className="border-t border-slate-100 first:border-t-0">
                <th scope="row" className="py-2 pe-3 text-start font-normal">
                  <bdi dir="auto" className="block truncate font-medium text-slate-900" title={label(s) ?? undefined}>
                    {label(s)}
                  </bdi>
                  <span aria-hidden="true" className="mt-1 block h-2 rounded-full bg-slate-100">
                    <span
                      className={`block h-2 rounded-full ${s.kind === "source" ? "bg-teal-600" : "bg-slate-400"}`}
                      style={{ width: `${Math.max(2, Math.round((s.count / max) * 100))}%` }}
                    />
                  </span>
                </th>
                <td className="w-16 py-2 text-end align-top font-semibold tabular-nums text-slate-900" data-count>
                  {formatNumber(s.count, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
