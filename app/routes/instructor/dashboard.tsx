// /instructor-dashboard (SPEC §2 instructor area, §4 session, §8; D7, D8). Every request checks the
// instructor session on the server (expired → /instructor-login). Shows the instructor's assigned
// courses only (the query filters by the session's instructor), drafts included, with a details modal
// and the view-only materials viewer; the expiry banner counts down to the server's expiry. A load
// failure shows the SPEC error view with 'Back to Login' and ends the session. The page is
// features/instructor-accounts/components/portal-dashboard.tsx.
import { data } from "react-router";
import { PORTAL_ERRORS } from "~/features/instructor-accounts/accounts.schema.ts";
import { PortalDashboard } from "~/features/instructor-accounts/components/portal-dashboard.tsx";
import { PortalError } from "~/features/instructor-accounts/components/portal-error.tsx";
import { getInstructorPortal } from "~/features/instructor-accounts/portal.server.ts";
import { isAppError } from "~/lib/errors.ts";
import { refusalOf } from "~/lib/form-reply.server.ts";
import { ensureStaffStrings } from "~/lib/i18n-client.ts";
import { endInstructorSession, refreshedSessionHeaders, requireInstructorSession } from "~/lib/instructor-session.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/dashboard";

/** On client navigation into this area, fetch the staff strings before rendering. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), ensureStaffStrings()]);
  return loaded;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireInstructorSession(request);
  const title = getInstance(context).t("instructorPortal.dashboard.metaTitle");
  try {
    const portal = await getInstructorPortal(session);
    return data(
      {
        ok: true as const,
        title,
        ...portal,
        session: {
          expiresAt: session.expiresAt.toISOString(),
          windowMs: session.expiresAt.getTime() - session.createdAt.getTime(),
          serverNow: Date.now(),
        },
      },
      // The cookies follow the session's expiry, which an extension of the account moves (issue 36 item 13).
      { headers: refreshedSessionHeaders(request, session) },
    );
  } catch (err) {
    // SPEC §8: a dashboard load failure shows the error screen and logs out.
    // The refusal has every form's shape (one converter); anything unexpected is logged and shown as a
    // failure to load the courses.
    if (!isAppError(err)) logger.error({ err }, "instructor dashboard failed");
    const { status, reply } = isAppError(err) ? refusalOf(err) : { status: 500, reply: { messageKey: PORTAL_ERRORS.coursesFailed } };
    const headers = await endInstructorSession(request).catch(() => new Headers());
    return data({ ok: false as const, title, messageKey: reply.messageKey }, { status, headers });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export { shouldRevalidate } from "~/features/instructor-accounts/components/portal-dialogs.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const brand = matches[0].loaderData?.brand;
  return [{ title: loaderData ? `${loaderData.title}${brand ? ` - ${brand}` : ""}` : "" }, { name: "robots", content: "noindex" }];
};

export default function InstructorDashboard({ loaderData, matches }: Route.ComponentProps) {
  if (!loaderData.ok) return <PortalError messageKey={loaderData.messageKey} />;
  return <PortalDashboard data={loaderData} locale={matches[0].loaderData.locale} />;
}
