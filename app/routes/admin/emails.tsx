// /admin/emails — the email log (issue 6 point 4; D5, D10, D18: admin only): the outbox newest first,
// filtered by status and paginated on the server (?status, ?page — the URL is the state), with a Retry
// button for failed emails. Bodies are never shown (docs/decisions/007-email-log-details.md).
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { EmailLogPage } from "~/features/emails/components/email-log-page.tsx";
import { EMAIL_LOG_ERRORS, parseEmailLogQuery, retryEmailSchema, type EmailLogReplyFields } from "~/features/emails/email-log.schema.ts";
import { listEmailLog, retryFailedEmail } from "~/features/emails/email-log.server.ts";
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/emails";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { adminOnly: true });
  const query = parseEmailLogQuery(new URL(request.url).searchParams);
  const log = await listEmailLog(actor, { status: query.status, page: query.page });
  return { log, title: getInstance(context).t("adminEmails.metaTitle"), count: log.total };
}

export const action = adminAction<"retry", EmailLogReplyFields>({
  guard: { adminOnly: true },
  invalidKey: EMAIL_LOG_ERRORS.invalidRequest,
  subject: (formData) => ({ emailId: formText(formData, "emailId") }),
  intents: {
    retry: intent({
      schema: retryEmailSchema,
      run: async ({ emailId }, { actor }) => ({ emailId, to: (await retryFailedEmail(actor, emailId)).to }),
    }),
  },
});

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function EmailLogRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <EmailLogPage log={loaderData.log} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
