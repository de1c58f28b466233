// Admin › Erase requests (issue 38 items 6 and 7): the students' requests to delete their data, waiting
// first with how long they have waited and how many requests the address made, each erased after a
// confirmation dialog (?dialog=erase&id=…, the same URL with or without JavaScript); then those done, with
// what was erased (the address is gone by then).
import { ShieldCheck } from "lucide-react";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import { ConfirmDialog } from "~/components/ui/confirm.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Email } from "~/components/ui/email.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { ActionsCell, Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { showToast } from "~/components/ui/toast.tsx";
import { DialogLink, useUrlDialog } from "~/components/ui/url-dialog.tsx";
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { formatDateTime } from "~/lib/format.ts";
import { useHydrated } from "~/lib/hooks/use-hydrated.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import type { DataRequestsReply } from "../data-requests.schema.ts";
import type { AdminDataRequest } from "../data-requests.server.ts";

export function DataRequestsPage({ requests, actionData, locale }: { requests: AdminDataRequest[]; actionData: DataRequestsReply | undefined; locale: Locale }) {
  const { t } = useI18n();
  const d = (key: string, options?: Record<string, unknown>) => t(`adminDataRequests.${key}`, options);
  const hydrated = useHydrated();
  const dialog = useUrlDialog({ kinds: ["erase"] as const });
  const fetcher = useFreshFetcher<DataRequestsReply>("data-erase");
  useOnSuccess(fetcher, (reply) => {
    showToast("success", d("done", { count: reply.requests ?? 0 }));
    dialog.finish();
  });
  const erasing = dialog.kind === "erase" ? requests.find((r) => r.id === dialog.id && r.status === "pending") : undefined;
  const noJsReply = hydrated ? undefined : actionData;
  const failure = (reply: DataRequestsReply | undefined) => (reply && !reply.ok ? t(reply.messageKey ?? "adminDataRequests.errors.unexpected") : null);
  return (
    <div>
      <div className="max-w-3xl">
        <h1 className="text-2xl font-bold text-slate-900">{d("title")}</h1>
        <p className="mt-1 text-slate-700">{d("intro")}</p>
      </div>
      {noJsReply?.ok && (
        <Notice tone="success" className="mt-4">
          {d("done", { count: noJsReply.requests ?? 0 })}
        </Notice>
      )}
      {requests.length === 0 ? (
        <EmptyState className="mt-4" icon={ShieldCheck} title={d("empty")} text={d("emptyText")} />
      ) : (
        <Table className="mt-4" minWidth="md:min-w-[44rem]" caption={d("caption")}>
          <TableHead>
            {(["who", "status", "asked", "what"] as const).map((col) => (
              <HeaderCell key={col}>{d(`table.${col}`)}</HeaderCell>
            ))}
            <HeaderCell end>{d("table.actions")}</HeaderCell>
          </TableHead>
          <TableBody>
            {requests.map((r) => {
              return (
                <tr key={r.id} data-data-request={r.status}>
                  <RowHeader className="align-top font-medium text-slate-900">{r.email ? <Email value={r.email} /> : <span className="text-slate-600">{d("erasedPerson")}</span>}</RowHeader>
                  <Cell label={d("table.status")} className="align-top">
                    <Badge tone={r.status === "pending" ? "amber" : "green"}>{d(`statuses.${r.status}`)}</Badge>
                  </Cell>
                  <Cell label={d("table.asked")} className="align-top text-slate-700">
                    <time dateTime={new Date(r.requestedAt).toISOString()}>{formatDateTime(r.requestedAt, locale)}</time>
                    {r.status === "pending" && <span className="block text-xs">{d("waitingDays", { count: r.waitingDays })}</span>}
                    {r.doneAt && (
                      <span className="block text-xs">
                        {d("doneAt")} <time dateTime={new Date(r.doneAt).toISOString()}>{formatDateTime(r.doneAt, locale)}</time>
                      </span>
                    )}
                  </Cell>
                  <Cell label={d("table.what")} className="align-top text-sm text-slate-700">
                    {r.summary
                      ? d("summary", { requests: r.summary.requests, messages: r.summary.messages, emails: r.summary.emails, proofs: r.summary.proofs })
                      : d("requestsCount", { count: r.requests })}
                  </Cell>
                  <ActionsCell className="align-top">
                    {r.status === "pending" && (
                      <DialogLink dialog={dialog} kind="erase" id={r.id} as="button" label={d("eraseFor", { email: r.email })} title="" className="inline-flex items-center rounded-lg px-2.5 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
                        {d("erase")}
                      </DialogLink>
                    )}
                  </ActionsCell>
                </tr>
              );
            })}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        dialog={dialog}
        title={d("confirmTitle")}
        description={erasing?.email ? <Email value={erasing.email} /> : undefined}
        fetcher={fetcher}
        action={ADMIN_PATH.dataRequests}
        fields={erasing ? { intent: "erase", id: erasing.id } : null}
        message={d("confirm", { count: erasing?.requests ?? 0 })}
        consequences={d("consequences")}
        cancelLabel={d("cancel")}
        submitLabel={d("erase")}
        busyLabel={d("erasing")}
        failure={failure}
        initialReply={noJsReply && !noJsReply.ok && noJsReply.id === erasing?.id ? noJsReply : undefined}
      />
    </div>
  );
}
