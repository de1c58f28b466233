// "Requests by source, last 30 days" (issue 19 point 10, ADR 021): each source with its count and a bar
// scaled to the largest, as an ordered list, largest first (no chart library, no JavaScript needed).
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
        <ol className="mt-4 max-w-2xl space-y-3 text-sm">
          {sources.map((s) => (
            <li key={`${s.kind}:${s.source ?? ""}`} data-source-kind={s.kind}>
              <div className="flex items-baseline justify-between gap-3">
                <bdi dir="auto" className="min-w-0 truncate font-medium text-slate-900" title={label(s) ?? undefined}>
                  {label(s)}
                </bdi>
                <span className="shrink-0 font-semibold tabular-nums text-slate-900" data-count>
                  {formatNumber(s.count, locale)}
                </span>
              </div>
              <span aria-hidden="true" className="mt-1 block h-2 rounded-full bg-slate-100">
                <span
                  className={`block h-2 rounded-full ${s.kind === "source" ? "bg-teal-600" : "bg-slate-400"}`}
                  style={{ width: `${Math.max(2, Math.round((s.count / max) * 100))}%` }}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
