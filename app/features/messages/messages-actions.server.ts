// The /admin/messages action: mark a message read or unread. "Open" without JavaScript marks it read and
// comes back to the same list page with the message shown (post/redirect/get).
import { redirect } from "react-router";
import { adminAction, formText, intent } from "~/lib/admin-action.server.ts";
import {
  MESSAGES_ERRORS,
  messageIntentSchema,
  messagesHref,
  parseMessagesQuery,
  type MessageIntent,
  type MessageReplyFields,
} from "./messages.schema.ts";
import { setMessageRead } from "./messages.server.ts";

const mark = (read: boolean) =>
  intent({
    schema: messageIntentSchema,
    run: async ({ messageId, open }, { actor, request }) => {
      const saved = await setMessageRead(actor, messageId, read);
      if (open && read) {
        const query = parseMessagesQuery(new URL(request.url).searchParams);
        throw redirect(
          messagesHref({
            filter: query.filter,
            page: query.page,
            message: messageId,
          }),
        );
      }
      return { messageId, read: saved.read };
    },
  });

export const messagesAction = adminAction<MessageIntent, MessageReplyFields>({
  guard: { permission: "messages:view" },
  invalidKey: MESSAGES_ERRORS.invalidRequest,
  subject: (formData) => ({ messageId: formText(formData, "messageId") }),
  intents: { markRead: mark(true), markUnread: mark(false) },
});
