// /admin/enrollments/export.csv — the current filtered view of Admin Enrollments (same ?q and ?status)
// as a CSV download, streamed from the database (issue 6; permission enrollments:export, D18).
import { streamEnrollmentsCsv, csvFilename } from "~/features/enrollments/enrollments-admin.server.ts";
import { parseEnrollmentQuery } from "~/features/enrollments/enrollments-admin.schema.ts";
import { isLocale } from "~/lib/i18n.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstanceOrFallback } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/enrollments-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Anonymous → /login; another role → 403; a generated password → the forced change; no flag → 403, said
  // as a short text in the request's language (a download link has no page to show it in:
  // app/middleware/app-errors.server.ts).
  const actor = requireActor(context, { permission: "enrollments:export", deniedKey: "adminEnrollments.export.forbidden" });
  const filter = parseEnrollmentQuery(new URL(request.url).searchParams);
  const i18n = getInstanceOrFallback(context);
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const stream = await streamEnrollmentsCsv(actor, filter, { locale });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFilename()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
