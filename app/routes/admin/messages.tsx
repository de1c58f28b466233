// /admin/messages — the messages inbox (issue 6 point 3; SPEC §8, D6, D18: messages view): contact
// messages newest first, paginated on the server (?page, ?filter=unread — the URL is the state), unread
// count, read/unread state, a details view with a reply-by-email link. Opening a message marks it read
// by a POST (never a GET); without JavaScript "Open" posts and is redirected to `?dialog=view&message=`.
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { MessagesPage } from "~/features/messages/components/messages-page.tsx";
import { messagesAction } from "~/features/messages/messages-actions.server.ts";
import { parseMessagesQuery } from "~/features/messages/messages.schema.ts";
import { loadInbox } from "~/features/messages/messages.server.ts";
import { requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import { adminMeta } from "~/lib/admin-meta.ts";
import type { Route } from "./+types/messages";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "messages:view" });
  const query = parseMessagesQuery(new URL(request.url).searchParams);
  const inbox = await loadInbox(actor, { filter: query.filter, page: query.page, messageId: query.message });
  return { inbox, title: getInstance(context).t("adminMessages.metaTitle"), count: inbox.total };
}

export const action = (args: Route.ActionArgs) => messagesAction(args);

// The page's name (with its count for a list) and the brand; see app/lib/admin-meta.ts.
export const meta: Route.MetaFunction = adminMeta;

export default function MessagesRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <MessagesPage inbox={loaderData.inbox} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
