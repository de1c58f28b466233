// /admin/enrollments — 'Course Enrollments' (SPEC §2 Admin Enrollments, §4 enrollment transitions, §8;
// D5, D17, D18; issue 6). Counters, search, status filter and pages live in the URL and run on the
// server; the details open in a modal (JavaScript) or through ?dialog=details&enrollment=… (without).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { AccessDenied } from "~/components/admin/denied.tsx";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { AdminEnrollmentsDenied } from "~/features/enrollments/components/admin-denied.tsx";
import { EnrollmentsPage } from "~/features/enrollments/components/enrollments-page.tsx";
import type { EnrollmentsReply } from "~/features/enrollments/enrollments-admin-reply.ts";
import {
  ADMIN_ENROLLMENT_ERRORS,
  ENROLLMENT_INTENT_SCHEMAS,
  INTENT_STATUS,
  isEnrollmentIntent,
  isUuid,
  parseEnrollmentQuery,
} from "~/features/enrollments/enrollments-admin.schema.ts";
import { enrollmentCounters, getEnrollment, listEnrollments, setEnrollmentStatus } from "~/features/enrollments/enrollments-admin.server.ts";
import type { Permission } from "~/lib/permissions.ts";
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

export default function EnrollmentsRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { title: _title, ...page } = loaderData;
  return <EnrollmentsPage {...page} actionData={actionData as EnrollmentsReply | undefined} locale={matches[0].loaderData.locale} />;
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
