// /admin/enrollments — 'Course Enrollments' (SPEC §2 Admin Enrollments, §4 enrollment transitions, §8;
// D5, D17, D18; issue 6). Counters, search, status and run filters and pages live in the URL and run on
// the server; the details open in a modal (JavaScript) or through ?dialog=details&enrollment=… (without).
import { isRouteErrorResponse, useRouteError } from "react-router";
import { AccessDenied } from "~/components/admin/denied.tsx";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { AdminEnrollmentsDenied } from "~/features/enrollments/components/admin-denied.tsx";
import { EnrollmentsPage } from "~/features/enrollments/components/enrollments-page.tsx";
import { isUuid, parseEnrollmentQuery } from "~/features/enrollments/enrollments-admin.schema.ts";
import { enrollmentCounters, getEnrollment, getRunFilter, listEnrollments, studentActivity } from "~/features/enrollments/enrollments-admin.server.ts";
import { enrollmentsAction } from "~/features/enrollments/enrollments-actions.server.ts";
import { decisionUndoSeconds, getDecisionRun } from "~/features/enrollments/enrollment-decisions.server.ts";
import { getEnrollmentLedger } from "~/domain/payments/ledger.server.ts";
import { enrollmentPagePath } from "~/domain/enrollments/enrollment-link.server.ts";
import { isLocale } from "~/lib/i18n.ts";
import { appErrorData } from "~/lib/errors.ts";
import { hasPermission } from "~/lib/permissions.server.ts";
import { requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstanceOrFallback } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/enrollments";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "enrollments:view" });
  const params = new URL(request.url).searchParams;
  const filter = parseEnrollmentQuery(params);
  // ?run=<id> (issue 20): the run's requests, its counters, and its course's runs to switch between.
  const readingCounters = enrollmentCounters(actor, { run: filter.run });
  const [list, counters, run] = await Promise.all([
    listEnrollments(actor, filter, filter.run ? {} : { counters: readingCounters }),
    readingCounters,
    filter.run ? getRunFilter(actor, filter.run) : null,
  ]);
  // ?dialog=details|reject|reopen&enrollment=<id>: the details, or a confirmation, of one enrollment.
  const wanted = ["details", "reject", "reopen"].includes(params.get("dialog") ?? "") ? params.get("enrollment") : null;
  const found = isUuid(wanted) ? (list.rows.find((r) => r.id === wanted) ?? (await getEnrollment(actor, wanted))) : null;
  const activity = found ? await studentActivity(actor, found) : null;
  const details =
    found && activity
      ? { ...found, studentLastSignInAt: activity.lastSignInAt, studentChanges: activity.changes, studentPage: enrollmentPagePath(isLocale(found.locale) ? found.locale : "en", found.enrollmentId) }
      : null;
  // The details' run with its seats and waiting list (issue 20: Give a seat, Approve beyond capacity).
  const detailsRun = details?.runId ? await getDecisionRun(actor, details.runId) : null;
  // What the request owes and paid (issue 37), for staff who may see payments.
  const detailsMoney = details && hasPermission(actor, "payments:view") ? await getEnrollmentLedger(actor, details.id) : null;
  return {
    list,
    counters,
    run,
    details,
    detailsRun,
    detailsMoney,
    actor: toActorView(actor),
    undoSeconds: decisionUndoSeconds(),
    title: getInstanceOrFallback(context).t("adminEnrollments.metaTitle"),
    // A capped search total ("at least …") is no count for the title.
    count: list.capped ? undefined : list.total,
  };
}

/** Personal data: never cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const action = (args: Route.ActionArgs) => enrollmentsAction(args);

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function EnrollmentsRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { title: _title, count: _count, ...page } = loaderData;
  return <EnrollmentsPage {...page} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

/** 403 on this page: SPEC's own wording ('You don't have permission to view enrollments.'). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const body = appErrorData(error.data);
    return body?.reason === "accessDenied" ? <AccessDenied email={body.email} /> : <AdminEnrollmentsDenied />;
  }
  return <AdminRouteError />;
}
