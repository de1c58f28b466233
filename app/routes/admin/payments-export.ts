// /admin/payments/export.csv — the filtered payments list (same query as /admin/payments/all) as a CSV
// download, streamed (issue 37 item 7; payments:export). Refusals are short texts in the request's language.
import { paymentsCsvFilename, streamPaymentsCsv } from "~/features/payments/payments-list.server.ts";
import { parsePaymentListQuery } from "~/features/payments/payments.schema.ts";
import { isLocale } from "~/lib/i18n.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstanceOrFallback } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/payments-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "payments:export", deniedKey: "adminPayments.list.exportForbidden" });
  const filter = parsePaymentListQuery(new URL(request.url).searchParams);
  const i18n = getInstanceOrFallback(context);
  const stream = await streamPaymentsCsv(actor, filter, { locale: isLocale(i18n.language) ? i18n.language : "en" });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${paymentsCsvFilename()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
