// /admin/enrollments — 'Course Enrollments' (SPEC §2 Admin Enrollments, §4 enrollment transitions, §8;
// D5, D17, D18; issue 6). Counters, search, status filter and pages live in the URL and run on the
// server; the details open in a modal (JavaScript) or through ?dialog=details&enrollment=… (without).
import { parseWithZod } from "@conform-to/zod/v4";
import { ClipboardList } from "lucide-react";
import { useCallback, useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { data, isRouteErrorResponse, useLocation, useNavigate, useRouteError } from "react-router";
import { AccessDenied } from "~/components/admin/denied.tsx";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { AdminEnrollmentCounters } from "~/features/enrollments/components/admin-counters.tsx";
import { AdminEnrollmentsDenied } from "~/features/enrollments/components/admin-denied.tsx";
import { AdminEnrollmentDetails, AdminEnrollmentModal } from "~/features/enrollments/components/admin-details.tsx";
import { AdminEnrollmentsPagination, AdminEnrollmentsTable, BULK_FORM_ID } from "~/features/enrollments/components/admin-table.tsx";
import { AdminEnrollmentsToolbar, ENROLLMENTS_PATH } from "~/features/enrollments/components/admin-toolbar.tsx";
import { failureMessage, successMessage, type EnrollmentsReply } from "~/features/enrollments/enrollments-admin-reply.ts";
import {
  ADMIN_ENROLLMENT_ERRORS,
  ENROLLMENT_INTENT_SCHEMAS,
  INTENT_STATUS,
  enrollmentSearch,
  isEnrollmentIntent,
  isUuid,
  parseEnrollmentQuery,
} from "~/features/enrollments/enrollments-admin.schema.ts";
import { enrollmentCounters, getEnrollment, listEnrollments, setEnrollmentStatus } from "~/features/enrollments/enrollments-admin.server.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { can, type Permission } from "~/lib/permissions.ts";
import { adminAction, requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstanceOrFallback } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/enrollments";

export const handle = { permission: "enrollments:view" } satisfies { permission: Permission };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "enrollments:view" });
  const params = new URL(request.url).searchParams;
  const filter = parseEnrollmentQuery(params);
  const [list, counters] = await Promise.all([listEnrollments(actor, filter), enrollmentCounters(actor)]);
  // ?dialog=details&enrollment=<id>: the details without JavaScript (or from a shared link).
  const wanted = params.get("dialog") === "details" ? params.get("enrollment") : null;
  const details = isUuid(wanted) ? (list.rows.find((r) => r.id === wanted) ?? (await getEnrollment(actor, wanted))) : null;
  return {
    list,
    counters,
    details,
    actor: toActorView(actor),
    title: getInstanceOrFallback(context).t("adminEnrollments.metaTitle"),
  };
}

/** Personal data: never cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function reply(value: EnrollmentsReply, status = 200) {
  return data<EnrollmentsReply>(value, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, { permission: "enrollments:view" });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isEnrollmentIntent(intent)) return reply({ intent: null, ok: false, messageKey: ADMIN_ENROLLMENT_ERRORS.invalidRequest }, 400);
  const submission = parseWithZod(formData, { schema: ENROLLMENT_INTENT_SCHEMAS[intent] });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? ADMIN_ENROLLMENT_ERRORS.invalidRequest;
    return reply({ intent, ok: false, messageKey: first }, 400);
  }
  const value = submission.value;
  const ids = "ids" in value ? value.ids : [value.id];
  const status = INTENT_STATUS[intent];
  // setEnrollmentStatus checks enrollments:edit itself (a crafted post without it gets 403).
  const outcome = await adminAction(() => setEnrollmentStatus(actor, ids, status));
  const id = "id" in value ? value.id : undefined;
  if (!("ok" in outcome)) return reply({ intent, ok: false, id, messageKey: outcome.data.messageKey }, outcome.init?.status ?? 400);
  return reply({ intent, ok: true, id, status, changed: outcome.value.changed.length, requested: outcome.value.requested });
}

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function EnrollmentsPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const locale = matches[0].loaderData.locale;
  const { list, counters, details, actor } = loaderData;
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
  const noJsReply = hydrated ? undefined : (actionData as EnrollmentsReply | undefined);
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
        <bulkFetcher.Form
          id={BULK_FORM_ID}
          method="post"
          action={pageAction}
          aria-label={t("adminEnrollments.bulk.label")}
          className={`mb-4 flex flex-wrap items-center gap-3 ${hasPending ? "" : "hidden"}`}
        >
          <p className="text-sm text-slate-700" aria-live="polite">
            {hydrated ? t("adminEnrollments.bulk.selected", { count: selectedCount }) : t("adminEnrollments.bulk.hint")}
          </p>
          <button
            type="submit"
            name="intent"
            value="bulkApprove"
            disabled={hydrated && (selectedCount === 0 || bulkFetcher.state !== "idle")}
            className="btn-secondary inline-flex px-3 py-1.5 text-sm disabled:opacity-60"
          >
            {t("adminEnrollments.bulk.approve")}
          </button>
          <button
            type="submit"
            name="intent"
            value="bulkReject"
            disabled={hydrated && (selectedCount === 0 || bulkFetcher.state !== "idle")}
            className="btn-secondary inline-flex px-3 py-1.5 text-sm disabled:opacity-60"
          >
            {t("adminEnrollments.bulk.reject")}
          </button>
          {bulkFetcher.state !== "idle" && (
            <span role="status" className="text-sm text-slate-700">
              {t("adminEnrollments.actions.updating")}
            </span>
          )}
          {bulkFailure && (
            <span role="alert" className="text-sm text-red-800">
              {bulkFailure}
            </span>
          )}
        </bulkFetcher.Form>
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

/** 403 on this page: SPEC's own wording ('You don't have permission to view enrollments.'). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const body = error.data as { reason?: string; email?: string } | null;
    return body?.reason === "accessDenied" ? <AccessDenied email={body.email} /> : <AdminEnrollmentsDenied />;
  }
  return <AdminRouteError />;
}
