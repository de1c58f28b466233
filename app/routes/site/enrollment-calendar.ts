// /{en|ar}/enrollment/<reference>/calendar.ics?t=<token> — a confirmed seat's sessions for the student's
// calendar (issue 38 item 3; app/features/enrollments/enrollment-calendar.server.ts). The page's 404 for a
// wrong link or a seat not confirmed yet. Never cached.
import { enrollmentCalendar } from "~/features/enrollments/enrollment-calendar.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { AppError } from "~/lib/errors.ts";
import type { Route } from "./+types/enrollment-calendar";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ics = await enrollmentCalendar(params.reference, new URL(request.url).searchParams.get("t"), getLocale(context));
  if (!ics) throw new AppError("not_found", "errors.notFoundText");
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${params.reference.replace(/[^A-Z0-9-]/gi, "")}.ics"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
