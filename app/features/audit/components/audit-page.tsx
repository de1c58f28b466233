import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Ltr } from "~/components/ui/bidi.tsx";
import { NoMatches } from "~/components/ui/empty-state.tsx";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/ui/filter-bar.tsx";
import { Cell, HeaderCell, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { auditActionLabel, auditEntityLabel } from "../audit-labels.ts";
import { AuditActor, AuditDetails, AuditSubjectCell } from "./audit-cells.tsx";
import type { AuditLogPage } from "../audit-log.server.ts";


/** The filters as the page shows them (empty strings when unset). */
export interface AuditFilterValues {
  user: string;
  entity: string;
}

function pageHref(filter: AuditFilterValues, page: number): string {
  const params = new URLSearchParams();
  if (filter.user) params.set("user", filter.user);
  if (filter.entity) params.set("entity", filter.entity);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${ADMIN_PATH.audit}?${query}` : ADMIN_PATH.audit;
}

/** The audit log: filters by user and entity, the entries, and pages (admin only; the route checks). */
export function AuditPage({ log, filter, locale }: { log: AuditLogPage; filter: AuditFilterValues; locale: Locale }) {
  const { t } = useI18n();
  const actionLabel = (action: string) => auditActionLabel(t, action);
  const entityLabel = (entity: string) => auditEntityLabel(t, entity);
  const filtered = Boolean(filter.user || filter.entity);
  const entityOptions = [{ value: "", label: t("audit.filters.allEntities") }, ...log.entities.map((entity) => ({ value: entity, label: entityLabel(entity) }))];
  const cell = "align-top";

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{t("audit.title")}</h1>
      <p className="mt-1 text-slate-700">{t("audit.intro")}</p>

      <div className="mt-6">
        <FilterBar action={ADMIN_PATH.audit} label={t("audit.filters.label")} applied={[filter.user, filter.entity].filter(Boolean).length} search>
          <FilterSearch
            id="audit-user"
            name="user"
            dir="ltr"
            label={t("audit.filters.user")}
            placeholder={t("audit.filters.userPlaceholder")}
            value={filter.user}
            maxLength={254}
            className="w-full sm:w-auto sm:min-w-56"
            inputClassName="text-start"
          />
          {/* With fewer than two kinds of entry the choice would change nothing: no filter of one option. */}
          {(log.entities.length > 1 || filter.entity) && (
            <FilterSelect id="audit-entity" name="entity" label={t("audit.filters.entity")} value={filter.entity} options={entityOptions} className="w-full sm:w-auto sm:min-w-48" selectClassName="" />
          )}
          <button type="submit" className="btn-primary inline-flex px-4 py-2.5 text-sm">
            {t("audit.filters.apply")}
          </button>
          {filtered && (
            <Link to={ADMIN_PATH.audit} className="py-2.5 text-sm text-teal-800 underline">
              {t("audit.filters.clear")}
            </Link>
          )}
        </FilterBar>
      </div>

      <p className="mt-6 text-sm text-slate-700" role="status">
        {t("audit.total", { count: log.total })}
      </p>

      {log.entries.length === 0 && filtered ? (
        <NoMatches className="mt-4" title={t("audit.emptyFiltered")} clearHref={ADMIN_PATH.audit} />
      ) : log.entries.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-700">
          {t("audit.empty")}
        </p>
      ) : (
        <Table className="mt-3" minWidth="md:min-w-[48rem]" caption={t("audit.table.caption")}>
          <TableHead>
            {(["when", "who", "action", "subject", "ip", "details"] as const).map((col) => (
              <HeaderCell key={col}>{t(`audit.table.${col}`)}</HeaderCell>
            ))}
          </TableHead>
          <TableBody>
            {log.entries.map((entry) => (
              <tr key={entry.id}>
                <Cell label={t("audit.table.when")} className={`${cell} text-slate-700`}>
                  <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt, locale, { seconds: true })}</time>
                </Cell>
                <Cell label={t("audit.table.who")} className={`${cell} min-w-[9rem]`}>
                  <AuditActor entry={entry} />
                </Cell>
                <Cell label={t("audit.table.action")} className={cell}>{actionLabel(entry.action)}</Cell>
                <Cell label={t("audit.table.subject")} className={`${cell} min-w-[9rem]`}>
                  <AuditSubjectCell entity={entry.entity} subject={entry.subject} locale={locale} />
                </Cell>
                <Cell label={t("audit.table.ip")} className={`${cell} font-mono text-xs text-slate-700`}>{entry.ip && <Ltr>{entry.ip}</Ltr>}</Cell>
                <Cell label={t("audit.table.details")} className={cell}>
                  <AuditDetails entry={entry} locale={locale} />
                </Cell>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}

      {log.pageCount > 1 && (
        <nav aria-label={t("audit.pagination.label")} className="mt-6 flex flex-wrap items-center justify-between gap-4">
          {log.page > 1 ? (
            <Link to={pageHref(filter, log.page - 1)} className="btn-secondary inline-flex gap-1 px-4 py-2 text-sm" rel="prev">
              <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
              {t("audit.pagination.previous")}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-slate-700">
            {t("audit.pagination.page", { page: log.page, pageCount: log.pageCount })}
          </p>
          {log.page < log.pageCount ? (
            <Link to={pageHref(filter, log.page + 1)} className="btn-secondary inline-flex gap-1 px-4 py-2 text-sm" rel="next">
              {t("audit.pagination.next")}
              <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
