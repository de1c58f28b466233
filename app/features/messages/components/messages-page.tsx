// The Admin Messages inbox (issue 6 point 3; SPEC §8, D6, D18: messages view): contact messages newest
// first, paginated on the server (?page, ?filter=unread — the URL is the state), unread count, read/unread
// state, a details view with a reply-by-email link. Opening a message marks it read by a POST (never a
// GET). The route holds its loader and action.
import { Inbox } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { useFreshFetcher } from "~/components/admin/form-kit.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { FilterLinksBar } from "~/components/ui/filter-links.tsx";
import { ListPager } from "~/components/ui/pager.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { DialogFrame, useUrlDialog } from "~/components/ui/url-dialog.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { MESSAGES_ERRORS, messagesHref, type MessageFilter, type MessagesReply } from "../messages.schema.ts";
import type { InboxPage } from "../messages.server.ts";
import { MessageOpenControl, MessageToggleForm } from "./message-controls.tsx";
import { MessageDetails, MessageTitle, type MessageView } from "./message-details.tsx";
import { MessagesTable } from "./messages-table.tsx";
import { useOnReply } from "./use-on-reply.ts";

/** The page's one dialog: a message's details (?dialog=view&message=…). */
const MESSAGE_DIALOGS: readonly "view"[] = ["view"];

export interface MessagesPageProps {
  inbox: InboxPage;
  actionData: MessagesReply | undefined;
  locale: Locale;
}

export function MessagesPage({ inbox, actionData, locale }: MessagesPageProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const listHref = (page = inbox.page, filter: MessageFilter = inbox.filter) => messagesHref({ filter, page });

  // The open message is in the URL (?dialog=view&message=<id>), with or without JavaScript; the loader
  // reads it by id, so it stays open when it leaves the page (e.g. under "Unread" once read).
  const dialog = useUrlDialog({ kinds: MESSAGE_DIALOGS, idParam: "message" });
  const openFetcher = useFreshFetcher<MessagesReply>("message-open");
  const toggleFetcher = useFreshFetcher<MessagesReply>("message-toggle");

  const submitRead = useCallback(
    (id: string) => openFetcher.submit({ intent: "markRead", messageId: id }, { method: "post" }),
    [openFetcher],
  );
  const open = (message: MessageView) => {
    if (message.readAt === null) void submitRead(message.id);
  };

  // Opened from the URL (a bookmark, or the no-JavaScript flow before hydration): mark it read once.
  const markedFromUrl = useRef(false);
  useEffect(() => {
    if (markedFromUrl.current) return;
    markedFromUrl.current = true;
    if (inbox.selected && inbox.selected.readAt === null) void submitRead(inbox.selected.id);
  }, [inbox.selected, submitRead]);

  // Outcome of mark as read / unread (with JavaScript): a toast; marking unread closes the message.
  useOnReply(toggleFetcher, (reply) => {
    if (reply.ok) {
      showToast("success", t(reply.read ? "adminMessages.markedRead" : "adminMessages.markedUnread"));
      if (!reply.read && dialog.kind === "view") dialog.finish();
    } else {
      showToast("error", t("adminMessages.errors.updateFailed", { msg: t(reply.messageKey ?? MESSAGES_ERRORS.unexpected) }));
    }
  });
  useOnReply(openFetcher, (reply) => {
    if (!reply.ok) {
      showToast("error", t("adminMessages.errors.updateFailed", { msg: t(reply.messageKey ?? MESSAGES_ERRORS.unexpected) }));
    }
  });

  const shown: MessageView | null = dialog.kind === "view" ? inbox.selected : null;
  const missingSelected = searchParams.get("dialog") === "view" && !inbox.selected;

  const noJsReply = hydrated ? undefined : actionData;
  const filterLink = (filter: MessageFilter, label: string) => ({ href: listHref(1, filter), label, current: inbox.filter === filter });

  return (
    <div>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("adminMessages.title")}</h1>
        <p className="mt-1 text-slate-700">{t("adminMessages.intro")}</p>
      </div>

      <FilterLinksBar
        label={t("adminMessages.filters.label")}
        links={[
          filterLink("all", t("adminMessages.filters.all", { count: inbox.allCount })),
          filterLink("unread", t("adminMessages.filters.unread", { count: inbox.unreadCount })),
        ]}
        summary={t("adminMessages.unreadSummary", { count: inbox.unreadCount })}
        summaryClassName="text-sm font-medium text-slate-800"
      />

      {noJsReply && (
        <Notice tone={noJsReply.ok ? "success" : "error"} className="mt-4">
          {noJsReply.ok
            ? t(noJsReply.read ? "adminMessages.markedRead" : "adminMessages.markedUnread")
            : t("adminMessages.errors.updateFailed", { msg: t(noJsReply.messageKey ?? MESSAGES_ERRORS.unexpected) })}
        </Notice>
      )}
      {missingSelected && (
        <Notice tone="error" className="mt-4">
          {t("adminMessages.details.notFound")}
        </Notice>
      )}

      <div className="mt-4">
        <DialogFrame open={shown !== null} dialog={dialog} guard={false} size="lg" title={shown ? <MessageTitle name={shown.name} /> : ""}>
          {shown && (
            <MessageDetails
              message={shown}
              locale={locale}
              toggle={<MessageToggleForm fetcher={toggleFetcher} message={shown} compact={false} />}
            />
          )}
        </DialogFrame>
      </div>

      {inbox.messages.length === 0 ? (
        <EmptyState
          className="mt-2"
          icon={Inbox}
          title={inbox.filter === "unread" ? t("adminMessages.emptyUnread") : t("adminMessages.empty")}
          text={inbox.filter === "unread" ? t("adminMessages.emptyUnreadText") : t("adminMessages.emptyText")}
        >
          {inbox.filter === "unread" && inbox.allCount > 0 && (
            <Link to={listHref(1, "all")} className="inline-block text-teal-800 underline">
              {t("adminMessages.showAll")}
            </Link>
          )}
        </EmptyState>
      ) : (
        <MessagesTable
          messages={inbox.messages}
          locale={locale}
          actions={(m) => (
            <>
              <MessageOpenControl
                message={m}
                hydrated={hydrated}
                dialog={dialog}
                href={messagesHref({ filter: inbox.filter, page: inbox.page, message: m.id })}
                onOpen={open}
              />
              <MessageToggleForm fetcher={toggleFetcher} message={m} compact />
            </>
          )}
        />
      )}

      <ListPager list={inbox} shown={inbox.messages.length} href={(page) => listHref(page)} keys="adminMessages.pagination" />
    </div>
  );
}
