// The inbox table (issue 6 point 3): sender, a one-line preview, when it arrived, read state, and the
// row's controls (given by the page).
import type { ReactNode } from "react";
import { ActionsCell, Cell, HeaderCell, RowHeader, Table, TableBody, TableHead } from "~/components/ui/table.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { Locale } from "~/lib/i18n.ts";
import { useI18n } from "~/lib/use-i18n.ts";
import { MessageSender, ReadBadge, type MessageView } from "./message-details.tsx";

/** A short one-line preview of a message for the table (the full text is in the details view). */
function preview(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 140 ? `${line.slice(0, 140)}…` : line;
}

export function MessagesTable({
  messages,
  locale,
  actions,
}: {
  messages: MessageView[];
  locale: Locale;
  actions: (message: MessageView) => ReactNode;
}) {
  const { t } = useI18n();
  const cell = "align-top";
  return (
    <Table className="mt-2" minWidth="md:min-w-[44rem]" caption={t("adminMessages.table.caption")}>
      <TableHead>
        {(["from", "message", "received", "status"] as const).map((col) => (
          <HeaderCell key={col}>{t(`adminMessages.table.${col}`)}</HeaderCell>
        ))}
        <HeaderCell end>{t("adminMessages.table.actions")}</HeaderCell>
      </TableHead>
      <TableBody>
        {messages.map((m) => {
          const unread = m.readAt === null;
          return (
            <tr key={m.id} className={unread ? "bg-teal-50/40" : undefined}>
              <RowHeader className={`${cell} min-w-[11rem] ${unread ? "font-bold text-slate-900" : "font-medium text-slate-800"}`}>
                <MessageSender name={m.name} email={m.email} />
              </RowHeader>
              <Cell label={t("adminMessages.table.message")} className={`${cell} min-w-[12rem] text-slate-800`}>
                <p dir="auto" className="text-start [overflow-wrap:anywhere]">
                  {preview(m.message)}
                </p>
              </Cell>
              <Cell label={t("adminMessages.table.received")} className={`${cell} text-slate-700`}>
                <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt, locale)}</time>
              </Cell>
              <Cell label={t("adminMessages.table.status")} className={cell}>
                <ReadBadge read={!unread} />
              </Cell>
              <ActionsCell className={cell}>{actions(m)}</ActionsCell>
            </tr>
          );
        })}
      </TableBody>
    </Table>
  );
}
