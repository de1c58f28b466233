// The details view of a contact message, shown in the dialog kit's frame: a modal once hydrated; without
// JavaScript the same content in place, reached by `?dialog=view&message=<id>`.
import { Mail } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { DialogCancel } from "~/components/ui/url-dialog.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { Email } from "~/components/ui/email.tsx";
import { tIsolated } from "~/components/ui/bidi.tsx";
import type { Locale } from "~/lib/i18n.ts";
import { formatDateTime } from "~/lib/format.ts";

/** What the page knows about a message (the loader's row, dates possibly serialised). */
export interface MessageView {
  id: string;
  name: string;
  email: string;
  message: string;
  locale: Locale;
  readAt: Date | string | null;
  createdAt: Date | string;
  replyHref: string;
}

export function ReadBadge({ read }: { read: boolean }) {
  const { t } = useI18n();
  return read ? (
    <Badge tone="slate">{t("adminMessages.status.read")}</Badge>
  ) : (
    <Badge tone="teal">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-teal-700" />
      {t("adminMessages.status.unread")}
    </Badge>
  );
}

/** The inbox's sender column: the name in its own direction, the email one left-to-right token. */
export function MessageSender({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span dir="auto">{name}</span>
      <span className="block text-xs font-normal text-slate-600">
        <Email value={email} />
      </span>
    </>
  );
}

/** "Message from {{name}}", the sender's name isolated in the translated title. */
export function MessageTitle({ name }: { name: string }) {
  const { t } = useI18n();
  return tIsolated(t, "adminMessages.details.title", { name });
}

export function MessageDetails({
  message,
  locale,
  toggle,
}: {
  message: MessageView;
  /** The viewer's language (dates). */
  locale: Locale;
  /** The mark as read / unread control. */
  toggle: ReactNode;
}) {
  const { t } = useI18n();
  const hintId = useId();
  const label = "font-medium text-slate-700";
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className={label}>{t("adminMessages.details.name")}</dt>
        <dd className="text-slate-900">
          <span dir="auto">{message.name}</span>
        </dd>
        <dt className={label}>{t("adminMessages.details.email")}</dt>
        <dd className="min-w-0 text-slate-900">
          <Email value={message.email} />
        </dd>
        <dt className={label}>{t("adminMessages.details.language")}</dt>
        <dd className="text-slate-900">{t(`adminMessages.languages.${message.locale}`)}</dd>
        <dt className={label}>{t("adminMessages.details.received")}</dt>
        <dd className="text-slate-900">
          <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt, locale)}</time>
        </dd>
        <dt className={label}>{t("adminMessages.details.status")}</dt>
        <dd>
          <ReadBadge read={message.readAt !== null} />
        </dd>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-800">{t("adminMessages.details.message")}</h3>
        <p
          dir="auto"
          className="mt-2 max-h-[50vh] overflow-y-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-start text-slate-900"
        >
          {message.message}
        </p>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {t("adminMessages.details.replyHint")}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <a href={message.replyHref} aria-describedby={hintId} className="btn-primary inline-flex gap-2 px-4 py-2 text-sm">
          <Mail aria-hidden="true" className="h-4 w-4" />
          {t("adminMessages.details.reply")}
        </a>
        {toggle}
        <DialogCancel label={t("adminMessages.details.close")} />
      </div>
    </div>
  );
}
