// /admin/payments/all — Admin › Payments › All payments (issue 37 item 7): every payment and refund, newest
// first, filtered by kind, method, course (and one of its groups) and Cairo days (the URL is the filter: works without JavaScript),
// with the filtered totals and, for payments:export, the same view as CSV. payments:view.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { PaymentsListPage } from "~/features/payments/components/payments-list-page.tsx";
import { listPayments } from "~/features/payments/payments-list.server.ts";
import { parsePaymentListQuery } from "~/features/payments/payments.schema.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import { hasPermission } from "~/lib/permissions.server.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/payments-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "payments:view" });
  const filter = parsePaymentListQuery(new URL(request.url).searchParams);
  const list = await listPayments(actor, filter);
  return {
    list,
    filter: { ...filter, run: list.run, page: list.page },
    mayExport: hasPermission(actor, "payments:export"),
    title: getInstance(context).t("adminPayments.list.metaTitle"),
  };
}

export const meta: Route.MetaFunction = adminMeta;

export default function PaymentsListRoute({ loaderData, matches }: Route.ComponentProps) {
  return <PaymentsListPage list={loaderData.list} filter={loaderData.filter} mayExport={loaderData.mayExport} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
