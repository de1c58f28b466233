// Admin › Payments › All payments (issue 37 item 7): the filter bar (kind, method, course and, once a course
// is chosen, one of its groups; Cairo days), the filtered totals, the ledger's payments and refunds (a table
// on a laptop, cards on a phone: the table kit), pages, and the CSV of the same view for staff who may export.
import { Banknote, Download, Search } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Ltr } from "~/components/ui/bidi.tsx";
import { EmptyState, NoMatches } from "~/components/ui/empty-state.tsx";
import { FilterBar, FilterButtons, FilterDate, FilterSelect } from "~/components/ui/filter-bar.tsx";
import { ListPager } from "~/components/ui/pager.tsx";
import { Cell, HeaderCell, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatDateTime } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { formatPiastres } from "~/lib/money.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { Wire } from "~/lib/wire.ts";
import type { PaymentListPage } from "../payments-list.server.ts";
import { LIST_METHODS, PAYMENT_KINDS, paymentListSearch, type PaymentListFilter } from "../payments.schema.ts";

const COLUMNS = ["at", "kind", "amount", "method", "reference", "student", "course", "receiptBy"] as const;

/**
 * A course's name as a filter choice: a select cannot wrap, and a long Latin name in a right-to-left select
 * loses its start, so long names end in an ellipsis instead (the full name is in each row).
 */
const shortTitle = (title: string) => (title.length > 34 ? `${title.slice(0, 33).trimEnd()}…` : title);

export function PaymentsListPage({ list, filter, mayExport, locale }: { list: Wire<PaymentListPage>; filter: PaymentListFilter; mayExport: boolean; locale: Locale }) {
  const { t } = useI18n();
  const l = (key: string, options?: Record<string, unknown>) => t(`adminPayments.list.${key}`, options);
  const money = (piastres: number) => <Ltr>{formatPiastres(piastres, locale)}</Ltr>;
  const applied = [filter.kind, filter.method, filter.course, filter.run, filter.from, filter.to].filter(Boolean).length;
  const all = { value: "", label: l("filters.all") };
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{l("title")}</h1>
      <p className="mt-1 text-slate-700">
        {l("intro")}{" "}
        <Link to={ADMIN_PATH.payments} className="text-teal-800 underline">
          {l("toQueue")}
        </Link>
      </p>

      <div className="mt-6 flex flex-wrap items-start gap-3">
        <FilterBar action={ADMIN_PATH.paymentsList} label={l("filters.label")} applied={applied}>
          <FilterSelect id="payments-kind" name="kind" label={l("filters.kind")} value={filter.kind} options={[all, ...PAYMENT_KINDS.map((k) => ({ value: k, label: l(`kinds.${k}`) }))]} />
          <FilterSelect id="payments-method" name="method" label={l("filters.method")} value={filter.method} options={[all, ...LIST_METHODS.map((m) => ({ value: m, label: l(`methods.${m}`) }))]} />
          <FilterSelect
            id="payments-course"
            name="course"
            label={l("filters.course")}
            value={filter.course}
            options={[all, ...list.courses.map((c) => ({ value: c.id, label: shortTitle(c.title) }))]}
            className="w-full sm:w-auto sm:max-w-72"
            selectClassName="max-w-full py-2"
          />
          {list.runs.length > 0 && (
            <FilterSelect
              id="payments-run"
              name="run"
              label={l("filters.run")}
              value={filter.run}
              options={[all, ...list.runs.map((r) => ({ value: r.id, label: formatRunMoment(r.startsAt, locale, "date") }))]}
            />
          )}
          <FilterDate id="payments-from" name="from" label={l("filters.from")} value={filter.from} />
          <FilterDate id="payments-to" name="to" label={l("filters.to")} value={filter.to} />
          <FilterButtons apply={l("filters.apply")} icon={Search} primary clear={{ href: ADMIN_PATH.paymentsList, label: l("filters.clear"), shown: applied > 0 }} />
        </FilterBar>
        {mayExport && (
          <a href={`${ADMIN_PATH.paymentsExport}${paymentListSearch(filter, 1)}`} download className="btn-secondary inline-flex gap-2 px-4 py-2 text-sm">
            <Download aria-hidden="true" className="h-4 w-4" />
            {l("export")}
          </a>
        )}
      </div>

      <p role="status" className="mt-6 text-sm text-slate-800" data-payment-totals="">
        {l("totals", { count: list.total })} · {l("paidSum")} {money(list.sums.paid)} · {l("refundedSum")} {money(list.sums.refunded)}
      </p>

      {list.rows.length === 0 && applied > 0 ? (
        <NoMatches className="mt-4" title={l("emptyFiltered")} clearHref={ADMIN_PATH.paymentsList} />
      ) : list.rows.length === 0 ? (
        <EmptyState icon={Banknote} title={l("empty")} text={l("emptyText")} className="mt-4" />
      ) : (
        <Table className="mt-3" minWidth="md:min-w-[56rem]" caption={l("caption")}>
          <TableHead>
            {COLUMNS.map((c) => (
              <HeaderCell key={c}>{l(`columns.${c}`)}</HeaderCell>
            ))}
          </TableHead>
          <TableBody>
            {list.rows.map((r) => (
              <tr key={r.id} data-payment-row={r.kind}>
                <Cell label={l("columns.at")} className="text-slate-700">
                  <time dateTime={new Date(r.at).toISOString()} className="whitespace-nowrap">
                    {formatDateTime(r.at, locale)}
                  </time>
                </Cell>
                <Cell label={l("columns.kind")}>
                  <Badge tone={r.kind === "refund" ? "amber" : "green"}>{l(`kinds.${r.kind}`)}</Badge>
                </Cell>
                <Cell label={l("columns.amount")} className="font-semibold">
                  {money(r.amountPiastres)}
                </Cell>
                <Cell label={l("columns.method")}>{r.method ? l(`methods.${r.method}`) : ""}</Cell>
                <Cell label={l("columns.reference")} className="break-words">
                  {/* One box per cell: on a phone's card the cell's content sits as one block beside its label. */}
                  <div>
                    {r.reference && (
                      <bdi dir="auto" className="whitespace-nowrap">
                        {r.reference}
                      </bdi>
                    )}
                    {r.reason && (
                      <span className="block text-slate-700">
                        <bdi dir="auto">{r.reason}</bdi>
                      </span>
                    )}
                  </div>
                </Cell>
                <Cell label={l("columns.student")}>
                  <div>
                    <Link to={`${ADMIN_PATH.enrollments}?dialog=details&enrollment=${r.enrollment.id}`} className="text-teal-800 underline">
                      <bdi dir="auto">{r.enrollment.studentName}</bdi>
                    </Link>
                    <span className="block font-mono text-xs text-slate-600">
                      <Ltr>{r.enrollment.reference}</Ltr>
                    </span>
                  </div>
                </Cell>
                <Cell label={l("columns.course")}>
                  <div>
                    <bdi dir="auto">{r.enrollment.courseName}</bdi>
                    {r.enrollment.runStartsAt && <span className="block text-xs text-slate-600">{formatRunMoment(r.enrollment.runStartsAt, locale, "date")}</span>}
                  </div>
                </Cell>
                <Cell label={l("columns.receiptBy")} className="font-mono text-xs">
                  <div>
                    {r.receiptNumber && <Ltr>{r.receiptNumber}</Ltr>}
                    <span className="block font-sans text-slate-600">{r.recordedBy ? <Ltr>{r.recordedBy}</Ltr> : r.method === "paymob" ? l("system") : null}</span>
                  </div>
                </Cell>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
      {list.pageCount > 1 && (
        <div className="mt-6">
          <ListPager list={list} shown={list.rows.length} href={(page) => `${ADMIN_PATH.paymentsList}${paymentListSearch(filter, page)}`} keys="adminPayments.list.pager" />
        </div>
      )}
    </div>
  );
}
