// /admin/payments — Admin › Payments (issue 37 items 4 and 7): the proofs of payment students sent, oldest
// first, each beside what its request still owes, with "Mark paid" and "Reject". Built for a phone: one
// proof per card, the picture first. payments:view to see it, payments:verify to decide.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { proofQueue } from "~/domain/payments/proofs.server.ts";
import { PaymentsPage } from "~/features/payments/components/payments-page.tsx";
import { paymentsAction } from "~/features/payments/payments-actions.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import { hasPermission } from "~/lib/permissions.server.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/payments";

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "payments:view" });
  const queue = await proofQueue(actor);
  return {
    queue,
    mayVerify: hasPermission(actor, "payments:verify"),
    title: getInstance(context).t("adminPayments.metaTitle"),
    count: queue.total,
  };
}

export const action = (args: Route.ActionArgs) => paymentsAction(args);

export const meta: Route.MetaFunction = adminMeta;

export default function PaymentsRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <PaymentsPage queue={loaderData.queue} mayVerify={loaderData.mayVerify} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
