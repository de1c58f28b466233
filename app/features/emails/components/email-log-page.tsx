// The admin email log page: bodies are never shown (docs/decisions/007-email-log-details.md).
import { MailX, RefreshCw, RotateCcw } from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link } from "react-router";
import { useFreshFetcher } from "~/components/admin/form-kit.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { Ltr } from "~/components/ui/bidi.tsx";
import {
  EMAIL_LOG_ERRORS,
  EMAIL_STATUSES,
  emailLogHref,
  type EmailLogReply,
  type EmailStatus,
} from "../email-log.schema.ts";
import type { EmailLogPage as EmailLogData } from "../email-log.server.ts";
import { ListPager, pageRange } from "~/features/messages/components/list-pager.tsx";
import { useOnReply } from "~/features/messages/components/use-on-reply.ts";
import { formatDateTime } from "~/lib/format.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import type { Locale } from "~/lib/i18n.ts";

const BADGE: Record<EmailStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-sky-100 text-sky-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

/** The email log: counts and a status filter, the outbox newest first, Retry for failed emails. */
export function EmailLogPage({ log, actionData, locale }: { log: EmailLogData; actionData?: EmailLogReply; locale: Locale }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const fetcher = useFreshFetcher<EmailLogReply>("email-retry");
  const busyId = fetcher.state !== "idle" ? String(fetcher.formData?.get("emailId") ?? "") : "";

  const replyText = (reply: EmailLogReply) =>
    reply.ok
      ? t("adminEmails.retried", { to: reply.to })
      : t("adminEmails.errors.retryFailed", { msg: t(reply.messageKey ?? EMAIL_LOG_ERRORS.unexpected) });
  useOnReply(fetcher, (reply) => showToast(reply.ok ? "success" : "error", replyText(reply)));
  const noJsReply = hydrated ? undefined : actionData;

  const href = (page: number, status = log.status) => emailLogHref({ status, page });
  const { from, to } = pageRange(log.page, log.pageSize, log.emails.length);
  const kindLabel = (kind: string) => t(`adminEmails.kinds.${kind}`, { defaultValue: kind });
  const filterLink = (status: EmailStatus | undefined, label: string) => {
    const current = log.status === status;
    return (
      <Link
        to={href(1, status)}
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
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-2xl font-bold text-slate-900">{t("adminEmails.title")}</h1>
          <p className="mt-1 text-slate-700">{t("adminEmails.intro")}</p>
        </div>
        <Link to={href(log.page)} className="btn-secondary inline-flex gap-2 px-4 py-2 text-sm" preventScrollReset>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {t("adminEmails.refresh")}
        </Link>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <nav aria-label={t("adminEmails.filters.label")}>
          <ul className="flex flex-wrap gap-2">
            <li>{filterLink(undefined, t("adminEmails.filters.all", { count: log.counts.all }))}</li>
            {EMAIL_STATUSES.map((status) => (
              <li key={status}>
                {filterLink(status, t("adminEmails.filters.status", { status: t(`adminEmails.statuses.${status}`), count: log.counts[status] }))}
              </li>
            ))}
          </ul>
        </nav>
        <p role="status" className="text-sm text-slate-700">
          {t("adminEmails.total", { count: log.total })}
        </p>
      </div>

      {noJsReply && (
        <p
          role={noJsReply.ok ? "status" : "alert"}
          className={`mt-4 rounded-lg border p-3 text-sm ${
            noJsReply.ok ? "border-emerald-200 bg-emerald-50 text-emerald-950" : "border-red-200 bg-red-50 text-red-800"
          }`}
        >
          {replyText(noJsReply)}
        </p>
      )}

      {log.emails.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <MailX aria-hidden="true" className="mx-auto h-10 w-10 text-slate-500" />
          <p className="mt-3 text-lg font-semibold text-slate-900">
            {log.status ? t("adminEmails.emptyFiltered") : t("adminEmails.empty")}
          </p>
          {log.status ? (
            <Link to={href(1, undefined)} className="mt-4 inline-block text-teal-800 underline">
              {t("adminEmails.showAll")}
            </Link>
          ) : (
            <p className="mt-1 text-slate-700">{t("adminEmails.emptyText")}</p>
          )}
        </div>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[64rem] text-sm">
            <caption className="sr-only">{t("adminEmails.table.caption")}</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                {(["recipient", "subject", "kind", "status", "attempts", "lastError", "times"] as const).map((col) => (
                  <th key={col} scope="col" className="px-4 py-3 text-start font-semibold">
                    {t(`adminEmails.table.${col}`)}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3 text-end font-semibold">
                  {t("adminEmails.table.actions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {log.emails.map((email) => {
                const busy = busyId === email.id;
                return (
                  <tr key={email.id}>
                    <th scope="row" className={`${cell} text-start font-medium text-slate-900`}>
                      <Ltr truncate className="max-w-[16rem]">{email.to}</Ltr>
                    </th>
                    <td className={`${cell} max-w-xs text-slate-800`}>
                      <span dir="auto">{email.subject}</span>
                    </td>
                    <td className={`${cell} text-slate-700`}>{kindLabel(email.kind)}</td>
                    <td className={cell}>
                      <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ${BADGE[email.status]}`}>
                        {t(`adminEmails.statuses.${email.status}`)}
                      </span>
                    </td>
                    <td className={`${cell} whitespace-nowrap text-slate-700`}>
                      {t("adminEmails.attempts", { attempts: email.attempts, max: email.maxAttempts })}
                    </td>
                    <td className={`${cell} max-w-xs`}>
                      {email.lastError ? (
                        <p dir="ltr" className="break-words text-start font-mono text-xs text-red-900">
                          {email.lastError}
                        </p>
                      ) : (
                        <span className="text-slate-600">{t("adminEmails.noError")}</span>
                      )}
                    </td>
                    <td className={`${cell} text-slate-700`}>
                      <dl className="grid grid-cols-[max-content_1fr] gap-x-2 gap-y-0.5 text-xs">
                        <dt className="font-medium">{t("adminEmails.times.created")}</dt>
                        <dd className="whitespace-nowrap">
                          <time dateTime={new Date(email.createdAt).toISOString()}>{formatDateTime(email.createdAt, locale)}</time>
                        </dd>
                        {email.status === "pending" && (
                          <>
                            <dt className="font-medium">{t("adminEmails.times.nextAttempt")}</dt>
                            <dd className="whitespace-nowrap">
                              <time dateTime={new Date(email.nextAttemptAt).toISOString()}>
                                {formatDateTime(email.nextAttemptAt, locale)}
                              </time>
                            </dd>
                          </>
                        )}
                        {email.sentAt && (
                          <>
                            <dt className="font-medium">{t("adminEmails.times.sent")}</dt>
                            <dd className="whitespace-nowrap">
                              <time dateTime={new Date(email.sentAt).toISOString()}>{formatDateTime(email.sentAt, locale)}</time>
                            </dd>
                          </>
                        )}
                      </dl>
                    </td>
                    <td className={`${cell} text-end`}>
                      {email.status === "failed" && (
                        <fetcher.Form method="post" className="inline">
                          <input type="hidden" name="intent" value="retry" />
                          <input type="hidden" name="emailId" value={email.id} />
                          <button
                            type="submit"
                            disabled={busy}
                            aria-label={t("adminEmails.retryNamed", { to: email.to, subject: email.subject })}
                            className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-teal-900 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800 disabled:opacity-60"
                          >
                            <RotateCcw aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
                            {busy ? t("adminEmails.retrying") : t("adminEmails.retry")}
                          </button>
                        </fetcher.Form>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <ListPager
        page={log.page}
        pageCount={log.pageCount}
        total={log.total}
        href={(page) => href(page)}
        labels={{
          nav: t("adminEmails.pagination.label"),
          showing: t("adminEmails.pagination.showing", { from, to, total: log.total }),
          previous: t("adminEmails.pagination.previous"),
          next: t("adminEmails.pagination.next"),
          page: t("adminEmails.pagination.page", { page: log.page, pages: log.pageCount }),
        }}
      />
    </div>
  );
}
