// The Admin Enrollments page (SPEC §2 Admin Enrollments, §4 enrollment transitions; D5, D17, D18; issue 6):
// counters, search and status filter, the table with its bulk bar, and the details modal. The route holds
// its loader and action.
import { ClipboardList } from "lucide-react";
import { useCallback, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { can, type ActorView } from "~/lib/permissions.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { failureMessage } from "~/lib/admin-reply.ts";
import { successMessage, type EnrollmentsReply } from "../enrollments-admin.schema.ts";
import { enrollmentSearch } from "../enrollments-admin.schema.ts";
import type { AdminEnrollmentRow, EnrollmentCounters, EnrollmentList } from "../enrollments-admin.server.ts";
import { AdminEnrollmentsBulkBar } from "./admin-bulk-bar.tsx";
import { AdminEnrollmentCounters } from "./admin-counters.tsx";
import { AdminEnrollmentDetails, AdminEnrollmentModal } from "./admin-details.tsx";
import { AdminEnrollmentsPagination, AdminEnrollmentsTable } from "./admin-table.tsx";
import { AdminEnrollmentsToolbar, ENROLLMENTS_PATH } from "./admin-toolbar.tsx";

export interface EnrollmentsPageProps {
  list: EnrollmentList;
  counters: EnrollmentCounters;
  details: AdminEnrollmentRow | null;
  actor: ActorView;
  actionData: EnrollmentsReply | undefined;
  locale: Locale;
}

export function EnrollmentsPage({ list, counters, details, actor, actionData, locale }: EnrollmentsPageProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const canEdit = can(actor, "enrollments:edit");
  const canExport = can(actor, "enrollments:export");

  const listHref = `${ENROLLMENTS_PATH}${enrollmentSearch(list.filter)}`;
  const pageAction = listHref;
  const detailsHref = (id: string) => {
    const params = new URLSearchParams(enrollmentSearch(list.filter));
    params.set("dialog", "details");
    params.set("enrollment", id);
    return `${ENROLLMENTS_PATH}?${params.toString()}`;
  };
  const pageHref = (page: number) => `${ENROLLMENTS_PATH}${enrollmentSearch({ ...list.filter, page })}`;

  // The details: from the URL first, then whichever row the user opens (the row's current data).
  const [openId, setOpenId] = useState<string | null>(() => details?.id ?? null);
  const openRow = openId ? (list.rows.find((r) => r.id === openId) ?? (details?.id === openId ? details : null)) : null;
  const closeDetails = useCallback(() => {
    setOpenId(null);
    if (new URLSearchParams(location.search).has("dialog")) void navigate(listHref, { replace: true, preventScrollReset: true });
  }, [location.search, navigate, listHref]);
  const shownDetails = hydrated ? openRow : details;

  // Bulk selection (only pending rows can be selected).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const bulkFetcher = useFreshFetcher<EnrollmentsReply>("enrollments-bulk");
  useOnSuccess(bulkFetcher, (r) => {
    showToast("success", successMessage(t, r));
    setSelected(new Set());
  });
  const bulkFailure = bulkFetcher.state === "idle" ? failureMessage(t, bulkFetcher.data) : null;
  const selectedCount = list.rows.filter((r) => r.status === "pending" && selected.has(r.id)).length;
  const hasPending = list.rows.some((r) => r.status === "pending");

  // Without JavaScript: the page after a post shows its outcome in place.
  const noJsReply = hydrated ? undefined : actionData;
  const filtered = list.filter.q !== "" || list.filter.status !== "all";

  return (
    <div>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("adminEnrollments.title")}</h1>
        <p className="mt-1 text-slate-700">{t("adminEnrollments.intro")}</p>
      </div>

      {noJsReply && (
        <p
          role={noJsReply.ok ? "status" : "alert"}
          className={`mt-6 rounded-lg border p-3 text-sm ${
            noJsReply.ok ? "border-emerald-200 bg-emerald-50 text-emerald-950" : "border-red-200 bg-red-50 text-red-800"
          }`}
        >
          {noJsReply.ok ? successMessage(t, noJsReply) : failureMessage(t, noJsReply)}
        </p>
      )}

      <AdminEnrollmentCounters counters={counters} locale={locale} />
      <AdminEnrollmentsToolbar filter={list.filter} hydrated={hydrated} canExport={canExport} />

      <div className="mt-6">
        <AdminEnrollmentModal
          open={Boolean(shownDetails)}
          hydrated={hydrated}
          onClose={closeDetails}
          title={t("adminEnrollments.details.title")}
          description={shownDetails ? t("adminEnrollments.details.description", { id: shownDetails.enrollmentId }) : undefined}
        >
          {shownDetails && (
            <AdminEnrollmentDetails
              enrollment={shownDetails}
              locale={locale}
              canEdit={canEdit}
              hydrated={hydrated}
              action={pageAction}
              closeHref={listHref}
              onClose={closeDetails}
              onDone={closeDetails}
            />
          )}
        </AdminEnrollmentModal>
      </div>

      {canEdit && (
        <AdminEnrollmentsBulkBar
          fetcher={bulkFetcher}
          action={pageAction}
          hydrated={hydrated}
          hasPending={hasPending}
          selectedCount={selectedCount}
          failure={bulkFailure}
        />
      )}

      {list.rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <ClipboardList aria-hidden="true" className="mx-auto h-10 w-10 text-slate-500" />
          <p className="mt-3 text-lg font-semibold text-slate-900">
            {filtered ? t("adminEnrollments.emptyFiltered") : t("adminEnrollments.empty")}
          </p>
          {!filtered && <p className="mt-1 text-slate-700">{t("adminEnrollments.emptyText")}</p>}
        </div>
      ) : (
        <>
          <AdminEnrollmentsTable
            rows={list.rows}
            locale={locale}
            canEdit={canEdit}
            hydrated={hydrated}
            action={pageAction}
            detailsHref={detailsHref}
            onOpenDetails={setOpenId}
            selected={selected}
            onSelectedChange={setSelected}
          />
          <AdminEnrollmentsPagination
            page={list.page}
            pageCount={list.pageCount}
            pageSize={list.pageSize}
            total={list.total}
            capped={list.capped}
            pageHref={pageHref}
          />
        </>
      )}
    </div>
  );
}
