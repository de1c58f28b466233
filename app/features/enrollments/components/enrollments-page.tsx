// The Admin Enrollments page (SPEC §2 Admin Enrollments, §4 enrollment transitions; D5, D17, D18; issue 6):
// counters, search and status filter, the table with its bulk bar, the details and the confirmations of a
// reject (one row, or the ticked rows) and of a move back to pending: dialogs of the kit, in the URL
// (?dialog=details|reject|bulkReject|reopen&enrollment=…). A decision's outcome offers Undo while its
// email waits (issue 17 point 3). The route holds its loader and action.
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { ClipboardList } from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { EmptyState, NoMatches } from "~/components/ui/empty-state.tsx";
import { RoleNote } from "~/components/admin/role-note.tsx";
import { introKey } from "~/lib/role-copy.ts";
import { Notice } from "~/components/ui/notice.tsx";
import { useUrlDialog } from "~/components/ui/url-dialog.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { can, type ActorView } from "~/lib/permissions.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import { isWaitingListOrder, type EnrollmentsReply } from "../enrollments-admin.schema.ts";
import { enrollmentSearch } from "../enrollments-admin.schema.ts";
import type { AdminEnrollmentRow, EnrollmentCounters, EnrollmentList, RunFilterInfo } from "../enrollments-admin.server.ts";
import type { Wire } from "~/lib/wire.ts";
import type { LedgerSummary } from "~/domain/payments/ledger.ts";
import { RunFilterBanner } from "./run-filter-banner.tsx";
import { AdminEnrollmentsBulkBar } from "./admin-bulk-bar.tsx";
import { AdminEnrollmentCounters } from "./admin-counters.tsx";
import { AdminEnrollmentsDialogs } from "./admin-dialogs.tsx";
import { runFullMessage, runSuccessMessage, type DecisionRun } from "../run-decisions.schema.ts";
import { ENROLLMENT_DIALOGS } from "./admin-status.tsx";
import { AdminEnrollmentsPagination, AdminEnrollmentsTable } from "./admin-table.tsx";
import { AdminEnrollmentsToolbar } from "./admin-toolbar.tsx";
import { FloatingDecisionNotice, showDecision, StaticDecisionNotice, undoable } from "./decision-notice.tsx";

/** Parameters of the bulk confirmation (the ticked ids, without JavaScript). */
const BULK_PARAMS = ["ids"];

export interface EnrollmentsPageProps {
  list: EnrollmentList;
  counters: EnrollmentCounters;
  details: AdminEnrollmentRow | null;
  /** The details' run with its seats (getDecisionRun), or null. */
  detailsRun?: DecisionRun | null;
  /** The details' money (issue 37), when the staff member may see payments. */
  detailsMoney?: Wire<LedgerSummary> | null;
  actor: ActorView;
  actionData: EnrollmentsReply | undefined;
  locale: Locale;
  /** How long a decision can be undone before its email leaves (seconds). */
  undoSeconds: number;
  /** The run the list is filtered by (?run=…), with its course's runs; null without one (issue 20). */
  run?: Wire<RunFilterInfo> | null;
}

export function EnrollmentsPage({ list, counters, details, detailsRun = null, detailsMoney = null, actor, actionData, locale, undoSeconds, run = null }: EnrollmentsPageProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const canEdit = can(actor, "enrollments:edit");
  const canExport = can(actor, "enrollments:export");

  const listHref = `${ADMIN_PATH.enrollments}${enrollmentSearch(list.filter)}`;
  const pageAction = listHref;
  const pageHref = (page: number) => `${ADMIN_PATH.enrollments}${enrollmentSearch({ ...list.filter, page })}`;

  // ?dialog=details|reject&enrollment=<id>, ?dialog=bulkReject (&ids=… without JavaScript).
  const dialog = useUrlDialog({ kinds: ENROLLMENT_DIALOGS, idParam: "enrollment", params: BULK_PARAMS });
  const { finish } = dialog;
  const onDone = useCallback(
    (reply: EnrollmentsReply) => {
      // A decision's notice offers Undo while its email waits; anything else is a toast.
      showDecision(t, reply);
      finish();
    },
    [t, finish],
  );

  // Bulk selection (only pending rows can be selected).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const bulkFetcher = useFreshFetcher<EnrollmentsReply>("enrollments-bulk");
  useOnSuccess(bulkFetcher, (r) => {
    showDecision(t, r);
    setSelected(new Set());
  });
  const bulkFailure = bulkFetcher.state === "idle" ? failureMessage(t, bulkFetcher.data) : null;
  const selectedIds = list.rows.filter((r) => r.status === "pending" && selected.has(r.id)).map((r) => r.id);
  const selectedCount = selectedIds.length;
  const hasPending = list.rows.some((r) => r.status === "pending");
  // The ticked rows to reject: in the URL after the bar's GET without JavaScript, else the selection.
  // With JavaScript, the rows ticked when the confirmation opened (they leave "pending" once rejected).
  const [ticked, setTicked] = useState<string[]>([]);
  const urlIds = searchParams.getAll("ids");
  const bulkIds = urlIds.length > 0 ? urlIds : ticked;
  const onBulkRejected = useCallback(
    (reply: EnrollmentsReply) => {
      setSelected(new Set());
      onDone(reply);
    },
    [onDone],
  );

  // Without JavaScript: the page after a post shows its outcome in place.
  const noJsReply = hydrated ? undefined : actionData;
  const filtered = list.filter.q !== "" || list.filter.status !== "all" || list.filter.run !== "";
  // What the table and the dialogs both act on: the page's rows, and where their decisions post.
  const listProps = { rows: list.rows, canEdit, locale, action: pageAction, dialog };
  let outcome: ReactNode = null;
  // A payment form's answer (issue 37) shows in its form; a success also here, as the page was reloaded.
  const moneyReply = noJsReply?.intent === "recordPayment" || noJsReply?.intent === "setDue" ? noJsReply : undefined;
  if (moneyReply) {
    if (moneyReply.ok) {
      outcome = (
        <Notice tone="success" className="mt-6">
          {t(moneyReply.intent === "recordPayment" ? "adminEnrollments.payments.recorded" : "adminEnrollments.payments.dueChanged")}
        </Notice>
      );
    }
  } else if (undoable(noJsReply)) outcome = <StaticDecisionNotice reply={noJsReply} action={pageAction} />;
  else if (noJsReply) outcome = <Notice tone={noJsReply.ok ? "success" : "error"} className="mt-6">{noJsReply.ok ? runSuccessMessage(t, noJsReply) : (runFullMessage(t, noJsReply) ?? failureMessage(t, noJsReply))}</Notice>;

  return (
    <div>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("adminEnrollments.title")}</h1>
        <p className="mt-1 text-slate-700">
          {t(introKey(actor, "enrollments", ["edit", "export"], { full: "adminEnrollments.intro", limited: "adminEnrollments.introLimited" }))}
        </p>
        <RoleNote actor={actor} resource="enrollments" />
      </div>

      {outcome}
      {hydrated && <FloatingDecisionNotice action={pageAction} />}

      <RunFilterBanner run={run} filter={list.filter} counters={counters} locale={locale} />
      <AdminEnrollmentCounters counters={counters} locale={locale} forRun={list.filter.run !== ""} />
      <AdminEnrollmentsToolbar filter={list.filter} canExport={canExport} run={run} locale={locale} />

      <AdminEnrollmentsDialogs
        {...listProps}
        details={details}
        detailsRun={detailsRun}
        detailsMoney={detailsMoney}
        canVerify={can(actor, "payments:verify")}
        canRefund={can(actor, "payments:refund")}
        moneyReply={moneyReply}
        undoSeconds={undoSeconds}
        bulkIds={bulkIds}
        onDone={onDone}
        onBulkRejected={onBulkRejected}
      />

      {canEdit && (
        <AdminEnrollmentsBulkBar
          fetcher={bulkFetcher}
          action={pageAction}
          hydrated={hydrated}
          hasPending={hasPending}
          selectedCount={selectedCount}
          failure={bulkFailure}
          dialog={dialog}
          onReject={() => setTicked(selectedIds)}
          listParams={[...new URLSearchParams(enrollmentSearch(list.filter))]}
        />
      )}

      {list.rows.length === 0 ? (
        filtered ? (
          <NoMatches title={t("adminEnrollments.emptyFiltered")} clearHref={ADMIN_PATH.enrollments} />
        ) : (
          <EmptyState icon={ClipboardList} title={t("adminEnrollments.empty")} text={t("adminEnrollments.emptyText")} />
        )
      ) : (
        <>
          <AdminEnrollmentsTable {...listProps} hydrated={hydrated} selected={selected} onSelectedChange={setSelected} waitingOrder={isWaitingListOrder(list.filter)} />
          <AdminEnrollmentsPagination list={list} pageHref={pageHref} />
        </>
      )}
    </div>
  );
}
