// The Admin Messages inbox (issue 6 point 3; SPEC §8, D6, D18: messages view): contact messages newest
// first, paginated on the server (?page, ?filter=unread — the URL is the state), unread count, read/unread
// state, a details view with a reply-by-email link. Opening a message marks it read by a POST (never a
// GET). The route holds its loader and action.
import { Inbox } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useFreshFetcher } from "~/components/admin/form-kit.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { MESSAGES_ERRORS, messagesHref, type MessageFilter, type MessagesReply } from "../messages.schema.ts";
import type { InboxPage } from "../messages.server.ts";
import { ListPager, pageRange } from "./list-pager.tsx";
import { MessageOpenControl, MessageToggleForm } from "./message-controls.tsx";
import { MessageDetails, MessageDialog, MessageTitle, type MessageView } from "./message-details.tsx";
import { MessagesTable } from "./messages-table.tsx";
import { useOnReply } from "./use-on-reply.ts";

export interface MessagesPageProps {
  inbox: InboxPage;
  actionData: MessagesReply | undefined;
  locale: Locale;
}

export function MessagesPage({ inbox, actionData, locale }: MessagesPageProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const listHref = (page = inbox.page, filter: MessageFilter = inbox.filter) => messagesHref({ filter, page });

  // The open message: its id, and the row as it was when opened (it may leave the page, e.g. under
  // "Unread" once read); the loader's fresher copy wins when there is one.
  const [opened, setOpened] = useState<MessageView | null>(() => inbox.selected);
  const openFetcher = useFreshFetcher<MessagesReply>("message-open");
  const toggleFetcher = useFreshFetcher<MessagesReply>("message-toggle");

  const submitRead = useCallback(
    (id: string) => openFetcher.submit({ intent: "markRead", messageId: id }, { method: "post" }),
    [openFetcher],
  );
  const open = (message: MessageView) => {
    setOpened(message);
    if (message.readAt === null) void submitRead(message.id);
  };

  // Opened from the URL (a bookmark, or the no-JavaScript flow before hydration): mark it read once.
  const markedFromUrl = useRef(false);
  useEffect(() => {
    if (markedFromUrl.current) return;
    markedFromUrl.current = true;
    if (inbox.selected && inbox.selected.readAt === null) void submitRead(inbox.selected.id);
  }, [inbox.selected, submitRead]);

  const close = () => {
    setOpened(null);
    if (searchParams.get("dialog")) void navigate(listHref(), { replace: true, preventScrollReset: true });
  };

  // Outcome of mark as read / unread (with JavaScript): a toast; marking unread closes the message.
  useOnReply(toggleFetcher, (reply) => {
    if (reply.ok) {
      showToast("success", t(reply.read ? "adminMessages.markedRead" : "adminMessages.markedUnread"));
      if (!reply.read) close();
    } else {
      showToast("error", t("adminMessages.errors.updateFailed", { msg: t(reply.messageKey ?? MESSAGES_ERRORS.unexpected) }));
    }
  });
  useOnReply(openFetcher, (reply) => {
    if (!reply.ok) {
      showToast("error", t("adminMessages.errors.updateFailed", { msg: t(reply.messageKey ?? MESSAGES_ERRORS.unexpected) }));
    }
  });

  const fresh = (id: string) => inbox.messages.find((m) => m.id === id) ?? (inbox.selected?.id === id ? inbox.selected : undefined);
  const shown: MessageView | null = hydrated ? (opened ? (fresh(opened.id) ?? opened) : null) : inbox.selected;
  const missingSelected = !hydrated && searchParams.get("dialog") === "view" && !inbox.selected;

  const noJsReply = hydrated ? undefined : actionData;
  const { from, to } = pageRange(inbox.page, inbox.pageSize, inbox.messages.length);
  const filterLink = (filter: MessageFilter, label: string) => {
    const current = inbox.filter === filter;
    return (
      <Link
        to={listHref(1, filter)}
        aria-current={current ? "page" : undefined}
        className={`rounded-full px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800 ${
          current ? "bg-teal-800 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        }`}
      >
        {label}
      </Link>
    );
  };

  return (
    <div>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("adminMessages.title")}</h1>
        <p className="mt-1 text-slate-700">{t("adminMessages.intro")}</p>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <nav aria-label={t("adminMessages.filters.label")}>
          <ul className="flex flex-wrap gap-2">
            <li>{filterLink("all", t("adminMessages.filters.all", { count: inbox.allCount }))}</li>
            <li>{filterLink("unread", t("adminMessages.filters.unread", { count: inbox.unreadCount }))}</li>
          </ul>
        </nav>
        <p role="status" className="text-sm font-medium text-slate-800">
          {t("adminMessages.unreadSummary", { count: inbox.unreadCount })}
        </p>
      </div>

      {noJsReply && (
        <p
          role={noJsReply.ok ? "status" : "alert"}
          className={`mt-4 rounded-lg border p-3 text-sm ${
            noJsReply.ok ? "border-emerald-200 bg-emerald-50 text-emerald-950" : "border-red-200 bg-red-50 text-red-800"
          }`}
        >
          {noJsReply.ok
            ? t(noJsReply.read ? "adminMessages.markedRead" : "adminMessages.markedUnread")
            : t("adminMessages.errors.updateFailed", { msg: t(noJsReply.messageKey ?? MESSAGES_ERRORS.unexpected) })}
        </p>
      )}
      {missingSelected && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t("adminMessages.details.notFound")}
        </p>
      )}

      <div className="mt-4">
        <MessageDialog open={shown !== null} hydrated={hydrated} onClose={close} title={shown ? <MessageTitle name={shown.name} /> : ""}>
          {shown && (
            <MessageDetails
              message={shown}
              locale={locale}
              toggle={<MessageToggleForm fetcher={toggleFetcher} message={shown} compact={false} />}
              hydrated={hydrated}
              onClose={close}
              closeHref={listHref()}
            />
          )}
        </MessageDialog>
      </div>

      {inbox.messages.length === 0 ? (
        <div className="mt-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <Inbox aria-hidden="true" className="mx-auto h-10 w-10 text-slate-500" />
          <p className="mt-3 text-lg font-semibold text-slate-900">
            {inbox.filter === "unread" ? t("adminMessages.emptyUnread") : t("adminMessages.empty")}
          </p>
          <p className="mt-1 text-slate-700">
            {inbox.filter === "unread" ? t("adminMessages.emptyUnreadText") : t("adminMessages.emptyText")}
          </p>
          {inbox.filter === "unread" && inbox.allCount > 0 && (
            <Link to={listHref(1, "all")} className="mt-4 inline-block text-teal-800 underline">
              {t("adminMessages.showAll")}
            </Link>
          )}
        </div>
      ) : (
        <MessagesTable
          messages={inbox.messages}
          locale={locale}
          actions={(m) => (
            <>
              <MessageOpenControl
                message={m}
                hydrated={hydrated}
                href={messagesHref({ filter: inbox.filter, page: inbox.page, message: m.id })}
                onOpen={open}
              />
              <MessageToggleForm fetcher={toggleFetcher} message={m} compact />
            </>
          )}
        />
      )}

      <ListPager
        page={inbox.page}
        pageCount={inbox.pageCount}
        total={inbox.total}
        href={(page) => listHref(page)}
        labels={{
          nav: t("adminMessages.pagination.label"),
          showing: t("adminMessages.pagination.showing", { from, to, total: inbox.total }),
          previous: t("adminMessages.pagination.previous"),
          next: t("adminMessages.pagination.next"),
          page: t("adminMessages.pagination.page", { page: inbox.page, pages: inbox.pageCount }),
        }}
      />
    </div>
  );
}
