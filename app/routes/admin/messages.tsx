// /admin/messages — the messages inbox (issue 6 point 3; SPEC §8, D6, D18: messages view): contact
// messages newest first, paginated on the server (?page, ?filter=unread — the URL is the state), unread
// count, read/unread state, a details view with a reply-by-email link. Opening a message marks it read
// by a POST (never a GET); without JavaScript "Open" posts and is redirected to `?dialog=view&message=`.
import { Inbox, MailOpen } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "~/lib/use-i18n.ts";
import { data, Form, Link, redirect, useNavigate, useSearchParams } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { useFreshFetcher } from "~/components/admin/form-kit.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { ListPager, pageRange } from "~/features/messages/components/list-pager.tsx";
import { MessageDetails, MessageDialog, MessageSender, MessageTitle, ReadBadge, type MessageView } from "~/features/messages/components/message-details.tsx";
import { useOnReply } from "~/features/messages/components/use-on-reply.ts";
import { formatDateTime } from "~/lib/format.ts";
import {
  isMessageIntent,
  MESSAGES_ERRORS,
  messageIntentSchema,
  messagesHref,
  parseMessagesQuery,
  type MessageFilter,
  type MessagesReply,
} from "~/features/messages/messages.schema.ts";
import { loadInbox, setMessageRead } from "~/features/messages/messages.server.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
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

/** A short one-line preview of a message for the table (the full text is in the details view). */
function preview(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 140 ? `${line.slice(0, 140)}…` : line;
}

export default function MessagesPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const locale = matches[0].loaderData.locale;
  const { inbox } = loaderData;
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

  const busyId = toggleFetcher.state !== "idle" ? String(toggleFetcher.formData?.get("messageId") ?? "") : "";
  const toggleForm = (message: MessageView, compact: boolean) => {
    const read = message.readAt !== null;
    const busy = busyId === message.id;
    return (
      <toggleFetcher.Form method="post" className="inline">
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
      </toggleFetcher.Form>
    );
  };

  const openControl = (message: MessageView) => {
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
        <button type="button" className={className} aria-label={label} onClick={() => open(message)}>
          {content}
        </button>
      );
    }
    if (message.readAt !== null) {
      return (
        <Link to={messagesHref({ filter: inbox.filter, page: inbox.page, message: message.id })} className={className} aria-label={label}>
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
  };

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
  const cell = "px-4 py-3 align-top";

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
        <MessageDialog
          open={shown !== null}
          hydrated={hydrated}
          onClose={close}
          title={shown ? <MessageTitle name={shown.name} /> : ""}
        >
          {shown && (
            <MessageDetails
              message={shown}
              locale={locale}
              toggle={toggleForm(shown, false)}
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
        <div className="mt-2 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[48rem] text-sm">
            <caption className="sr-only">{t("adminMessages.table.caption")}</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                {(["from", "message", "received", "status"] as const).map((col) => (
                  <th key={col} scope="col" className="px-4 py-3 text-start font-semibold">
                    {t(`adminMessages.table.${col}`)}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3 text-end font-semibold">
                  {t("adminMessages.table.actions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {inbox.messages.map((m) => {
                const unread = m.readAt === null;
                return (
                  <tr key={m.id} className={unread ? "bg-teal-50/40" : undefined}>
                    <th scope="row" className={`${cell} text-start ${unread ? "font-bold text-slate-900" : "font-medium text-slate-800"}`}>
                      <MessageSender name={m.name} email={m.email} />
                    </th>
                    <td className={`${cell} max-w-md text-slate-800`}>
                      <p dir="auto" className="text-start">
                        {preview(m.message)}
                      </p>
                    </td>
                    <td className={`${cell} whitespace-nowrap text-slate-700`}>
                      <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt, locale)}</time>
                    </td>
                    <td className={cell}>
                      <ReadBadge read={!unread} />
                    </td>
                    <td className={cell}>
                      <div className="flex flex-wrap justify-end gap-1">
                        {openControl(m)}
                        {toggleForm(m, true)}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
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

export function ErrorBoundary() {
  return <AdminRouteError />;
}
