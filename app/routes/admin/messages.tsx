// /admin/messages — the messages inbox (issue 6 point 3; SPEC §8, D6, D18: messages view): contact
// messages newest first, paginated on the server (?page, ?filter=unread — the URL is the state), unread
// count, read/unread state, a details view with a reply-by-email link. Opening a message marks it read
// by a POST (never a GET); without JavaScript "Open" posts and is redirected to `?dialog=view&message=`.
import { data, redirect } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { MessagesPage } from "~/features/messages/components/messages-page.tsx";
import {
  isMessageIntent,
  MESSAGES_ERRORS,
  messageIntentSchema,
  messagesHref,
  parseMessagesQuery,
  type MessagesReply,
} from "~/features/messages/messages.schema.ts";
import { loadInbox, setMessageRead } from "~/features/messages/messages.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { adminAction, requireActor } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/messages";

export const handle = { permission: "messages:view" } satisfies { permission: Permission };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "messages:view" });
  const query = parseMessagesQuery(new URL(request.url).searchParams);
  const inbox = await loadInbox(actor, { filter: query.filter, page: query.page, messageId: query.message });
  return { inbox, title: getInstance(context).t("adminMessages.metaTitle") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, { permission: "messages:view" });
  const formData = await request.formData();
  const rawIntent = formData.get("intent");
  const parsed = messageIntentSchema.safeParse({
    intent: rawIntent,
    messageId: formData.get("messageId"),
    open: formData.get("open") ?? undefined,
  });
  if (!parsed.success) {
    return data<MessagesReply>(
      { ok: false, intent: isMessageIntent(rawIntent) ? rawIntent : null, messageKey: MESSAGES_ERRORS.invalidRequest },
      { status: 400 },
    );
  }
  const { intent, messageId, open } = parsed.data;
  const outcome = await adminAction(() => setMessageRead(actor, messageId, intent === "markRead"));
  if (!("ok" in outcome)) {
    return data<MessagesReply>({ ok: false, intent, messageId, messageKey: outcome.data.messageKey }, outcome.init ?? undefined);
  }
  if (open && intent === "markRead") {
    // "Open" without JavaScript: show the message on the same list page (post/redirect/get).
    const query = parseMessagesQuery(new URL(request.url).searchParams);
    throw redirect(messagesHref({ filter: query.filter, page: query.page, message: messageId }));
  }
  return data<MessagesReply>({ ok: true, intent, messageId, read: outcome.value.read });
}

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function MessagesRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <MessagesPage inbox={loaderData.inbox} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
