// /admin/audit — the audit log (issue 4 point 7; D18: admin only): who did what to which entity, when
// and from where, newest first, filtered by user email and entity, 50 per page. Read-only: no action.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { AuditPage } from "~/features/audit/components/audit-page.tsx";
import { parseAuditFilter } from "~/features/audit/audit-log.schema.ts";
import { listAuditLog } from "~/features/audit/audit-log.server.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { adminOnly: true });
  const filter = parseAuditFilter(new URL(request.url).searchParams);
  const log = await listAuditLog(actor, { actorEmail: filter.user, entity: filter.entity, page: filter.page });
  return { log, filter: { user: filter.user ?? "", entity: filter.entity ?? "" }, title: getInstance(context).t("audit.metaTitle"), count: log.total };
}

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function AuditRoute({ loaderData, matches }: Route.ComponentProps) {
  return <AuditPage log={loaderData.log} filter={loaderData.filter} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
