// The admin email log page: bodies are never shown (docs/decisions/007-email-log-details.md).
import { MailX, RefreshCw, RotateCcw } from "lucide-react";
import { useI18n } from "~/lib/use-i18n.ts";
import { Link } from "react-router";
import { useFreshFetcher } from "~/components/admin/form-kit.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { EmptyState, NoMatches } from "~/components/ui/empty-state.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { FilterLinksBar } from "~/components/ui/filter-links.tsx";
import { ListPager } from "~/components/ui/pager.tsx";
import { ActionsCell, Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { Email } from "~/components/ui/email.tsx";
import { isolateText } from "~/components/ui/bidi.tsx";
import { emailForStaff } from "~/lib/display-text.ts";
import {
  EMAIL_LOG_ERRORS,
  EMAIL_STATUSES,
  emailLogHref,
  type EmailLogReply,
  type EmailStatus,
} from "../email-log.schema.ts";
import type { EmailLogPage as EmailLogData } from "../email-log.server.ts";
import { useOnReply } from "~/features/messages/components/use-on-reply.ts";
import { formatDateTime } from "~/lib/format.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import type { Locale } from "~/lib/i18n.ts";

const TONE: Record<EmailStatus, BadgeTone> = {
  pending: "amber",
  sending: "sky",
  sent: "green",
  logged: "slate",
  failed: "red",
  cancelled: "slate",
};

/** The email log: counts and a status filter, the outbox newest first, Retry for failed emails. */
export function EmailLogPage({ log, actionData, locale }: { log: EmailLogData; actionData?: EmailLogReply; locale: Locale }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const fetcher = useFreshFetcher<EmailLogReply>("email-retry");
  const busyId = fetcher.state !== "idle" ? String(fetcher.formData?.get("emailId") ?? "") : "";

  const replyText = (reply: EmailLogReply) =>
    reply.ok
      ? t("adminEmails.retried", { to: isolateText(emailForStaff(reply.to ?? "").shown) })
      : t("adminEmails.errors.retryFailed", { msg: t(reply.messageKey ?? EMAIL_LOG_ERRORS.unexpected) });
  useOnReply(fetcher, (reply) => showToast(reply.ok ? "success" : "error", replyText(reply)));
  const noJsReply = hydrated ? undefined : actionData;

  const href = (page: number, status = log.status) => emailLogHref({ status, page });
  const kindLabel = (kind: string) => t(`adminEmails.kinds.${kind}`, { defaultValue: kind });
  const filterLink = (status: EmailStatus | undefined, label: string) => ({ href: href(1, status), label, current: log.status === status });
  const cell = "align-top";

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

      <FilterLinksBar
        label={t("adminEmails.filters.label")}
        links={[
          filterLink(undefined, t("adminEmails.filters.all", { count: log.counts.all })),
          ...EMAIL_STATUSES.map((status) =>
            filterLink(status, t("adminEmails.filters.status", { status: t(`adminEmails.statuses.${status}`), count: log.counts[status] })),
          ),
        ]}
        summary={t("adminEmails.total", { count: log.total })}
      />

      {noJsReply && (
        <Notice tone={noJsReply.ok ? "success" : "error"} className="mt-4">
          {replyText(noJsReply)}
        </Notice>
      )}

      {log.emails.length === 0 ? (
        log.status ? (
          <NoMatches className="mt-4" title={t("adminEmails.emptyFiltered")} clearHref={href(1, undefined)} />
        ) : (
          <EmptyState className="mt-4" icon={MailX} title={t("adminEmails.empty")} text={t("adminEmails.emptyText")} />
        )
      ) : (
        <Table className="mt-4" minWidth="md:min-w-[52rem]" caption={t("adminEmails.table.caption")}>
          <TableHead>
            {(["recipient", "subject", "kind", "status", "attempts", "lastError", "times"] as const).map((col) => (
              <HeaderCell key={col}>{t(`adminEmails.table.${col}`)}</HeaderCell>
            ))}
            <HeaderCell end>{t("adminEmails.table.actions")}</HeaderCell>
          </TableHead>
          <TableBody>
            {log.emails.map((email) => {
              const busy = busyId === email.id;
              return (
                <tr key={email.id}>
                  <RowHeader className={`${cell} min-w-[9rem] font-medium text-slate-900`}>
                    <Email value={email.to} />
                  </RowHeader>
                  <Cell label={t("adminEmails.table.subject")} className={`${cell} min-w-[9rem] text-slate-800`}>
                    <span dir="auto" className="[overflow-wrap:anywhere]">{email.subject}</span>
                  </Cell>
                  <Cell label={t("adminEmails.table.kind")} className={`${cell} text-slate-700`}>{kindLabel(email.kind)}</Cell>
                  <Cell label={t("adminEmails.table.status")} className={cell}>
                    <Badge tone={TONE[email.status]}>{t(`adminEmails.statuses.${email.status}`)}</Badge>
                    {email.status === "logged" && <span className="mt-1 block text-xs text-slate-700"> {t("adminEmails.loggedNote")}</span>}
                  </Cell>
                  <Cell label={t("adminEmails.table.attempts")} className={`${cell} whitespace-nowrap text-slate-700`}>
                    {t("adminEmails.attempts", { attempts: email.attempts, max: email.maxAttempts })}
                  </Cell>
                  <Cell label={t("adminEmails.table.lastError")} className={`${cell} min-w-[7rem]`}>
                    {email.lastError ? (
                      <p dir="ltr" className="text-start font-mono text-xs text-red-900 [overflow-wrap:anywhere]">
                        {email.lastError}
                      </p>
                    ) : (
                      <span className="text-slate-600">{t("adminEmails.noError")}</span>
                    )}
                  </Cell>
                  <Cell label={t("adminEmails.table.times")} className={`${cell} text-slate-700`}>
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
                          <dt className="font-medium">{email.status === "logged" ? t("adminEmails.times.logged") : t("adminEmails.times.sent")}</dt>
                          <dd className="whitespace-nowrap">
                            <time dateTime={new Date(email.sentAt).toISOString()}>{formatDateTime(email.sentAt, locale)}</time>
                          </dd>
                        </>
                      )}
                    </dl>
                  </Cell>
                  <ActionsCell className={cell}>
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
                  </ActionsCell>
                </tr>
              );
            })}
          </TableBody>
        </Table>
      )}

      <ListPager list={log} shown={log.emails.length} href={(page) => href(page)} keys="adminEmails.pagination" />
    </div>
  );
}
