// /admin/enrollments/export.csv — the current filtered view of Admin Enrollments (same ?q and ?status)
// as a CSV download, streamed from the database (issue 6; permission enrollments:export, D18).
import { streamEnrollmentsCsv, csvFilename } from "~/features/enrollments/enrollments-admin.server.ts";
import { parseEnrollmentQuery } from "~/features/enrollments/enrollments-admin.schema.ts";
import { isAppError } from "~/lib/errors.ts";
import { isLocale } from "~/lib/i18n.ts";
import type { Permission } from "~/lib/permissions.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstanceOrFallback } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/enrollments-export";

export const handle = { permission: "enrollments:export" } satisfies { permission: Permission };

/** A refusal as a short translated text (a download link has no page to show it in). */
function forbidden(text: string): Response {
  return new Response(text, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}

function isForbiddenData(thrown: unknown): boolean {
  const init = (thrown as { init?: ResponseInit | null } | null)?.init;
  return Boolean(thrown && typeof thrown === "object" && !(thrown instanceof Response) && init?.status === 403);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const i18n = getInstanceOrFallback(context);
  const deniedText = i18n.t("adminEnrollments.export.forbidden");
  let actor;
  try {
    // Anonymous → /login; another role → 403; a generated password → the forced change; no flag → 403.
    actor = requireActor(context, { permission: "enrollments:export" });
  } catch (thrown) {
    if (isForbiddenData(thrown)) throw forbidden(deniedText);
    throw thrown;
  }
  const filter = parseEnrollmentQuery(new URL(request.url).searchParams);
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  let stream: ReadableStream<Uint8Array>;
  try {
    stream = await streamEnrollmentsCsv(actor, filter, { locale });
  } catch (err) {
    if (isAppError(err) && err.status === 403) throw forbidden(deniedText);
    throw err;
  }
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
