// The two controls of a message (issue 6 point 3): "Open" (marks an unread message read by a POST, never a
// GET; without JavaScript it posts and is redirected to `?dialog=view&message=`) and mark as read / unread.
import { MailOpen } from "lucide-react";
import { Form, Link } from "react-router";
import { DialogLink, type UrlDialog } from "~/components/ui/url-dialog.tsx";
import type { useFreshFetcher } from "~/components/admin/form-kit.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import type { MessagesReply } from "../messages.schema.ts";
import type { MessageView } from "./message-details.tsx";

export type MessagesFetcher = ReturnType<typeof useFreshFetcher<MessagesReply>>;

/** Mark as read / unread: compact in a table row (named by its sender), a button in the details view. */
export function MessageToggleForm({ fetcher, message, compact }: { fetcher: MessagesFetcher; message: MessageView; compact: boolean }) {
  const { t } = useI18n();
  const busyId = fetcher.state !== "idle" ? String(fetcher.formData?.get("messageId") ?? "") : "";
  const read = message.readAt !== null;
  const busy = busyId === message.id;
  return (
    <fetcher.Form method="post" className="inline">
      <input type="hidden" name="intent" value={read ? "markUnread" : "markRead"} />
      <input type="hidden" name="messageId" value={message.id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={compact ? t(read ? "adminMessages.markUnreadNamed" : "adminMessages.markReadNamed", { name: message.name }) : undefined}
        className={
          compact
            ? "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-teal-900 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800 disabled:opacity-60"
            : "btn-secondary inline-flex px-4 py-2 text-sm disabled:opacity-60"
        }
      >
        {busy ? t("adminMessages.working") : read ? t("adminMessages.markUnread") : t("adminMessages.markRead")}
      </button>
    </fetcher.Form>
  );
}

/**
 * "Open": once hydrated a button that opens the dialog's URL (and marks the message read); without
 * JavaScript a link (read) or a POST that redirects (unread).
 */
export function MessageOpenControl({
  message,
  hydrated,
  dialog,
  href,
  onOpen,
}: {
  message: MessageView;
  hydrated: boolean;
  dialog: UrlDialog<"view">;
  /** The list page showing this message (`?dialog=view&message=`). */
  href: string;
  onOpen: (message: MessageView) => void;
}) {
  const { t } = useI18n();
  const className =
    "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-teal-900 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800";
  const label = t("adminMessages.openNamed", { name: message.name });
  const content = (
    <>
      <MailOpen aria-hidden="true" className="h-4 w-4" />
      {t("adminMessages.open")}
    </>
  );
  if (hydrated) {
    return (
      <DialogLink dialog={dialog} kind="view" id={message.id} as="button" className={className} label={label} onOpen={() => onOpen(message)}>
        {content}
      </DialogLink>
    );
  }
  if (message.readAt !== null) {
    return (
      <Link to={href} className={className} aria-label={label}>
        {content}
      </Link>
    );
  }
  // Without JavaScript, opening an unread message is a POST (it changes its state), then a redirect.
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="markRead" />
      <input type="hidden" name="messageId" value={message.id} />
      <input type="hidden" name="open" value="1" />
      <button type="submit" className={className} aria-label={label}>
        {content}
      </button>
    </Form>
  );
}
